// Binding a launch's buffers, and its capture buffer when the kernel has one
// (the frame's, capture_buffer.h), to descriptor set 0: pushed straight into
// the command buffer with VK_KHR_push_descriptor, or else written into a set
// from the frame's own descriptor pool (one set per launch of the batch), which
// is reset when the frame is reused. A launch whose descriptors are those the
// batch's previous launch bound for the same layout records nothing: they are
// still bound (frame::bound_descriptors).
#ifndef AMPVK_RUNTIME_EXECUTION_DESCRIPTORS_H
#define AMPVK_RUNTIME_EXECUTION_DESCRIPTORS_H

#include <vector>

#include "diagnostics/bounds_report.h"
#include "diagnostics/kernel_print.h"
#include "kernels/kernel_arguments.h"

namespace ampvk {
namespace rt {

class device;
struct frame;
struct kernel_pipeline;

// The buffers a launch binds after its views and capture buffer, each where
// its pipeline has the binding.
struct report_slots {
  check_report_slot check; // kernel_pipeline::checked
  print_buffer_slot print; // kernel_pipeline::prints
  print_buffer_slot witness; // has_loop_witness(kernel_image_header)
};

// Whether the batch f has descriptors left for one more launch of pipeline (a
// batch that used none can always: its pool is then replaced if too small).
bool descriptor_room(const frame &f, const kernel_pipeline &pipeline) noexcept;

// Device mutex held; every buffer has device storage; descriptor_room said yes.
void bind_buffers(device &d, frame &f, const kernel_pipeline &pipeline,
                  const std::vector<bound_buffer> &bound, const report_slots &reports);

} // namespace rt
} // namespace ampvk

#endif
