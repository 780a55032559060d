//===- CheckContext.h - What the restriction rules share ------------------===//
//
// checkRestrictions() (RestrictionChecker.cpp) fills one CheckContext and runs
// the rule groups over it, each in its own file:
//
//   RestrictionSyntax.cpp     restrict(...) spelling, placement, redeclarations
//                             (while parsing, RestrictExpansion.cpp picks what each
//                             restrict(...) expands to, from RawTokens.h)
//   LibraryGaps.cpp           uses of C++ AMP API ampvk declares as not there yet
//   KernelSignatureRules.cpp  the kernels (kernel/Kernel.h): operator(), its parameter
//   CaptureRules.cpp          what a kernel (or an amp lambda) may capture
//   AmpTypeRules.cpp          types and declarations allowed in restrict(amp) code,
//                             element types of array and array_view
//   AmpBodyRules.cpp          expressions and statements of restrict(amp) bodies
//   PrintCallRules.cpp        direct3d_printf/errorf: the format against the arguments
//   CpuCallRules.cpp          CPU code calling functions that are restrict(amp) only
//   CallGraph.cpp             calls between functions: reachability from kernels,
//                             non-amp callees with the call chain, recursion
//   TileStaticRules.cpp       tile_static declarations
//   TileAnalysis.cpp          per tiled kernel: which values are the same for every
//                             thread of a tile, by the interpreter in
//                             TileInterpreter.h and TileInterpreter*.cpp (state
//                             and memory, Stmts, Exprs, Calls); feeds
//   BarrierUniformity.cpp     barriers under thread-dependent control flow, and
//   TileStaticRaces.cpp       races and uninitialized reads on tile_static memory
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_CHECKCONTEXT_H
#define AMPVK_PLUGIN_CHECK_CHECKCONTEXT_H

#include "diag/AmpDiagnostics.h"
#include "attrs/LibraryContract.h"
#include "kernel/Kernel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>
#include <vector>

namespace ampvk {

struct RestrictMacroLog;

// Which functions of the translation unit a rule judges (FunctionFinder.cpp).
enum class FunctionSet { Declarations, Definitions };

// The callee of a call from restrict(amp) code, as err_call_not_amp's
// %select says it.
enum class NonAmpCallee { Function, Constructor, TemporaryDestructor, LocalDestructor };

// A call from one function to another, as written (or implied: constructors,
// destructors of locals and temporaries).
struct CallEdge {
  const clang::FunctionDecl *Callee = nullptr;
  clang::SourceLocation Loc;
  clang::SourceRange Range;
};

struct CheckContext {
  CheckContext(clang::ASTContext &Ctx, AmpDiagnostics &Diags,
               const std::vector<Kernel> &Kernels, const LibraryFiles &Library)
      : Ctx(Ctx), Diags(Diags), Kernels(Kernels), Library(Library) {}

  clang::ASTContext &Ctx;
  AmpDiagnostics &Diags;

  const std::vector<Kernel> &Kernels;
  const LibraryFiles &Library; // where ampvk's own headers are
  bool isLibraryLocation(clang::SourceLocation Loc) const { return Library.contains(Loc); }
  // Kernels whose operator() is restrict(amp), defined, and fits the launch
  // (KernelSignatureRules.cpp); the tile analysis runs on these only.
  llvm::DenseSet<const Kernel *> ValidKernels;
  // Every restrict(amp) function definition to check (instantiations included,
  // dependent templates and intrinsics excluded), kernels' operator() first.
  llvm::SetVector<const clang::FunctionDecl *> AmpFunctions;
  // Calls made by each function in AmpFunctions (filled by AmpBodyRules).
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<CallEdge>> Calls;
  // For each function reachable from a kernel: the call that reaches it first
  // (breadth-first from the kernels) and the kernel it is reached from.
  struct Reach {
    const clang::FunctionDecl *Caller = nullptr; // null for a kernel's operator()
    CallEdge Edge;
    const ampvk::Kernel *Kernel = nullptr;
  };
  llvm::DenseMap<const clang::FunctionDecl *, Reach> Reachable;
  // The same, from the non-tiled kernels only.
  llvm::DenseMap<const clang::FunctionDecl *, Reach> ReachableNonTiled;

