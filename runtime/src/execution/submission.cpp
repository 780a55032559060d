#include "execution/submission.h"

#include "device.h"

namespace ampvk {
namespace rt {

submission::~submission() {
  if (!download_)
    return;
  if (ended_)
    queue_.owner().staging().give_back(std::move(download_));
  else
    frame_.staging.push_back(std::move(download_)); // a copy into it may be recorded
}

VkBuffer submission::stage_upload(const void *host, std::size_t bytes) {
  staging_buffer staging = queue_.owner().staging().acquire(bytes);
  traced_memcpy(queue_, transfer_direction::host_to_device, staging->mapped, host, bytes);
  const VkBuffer buffer = staging->buffer.get();
  frame_.staging.push_back(std::move(staging));
  return buffer;
}

VkBuffer submission::stage_download(std::size_t bytes) {
  download_ = queue_.owner().staging().acquire(bytes);
  return download_->buffer.get();
}

void submission::read_back(void *dst, std::size_t bytes) const {
  traced_memcpy(queue_, transfer_direction::device_to_host, dst, download_->mapped, bytes);
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
