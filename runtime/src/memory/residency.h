// Residency: which copies of a buffer hold its current data, byte range by
// byte range, and every change to that record. A buffer that is not
// host-mapped keeps two sets of byte ranges (buffer::host_stale,
// buffer::device_stale, never overlapping), so that a section's synchronize,
// refresh or discard acts on that section's bytes only; buffer::state, one
// atomic word of the bits below, summarizes them. Only residency.cpp writes
// either, under the device mutex once the buffer is shared (created_wrapped
// runs before). Other files read the bits (the lock-free fast path of
// buffer_host_data is an atomic load and a compare) and call the transitions
// named here:
//
//   created        created_wrapped, created_owned
//   host           host_read, host_write, host_discard
//   device         needs_upload (query), device_submitted (launch's reads/writes)
//   async          async_download_started, async_download_ended; a later
//                  kernel's writes overtake the download (device_submitted)
//   retired        noticed by host_read/host_write: a host-mapped buffer whose
//                  last user finished stops being device_in_use
//   evicted        evict_to_host (exit teardown)
//   moved          moved_to_host (a view of host data, or without a data source, leaves its device)
//
// A launch uploads the device_stale ranges its captured views show, and a
// kernel that writes a view makes the bytes it shows stale on the host.
//
// A host-mapped buffer (buffer::host_mapped) has one copy, the mapping, so its
// host_current means "no submitted kernel writes it" and device_current is
// never set; device_in_use tells host writers to wait for kernels that read it.
// Its ranges stay empty: there is nothing to move.
#ifndef AMPVK_RUNTIME_MEMORY_RESIDENCY_H
#define AMPVK_RUNTIME_MEMORY_RESIDENCY_H

#include <cstdint>
#include <mutex>

#include "memory/buffer.h"

namespace ampvk {
namespace rt {
namespace residency {

enum bits : unsigned {
  // The host copy holds the current data (no host_stale range) and no
  // submitted kernel writes it.
  host_current = 1u,
  // The device copy holds the current data (no device_stale range).
  device_current = 2u,
  // Host-mapped buffers only: a submitted kernel may still read the memory, so
  // host writes must wait for it.
  device_in_use = 4u,
  // The host may write anywhere with nothing to record: the host copy is the
  // only current one everywhere (device_stale is the whole buffer), or for a
  // host-mapped buffer, no kernel uses the memory.
  host_only = 8u,
};

// A new wrapped buffer (array_view): the caller's memory is the current copy.
void created_wrapped(buffer &b) noexcept;
// A new runtime-owned buffer (array) whose storage was just allocated: it
// becomes host-mapped when the storage is mapped. Its undefined contents are
// current everywhere.
void created_owned(buffer &b) noexcept;

// What a host access needs first.
enum class old_contents {
  kept,     // the host reads or changes part of the data: bring it up to date
  replaced, // the host writes all of it (or already did): nothing to download
};

// The transitions below take the bytes they act on: a section's ranges, or
// null for the whole buffer.
//
// `lock` holds b's device mutex (lock_owner). Waits for the kernels that write
// b and downloads the part of `part` whose host copy is stale; afterwards the
// host copy of `part` is current. The mutex is released while waiting for the
// GPU; on return `lock` holds the mutex of b's device, which another thread
// may have changed meanwhile (move_to_device). Throws accelerator_view_removed
// when b's device is lost, timed out or lost during the wait.
void host_read(buffer &b, std::unique_lock<std::mutex> &lock, const byte_ranges *part = nullptr);
// As host_read (unless old is replaced), also waits for the kernels that still
// read host-mapped memory; afterwards the host copy of `part` is the only
// current one, and the next launch uploads it.
void host_write(buffer &b, std::unique_lock<std::mutex> &lock,
                old_contents old = old_contents::kept, const byte_ranges *part = nullptr);
// Device mutex held. The contents of `part` become undefined, so both copies
// count as current there: the next launch uploads nothing of it, the next host
// access downloads nothing of it. Nothing to do for host-mapped buffers or
// after teardown.
void host_discard(buffer &b, const byte_ranges *part = nullptr) noexcept;

// Device mutex held. Whether a launch whose views show `shows` (null: the
// whole buffer) must upload part of the host copy first: the ranges of
// buffer::device_stale among them.
bool needs_upload(const buffer &b, const byte_ranges *shows = nullptr);
// Device mutex held. A submission with the given serial reads the bytes
// `shows` of b (null: all), and with writes also writes those `written`
// shows (null: all): the device copy of `shows` becomes current (the only
// one of `written`) and the host waits for that submission before using b.
void device_submitted(buffer &b, std::uint64_t serial, bool writes,
                      const byte_ranges *shows = nullptr, const byte_ranges *written = nullptr);

// Device mutex held. synchronize_async's download d of b was recorded and
// submitted: later kernels that write b tell it which bytes they overtake.
void async_download_started(buffer &b, async_download &d);
// Device mutex held. The bytes `copied` of b's device copy were just copied
// home (a chunk of a download, which goes on after releasing the mutex): they
// are current on the host, so a download ending meanwhile does not overwrite
// them with older data.
void host_copied(buffer &b, const byte_ranges &copied) noexcept;
// Device mutex held. d ended (or failed): b forgets it, and the bytes `copied`
// home are current on the host.
void async_download_ended(buffer &b, async_download &d, const byte_ranges &copied) noexcept;

// Process exit, GPU idle, device mutex held: makes the host copy current and
// the only one, and frees the device memory. The buffer stays usable from the
// host (buffer_host_data's fast path) until its owner releases it.
void evict_to_host(buffer &b) noexcept;

// Both devices' mutexes held, host copy current (host_read), no batch holds
// b (buffer::gpu_holds), b not host-mapped (buffers that move never are): b
// loses its device copy, and the host copy becomes the only current one, so
// the next device that uses b uploads it.
void moved_to_host(buffer &b) noexcept;

} // namespace residency
} // namespace rt
} // namespace ampvk

#endif
