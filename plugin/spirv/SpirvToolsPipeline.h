//===- SpirvToolsPipeline.h - Legalize, optimize, validate in-process -----===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVTOOLSPIPELINE_H
#define AMPVK_PLUGIN_SPIRV_SPIRVTOOLSPIPELINE_H

#include <cstdint>
#include <string>
#include <vector>

namespace ampvk {

struct SpirvPipelineResult {
  bool Ok = false;
  std::vector<std::uint32_t> Words;
  std::string Messages; // what SPIRV-Tools reported, for the diagnostic
};

// Runs SPIRV-Tools' legalization and performance passes and then the validator
// for Vulkan 1.1. When Optimize is false only legalization runs.
SpirvPipelineResult runSpirvPipeline(const std::vector<std::uint32_t> &Words, bool Optimize);

// spirv-dis style text, for dumps in internal-error reports.
std::string disassemble(const std::vector<std::uint32_t> &Words);

} // namespace ampvk

#endif
