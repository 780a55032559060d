//===- PassRecipe.cpp -----------------------------------------------------===//
#include "spirv/PassRecipe.h"
#include "spirv/passes/CompositePhis.h"
#include "spirv/passes/DeadBlocks.h"
#include "spirv/passes/FullLoopUnroll.h"
#include "spirv/passes/FunctionVariablesToSsa.h"
#include "spirv/passes/LoopExits.h"
#include "spirv/passes/NoContraction.h"
#include "spirv/passes/NonNegativeDivision.h"
#include "spirv/passes/SignExtensions.h"
#include "spirv/passes/StraightLineBlocks.h"
#include "spirv/passes/TileBarriers.h"
#include "spirv/passes/WidenedComparisons.h"

#include <spirv-tools/optimizer.hpp>

#include <algorithm>

using namespace ampvk;
using Kind = RecipeStep::Kind;
using When = RecipeStep::When;

static const OwnPass OwnPassTable[] = {
    {"function-variables-to-ssa", "scalar Function variables become SSA values",
     functionVariablesToSsa},
    {"unroll-counted-loops", "counted loops marked Unroll, one copy per trip", unrollCountedLoops},
    {"merge-straight-line-blocks", "a block with one successor that has one predecessor joins it",
     mergeStraightLineBlocks},
    {"decorate-float-operations", "float arithmetic and conversions get NoContraction",
     decorateFloatOperations},
    {"drop-arithmetic-no-contraction", "float arithmetic loses NoContraction (fp-contract=fast)",
     dropArithmeticNoContraction},
    {"finish-tile-barriers", "tile barriers order only the memory the tile shares",
     finishTileBarriers},
    {"shift-non-negative-divisions", "division of proven non-negative values by 2^k is a shift",
     shiftNonNegativeDivisions},
    {"narrow-widened-comparisons", "a sign-extended int in an ordered comparison: in 32 bits",
     narrowWidenedComparisons},
    {"hide-sign-extensions", "a 32-bit int widened to 64 bits by shifts and an or",
     hideSignExtensions},
    {"remove-dead-blocks", "blocks no path reaches, even through a merge instruction, go",
     removeDeadBlocks},
    {"exit-loops-at-header", "a bottom-tested loop leaves from its header, values through phis",
     exitLoopsAtHeader},
    {"split-composite-phis", "a vector or struct phi becomes one phi per component",
     splitCompositePhis},
};

llvm::ArrayRef<OwnPass> ampvk::ownPasses() { return OwnPassTable; }

const OwnPass *ampvk::findOwnPass(llvm::StringRef Name) {
  for (const OwnPass &P : OwnPassTable)
    if (Name == P.Name)
      return &P;
  return nullptr;
}

// SPIRV-Tools' legalization or performance recipe, asked of the library once
// per process: passRecipe() runs for every module a kernel ships.
static const std::vector<std::string> &spirvToolsRecipe(bool Performance) {
  auto Ask = [](bool Perf) {
    spvtools::Optimizer Recipe(SPV_ENV_VULKAN_1_1);
    if (Perf)
      Recipe.RegisterPerformancePasses();
    else
      Recipe.RegisterLegalizationPasses();
    std::vector<const char *> Names = Recipe.GetPassNames();
    return std::vector<std::string>(Names.begin(), Names.end());
  };
  static const std::vector<std::string> Legalization = Ask(false);
  static const std::vector<std::string> PerformanceNames = Ask(true);
  return Performance ? PerformanceNames : Legalization;
}

