//===- KernelModules.cpp --------------------------------------------------===//
#include "spirv/KernelModules.h"
#include "spirv/AliasedVariant.h"
#include "spirv/LoopWitnessVariant.h"

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
static KernelModule moduleOf(bool Aliased, bool Witnessed, SpirvPipelineResult R,
                             const std::vector<std::uint32_t> &Input) {
  KernelModule M{Aliased, Witnessed, {}, std::move(R)};
  if (!M.Result.Ok)
    M.Input = Input;
  return M;
}

// The modules of Emitted, with the loop witness on or off: for distinct
// views, and for aliased ones when Views says so. Returns false when one
// failed (the last in Out).
static bool compileVariants(const std::vector<std::uint32_t> &Emitted,
                            std::optional<std::uint32_t> Views, bool Witnessed,
                            const SpirvPipelineOptions &CommonOpts, ThreadBudget &Budget,
                            std::vector<KernelModule> &Out) {
  SpirvPipelineOptions Opts = CommonOpts;
  Opts.ForDevicesThatCutLoops = Witnessed;
  if (!Views) {
    Out.push_back(moduleOf(false, Witnessed, runSpirvPipeline(Emitted, Opts), Emitted));
    return Out.back().Result.Ok;
  }
  // One optimization for both variants (AliasedVariant.h).
  std::vector<std::uint32_t> EmittedAliased = makeAliasedVariant(Emitted, *Views);
  SpirvPipelineResult Optimized = optimizeSpirv(EmittedAliased, Opts);
  if (!Optimized.Ok) { // reported with the module that failed
    Out.push_back(moduleOf(true, Witnessed, std::move(Optimized), EmittedAliased));
    return false;
  }
  // Each variant is finished and validated on its own: side by side when a
  // thread is free (a file's last kernel, or its only one).
  std::vector<std::uint32_t> DistinctWords =
      makeDistinctVariant(Optimized.Words, *Views, nonWritableBindings(Emitted, *Views));
  SpirvPipelineResult Distinct, Aliased;
  runBoth(
      Budget, [&] { Distinct = finishSpirv(std::move(DistinctWords), Opts); },
      [&] { Aliased = finishSpirv(std::move(Optimized.Words), Opts); });
  const bool DistinctOk = Distinct.Ok;
  Out.push_back(moduleOf(false, Witnessed, std::move(Distinct), Emitted));
  if (!DistinctOk)
    return false;
  Out.push_back(moduleOf(true, Witnessed, std::move(Aliased), EmittedAliased));
  return Out.back().Result.Ok;
}

static void compileOne(KernelModuleJob &Job, const SpirvPipelineOptions &Opts,
                       ThreadBudget &Budget) {
  if (Job.Emitted.empty())
    return;
  if (!Job.LoopWitness) {
    compileVariants(Job.Emitted, Job.AliasedViews, /*Witnessed=*/false, Opts, Budget,
                    Job.Modules);
    return;
  }
  // Without the witness and with it, each optimized on its own
  // (LoopWitnessVariant.h): side by side when a thread is free.
  std::vector<KernelModule> Plain, Witnessed;
  bool PlainOk = false;
  runBoth(
      Budget,
      [&] {
        PlainOk = compileVariants(fixLoopWitness(Job.Emitted, false), Job.AliasedViews,
                                  /*Witnessed=*/false, Opts, Budget, Plain);
      },
      [&] {
        compileVariants(Job.Emitted, Job.AliasedViews, /*Witnessed=*/true, Opts, Budget,
                        Witnessed);
      });
  Job.Modules = std::move(Plain);
  if (PlainOk)
    for (KernelModule &M : Witnessed)
      Job.Modules.push_back(std::move(M));
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
