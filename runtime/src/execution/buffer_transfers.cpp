#include "execution/buffer_transfers.h"

#include <cstring>
#include <vector>

#include "device.h"
#include "execution/barriers.h"
#include "memory/buffer.h"
#include "memory/residency.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

namespace {

// vkCmdUpdateBuffer's limit (dataSize, a multiple of 4).
constexpr std::size_t max_inline_upload_bytes = 65536;

// vkCmdUpdateBuffer takes 4-byte aligned offsets and sizes.
bool inline_upload(const byte_ranges &part) {
  if (part.bytes() > max_inline_upload_bytes)
    return false;
  for (const byte_range &r : part.ranges())
    if (r.begin % 4 || r.end % 4)
      return false;
  return true;
}

// One region per range, packed one after the other on the staging side.
std::vector<VkBufferCopy> regions(const byte_ranges &part, bool to_staging) {
  std::vector<VkBufferCopy> out;
  out.reserve(part.ranges().size());
  VkDeviceSize packed = 0;
  for (const byte_range &r : part.ranges()) {
    const VkDeviceSize size = r.end - r.begin;
    out.push_back(to_staging ? VkBufferCopy{r.begin, packed, size}
                             : VkBufferCopy{packed, r.begin, size});
    packed += size;
  }
  return out;
}

} // namespace

void buffer_upload::record(submission &s) {
  buffer &b = buffer_;
  queue &q = s.target();
  ++debug_counters().uploads;
  auto *host = static_cast<const unsigned char *>(b.host.load(std::memory_order_relaxed));
  const byte_ranges part = part_ ? b.device_stale.intersection(*part_) : b.device_stale;
  if (b.bytes == 0 || !host || part.empty())
    return;
  const std::size_t bytes = part.bytes();
  note_transfer(q, transfer_direction::host_to_device, bytes);
  debug_counters().bytes_uploaded += bytes;
  if (b.storage.mapped) {
    // Earlier kernels may still read or write this memory (launch waited
    // already, before it took the batch, which this wait could submit).
    queue_of(b).wait_for(b.last_use);
    auto *device_copy = static_cast<unsigned char *>(b.storage.mapped);
    for (const byte_range &r : part.ranges())
      traced_memcpy(q, transfer_direction::host_to_device, device_copy + r.begin, host + r.begin,
                    r.end - r.begin);
    return; // host writes are visible to work submitted afterwards
  }
  const VkBuffer device_copy = b.storage.buffer.get();
  if (inline_upload(part)) {
    // Small data travels in the command buffer itself: no staging memory,
    // which the first launch of a process would otherwise allocate and map.
    s.transfer(
        transfer_direction::host_to_device, bytes,
        [&](VkCommandBuffer cmd) {
          for (const byte_range &r : part.ranges())
            vkCmdUpdateBuffer(cmd, device_copy, r.begin, r.end - r.begin, host + r.begin);
        },
        static_cast<unsigned>(part.ranges().size()));
  } else {
    const submission::staged staging = s.stage_upload(bytes);
    std::size_t packed = 0;
    for (const byte_range &r : part.ranges()) {
      traced_memcpy(q, transfer_direction::host_to_device, staging.mapped + packed,
                    host + r.begin, r.end - r.begin);
      packed += r.end - r.begin;
    }
    const std::vector<VkBufferCopy> copies = regions(part, false);
    s.transfer(transfer_direction::host_to_device, bytes, [&](VkCommandBuffer cmd) {
      vkCmdCopyBuffer(cmd, staging.buffer, device_copy, static_cast<std::uint32_t>(copies.size()),
                      copies.data());
    });
  }
  copied_ = true;
}

void buffer_download::record(submission &s) {
  buffer &b = buffer_;
  const std::size_t bytes = part_.bytes();
  const submission::staged staging = s.stage_download(bytes);
  memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
  const std::vector<VkBufferCopy> copies = regions(part_, true);
  s.transfer(transfer_direction::device_to_host, bytes, [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, b.storage.buffer.get(), staging.buffer,
                    static_cast<std::uint32_t>(copies.size()), copies.data());
  });
  // The host read waits for the submission, whose last barrier makes the
  // copy visible.
  s.target().hold(s.batch(), b);
}

void buffer_download::finish(const submission &s, const byte_ranges &wanted) const {
  auto *host = static_cast<unsigned char *>(buffer_.host.load(std::memory_order_relaxed));
  // Each wanted byte lies in one recorded range, at its packed place.
  std::size_t packed = 0;
  auto w = wanted.ranges().begin();
  for (const byte_range &r : part_.ranges()) {
    for (; w != wanted.ranges().end() && w->begin < r.end; ++w)
      s.read_back(host + w->begin, packed + (w->begin - r.begin), w->end - w->begin);
    packed += r.end - r.begin;
  }
}

namespace {

// What a download started from. After a wait that released the device mutex,
// a different record means another thread changed b meanwhile (a kernel wrote
// it, it moved to another device or was evicted at exit), and the data copied
// is not the data wanted.
struct download_start {
  device *home;
  queue *last_queue;
  std::uint64_t last_write;
};

download_start start_of(const buffer &b) {
  return {b.home.load(std::memory_order_acquire), b.last_queue, b.last_write};
}

bool same_device_data(const buffer &b, const download_start &start) {
  // Read home first: if b moved, the rest is another device's to change.
  return b.home.load(std::memory_order_acquire) == start.home &&
         b.last_queue == start.last_queue && b.last_write == start.last_write;
}

} // namespace

bool download(queue &q, buffer &b, const byte_ranges &part, std::unique_lock<std::mutex> *lock) {
  ++debug_counters().downloads;
  if (b.bytes == 0 || !b.host.load(std::memory_order_relaxed) || !b.storage || part.empty())
    return true;
  const std::size_t bytes = part.bytes();
  note_transfer(q, transfer_direction::device_to_host, bytes);
  debug_counters().bytes_downloaded += bytes;
  const download_start start = start_of(b);
  if (b.storage.mapped) {
    if (lock) {
      q.wait_for(b.last_write, *lock);
      if (!same_device_data(b, start))
        return false;
    } else {
      q.wait_for(b.last_write);
    }
    // The host writes and reads of other threads while the mutex was free
    // decided what is still stale.
    auto *host = static_cast<unsigned char *>(b.host.load(std::memory_order_relaxed));
    auto *device_copy = static_cast<const unsigned char *>(b.storage.mapped);
    const byte_ranges wanted = part.intersection(b.host_stale);
    for (const byte_range &r : wanted.ranges())
      traced_memcpy(q, transfer_direction::device_to_host, host + r.begin, device_copy + r.begin,
                    r.end - r.begin);
    return true;
  }
  // The copy joins the batch being recorded (with the launches that wrote b),
  // which is submitted now.
  submission s(q);
  buffer_download copy(b, part);
  s.add(copy);
  s.end_and_wait(lock);
  if (lock && !same_device_data(b, start))
    return false;
  copy.finish(s, part.intersection(b.host_stale));
  return true;
}

} // namespace rt
} // namespace ampvk
