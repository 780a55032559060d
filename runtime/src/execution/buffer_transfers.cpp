#include "execution/buffer_transfers.h"

#include <cstring>

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

} // namespace

void buffer_upload::record(submission &s) {
  buffer &b = buffer_;
  queue &q = s.target();
  ++debug_counters().uploads;
  void *host = b.host.load(std::memory_order_relaxed);
  if (b.bytes == 0 || !host)
    return;
  note_transfer(q, transfer_direction::host_to_device, b.bytes);
  if (b.storage.mapped) {
    // Earlier kernels may still read or write this memory (launch waited
    // already, before it took the batch, which this wait could submit).
    queue_of(b).wait_for(b.last_use);
    traced_memcpy(q, transfer_direction::host_to_device, b.storage.mapped, host, b.bytes);
    return; // host writes are visible to work submitted afterwards
  }
  const VkBuffer device_copy = b.storage.buffer.get();
  if (b.bytes <= max_inline_upload_bytes && b.bytes % 4 == 0) {
    // Small data travels in the command buffer itself: no staging memory,
    // which the first launch of a process would otherwise allocate and map.
    s.transfer(transfer_direction::host_to_device, b.bytes, [&](VkCommandBuffer cmd) {
      vkCmdUpdateBuffer(cmd, device_copy, 0, b.bytes, host);
    });
  } else {
    const VkBuffer staging = s.stage_upload(host, b.bytes);
    const VkBufferCopy region{0, 0, b.bytes};
    s.transfer(transfer_direction::host_to_device, b.bytes, [&](VkCommandBuffer cmd) {
      vkCmdCopyBuffer(cmd, staging, device_copy, 1, &region);
    });
  }
  copied_ = true;
}

void buffer_download::record(submission &s) {
  buffer &b = buffer_;
  const VkBuffer staging = s.stage_download(b.bytes);
  memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
  const VkBufferCopy region{0, 0, b.bytes};
  s.transfer(transfer_direction::device_to_host, b.bytes, [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, b.storage.buffer.get(), staging, 1, &region);
  });
  // The host read waits for the submission, whose last barrier makes the
  // copy visible.
  s.target().hold(s.batch(), b);
}

void buffer_download::finish(const submission &s) {
  s.read_back(buffer_.host.load(std::memory_order_relaxed), buffer_.bytes);
}

namespace {

// What a download started from. After a wait that released the device mutex,
// a different record means another thread changed b meanwhile (a kernel wrote
// it, a host access made the host copy current, it moved to another device or
// was evicted at exit), and the data copied is not the data wanted.
struct download_start {
  device *home;
  queue *last_queue;
  std::uint64_t last_write;
};

download_start start_of(const buffer &b) {
  return {b.home.load(std::memory_order_acquire), b.last_queue, b.last_write};
}

bool still_wanted(const buffer &b, const download_start &start) {
  // Read home first: if b moved, the rest is another device's to change.
  return b.home.load(std::memory_order_acquire) == start.home &&
         b.last_queue == start.last_queue && b.last_write == start.last_write &&
         !(b.state.load(std::memory_order_relaxed) & residency::host_current);
}

} // namespace

bool download(queue &q, buffer &b, std::unique_lock<std::mutex> *lock) {
  ++debug_counters().downloads;
  if (b.bytes == 0 || !b.host.load(std::memory_order_relaxed) || !b.storage)
    return true;
  note_transfer(q, transfer_direction::device_to_host, b.bytes);
  const download_start start = start_of(b);
  if (b.storage.mapped) {
    if (lock) {
      q.wait_for(b.last_write, *lock);
      if (!still_wanted(b, start))
        return false;
    } else {
      q.wait_for(b.last_write);
    }
    traced_memcpy(q, transfer_direction::device_to_host, b.host.load(std::memory_order_relaxed),
                  b.storage.mapped, b.bytes);
    return true;
  }
  // The copy joins the batch being recorded (with the launches that wrote b),
  // which is submitted now.
  submission s(q);
  buffer_download copy(b);
  s.add(copy);
  s.end_and_wait(lock);
  if (lock && !still_wanted(b, start))
    return false;
  copy.finish(s);
  return true;
}

} // namespace rt
} // namespace ampvk
