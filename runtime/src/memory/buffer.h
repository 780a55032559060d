// rt::buffer: storage shared by array and array_view objects, with a host copy
// and a device copy and a record of which of them is current (state; its bits
// and every change to them are in residency.h).
#ifndef AMPVK_RUNTIME_MEMORY_BUFFER_H
#define AMPVK_RUNTIME_MEMORY_BUFFER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "memory/byte_ranges.h"
#include "memory/memory.h"

#include <ampvk/runtime.h>

namespace ampvk {
namespace rt {

class async_download;
class device;
class queue;
struct imported_range;

class buffer {
public:
  buffer(device &d, std::size_t bytes, bool wrapped, void *host, int cpu_access = 3);
  ~buffer();

  // The device whose memory holds the device copy. Only the buffer of an
  // array_view of host data or without a data source ever moves
  // (move_to_device), with both devices' mutexes held and no batch holding
  // it; lock it with lock_owner. Such buffers are never host-mapped.
  device &owner() const noexcept { return *home.load(std::memory_order_acquire); }
  std::atomic<device *> home;
  const std::size_t bytes;
  const bool wrapped; // host memory belongs to the caller

  std::atomic<unsigned> refs{1};       // references held by array/array_view objects
  std::atomic<unsigned> state{0};      // residency::bits, written by residency.cpp only
  // Bumped by every residency transition after which a section's host data
  // may need work again (buffer_host_data's per-thread memo of the section
  // it made current); written by residency.cpp only.
  std::atomic<std::uint64_t> epoch{0};
  const std::uint64_t id; // unique in the process, never reused
  std::atomic<void *> host{nullptr};   // caller's memory, the shadow, or the mapping
  std::atomic<placement> where{placement::device}; // C++ AMP's view of it (runtime.h)
  std::atomic<int> cpu_access{3};      // access_type; read_write unless an array says
  std::atomic<queue *> view{nullptr}; // buffer_set_view; null: the device's default queue
  std::atomic<bool> has_source{true};  // false for an array_view without a data source

  // A kernel on another device takes the buffer there (through the host):
  // views of host data, and views without a data source, which C++ AMP binds
  // to no accelerator. Arrays stay on theirs.
  bool moves_with_kernels() const noexcept {
    return wrapped || !has_source.load(std::memory_order_relaxed);
  }

  // The rest is guarded by the mutex of the device b lives on (owner()).
  device_allocation storage; // allocated on first device use for buffers that move
  bool host_mapped = false;  // host == storage.mapped: one copy, no transfers (residency.cpp)
  bool shared_charged = false; // storage counts against the device's shared-memory budget
  std::unique_ptr<unsigned char[]> shadow;
  // Not host-mapped: the bytes whose host copy is older than the device copy,
  // and those whose device copy is older than the host copy (never both).
  // The state bits summarize them; residency.cpp alone changes them.
  byte_ranges host_stale;
  byte_ranges device_stale;
  // Batches (recorded or submitted, not yet retired) of the owner's views that
  // use this buffer. Only the owner's batches ever hold it: it moves only
  // once none does, so holds are always added and dropped under one mutex.
  unsigned gpu_holds = 0;
  bool orphaned = false;     // no references left; destroyed when gpu_holds drops to 0
  // synchronize_async's downloads begun and not yet ended
  // (execution/async_download.h): a later kernel's writes overtake them.
  std::vector<async_download *> downloads_in_flight;
  // A view of host data: the caller's pages imported for the device's copy
  // commands once it earned them (memory/view_pages.h), and the bytes it
  // moved through staging memory meanwhile; they go with the device copy.
  std::unique_ptr<imported_range> pages;
  std::uint64_t staged_bytes = 0;
  bool pages_refused = false; // the driver would not import them
  std::uint64_t last_write = 0; // serial of the last submission that writes it
  std::uint64_t last_use = 0;   // serial of the last submission that uses it
  queue *last_queue = nullptr;  // whose serials those are; null: the device's default queue

  // Allocates device memory if there is none yet. Throws out_of_memory.
  void ensure_storage();
  // Frees the device memory (and its share of the shared-memory budget).
  void release_storage() noexcept;
  // Allocates the host shadow of a runtime-owned buffer if needed.
  void *host_pointer();
};

// Locks the mutex of b's device; stays right when b moves meanwhile.
std::unique_lock<std::mutex> lock_owner(buffer &b);
// After a wait that released `lock` (a lock_owner lock): locks b's device
// again, which may now be another one.
void relock_owner(buffer &b, std::unique_lock<std::mutex> &lock);

// Makes `to` the device of an array_view's buffer of host data that lives on
// another device (C++ AMP: views go to the accelerator that uses them): its
// data is brought to the host first, and every batch of the old device's
// views that holds it is waited for and retired. It waits with no mutex held
// (within the kernel time limit), then takes both devices' mutexes only to
// hand the buffer over; call with neither held. Throws runtime_exception for
// arrays, which never move, and accelerator_view_removed when the old device
// is lost.
void move_to_device(buffer &b, device &to);

// Called by the queue of b's device (its mutex held) around submissions.
void add_hold(buffer &b) noexcept;
void drop_hold(buffer &b) noexcept;

} // namespace rt
} // namespace ampvk

#endif
