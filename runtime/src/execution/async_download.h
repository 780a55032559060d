// array_view::synchronize_async in two halves (rt::buffer_synchronize_begin
// and _end, runtime.h). The first, on the caller's thread, records the
// download of the section's stale bytes behind the kernels launched before
// it and submits it at once, so the kernels launched after it run after it
// on the GPU and never delay it: a program overlaps the transfer of edge
// rows with the computation of the interior. The second, on the future's
// thread, waits for that submission only and copies the data as of the call
// into the bytes of the host copy still stale: what the host wrote, refreshed
// or read meanwhile stays. Bytes a later kernel writes (overtaken,
// residency.cpp's device_submitted) receive it too but stay stale. More than
// one bulk chunk (32 MiB) goes in chunks (at most 16: beyond 512 MiB they
// grow), all recorded at the call, each a submission with staging memory of
// its own: the end copies a chunk home while the next one's copy command
// still runs, and the staging pool keeps 128 MiB of chunks for the next
// transfer, where one buffer of the whole size was allocated and pinned anew
// each time. (The staging memory of all the chunks is taken at the call.)
#ifndef AMPVK_RUNTIME_EXECUTION_ASYNC_DOWNLOAD_H
#define AMPVK_RUNTIME_EXECUTION_ASYNC_DOWNLOAD_H

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "memory/byte_ranges.h"

namespace ampvk {
namespace rt {

class buffer;
class buffer_download;
class device;
class queue;
class submission;

class async_download {
public:
  // Device mutex held (`lock`, a lock_owner lock on b). Starts the download of
  // the bytes of `part` whose host copy is stale; null when there are none,
  // or when b's one copy is host-mapped memory, where there is nothing to
  // copy: its end waits for the kernels that wrote b before the call (their
  // batch is submitted now).
  static std::unique_ptr<async_download> begin(buffer &b, const byte_ranges &part);
  ~async_download();
  async_download(const async_download &) = delete;
  async_download &operator=(const async_download &) = delete;

  // Waits for the download and copies home the bytes still wanted; takes the
  // mutex of the device it began on. Throws accelerator_view_removed when the
  // device is lost meanwhile.
  void end();

  // Called by residency.cpp with b's device mutex held: a kernel submitted
  // after the download writes `written` (null: all of b), so those bytes of
  // the host copy must not receive the older data.
  void overtake(const byte_ranges *written);
  // b moved to another device or was evicted at exit, host copy current: the
  // download has nothing left to copy.
  void detach() noexcept { detached_ = true; }

private:
  async_download(buffer &b, queue &q, byte_ranges part);

  // One chunk of the download: its ranges, the copy command recorded into
  // its own submission (which owns its staging memory), the serial to wait for.
  struct chunk {
    byte_ranges part;
    std::unique_ptr<submission> recorded;
    std::unique_ptr<buffer_download> copy;
    std::uint64_t serial = 0;
  };
  // Waits for the chunks not yet waited for, then frees them all: their
  // staging memory goes back to the pool only once the GPU is done with it.
  void release_chunks() noexcept;

  buffer &buffer_;
  queue &queue_;
  byte_ranges part_;      // the stale bytes the download copies
  byte_ranges overtaken_; // those written since by later kernels
  bool detached_ = false;
  bool registered_ = false;
  std::uint64_t serial_ = 0; // host-mapped: the last writer's submission
  std::vector<std::unique_ptr<chunk>> chunks_;
  std::size_t chunks_waited_ = 0;
};

} // namespace rt
} // namespace ampvk

#endif
