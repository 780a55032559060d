//===- SpirvToolsPipeline.cpp ---------------------------------------------===//
#include "SpirvToolsPipeline.h"
#include "spirv/FullLoopUnroll.h"
#include "spirv/FunctionVariablesToSsa.h"
#include "spirv/NoContraction.h"
#include "spirv/NonNegativeDivision.h"
#include "spirv/RedundancyEliminationCost.h"
#include "spirv/StraightLineBlocks.h"
#include "spirv/TileBarriers.h"

#include "llvm/ADT/StringRef.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <algorithm>
#include <csignal>

using namespace ampvk;

static constexpr spv_target_env TargetEnv = SPV_ENV_VULKAN_1_1;

static spvtools::MessageConsumer collectInto(std::string &Out) {
  return [&Out](spv_message_level_t, const char *, const spv_position_t &Pos,
                const char *Message) {
    Out += "  ";
    if (Pos.index)
      Out += "(word " + std::to_string(Pos.index) + ") ";
    Out += Message;
    Out += "\n";
  };
}

static std::vector<std::string> recipePassNames(bool Performance) {
  spvtools::Optimizer Recipe(TargetEnv);
  if (Performance)
    Recipe.RegisterPerformancePasses();
  else
    Recipe.RegisterLegalizationPasses();
  std::vector<const char *> Names = Recipe.GetPassNames();
  return std::vector<std::string>(Names.begin(), Names.end());
}

// The passes of SPIRV-Tools' legalization (and performance) recipe as flags,
// cut where the recipe has loop-unroll: between two segments the loops are
// unrolled (unrollLoops). Asking the recipes for their pass names
// keeps the pipeline the library's own, but for the unroll and for one pass:
// when the performance recipe follows, legalization's loop-unroll is left out. It
// unrolls for HLSL's sake (resources in local arrays), which an emitted
// kernel never needs, and the performance recipe unrolls the same loops
// (both unroll fully) half-way through; unrolled that early, a
// register-blocked kernel's bodies went through the first half of the
// performance recipe too, 40 % of the sgemm sample's compile. Every kernel of
// the samples, benchmarks and kernel tests came out with the same
// instructions either way (docs/performance.md, "Compile time").
//
// With UnrollInDriver nothing unrolls, so there is one segment:
// a fully unrolled register-blocked body is most of such a kernel's compile
// (the unroller and every pass after it walk the copies), and drivers
// unroll loops marked Unroll themselves (docs/performance.md, "Compile time").
static std::vector<std::vector<std::string>>
passSegments(const SpirvPipelineOptions &PipelineOpts) {
  std::vector<std::string> Names = recipePassNames(/*Performance=*/false);
  auto DropUnroll = [](std::vector<std::string> &From) {
    From.erase(std::remove(From.begin(), From.end(), "loop-unroll"), From.end());
  };
  if (PipelineOpts.Optimize) {
    DropUnroll(Names);
    std::vector<std::string> Performance = recipePassNames(/*Performance=*/true);
    Names.insert(Names.end(), Performance.begin(), Performance.end());
  }
  if (PipelineOpts.UnrollInDriver)
    DropUnroll(Names);
  std::vector<std::vector<std::string>> Segments(1);
  for (llvm::StringRef Name : Names) {
    if (Name == "loop-unroll") {
      Segments.emplace_back();
      continue;
    }
    // The one pass whose name is not its flag.
    Segments.back().push_back("--" + (Name == "interp-fixup" ? "interpolate-fixup" : Name.str()));
  }
  return Segments;
}

