//===- KernelModules.h - A kernel's shipped modules, kernels side by side -===//
//
// From the emitter's module to the modules a kernel ships: one, or two when
// its views may alias (AliasedVariant.h), and each of those twice when it has
// a loop witness (LoopWitnessVariant.h). This is word work only, no AST and
// no diagnostics, and most of a compile with register-blocked kernels (the
// sgemm sample: SPIRV-Tools' passes over twelve unrolled kernels), so the
// kernels of a translation unit are compiled on several threads while the
// plugin's diagnostics, dumps and embedding stay on Clang's thread, in kernel
// order. A kernel with two variants finishes and validates them side by side
// when a thread is free (its file's last kernel, or its only one). Each
// kernel's modules are the same whichever thread made them.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_KERNELMODULES_H
#define AMPVK_PLUGIN_SPIRV_KERNELMODULES_H

#include "spirv/SpirvToolsPipeline.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ampvk {

struct KernelModule {
  bool Aliased = false;   // the variant for views that may alias
  bool Witnessed = false; // the variant for devices that cut loops short
  // What the pipeline was given, kept only when it failed: dumped and
  // disassembled for the report.
  std::vector<std::uint32_t> Input;
  SpirvPipelineResult Result;
};

// One kernel's work: Emitted in, Modules out (none when Emitted is empty: the
// emitter gave up on the kernel).
struct KernelModuleJob {
  std::vector<std::uint32_t> Emitted;
  // The number of view bindings when the kernel ships an aliased variant.
  std::optional<std::uint32_t> AliasedViews;
  // The emitted module has a loop witness: it ships without and with it.
  bool LoopWitness = false;
  // The module for distinct views, then the aliased variant (when there is
  // one), without the loop witness, then the same with it (when there is
  // one); the list ends with the first module that failed.
  std::vector<KernelModule> Modules;
};

// Fills each job's Modules, on up to Threads threads (Clang's own among them;
// 1 runs everything on it). SPIRV-Tools' crashes are contained per kernel
// (SpirvToolsPipeline.h) on every thread.
void compileKernelModules(std::vector<KernelModuleJob> &Jobs, unsigned Threads,
                          const SpirvPipelineOptions &Opts);

// The threads compileKernelModules uses unless told (plugin argument jobs=N):
// the processors this process may run on.
unsigned defaultKernelThreads();

} // namespace ampvk

#endif
