// rt::buffer: storage shared by array and array_view objects, with a host copy
// and a device copy and a record of which of them is current (state; its bits
// and every change to them are in residency.h).
#ifndef AMPVK_RUNTIME_BUFFER_H
#define AMPVK_RUNTIME_BUFFER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "memory.h"

#include <ampvk/runtime.h>

namespace ampvk {
namespace rt {

class device;
class queue;

class buffer {
public:
  buffer(device &d, std::size_t bytes, bool wrapped, void *host);
  ~buffer();

  device &owner;
  const std::size_t bytes;
  const bool wrapped; // host memory belongs to the caller

  std::atomic<unsigned> refs{1};       // references held by array/array_view objects
  std::atomic<unsigned> state{0};      // residency::bits, written by residency.cpp only
  std::atomic<void *> host{nullptr};   // caller's memory, the shadow, or the mapping
  std::atomic<placement> where{placement::device}; // C++ AMP's view of it (runtime.h)
  std::atomic<int> cpu_access{3};      // access_type; read_write unless an array says
  std::atomic<bool> has_source{true};  // false for an array_view without a data source

  // The rest is guarded by the device mutex.
  device_allocation storage; // allocated on first device use for wrapped buffers
  bool host_mapped = false;  // host == storage.mapped: one copy, no transfers (residency.cpp)
  std::unique_ptr<unsigned char[]> shadow;
  unsigned gpu_holds = 0;    // unfinished submissions that use this buffer
  bool orphaned = false;     // no references left; destroyed when gpu_holds drops to 0
  std::uint64_t last_write = 0; // serial of the last submission that writes it
  std::uint64_t last_use = 0;   // serial of the last submission that uses it
  queue *last_queue = nullptr;  // whose serials those are; null: the device's default queue

  // Allocates device memory if there is none yet. Throws out_of_memory.
  void ensure_storage();
  // Allocates the host shadow of a runtime-owned buffer if needed.
  void *host_pointer();
};

// Called by the queue (device mutex held) around submissions.
void add_hold(buffer &b) noexcept;
void drop_hold(buffer &b) noexcept;

} // namespace rt
} // namespace ampvk

#endif