// SPIRV-Tools' legalization (and performance) recipe, asked of the library so
// that the pipeline stays its own, cut into segments where it has loop-unroll:
// between two segments the loops are unrolled (below), ours first. When the
// performance recipe follows, legalization's loop-unroll is left out. It
// unrolls for HLSL's sake (resources in local arrays), which an emitted
// kernel never needs, and the performance recipe unrolls the same loops
// (both unroll fully) half-way through; unrolled that early, a
// register-blocked kernel's bodies went through the first half of the
// performance recipe too, 40 % of the sgemm sample's compile. Every kernel of
// the samples, benchmarks and kernel tests came out with the same
// instructions either way (docs/performance.md, "Compile time").
//
// With UnrollInDriver nothing unrolls, so there is one segment: a fully
// unrolled register-blocked body is most of such a kernel's compile (the
// unroller and every pass after it walk the copies), and drivers unroll loops
// marked Unroll themselves (docs/performance.md, "Compile time").
static std::vector<std::vector<std::string>> spirvToolsSegments(const SpirvPipelineOptions &Opts) {
  std::vector<std::string> Names = spirvToolsRecipe(/*Performance=*/false);
  auto DropUnroll = [](std::vector<std::string> &From) {
    From.erase(std::remove(From.begin(), From.end(), "loop-unroll"), From.end());
  };
  if (Opts.Optimize) {
    DropUnroll(Names);
    const std::vector<std::string> &Performance = spirvToolsRecipe(/*Performance=*/true);
    Names.insert(Names.end(), Performance.begin(), Performance.end());
  }
  if (Opts.UnrollInDriver)
    DropUnroll(Names);
  std::vector<std::vector<std::string>> Segments(1);
  for (const std::string &Name : Names) {
    if (Name == "loop-unroll") {
      Segments.emplace_back();
      continue;
    }
    // The one pass whose name is not its flag.
    Segments.back().push_back(Name == "interp-fixup" ? "interpolate-fixup" : Name);
  }
  return Segments;
}

