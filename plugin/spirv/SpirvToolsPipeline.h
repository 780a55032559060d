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

// How runSpirvPipeline runs SPIRV-Tools. CrashForTest makes the optimizer's
// thread crash (SIGSEGV), to test that a crash inside SPIRV-Tools is contained
// (plugin argument test-crash-spirv-tools). FpContractFast drops the
// NoContraction decorations once optimization is done (fp-contract=fast).
// UnrollInDriver leaves every loop whole, its Unroll loop control for the GPU
// driver's compiler to honour (unroll=driver).
struct SpirvPipelineOptions {
  bool Optimize = true;
  bool CrashForTest = false;
  bool FpContractFast = false;
  bool UnrollInDriver = false;
  // The module is the loop witness's variant, which only devices that cut
  // loops (lavapipe) run: it also gets their workarounds (PassRecipe.cpp).
  bool ForDevicesThatCutLoops = false;
};

// Runs the pass recipe (PassRecipe.h: our passes and SPIRV-Tools' legalization
// and performance passes, NoContraction kept on float arithmetic throughout,
// tile barriers' final memory semantics) and then the validator for Vulkan
// 1.1. When Optimize is false only legalization runs. A crash inside the
// optimizer (a signal) is contained and reported in Messages, not the end of
// the compiler: the kernel gets an error, the rest of the translation unit
// goes on. runSpirvPipeline is optimizeSpirv then finishSpirv; a kernel with
// two variants (AliasedVariant.h) optimizes once and finishes each variant.
SpirvPipelineResult runSpirvPipeline(const std::vector<std::uint32_t> &Words,
                                     const SpirvPipelineOptions &Opts);
// Checks the emitter's module and runs the recipe's steps up to Finish.
SpirvPipelineResult optimizeSpirv(const std::vector<std::uint32_t> &Words,
                                  const SpirvPipelineOptions &Opts);
// The recipe's steps after Finish: the rewrites that read the views'
// decorations (wait()'s memory semantics) or apply to the final module, then
// the validator.
SpirvPipelineResult finishSpirv(std::vector<std::uint32_t> Optimized,
                                const SpirvPipelineOptions &Opts);

// spirv-dis style text, for dumps in internal-error reports.
std::string disassemble(const std::vector<std::uint32_t> &Words);

} // namespace ampvk

#endif
