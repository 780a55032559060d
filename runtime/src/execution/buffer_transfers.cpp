#include "transfer.h"

#include <cstring>

#include "buffer.h"
#include "device.h"
#include "internal_counters.h"
#include "profiler.h"
#include "queue.h"
#include "residency.h"
#include "staging.h"

namespace ampvk {
namespace rt {

void memory_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                    VkPipelineStageFlags dst_stage, VkAccessFlags dst_access) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = src_access;
  barrier.dstAccessMask = dst_access;
  vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

namespace {

// vkCmdUpdateBuffer's limit (dataSize, a multiple of 4).
constexpr std::size_t max_inline_upload_bytes = 65536;

} // namespace

bool record_upload(queue &q, frame &f, buffer &b) {
  ++debug_counters().uploads;
  void *host = b.host.load(std::memory_order_relaxed);
  if (b.bytes == 0 || !host)
    return false;
  note_transfer(q, transfer_direction::host_to_device, b.bytes);
  if (b.storage.mapped) {
    // Earlier kernels may still read or write this memory (launch waited
    // already, before it took the batch f, which this wait could submit).
    queue_of(b).wait_for(b.last_use);
    traced_memcpy(q, transfer_direction::host_to_device, b.storage.mapped, host, b.bytes);
    return false; // host writes are visible to work submitted afterwards
  }
  if (b.bytes <= max_inline_upload_bytes && b.bytes % 4 == 0) {
    // Small data travels in the command buffer itself: no staging memory,
    // which the first launch of a process would otherwise allocate and map.
    const gpu_span span = begin_copy_span(q, f, transfer_direction::host_to_device, b.bytes);
    vkCmdUpdateBuffer(f.cmd, b.storage.buffer.get(), 0, b.bytes, host);
    end_gpu_span(f, span);
    return true;
  }
  staging_buffer staging = q.owner().staging().acquire(b.bytes);
  traced_memcpy(q, transfer_direction::host_to_device, staging->mapped, host, b.bytes);
  VkBufferCopy region{0, 0, b.bytes};
  const gpu_span span = begin_copy_span(q, f, transfer_direction::host_to_device, b.bytes);
  vkCmdCopyBuffer(f.cmd, staging->buffer.get(), b.storage.buffer.get(), 1, &region);
  end_gpu_span(f, span);
  f.staging.push_back(std::move(staging));
  return true;
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
  // The copy joins the batch being recorded (with the launches that wrote b)
  // and the batch is submitted now. The lease stays outside the frame: the
  // frame retires inside wait_for, and the data is read after that.
  staging_buffer staging = q.owner().staging().acquire(b.bytes);
  frame &f = q.record();
  try {
    memory_barrier(f.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferCopy region{0, 0, b.bytes};
    const gpu_span span = begin_copy_span(q, f, transfer_direction::device_to_host, b.bytes);
    vkCmdCopyBuffer(f.cmd, b.storage.buffer.get(), staging->buffer.get(), 1, &region);
    end_gpu_span(f, span);
    // The host read waits for the submission, whose last barrier makes the copy visible.
    q.hold(f, b);
  } catch (...) {
    // The copy may already be recorded: the batch keeps the staging memory.
    f.staging.push_back(std::move(staging));
    throw;
  }
  const std::uint64_t serial = f.serial;
  bool wanted = true;
  try {
    q.recorded(f);
    if (lock) {
      q.wait_for(serial, *lock);
      wanted = still_wanted(b, start);
    } else {
      q.wait_for(serial);
    }
  } catch (...) {
    q.owner().staging().give_back(std::move(staging));
    throw;
  }
  if (wanted)
    traced_memcpy(q, transfer_direction::device_to_host, b.host.load(std::memory_order_relaxed),
                  staging->mapped, b.bytes);
  q.owner().staging().give_back(std::move(staging));
  return wanted;
}

} // namespace rt
} // namespace ampvk
