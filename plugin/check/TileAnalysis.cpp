//===- TileAnalysis.cpp - Running the tile-uniformity interpreter ---------===//
//
// See TileAnalysis.h. The interpreter is deliberately conservative in one
// direction only: a value is Divergent only when it depends on
// tiled_index::local/global (or on the control flow those decide); anything
// it cannot follow is Unknown, never Divergent. Errors are given for
// Divergent only, warnings for Unknown.
//
// The interpreter itself is TileInterpreter.h and TileInterpreter*.cpp; this
// file runs it over each tiled kernel with the listeners.
//
//===----------------------------------------------------------------------===//
#include "TileAnalysis.h"
#include "TileInterpreter.h"

#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ampvk;

bool ampvk::analyzeTiledKernel(CheckContext &C, const Kernel &K,
                               llvm::ArrayRef<TileListener *> Listeners) {
  tile::Interpreter I(C, Listeners);
  return I.run(K);
}

void ampvk::noteCallStack(CheckContext &C, llvm::ArrayRef<CallSite> Stack) {
  // Stack[0] is the kernel; Stack[i] was called at Stack[i].Loc.
  for (size_t I = Stack.size(); I-- > 1;)
    C.Diags.report(Stack[I].Loc, ampdiag::note_called_here) << describeFunction(Stack[I].Callee);
}

void ampvk::checkTiledKernels(CheckContext &C) {
  // After an error the AST holds recovery nodes the interpreter can only call
  // Unknown, so its warnings would be noise about code already rejected (a
  // barrier under a condition that did not compile, a store that was
  // dropped). Like Clang's own analysis-based warnings, they are skipped
  // then; its errors need a proof of divergence and still go out. Warnings
  // that -Werror made errors do not count: that code compiles.
  C.Diags.setWarningsSuppressed(C.HadHardErrorsBefore || C.Diags.hardErrorCount() > 0);
  llvm::DenseSet<const FunctionDecl *> Done;
  for (const Kernel &K : C.Kernels) {
    if (!C.ValidKernels.count(&K) || !K.Tiled || !K.CallOperator)
      continue;
    const FunctionDecl *Op = definitionOf(K.CallOperator);
    if (!Op || !Op->getBody() || Op->isDependentContext() || !Done.insert(Op).second)
      continue;
    if (Op->isInvalidDecl())
      continue;
    auto Barriers = makeBarrierUniformityListener(C);
    auto Races = makeTileStaticRaceListener(C);
    TileListener *Ls[] = {Barriers.get(), Races.get()};
    if (!analyzeTiledKernel(C, K, Ls)) {
      for (TileListener *L : Ls)
        L->discard();
      C.Diags.report(K.LaunchLoc, ampdiag::warn_tile_analysis_incomplete)
          << static_cast<unsigned>(tile::Interpreter::MaxSteps);
      continue;
    }
    for (TileListener *L : Ls)
      L->finish(C, K);
  }
  C.Diags.setWarningsSuppressed(false);
}
