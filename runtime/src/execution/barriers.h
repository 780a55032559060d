// The pipeline barriers that order transfers and kernels in a batch.
#ifndef AMPVK_RUNTIME_EXECUTION_BARRIERS_H
#define AMPVK_RUNTIME_EXECUTION_BARRIERS_H

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

// The stages and accesses every command of a batch uses: compute shaders
// and transfers.
constexpr VkPipelineStageFlags gpu_stages =
    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
constexpr VkAccessFlags gpu_accesses = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                       VK_ACCESS_TRANSFER_READ_BIT |
                                       VK_ACCESS_TRANSFER_WRITE_BIT;

inline void memory_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage,
                           VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                           VkAccessFlags dst_access) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = src_access;
  barrier.dstAccessMask = dst_access;
  vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

} // namespace rt
} // namespace ampvk

#endif