// Runs SPIRV-Tools' passes Flags on Words. With PromoteFirst, our own
// promotion of Function variables runs before each ssa-rewrite: after a loop
// is unrolled, the variables scalar replacement splits off (a register-blocked
// kernel's accumulators) are most of ssa-rewrite's work, and its collection of
// target variables is quadratic in their loads and stores
// (FunctionVariablesToSsa.h); it then finds what is left. Each stop costs a
// round trip through the binary, so the first segment (before any unrolling,
// after our promotion of the emitted module) makes none.
static bool runPasses(std::vector<std::uint32_t> &Words, const std::vector<std::string> &Flags,
                      bool PromoteFirst, const spvtools::OptimizerOptions &Options,
                      std::string &Messages) {
  const std::string SsaRewrite = "--ssa-rewrite";
  auto Run = [&](std::vector<std::string>::const_iterator From,
                 std::vector<std::string>::const_iterator To) {
    if (From == To)
      return true;
    spvtools::Optimizer Opt(TargetEnv);
    Opt.SetMessageConsumer(collectInto(Messages));
    if (!Opt.RegisterPassesFromFlags(std::vector<std::string>(From, To))) {
      Messages += "  SPIRV-Tools does not know one of its own passes as a flag\n";
      return false;
    }
    std::vector<std::uint32_t> Out;
    if (!Opt.Run(Words.data(), Words.size(), &Out, Options))
      return false;
    Words = std::move(Out);
    return true;
  };
  auto Chunk = Flags.begin();
  for (auto It = Flags.begin(); It != Flags.end(); ++It) {
    if (!PromoteFirst || *It != SsaRewrite)
      continue;
    if (!Run(Chunk, It))
      return false;
    functionVariablesToSsa(Words);
    Chunk = It;
  }
  return Run(Chunk, Flags.end());
}

// Where the recipe unrolls: the counted loops the emitter marks Unroll by our
// own pass (FullLoopUnroll.h), any other loop so marked by SPIRV-Tools'. That
// one copies a loop body without its decorations, and the next
// simplify-instructions would fuse the copies of a*b+c into Fma
// (NoContraction.h), so float arithmetic is decorated again after it.
static bool unrollLoops(std::vector<std::uint32_t> &Words,
                        const spvtools::OptimizerOptions &Options, std::string &Messages) {
  if (!unrollCountedLoops(Words).LeftMarked)
    return true;
  if (!runPasses(Words, {"--loop-unroll"}, /*PromoteFirst=*/false, Options, Messages))
    return false;
  decorateFloatOperations(Words);
  return true;
}

// Runs the segments one after the other, decorating float arithmetic again
// between them; the result (or the messages) in R.
static bool runSegments(const std::vector<std::uint32_t> &Words,
                        const std::vector<std::vector<std::string>> &Segments,
                        SpirvPipelineResult &R) {
  spvtools::OptimizerOptions Options;
  // Validated before (the emitter's module) and after (the final module).
  Options.set_run_validator(false);
  R.Words = Words;
  for (std::size_t I = 0; I < Segments.size(); ++I) {
    if (I > 0 && !unrollLoops(R.Words, Options, R.Messages))
      return false;
    // Dominator-wide redundancy elimination is quadratic in deep dominator
    // trees (RedundancyEliminationCost.h); the block-local one is not. Asked
    // of the module as the unroll left it, so that the code stays what it
    // was: with the lines of blocks joined first (below) the trees are
    // shallow and the dominator-wide pass runs, and the sgemm sample's
    // kernels lost 11 % of their instructions but ran from 5 % slower to 1 %
    // faster on the H200 (docs/performance.md, "Compile time").
    std::vector<std::string> Flags = Segments[I];
    const std::string Whole = "--redundancy-elimination";
    if (std::count(Flags.begin(), Flags.end(), Whole) &&
        !redundancyEliminationIsAffordable(R.Words))
      std::replace(Flags.begin(), Flags.end(), Whole,
                   std::string("--local-redundancy-elimination"));
    // A segment after the first begins with what a loop unroll left: each
    // copy of a body in the blocks of the loop, a line of thousands for a
    // register-blocked kernel, which every pass would walk block by block
    // (StraightLineBlocks.h).
    if (I > 0)
      mergeStraightLineBlocks(R.Words);
    if (!runPasses(R.Words, Flags, /*PromoteFirst=*/I > 0, Options, R.Messages))
      return false;
    decorateFloatOperations(R.Words);
  }
  return true;
}

