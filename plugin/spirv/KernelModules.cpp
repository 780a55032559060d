//===- KernelModules.cpp --------------------------------------------------===//
#include "spirv/KernelModules.h"
#include "spirv/AliasedVariant.h"

#include "llvm/Support/Threading.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <system_error>
#include <thread>

using namespace ampvk;

namespace {
// The threads compileKernelModules may still put to work: the number it was
// given, less those at work. A thread that runs out of kernels gives its place
// back, so that a kernel still being finished can use it (below).
class ThreadBudget {
public:
  explicit ThreadBudget(unsigned Threads) : Free(Threads) {}
  bool take() {
    unsigned F = Free.load();
    while (F > 0)
      if (Free.compare_exchange_weak(F, F - 1))
        return true;
    return false;
  }
  void giveBack() { ++Free; }

private:
  std::atomic<unsigned> Free;
};
} // namespace

// Runs First here and Second on another thread when the budget has one (a
// thread the system refuses means both run here).
template <typename FirstFn, typename SecondFn>
static void runBoth(ThreadBudget &Budget, FirstFn First, SecondFn Second) {
  if (Budget.take()) {
    std::optional<std::thread> Other;
    try {
      Other.emplace(Second);
    } catch (const std::system_error &) {
    }
    if (Other) {
      First();
      Other->join();
      Budget.giveBack();
      return;
    }
    Budget.giveBack();
  }
  First();
  Second();
}

// A module of the list; the pipeline's input is kept for a failure's report.
static KernelModule moduleOf(bool Aliased, SpirvPipelineResult R,
                             const std::vector<std::uint32_t> &Input) {
  KernelModule M{Aliased, {}, std::move(R)};
  if (!M.Result.Ok)
    M.Input = Input;
  return M;
}

static void compileOne(KernelModuleJob &Job, const SpirvPipelineOptions &Opts,
                       ThreadBudget &Budget) {
  if (Job.Emitted.empty())
    return;
  if (!Job.AliasedViews) {
    Job.Modules.push_back(moduleOf(false, runSpirvPipeline(Job.Emitted, Opts), Job.Emitted));
    return;
  }
  // One optimization for both variants (AliasedVariant.h).
  const std::uint32_t Views = *Job.AliasedViews;
  std::vector<std::uint32_t> EmittedAliased = makeAliasedVariant(Job.Emitted, Views);
  SpirvPipelineResult Optimized = optimizeSpirv(EmittedAliased, Opts);
  if (!Optimized.Ok) { // reported with the module that failed
    Job.Modules.push_back(moduleOf(true, std::move(Optimized), EmittedAliased));
    return;
  }
  // Each variant is finished and validated on its own: side by side when a
  // thread is free (a file's last kernel, or its only one).
  std::vector<std::uint32_t> DistinctWords =
      makeDistinctVariant(Optimized.Words, Views, nonWritableBindings(Job.Emitted, Views));
  SpirvPipelineResult Distinct, Aliased;
  runBoth(
      Budget, [&] { Distinct = finishSpirv(std::move(DistinctWords), Opts); },
      [&] { Aliased = finishSpirv(std::move(Optimized.Words), Opts); });
  const bool DistinctOk = Distinct.Ok;
  Job.Modules.push_back(moduleOf(false, std::move(Distinct), Job.Emitted));
  if (DistinctOk)
    Job.Modules.push_back(moduleOf(true, std::move(Aliased), EmittedAliased));
}

void ampvk::compileKernelModules(std::vector<KernelModuleJob> &Jobs, unsigned Threads,
                                 const SpirvPipelineOptions &Opts) {
  ThreadBudget Budget(std::max(Threads, 1u));
  // Kernels are taken in order by whichever thread is free, so a large one
  // does not hold up a queue of small ones behind it.
  std::atomic<std::size_t> Next{0};
  auto Work = [&] {
    for (std::size_t I = Next++; I < Jobs.size(); I = Next++)
      compileOne(Jobs[I], Opts, Budget);
    Budget.giveBack();
  };
  std::vector<std::thread> Pool;
  Budget.take(); // Clang's thread
  while (Pool.size() + 1 < Jobs.size() && Budget.take()) {
    // A thread the system refuses only means fewer helpers.
    try {
      Pool.emplace_back(Work);
    } catch (const std::system_error &) {
      Budget.giveBack();
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
