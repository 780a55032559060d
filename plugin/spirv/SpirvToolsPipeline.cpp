//===- SpirvToolsPipeline.cpp ---------------------------------------------===//
#include "SpirvToolsPipeline.h"
#include "spirv/PassRecipe.h"
#include "spirv/passes/FullLoopUnroll.h"
#include "spirv/passes/IfConversionWork.h"
#include "spirv/passes/RedundancyEliminationCost.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <algorithm>
#include <csignal>
#include <optional>

using namespace ampvk;
using Kind = RecipeStep::Kind;
using When = RecipeStep::When;

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

namespace {
// Runs recipe steps on one module (PassRecipe.h). SPIRV-Tools' steps in a row
// run as one optimizer: each stop costs a round trip through the binary.
class RecipeRunner {
public:
  RecipeRunner(SpirvModule &M, std::string &Messages) : M(M), Messages(Messages) {
    // Validated before (the emitter's module) and after (the final module).
    Options.set_run_validator(false);
  }
  bool run(const RecipeStep &Step);
  // Runs the SPIRV-Tools steps still pending.
  bool flush();

private:
  SpirvModule &M;
  std::string &Messages;
  spvtools::OptimizerOptions Options;
  std::vector<std::string> Pending; // SPIRV-Tools' flags
  bool SpirvToolsUnrolled = false;
  bool Affordable = true;
  bool IfConversionMayChange = true;
};
} // namespace

bool RecipeRunner::flush() {
  if (Pending.empty())
    return true;
  spvtools::Optimizer Opt(TargetEnv);
  Opt.SetMessageConsumer(collectInto(Messages));
  std::vector<std::string> Flags;
  Flags.swap(Pending);
  if (!Opt.RegisterPassesFromFlags(Flags)) {
    Messages += "  SPIRV-Tools does not know one of its own passes as a flag\n";
    return false;
  }
  std::vector<std::uint32_t> Out;
  if (!Opt.Run(M.words().data(), M.words().size(), &Out, Options))
    return false;
  M.replace(std::move(Out));
  return true;
}

bool RecipeRunner::run(const RecipeStep &Step) {
  if (Step.K != Kind::SpirvTools && !flush())
    return false;
  switch (Step.Condition) {
  case When::Always:
    break;
  case When::LoopsMarkedUnroll:
    SpirvToolsUnrolled = hasLoopsMarkedUnroll(M);
    if (!SpirvToolsUnrolled)
      return true;
    break;
  case When::AfterSpirvToolsUnroll:
    if (!SpirvToolsUnrolled)
      return true;
    break;
  case When::IfConversionMayChange:
    if (!IfConversionMayChange)
      return true;
    break;
  case When::DominatorWideAffordable:
    if (!Affordable) {
      Pending.push_back("--" + Step.Fallback);
      return true;
    }
    break;
  }
  switch (Step.K) {
  case Kind::Ours:
    if (const OwnPass *P = findOwnPass(Step.Name)) {
      P->Run(M);
      return true;
    }
    Messages += "  the pass recipe names an unknown pass of ours: " + Step.Name + "\n";
    return false;
  case Kind::SpirvTools:
    Pending.push_back("--" + Step.Name);
    return true;
  case Kind::Measure:
    if (Step.Name == "if-conversion-work")
      IfConversionMayChange = ifConversionMayChange(M);
    else
      Affordable = redundancyEliminationIsAffordable(M);
    return true;
  case Kind::ValidateInput:
  case Kind::Finish:
  case Kind::Validate:
    return true; // the pipeline's own (below)
  }
  return true;
}

// The steps between the first of kind From (or the start) and the first of
// kind To after it.
static std::pair<std::size_t, std::size_t> stepsBetween(const std::vector<RecipeStep> &Steps,
                                                        std::optional<Kind> From, Kind To) {
  std::size_t Begin = 0;
  if (From)
    while (Begin < Steps.size() && Steps[Begin++].K != *From)
      ;
  std::size_t End = Begin;
  while (End < Steps.size() && Steps[End].K != To)
    ++End;
  return {Begin, End};
}

static bool runSteps(SpirvModule &M, const std::vector<RecipeStep> &Steps,
                     std::pair<std::size_t, std::size_t> Range, std::string &Messages) {
  RecipeRunner Runner(M, Messages);
  for (std::size_t I = Range.first; I < Range.second; ++I)
    if (!Runner.run(Steps[I]))
      return false;
  return Runner.flush();
}

SpirvPipelineResult ampvk::optimizeSpirv(const std::vector<std::uint32_t> &Words,
                                         const SpirvPipelineOptions &PipelineOpts) {
  SpirvPipelineResult R;
  const std::vector<RecipeStep> Recipe = passRecipe(PipelineOpts);
  spvtools::SpirvTools Tools(TargetEnv);
  // The optimizer assumes a valid module and may crash on an invalid one, so an
  // emitter bug would take clang down instead of being reported. Check the
  // emitter's module first, with the relaxations that legalization resolves.
  std::string EmittedMessages;
  Tools.SetMessageConsumer(collectInto(EmittedMessages));
  spvtools::ValidatorOptions Emitted;
  Emitted.SetBeforeHlslLegalization(true);
  // What comes before (scalar locals becoming SSA values) is ours and checked
  // by the same validation; only a failure pays for telling them apart.
  SpirvModule Promoted(Words);
  if (!runSteps(Promoted, Recipe, stepsBetween(Recipe, std::nullopt, Kind::ValidateInput),
                R.Messages))
    return R;
  if (!Tools.Validate(Promoted.words().data(), Promoted.words().size(), Emitted)) {
    std::string Rejected = EmittedMessages;
    EmittedMessages.clear();
    bool EmitterFault = !Tools.Validate(Words.data(), Words.size(), Emitted);
    R.Messages = (EmitterFault ? "spirv-val rejected the emitted module (before optimization):\n"
                               : "spirv-val rejected the module after Function variables "
                                 "became SSA values:\n") +
                 (EmitterFault ? EmittedMessages : Rejected);
    return R;
  }

  // SPIRV-Tools has crashed on valid modules before (its constant folder
  // divided INT_MIN by -1); a crash must cost one kernel, not the compiler,
  // and never send the user to LLVM's bug tracker.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext Recovery;
  bool Optimized = false;
  bool Survived = Recovery.RunSafely([&] {
    if (PipelineOpts.CrashForTest)
      std::raise(SIGSEGV);
    Optimized = runSteps(Promoted, Recipe, stepsBetween(Recipe, Kind::ValidateInput, Kind::Finish),
                         R.Messages);
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
  R.Words = Promoted.take();
  R.Ok = true;
  return R;
}

SpirvPipelineResult ampvk::finishSpirv(std::vector<std::uint32_t> Optimized,
                                       const SpirvPipelineOptions &PipelineOpts) {
  SpirvPipelineResult R;
  const std::vector<RecipeStep> Recipe = passRecipe(PipelineOpts);
  SpirvModule Finished(std::move(Optimized));
  if (!runSteps(Finished, Recipe, stepsBetween(Recipe, Kind::Finish, Kind::Validate), R.Messages))
    return R;
  R.Words = Finished.take();
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