SpirvPipelineResult ampvk::optimizeSpirv(const std::vector<std::uint32_t> &Words,
                                         const SpirvPipelineOptions &PipelineOpts) {
  SpirvPipelineResult R;
  spvtools::SpirvTools Tools(TargetEnv);
  // The optimizer assumes a valid module and may crash on an invalid one, so an
  // emitter bug would take clang down instead of being reported. Check the
  // emitter's module first, with the relaxations that legalization resolves.
  std::string EmittedMessages;
  Tools.SetMessageConsumer(collectInto(EmittedMessages));
  spvtools::ValidatorOptions Emitted;
  Emitted.SetBeforeHlslLegalization(true);
  // Scalar locals become SSA values first (FunctionVariablesToSsa.h: SPIRV-Tools'
  // own promotion is quadratic); the one validation covers both, and only a
  // failure pays for telling them apart.
  std::vector<std::uint32_t> Promoted = Words;
  functionVariablesToSsa(Promoted);
  if (!Tools.Validate(Promoted.data(), Promoted.size(), Emitted)) {
    std::string Rejected = EmittedMessages;
    EmittedMessages.clear();
    bool EmitterFault = !Tools.Validate(Words.data(), Words.size(), Emitted);
    R.Messages = (EmitterFault ? "spirv-val rejected the emitted module (before optimization):\n"
                               : "spirv-val rejected the module after Function variables "
                                 "became SSA values:\n") +
                 (EmitterFault ? EmittedMessages : Rejected);
    return R;
  }

  std::vector<std::vector<std::string>> Segments = passSegments(PipelineOpts);
  // SPIRV-Tools has crashed on valid modules before (its constant folder
  // divided INT_MIN by -1); a crash must cost one kernel, not the compiler,
  // and never send the user to LLVM's bug tracker.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext Recovery;
  bool Optimized = false;
  bool Survived = Recovery.RunSafely([&] {
    if (PipelineOpts.CrashForTest)
      std::raise(SIGSEGV);
    Optimized = runSegments(Promoted, Segments, R);
  });
  if (!Survived) {
    R.Messages = "SPIRV-Tools crashed while optimizing this kernel (the crash was "
                 "contained; the other kernels are compiled)\n";
    R.Words.clear();
    return R;
  }
  if (!Optimized) {
    R.Messages = "SPIRV-Tools optimizer failed:\n" + R.Messages;
    return R;
  }
  R.Ok = true;
  return R;
}

SpirvPipelineResult ampvk::finishSpirv(std::vector<std::uint32_t> Optimized,
                                       const SpirvPipelineOptions &PipelineOpts) {
  SpirvPipelineResult R;
  R.Words = std::move(Optimized);
  finishTileBarriers(R.Words);
  if (PipelineOpts.Optimize)
    shiftNonNegativeDivisions(R.Words);
  if (PipelineOpts.FpContractFast)
    dropArithmeticNoContraction(R.Words);
  spvtools::SpirvTools Tools(TargetEnv);
  std::string ValidationMessages;
  Tools.SetMessageConsumer(collectInto(ValidationMessages));
  spvtools::ValidatorOptions VOpts;
  if (!Tools.Validate(R.Words.data(), R.Words.size(), VOpts)) {
    R.Messages = "spirv-val rejected the kernel:\n" + ValidationMessages;
    return R;
  }
  R.Ok = true;
  return R;
}

SpirvPipelineResult ampvk::runSpirvPipeline(const std::vector<std::uint32_t> &Words,
                                            const SpirvPipelineOptions &PipelineOpts) {
  SpirvPipelineResult R = optimizeSpirv(Words, PipelineOpts);
  if (!R.Ok)
    return R;
  return finishSpirv(std::move(R.Words), PipelineOpts);
}

std::string ampvk::disassemble(const std::vector<std::uint32_t> &Words) {
  spvtools::SpirvTools Tools(TargetEnv);
  std::string Text;
  if (!Tools.Disassemble(Words, &Text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES))
    return "<could not disassemble>";
  return Text;
}
