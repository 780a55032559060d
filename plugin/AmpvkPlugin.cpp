//===- AmpvkPlugin.cpp - The ampvk Clang plugin ---------------------------===//
//
// Runs before CodeGen (AddBeforeMainAction) on the finished AST:
// As each declaration is parsed (or instantiated): point CPU code that calls
// an overload set on restriction at its restrict(cpu) member (overload/).
//   0. check that <amp.h> speaks this plugin's contract (attrs/), and find the
//      kernels the translation unit launches (kernel/)
//   1. check the restrict(amp) rules (check/)
//   2. compile every kernel to SPIR-V (emit/), legalize/optimize/validate (spirv/,
//      the kernels side by side on several threads: KernelModules.h)
//   3. embed each kernel image in the host object (embed/)
//
// Options: -fplugin-arg-ampvk-dump-spirv=DIR  writes each kernel's SPIR-V there, named
//                                             after its source location, and DIR/index.txt
//          -fplugin-arg-ampvk-no-opt          legalization only, no optimization
//          -fplugin-arg-ampvk-check           bounds checks, on when AMPVK_CHECK=1
//          -fplugin-arg-ampvk-fp-contract=fast  lets the driver fuse float a*b+c
//          -fplugin-arg-ampvk-fp-contract=off   every float operation rounded (default)
//          -fplugin-arg-ampvk-jobs=N          compiles kernels' SPIR-V on N threads
//                                             (default: one per processor)
//          -fplugin-arg-ampvk-Wno-NAME        silences the ampvk warning NAME
//          -fplugin-arg-ampvk-Werror=NAME     makes the ampvk warning NAME an error
//          -fplugin-arg-ampvk-Werror          makes every ampvk warning an error
//                                             (names: diag/Warnings.def, docs/diagnostics.md)
//
// When checking found errors (or Clang did), no kernel is compiled: the
// emitter's "not supported yet" would only repeat them.
//
//===----------------------------------------------------------------------===//
#include "diag/AmpDiagnostics.h"
#include "emit/KernelEmitter.h"
#include "kernel/Kernel.h"
#include "kernel/KernelSource.h"
#include "attrs/LibraryContract.h"
#include "check/RestrictExpansion.h"
#include "check/RestrictionChecker.h"
#include "embed/KernelImageEmbedder.h"
#include "embed/KernelImageWriter.h"
#include "overload/ResolveCpuCalls.h"
#include "spirv/KernelModules.h"
#include "spirv/SpirvDump.h"
#include "spirv/SpirvToolsPipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace ampvk;

namespace {

struct PluginOptions {
  std::string DumpDir;
  SpirvPipelineOptions Pipeline;
  WarningOptions Warnings;
  bool BoundsChecks = false;
  // Kernels catch a loop a driver cuts short (emit/LoopWitness.cpp).
  bool LoopWitness = true;
  unsigned Threads = defaultKernelThreads();
};

class AmpvkConsumer : public SemaConsumer {
public:
  AmpvkConsumer(CompilerInstance &CI, PluginOptions Opts,
                std::shared_ptr<RestrictMacroLog> Log)
      : CI(CI), Opts(std::move(Opts)), Log(std::move(Log)) {}

