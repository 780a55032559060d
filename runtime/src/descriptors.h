// Binding a launch's buffers, and its capture buffer when the kernel has one
// (the frame's, capture_buffer.h), to descriptor set 0: pushed straight into
// the command buffer with VK_KHR_push_descriptor, or else written into a set
// from the frame's own descriptor pool, which is reset when the frame is reused.
#ifndef AMPVK_RUNTIME_DESCRIPTORS_H
#define AMPVK_RUNTIME_DESCRIPTORS_H

#include <vector>

#include "kernel_arguments.h"

namespace ampvk {
namespace rt {

class device;
struct frame;
struct kernel_pipeline;

// Device mutex held; every buffer has device storage.
void bind_buffers(device &d, frame &f, const kernel_pipeline &pipeline,
                  const std::vector<bound_buffer> &bound);

} // namespace rt
} // namespace ampvk

#endif
