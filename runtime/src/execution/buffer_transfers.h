// Moving a buffer's contents between its host copy and its device copy.
#ifndef AMPVK_RUNTIME_EXECUTION_BUFFER_TRANSFERS_H
#define AMPVK_RUNTIME_EXECUTION_BUFFER_TRANSFERS_H

#include <cstddef>
#include <mutex>
#include <vector>

#include "execution/submission.h"
#include "memory/byte_ranges.h"

namespace ampvk {
namespace rt {

class buffer;

// Bulk transfers between host memory and a device copy (copy to and from
// host iterators, and the large transfers of array_views) move in chunks of
// this many bytes, each with staging memory of its own from the pool (which
// keeps 128 MiB, staging.cpp: two chunks in flight each way), where one huge
// staging buffer would be allocated and pinned anew for every copy.
constexpr std::size_t bulk_chunk_bytes = std::size_t(32) << 20;

// `part` cut into pieces of at most `bytes` each, in order.
std::vector<byte_ranges> chunks_of(const byte_ranges &part, std::size_t bytes);

// The stale ranges of a buffer's device copy (buffer::device_stale) from its
// host copy, before a kernel of the batch uses it; the device copy must be
// allocated. Mapped device memory is written at once, after the kernels that
// still use it; otherwise small data travels in the command buffer itself and
// larger data through staging memory, every range in one vkCmdCopyBuffer.
class buffer_upload final : public operation {
public:
  // Of the stale ranges, those in `part` (null: all of them).
  explicit buffer_upload(buffer &b, const byte_ranges *part = nullptr) noexcept
      : buffer_(b), part_(part) {}
  void record(submission &s) override;
  // Whether a transfer command was recorded: the kernel then needs a
  // transfer->shader barrier.
  bool copied() const noexcept { return copied_; }

private:
  buffer &buffer_;
  const byte_ranges *part_;
  bool copied_ = false;
};

// Ranges of a buffer's device copy into staging memory, one after the other,
// in one vkCmdCopyBuffer after the kernels of the batch that write them;
// finish() copies those of them still wanted into the host memory once the
// submission has ended and waited.
class buffer_download final : public operation {
public:
  buffer_download(buffer &b, const byte_ranges &part) noexcept : buffer_(b), part_(part) {}
  void record(submission &s) override;
  // Copies the bytes of `wanted` (a part of the ranges recorded) home.
  void finish(const submission &s, const byte_ranges &wanted) const;

private:
  buffer &buffer_;
  const byte_ranges &part_;
};

// Copies the ranges `part` of b's device copy into its host memory now,
// waiting for the kernels that write it. Device mutex held; b's host pointer
// must be set. With `lock` (on that mutex) the mutex is released while
// waiting for the GPU, and the copy is made only if no kernel wrote b, and b
// did not move, meanwhile (false then, and the caller, holding the mutex of
// the device b was on, looks again), and only of the bytes still stale on the
// host: another thread may have written or read some meanwhile. Without it,
// waits holding the mutex and returns true.
bool download(queue &q, buffer &b, const byte_ranges &part,
              std::unique_lock<std::mutex> *lock = nullptr);

// Before a launch records its batch: the stale ranges of `part` (null: all)
// of b's device copy from its host copy, now, when they are larger than one
// bulk chunk (32 MiB): in chunks through staging memory, each submitted (with
// the batch before it) so that the device copies one while the host fills
// the next; a chunk reuses the staging memory of one that is done, and never
// waits for the GPU. From a view's imported pages instead (memory/view_pages.h;
// 8 MiB or more), one copy waited for, where q has nothing else to run. The
// device copy of them becomes current, the host's stays so. Smaller ones are
// left to the launch's buffer_upload. Device mutex held; b's device copy
// allocated.
void upload_ahead(queue &q, buffer &b, const byte_ranges *part);
// Whether upload_ahead would copy anything of part of b (its device copy allocated).
bool uploads_ahead(const buffer &b, const byte_ranges *part);

// Bulk host data (copy into an array) straight into bytes [offset, offset +
// bytes) of b's device copy: a copy command ordered after q's earlier work,
// from the caller's pages where the device imports them (large copies), else
// from staging memory the host copies into; the host copy of those bytes
// becomes stale. Device mutex held; b's device copy allocated and not
// host-mapped.
void upload_from(queue &q, buffer &b, std::size_t offset, const void *src, std::size_t bytes);
// Those bytes of b's device copy, current there (stale on the host), straight
// into dst (copy out of an array): one copy command after the kernels that
// write b, waited for holding the mutex, into the caller's pages where the
// device imports them (large copies), else into staging memory the host
// copies out of. b's host copy stays as it was.
void download_into(queue &q, buffer &b, std::size_t offset, void *dst, std::size_t bytes);

} // namespace rt
} // namespace ampvk

#endif
