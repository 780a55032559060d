// What the driver made of a kernel's pipeline, as it reports it through
// VK_KHR_pipeline_executable_properties (NVIDIA: registers, shared memory;
// Mesa: instructions, spills...), for AMPVK_LOG=pipelines (profiler.h). The
// device enables the extension only while that log is on, and pipelines are
// then created with VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR.
#ifndef AMPVK_RUNTIME_DIAGNOSTICS_PIPELINE_STATISTICS_H
#define AMPVK_RUNTIME_DIAGNOSTICS_PIPELINE_STATISTICS_H

#include <string>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

class device;

// "EXECUTABLE: NAME VALUE, NAME VALUE...; ..." for each executable of the
// pipeline; empty when d does not capture statistics or the driver fails.
std::string pipeline_statistics(const device &d, VkPipeline pipeline);

} // namespace rt
} // namespace ampvk

#endif
