// concurrency::copy between arrays and array_views (rt::buffer_copy, runtime.h):
// the bytes two sections of equal size show (in row-major order), moved by the fastest path the
// buffers' devices offer:
//   - one device: a copy command in the queue's batch, after the kernels
//     that write the source (device_copy below); the host waits for nothing;
//   - two devices that import host memory (VK_EXT_external_memory_host): the
//     source device copies into host memory both import and the destination
//     device copies out of it, chunk after chunk, the two overlapping; the
//     host copies nothing (through_imported_memory);
//   - otherwise, and whenever the data is current only in host memory, or
//     the destination is a view of host data: the host copies between the
//     host copies, downloading what is stale first.
#ifndef AMPVK_RUNTIME_EXECUTION_BUFFER_COPIES_H
#define AMPVK_RUNTIME_EXECUTION_BUFFER_COPIES_H

#include <cstddef>
#include <vector>

#include <vulkan/vulkan.h>

#include "execution/submission.h"

namespace ampvk {
namespace rt {

// Regions of one vkCmdCopyBuffer between two buffers of one device, after the
// batch's earlier kernels and transfers that write either or read the
// destination. The buffers are held by the batch when given.
class device_copy final : public operation {
public:
  device_copy(VkBuffer from, VkBuffer to, const std::vector<VkBufferCopy> &regions,
              buffer *held_from, buffer *held_to) noexcept
      : from_(from), to_(to), regions_(regions), held_from_(held_from), held_to_(held_to) {}
  void record(submission &s) override;

private:
  VkBuffer from_;
  VkBuffer to_;
  const std::vector<VkBufferCopy> &regions_;
  buffer *held_from_;
  buffer *held_to_;
};

// Exit teardown, before any device closes: frees the host memory copies
// between accelerators keep imported in both devices.
void drop_copy_bridges() noexcept;

} // namespace rt
} // namespace ampvk

#endif