  // Before CodeGen, which emits a non-inline function as soon as it is parsed
  // (Sema passes each template instantiation's definition here too).
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG)
      resolveCpuCalls(D, TheSema);
    return true;
  }
  void InitializeSema(Sema &S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    AmpDiagnostics Diags(CI.getDiagnostics(), Opts.Warnings);
    LibraryFiles Library;
    if (!checkLibraryContract(Ctx, Diags, Library))
      return;
    std::vector<Kernel> Kernels = findKernels(Ctx);
    checkRestrictions(Ctx, Diags, Kernels, Library, Log.get(), Diags.hasErrors());
    if (Diags.hasErrors())
      return;
    // Emitted here, compiled on several threads (KernelModules.h), taken back
    // here in kernel order; one job per kernel, empty where emission failed.
    std::vector<std::optional<KernelCode>> Codes;
    std::vector<KernelModuleJob> Jobs(Kernels.size());
    for (std::size_t I = 0; I < Kernels.size(); ++I) {
      std::optional<KernelCode> &Code =
          Codes.emplace_back(emitKernel(Ctx, Diags, Kernels[I], Library));
      if (!Code)
        continue;
      Jobs[I].Emitted = std::move(Code->Spirv);
      if (needsAliasedVariant(*Code))
        Jobs[I].AliasedViews = Code->Captures.bufferBinding();
      Jobs[I].LoopWitness = Code->LoopWitness;
    }
    compileKernelModules(Jobs, Opts.Threads, Opts.Pipeline);

    SpirvDump Dump(Opts.DumpDir);
    for (std::size_t I = 0; I < Kernels.size(); ++I) {
      const Kernel &K = Kernels[I];
      std::optional<KernelCode> &Code = Codes[I];
      if (!Code)
        continue;
      const KernelSource Source = kernelSource(Ctx, K);
      const std::string Name = Dump.enabled() ? Dump.nameFor(Source, K.Tiled) : std::string();
      bool Ok = true;
      for (KernelModule &M : Jobs[I].Modules)
        Ok = Ok && finishModule(Diags, K, M, Dump, Name, moduleFor(*Code, M));
      if (!Ok || Diags.hasErrors())
        continue;
      if (!embedKernelImage(Ctx, K.ImageFunction, writeKernelImage(K, *Code, Source)))
        Diags.internal(K.LaunchLoc, "kernel_image<> has an unexpected shape");
    }
    if (Dump.enabled())
      if (std::string Error = Dump.writeIndex(); !Error.empty())
        Diags.report(SourceLocation(), ampdiag::err_dump_write)
            << Opts.DumpDir + "/index.txt" << Error;
  }

private:
  // Where a kernel's module goes.
  static std::vector<std::uint32_t> &moduleFor(KernelCode &Code, const KernelModule &M) {
    if (M.Witnessed)
      return M.Aliased ? Code.WitnessAliasedSpirv : Code.WitnessSpirv;
    return M.Aliased ? Code.AliasedSpirv : Code.Spirv;
  }

  // Takes the module SPIRV-Tools made into Out (and the dump); diagnoses
  // failures.
  bool finishModule(AmpDiagnostics &Diags, const Kernel &K, KernelModule &M, SpirvDump &Dump,
                    const std::string &Name, std::vector<std::uint32_t> &Out) {
    SpirvPipelineResult &R = M.Result;
    if (Dump.enabled()) {
      std::string Path;
      if (std::string Error = Dump.write(Name, M.Aliased, M.Witnessed, R.Ok ? R.Words : M.Input, Path);
          !Error.empty())
        Diags.report(K.LaunchLoc, ampdiag::err_dump_write) << Path << Error;
    }
    if (!R.Ok) {
      Diags.internal(K.CallOperator->getLocation(),
                     "the kernel's SPIR-V did not pass SPIRV-Tools:\n" + R.Messages +
                         "module:\n" + disassemble(M.Input));
      return false;
    }
    Out = std::move(R.Words);
    return true;
  }

  // A kernel that writes a texture it first read as a sampled image is
  // emitted again with that texture a storage image (TextureIntrinsics.cpp).
  std::optional<KernelCode> emitKernel(ASTContext &Ctx, AmpDiagnostics &Diags, const Kernel &K,
                                       const LibraryFiles &Library) {
    KernelEmitter First(Ctx, Diags, K, Library, Opts.BoundsChecks, Opts.LoopWitness);
    std::optional<KernelCode> Code = First.run();
    if (!Code || First.writtenSampledTextures().empty())
      return Code;
    KernelEmitter Again(Ctx, Diags, K, Library, Opts.BoundsChecks, Opts.LoopWitness);
    Again.setStorageTextures(First.writtenSampledTextures());
    return Again.run();
  }

  // Two bindings may turn out to be views of the same data, and SPIR-V assumes
  // storage buffers do not alias unless decorated; only a kernel that writes
  // one of two bindings it accesses can observe the difference (a captured
  // view the kernel never touches cannot).
  static bool needsAliasedVariant(const KernelCode &Code) {
    unsigned Accessed = 0;
    bool Writes = false;
    for (const CaptureBinding &B : Code.Captures.Bindings) {
      Accessed += B.Access != 0;
      Writes |= (B.Access & binding_writes) != 0;
    }
    return Accessed >= 2 && Writes;
  }

  CompilerInstance &CI;
  PluginOptions Opts;
  std::shared_ptr<RestrictMacroLog> Log;
  Sema *TheSema = nullptr;
};

