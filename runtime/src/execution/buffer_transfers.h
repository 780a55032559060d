// Moving a buffer's contents between its host copy and its device copy.
#ifndef AMPVK_RUNTIME_EXECUTION_BUFFER_TRANSFERS_H
#define AMPVK_RUNTIME_EXECUTION_BUFFER_TRANSFERS_H

#include <mutex>

#include "execution/submission.h"

namespace ampvk {
namespace rt {

class buffer;

// The host copy of a buffer into its device copy (which must be allocated),
// before a kernel of the batch uses it. Mapped device memory is written at
// once, after the kernels that still use it; otherwise small data travels in
// the command buffer itself and larger data through staging memory.
class buffer_upload final : public operation {
public:
  explicit buffer_upload(buffer &b) noexcept : buffer_(b) {}
  void record(submission &s) override;
  // Whether a transfer command was recorded: the kernel then needs a
  // transfer->shader barrier.
  bool copied() const noexcept { return copied_; }

private:
  buffer &buffer_;
  bool copied_ = false;
};

// The device copy of a buffer into staging memory, after the kernels of the
// batch that write it; finish() copies it to the host memory once the
// submission has ended and waited.
class buffer_download final : public operation {
public:
  explicit buffer_download(buffer &b) noexcept : buffer_(b) {}
  void record(submission &s) override;
  void finish(const submission &s);

private:
  buffer &buffer_;
};

// Copies the device copy of b into its host memory now, waiting for the
// kernels that write it. Device mutex held; b's host pointer must be set.
// With `lock` (on that mutex) the mutex is released while waiting for the GPU,
// and the copy is made only if no other thread changed b meanwhile: false
// then, and the caller (holding the mutex of the device b was on) looks
// again. Without it, waits holding the mutex and returns true.
bool download(queue &q, buffer &b, std::unique_lock<std::mutex> *lock = nullptr);

} // namespace rt
} // namespace ampvk

#endif
