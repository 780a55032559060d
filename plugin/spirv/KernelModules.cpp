//===- KernelModules.cpp --------------------------------------------------===//
#include "spirv/KernelModules.h"
#include "spirv/AliasedVariant.h"

#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>

using namespace ampvk;

static void compileOne(KernelModuleJob &Job, const SpirvPipelineOptions &Opts) {
  if (!Job.AliasedViews) {
    Job.Modules.push_back({false, Job.Emitted, runSpirvPipeline(Job.Emitted, Opts)});
    return;
  }
  // One optimization for both variants (AliasedVariant.h).
  const std::uint32_t Views = *Job.AliasedViews;
  std::vector<std::uint32_t> EmittedAliased = makeAliasedVariant(Job.Emitted, Views);
  SpirvPipelineResult Optimized = optimizeSpirv(EmittedAliased, Opts);
  if (!Optimized.Ok) { // reported with the module that failed
    Job.Modules.push_back({true, std::move(EmittedAliased), std::move(Optimized)});
    return;
  }
  SpirvPipelineResult Distinct = finishSpirv(
      makeDistinctVariant(Optimized.Words, Views, nonWritableBindings(Job.Emitted, Views)), Opts);
  const bool DistinctOk = Distinct.Ok;
  Job.Modules.push_back({false, Job.Emitted, std::move(Distinct)});
  if (DistinctOk)
    Job.Modules.push_back(
        {true, std::move(EmittedAliased), finishSpirv(std::move(Optimized.Words), Opts)});
}

void ampvk::compileKernelModules(std::vector<KernelModuleJob> &Jobs, unsigned Threads,
                                 const SpirvPipelineOptions &Opts) {
  // Kernels are taken in order by whichever thread is free, so a large one
  // does not hold up a queue of small ones behind it.
  std::atomic<std::size_t> Next{0};
  auto Work = [&] {
    for (std::size_t I = Next++; I < Jobs.size(); I = Next++)
      compileOne(Jobs[I], Opts);
  };
  const std::size_t Helpers =
      std::min<std::size_t>(std::max(Threads, 1u), Jobs.size()) - (Jobs.empty() ? 0 : 1);
  std::vector<std::thread> Pool;
  for (std::size_t I = 0; I < Helpers; ++I) {
    // A thread the system refuses (its limits) only means fewer helpers.
    try {
      Pool.emplace_back(Work);
    } catch (const std::system_error &) {
      break;
    }
  }
  Work();
  for (std::thread &T : Pool)
    T.join();
}

unsigned ampvk::defaultKernelThreads() {
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}