// The predefines with the plugin's macros where Clang's own end: before the
// command line's -D and -U, and so before the headers of -include (and the
// -include-pch) that Clang lists after them, which must see `restrict` as
// the main file does (a CMake precompiled header, a prefix header).
static std::string withRestrictMacros(llvm::StringRef Predefines) {
  constexpr llvm::StringLiteral CommandLine = "# 1 \"<command line>\" 1\n";
  std::size_t At = Predefines.find(CommandLine);
  if (At == llvm::StringRef::npos)
    return (Predefines + restrictMacroDefinitions()).str();
  return (Predefines.take_front(At) + restrictMacroDefinitions() + Predefines.drop_front(At))
      .str();
}

class AmpvkAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    auto Log = std::make_shared<RestrictMacroLog>();
    // C++ AMP's `restrict` needs no #include (the predefines are read when
    // the main file is entered, after this).
    if (CI.getLangOpts().CPlusPlus)
      CI.getPreprocessor().setPredefines(
          withRestrictMacros(CI.getPreprocessor().getPredefines()));
    CI.getPreprocessor().addPPCallbacks(watchRestrictMacro(CI.getPreprocessor(), Log,
                                                           Opts.Warnings));
    return std::make_unique<AmpvkConsumer>(CI, Opts, Log);
  }

  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args) {
      llvm::StringRef A(Arg);
      if (A.consume_front("dump-spirv="))
        Opts.DumpDir = A.str();
      else if (A == "check")
        Opts.BoundsChecks = true;
      else if (A == "loop-witness=off" || A == "loop-witness=on")
        Opts.LoopWitness = A == "loop-witness=on";
      else if (A == "no-opt")
        Opts.Pipeline.Optimize = false;
      else if (A == "fp-contract=fast" || A == "fp-contract=off")
        Opts.Pipeline.FpContractFast = A == "fp-contract=fast";
      else if (A == "unroll=driver" || A == "unroll=compiler")
        Opts.Pipeline.UnrollInDriver = A == "unroll=driver";
      else if (unsigned N; A.starts_with("jobs=") && !A.drop_front(5).getAsInteger(10, N) && N > 0)
        Opts.Threads = N;
      else if (A == "test-crash-spirv-tools")
        Opts.Pipeline.CrashForTest = true;
      else if (A == "Werror")
        for (bool &AsError : Opts.Warnings.AsError)
          AsError = true;
      else if (AmpWarning W; (A.starts_with("Wno-") && warningByName(A.drop_front(4), W)))
        Opts.Warnings.Disabled[static_cast<unsigned>(W)] = true;
      else if (AmpWarning W; (A.starts_with("Werror=") && warningByName(A.drop_front(7), W)))
        Opts.Warnings.AsError[static_cast<unsigned>(W)] = true;
      else {
        AmpDiagnostics(CI.getDiagnostics()).report(SourceLocation(), ampdiag::err_plugin_argument)
            << Arg << allWarningNames();
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  PluginOptions Opts;
};

} // namespace

static FrontendPluginRegistry::Add<AmpvkAction> X("ampvk", "C++ AMP for Vulkan");
