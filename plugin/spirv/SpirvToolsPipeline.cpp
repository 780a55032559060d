//===- SpirvToolsPipeline.cpp ---------------------------------------------===//
#include "SpirvToolsPipeline.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

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

SpirvPipelineResult ampvk::runSpirvPipeline(const std::vector<std::uint32_t> &Words,
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
  if (!Tools.Validate(Words.data(), Words.size(), Emitted)) {
    R.Messages = "spirv-val rejected the emitted module (before optimization):\n" +
                 EmittedMessages;
    return R;
  }
  spvtools::Optimizer Opt(TargetEnv);
  Opt.SetMessageConsumer(collectInto(R.Messages));
  Opt.RegisterLegalizationPasses();
  if (PipelineOpts.Optimize)
    Opt.RegisterPerformancePasses();
  spvtools::OptimizerOptions Options;
  // Validated above (the emitter's module) and below (the final module).
  Options.set_run_validator(false);
  // SPIRV-Tools has crashed on valid modules before (its constant folder
  // divided INT_MIN by -1); a crash must cost one kernel, not the compiler,
  // and never send the user to LLVM's bug tracker.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext Recovery;
  bool Optimized = false;
  bool Survived = Recovery.RunSafely([&] {
    if (PipelineOpts.CrashForTest)
      std::raise(SIGSEGV);
    Optimized = Opt.Run(Words.data(), Words.size(), &R.Words, Options);
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

std::string ampvk::disassemble(const std::vector<std::uint32_t> &Words) {
  spvtools::SpirvTools Tools(TargetEnv);
  std::string Text;
  if (!Tools.Disassemble(Words, &Text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES))
    return "<could not disassemble>";
  return Text;
}
