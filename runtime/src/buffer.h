// rt::buffer: storage shared by array and array_view objects, with a host copy
// and a device copy and a record of which of them is current.
//
// Residency is one atomic word so buffer_host_data's common case (the host
// copy is already current) is a load and a compare: no lock, no Vulkan call.
// Every change to it happens under the device mutex.
#ifndef AMPVK_RUNTIME_BUFFER_H
#define AMPVK_RUNTIME_BUFFER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "memory.h"

namespace ampvk {
namespace rt {

class device;

class buffer {
public:
  enum residency : unsigned {
    // The host copy holds the current data and no submitted kernel writes it.
    host_current = 1u,
    // The device copy holds the current data.
    device_current = 2u,
    // Host-mapped buffers only: a submitted kernel may still read the memory,
    // so host writes must wait for it.
    device_in_use = 4u,
  };

  buffer(device &d, std::size_t bytes, bool wrapped, void *host);
  ~buffer();

  device &owner;
  const std::size_t bytes;
  const bool wrapped; // host memory belongs to the caller

  std::atomic<unsigned> refs{1};       // references held by array/array_view objects
  std::atomic<unsigned> state{0};      // residency bits
  std::atomic<void *> host{nullptr};   // caller's memory, the shadow, or the mapping

  // The rest is guarded by the device mutex.
  device_allocation storage; // allocated on first device use for wrapped buffers
  bool host_mapped = false;  // host == storage.mapped: one copy, no transfers
  std::unique_ptr<unsigned char[]> shadow;
  unsigned gpu_holds = 0;    // unfinished submissions that use this buffer
  bool orphaned = false;     // no references left; destroyed when gpu_holds drops to 0
  std::uint64_t last_write = 0; // serial of the last submission that writes it
  std::uint64_t last_use = 0;   // serial of the last submission that uses it

  // Allocates device memory if there is none yet. Throws out_of_memory.
  void ensure_storage();
  // Allocates the host shadow of a runtime-owned buffer if needed.
  void *host_pointer();
  // Brings the host copy up to date (waits for writers, downloads); with
  // for_write, also waits for readers of host-mapped memory and makes the host
  // copy the only current one.
  void make_host_current(bool for_write, bool discard_old = false);
};

// Called by the queue (device mutex held) around submissions.
void add_hold(buffer &b) noexcept;
void drop_hold(buffer &b) noexcept;

// Process exit, GPU idle, device mutex held: makes the host copy current and
// the only one, and frees the device memory. The buffer stays usable from the
// host (host_data's fast path) until its owner releases it.
void evict_to_host(buffer &b) noexcept;

} // namespace rt
} // namespace ampvk

#endif