std::vector<RecipeStep> ampvk::passRecipe(const SpirvPipelineOptions &Opts) {
  std::vector<RecipeStep> R;
  auto Ours = [&](const char *Name, const char *Why, When C = When::Always) {
    R.push_back({Kind::Ours, Name, Why, C});
  };
  // Scalar locals become SSA values first: SPIRV-Tools' own promotion is
  // quadratic (FunctionVariablesToSsa.h). One validation covers both.
  Ours("function-variables-to-ssa", "SPIRV-Tools' promotion is quadratic in a kernel's locals");
  R.push_back({Kind::ValidateInput, "validate-emitted",
               "the optimizer assumes a valid module and may crash on another"});
  const std::vector<std::vector<std::string>> Segments = spirvToolsSegments(Opts);
  for (std::size_t I = 0; I < Segments.size(); ++I) {
    const char *Recipe = I == 0 ? "SPIRV-Tools' recipe" : "SPIRV-Tools' recipe, after the unroll";
    if (I > 0) {
      // Where the recipe unrolls: the counted loops the emitter marks Unroll
      // by our own pass (FullLoopUnroll.h), any other loop so marked by
      // SPIRV-Tools'. That one copies a loop body without its decorations,
      // and the next simplify-instructions would fuse the copies of a*b+c
      // into Fma (NoContraction.h), so float arithmetic is decorated again.
      Ours("unroll-counted-loops", "SPIRV-Tools' loop-unroll was half its time on sgemm");
      R.push_back({Kind::SpirvTools, "loop-unroll", "the loops ours leaves marked Unroll",
                   When::LoopsMarkedUnroll});
      Ours("decorate-float-operations", "SPIRV-Tools' unroll copies no NoContraction",
           When::AfterSpirvToolsUnroll);
    }
    const bool Dominated =
        std::count(Segments[I].begin(), Segments[I].end(), "redundancy-elimination") != 0;
    // Dominator-wide redundancy elimination is quadratic in deep dominator
    // trees (RedundancyEliminationCost.h); the block-local one is not. Asked
    // of the module as the unroll left it, so that the code stays what it
    // was: with the lines of blocks joined first (below) the trees are
    // shallow and the dominator-wide pass runs, and the sgemm sample's
    // kernels lost 11 % of their instructions but ran from 5 % slower to 1 %
    // faster on the H200 (docs/performance.md, "Compile time").
    if (Dominated)
      R.push_back({Kind::Measure, "redundancy-elimination-cost",
                   "dominator-wide redundancy elimination is quadratic in deep trees"});
    // A segment after the first begins with what a loop unroll left: each
    // copy of a body in the blocks of the loop, a line of thousands for a
    // register-blocked kernel, which every pass would walk block by block
    // (StraightLineBlocks.h).
    if (I > 0)
      Ours("merge-straight-line-blocks", "every later pass walks the unrolled copies' blocks");
    for (const std::string &Flag : Segments[I]) {
      // After an unroll, the variables scalar replacement splits off (a
      // register-blocked kernel's accumulators) are most of ssa-rewrite's
      // work, and its collection of target variables is quadratic in their
      // loads and stores (FunctionVariablesToSsa.h): ours takes them first.
      if (I > 0 && Flag == "ssa-rewrite")
        Ours("function-variables-to-ssa", "ssa-rewrite is quadratic in the split variables");
      if (Flag == "redundancy-elimination") {
        R.push_back({Kind::SpirvTools, Flag, Recipe, When::DominatorWideAffordable,
                     "local-redundancy-elimination"});
      } else if (Flag == "if-conversion") {
        // Quadratic in deep dominator trees, also where it converts nothing
        // (IfConversionWork.h): asked first, and left out when it would not
        // change the module.
        R.push_back({Kind::Measure, "if-conversion-work",
                     "if-conversion walks deep dominator trees even to change nothing"});
        R.push_back({Kind::SpirvTools, Flag, Recipe, When::IfConversionMayChange});
      } else
        R.push_back({Kind::SpirvTools, Flag, Recipe});
    }
    Ours("decorate-float-operations", "SPIRV-Tools' passes drop NoContraction from what they make");
  }
  // SPIRV-Tools' merge-blocks can leave a dead block branching into a loop's
  // continue target, which its validator rejects, and nothing after the last
  // one removes it (DeadBlocks.h).
  const bool MergesBlocks =
      std::any_of(Segments.begin(), Segments.end(), [](const std::vector<std::string> &S) {
        return std::count(S.begin(), S.end(), "merge-blocks") != 0;
      });
  if (MergesBlocks)
    Ours("remove-dead-blocks", "merge-blocks leaves dead branches into continue targets");
  R.push_back({Kind::Finish, "finish", "a kernel's variants are finished one by one from here"});
  Ours("finish-tile-barriers", "wait()'s memory semantics read the variant's Aliased views");
  if (Opts.Optimize)
    Ours("shift-non-negative-divisions", "OpSDiv by 2^k of a value known >= 0 is a shift");
  // Also unoptimized: lavapipe gets the 64-bit form wrong (WidenedComparisons.h).
  Ours("narrow-widened-comparisons", "lavapipe misjudges (long)i < 5L; the 32-bit form is exact");
  // In every module: a kernel without loops has no variant of lavapipe's own.
  Ours("hide-sign-extensions", "lavapipe folds comparisons of an up-cast int wrongly");
  if (Opts.FpContractFast)
    Ours("drop-arithmetic-no-contraction", "fp-contract=fast lets the driver fuse");
  // Only in the module lavapipe runs: when its lanes leave a loop at different
  // times, it gives a value of a bottom-tested loop's body, read after the
  // loop, from a later iteration (LoopExits.h), and carries a vector around a
  // loop wrongly (CompositePhis.h; after the turn, which adds phis).
  if (Opts.ForDevicesThatCutLoops) {
    Ours("exit-loops-at-header", "lavapipe reads a bottom-tested loop's values wrongly after it");
    Ours("split-composite-phis", "lavapipe carries composite phis wrongly in divergent loops");
  }
  R.push_back({Kind::Validate, "validate", "every module the image ships passes spirv-val"});
  return R;
}
