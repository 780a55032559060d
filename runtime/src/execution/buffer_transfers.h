// Moving buffer contents between the host copy and the device copy, and the
// barriers that order those copies against kernels.
#ifndef AMPVK_RUNTIME_TRANSFER_H
#define AMPVK_RUNTIME_TRANSFER_H

#include <mutex>

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
// still use it; otherwise small data is recorded into f with vkCmdUpdateBuffer
// and larger data as a staged copy. Returns whether a
// transfer command was recorded (the caller then needs a transfer->shader
// barrier). Device mutex held.
bool record_upload(queue &q, frame &f, buffer &b);

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
