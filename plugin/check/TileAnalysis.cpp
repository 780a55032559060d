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

bool ampvk::analyzeTiledKernel(CheckContext &C, const KernelInfo &K,
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
  llvm::DenseSet<const FunctionDecl *> Done;
  for (const KernelInfo &K : C.Kernels) {
    if (!K.Valid || !K.Tiled || !K.CallOperator)
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
      continue;
    }
    for (TileListener *L : Ls)
      L->finish(C, K);
  }
}