  // Calls from restrict(amp) code to functions that are not restrict(amp):
  // reported by CallGraph.cpp with the chain of calls from the kernel.
  struct NonAmpCall {
    const clang::FunctionDecl *Caller = nullptr;
    const clang::FunctionDecl *Callee = nullptr;
    clang::SourceLocation Loc;
    clang::SourceRange Range;
    // err_call_not_amp's arguments: which callee, its name (a function as
    // describeFunction() says it, a special member qualified), the local
    // variable whose destructor it is.
    NonAmpCallee What = NonAmpCallee::Function;
    std::string Name;
    std::string Var;
  };
  std::vector<NonAmpCall> NonAmpCalls;

  const RestrictMacroLog *MacroLog = nullptr;
  bool HadErrorsBefore = false; // Clang had reported errors before the plugin ran
  // ... of which some were real errors, not warnings made errors by -Werror.
  bool HadHardErrorsBefore = false;

  // Every function declaration (or definition) written in the translation
  // unit, in the order forEachFunctionIn finds them. Found in one walk for all
  // the rules that judge every function: a walk of the whole translation
  // unit, host code and all, cost as much as the rules themselves.
  const std::vector<const clang::FunctionDecl *> &functions(FunctionSet Set);

  // Notes "'f' is called from 'g' here" ... back to the kernel's launch.
  void noteCallChain(const clang::FunctionDecl *FD);
  void noteCallChain(const clang::FunctionDecl *FD,
                     const llvm::DenseMap<const clang::FunctionDecl *, Reach> &Map);

private:
  bool FunctionsFound = false;
  std::vector<const clang::FunctionDecl *> Declarations, Definitions;
};

// Canonical definition to key functions by.
const clang::FunctionDecl *definitionOf(const clang::FunctionDecl *FD);
// "'name'" of a function for messages (lambdas: "the lambda").
std::string describeFunction(const clang::FunctionDecl *FD);
// True for a record (array of records) Clang can lay out: complete, valid, not dependent.
bool isUsableRecord(const clang::RecordDecl *RD);
bool isInSystemHeader(clang::ASTContext &Ctx, clang::SourceLocation Loc);
// Calls Found with every function declaration, or every definition, under
// the declaration D (FunctionFinder.cpp; CheckContext::functions for the
// whole translation unit).
void forEachFunctionIn(const clang::Decl *D, FunctionSet Set,
                       llvm::function_ref<void(const clang::FunctionDecl *)> Found);
// Calls Found with the initializer of every namespace-scope variable and
// static data member under D (CPU code outside any function body; locals,
// static ones included, belong to their function's body).
void forEachGlobalInitializer(const clang::Decl *D,
                              llvm::function_ref<void(clang::Expr *)> Found);

// The rule groups, in the order checkRestrictions() runs them.
void checkRestrictionSyntax(CheckContext &C);
void checkLibraryGaps(CheckContext &C);
void checkKernelSignatures(CheckContext &C);
void checkKernelCaptures(CheckContext &C);
void collectAmpFunctions(CheckContext &C);
void checkAmpDeclarations(CheckContext &C);
// T of every array<T,N> / array_view<T,N> instantiated: something a kernel can
// hold in a buffer (C++ AMP §3.1), reported once at the point of instantiation.
void checkElementTypes(CheckContext &C);
void checkAmpBodies(CheckContext &C); // also fills C.Calls
void analyzeCallGraph(CheckContext &C);
void checkCpuCalls(CheckContext &C);
void checkTileStaticDeclarations(CheckContext &C);
void checkTiledKernels(CheckContext &C); // barriers and tile_static races

// Shared by CaptureRules (kernels) and AmpBodyRules (lambdas in amp code).
void checkLambdaCaptures(CheckContext &C, const clang::LambdaExpr *LE, bool IsKernel);
// PrintCallRules.cpp: direct3d_printf and direct3d_errorf calls. Target is
// one of them (isPrintCall); checks the format against the arguments and adds
// the string literals the call may hold (the format, %s arguments) to Allowed.
bool isPrintCall(const clang::FunctionDecl *Target);
const clang::StringLiteral *printFormatLiteral(const clang::CallExpr *CE);
void checkPrintCall(CheckContext &C, const clang::CallExpr *CE,
                    llvm::SmallPtrSetImpl<const clang::StringLiteral *> &Allowed);

} // namespace ampvk

#endif
