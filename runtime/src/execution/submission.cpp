#include "execution/submission.h"

#include "device.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

submission::~submission() {
  if (!download_)
    return;
  if (ended_ && !queue_.owner().lost())
    queue_.owner().staging().give_back(std::move(download_));
  else if (ended_)
    // A wait for it timed out or the device was lost: the GPU may still
    // write it, until the queue's last batch is done.
    queue_.keep_until_done(std::move(download_));
  else
    frame_.staging.push_back(std::move(download_)); // a copy into it may be recorded
}

submission::staged submission::stage_upload(std::size_t bytes) {
  staging_buffer staging = queue_.owner().staging().acquire(bytes);
  const staged area{staging->buffer.get(), static_cast<unsigned char *>(staging->mapped)};
  frame_.staging.push_back(std::move(staging));
  return area;
}

submission::staged submission::stage_download(std::size_t bytes) {
  download_ = queue_.owner().staging().acquire(bytes);
  return {download_->buffer.get(), static_cast<unsigned char *>(download_->mapped)};
}

void submission::read_back(void *dst, std::size_t from, std::size_t bytes) const {
  traced_memcpy(queue_, transfer_direction::device_to_host, dst,
                static_cast<const unsigned char *>(download_->mapped) + from, bytes);
}

void submission::count_commands(unsigned commands) noexcept {
  debug_counters().transfer_commands += commands;
}

void submission::end() {
  ended_ = true;
  queue_.recorded(frame_);
}

void submission::end_and_wait(std::unique_lock<std::mutex> *lock) {
  const std::uint64_t serial = frame_.serial;
  end();
  // The frame may retire (and be reused) inside the wait: only its serial is
  // used from here on.
  if (lock)
    queue_.wait_for(serial, *lock);
  else
    queue_.wait_for(serial);
}

} // namespace rt
} // namespace ampvk
