// Moving buffer contents between the host copy and the device copy, and the
// barriers that order those copies against kernels.
#ifndef AMPVK_RUNTIME_TRANSFER_H
#define AMPVK_RUNTIME_TRANSFER_H

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

class buffer;
class queue;
struct frame;

void memory_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                    VkPipelineStageFlags dst_stage, VkAccessFlags dst_access);

// Copies the host copy of b into its device copy (which must be allocated).
// Mapped device memory is written at once, after waiting for the kernels that
// still use it; otherwise a staged copy is recorded into f. Returns whether a
// transfer command was recorded (the caller then needs a transfer->shader
// barrier). Device mutex held.
bool record_upload(queue &q, frame &f, buffer &b);

// Copies the device copy of b into its host memory now, waiting for the
// kernels that write it. Device mutex held; b's host pointer must be set.
void download(queue &q, buffer &b);

} // namespace rt
} // namespace ampvk

#endif
