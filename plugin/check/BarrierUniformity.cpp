//===- BarrierUniformity.cpp - Barriers every thread of a tile reaches ----===//
//
// A tile_barrier wait is a workgroup barrier: every thread of the tile must
// reach it, or the tile hangs (or worse, on some devices, goes on with
// garbage). C++ AMP §8.1.1 requires the control flow around a barrier to be
// tile-uniform; Microsoft's compiler rejected barriers under conditions that
// depend on the thread's position (error C3561). Here:
//   - under control flow that depends on tiled_index::local/global (directly,
//     through values computed from them, or through an early
//     return/break/continue only some threads take): an error;
//   - under control flow that is not provably uniform (a value read from an
//     array or array_view, tile_static memory written since the last barrier,
//     ...): a warning, -Wbarrier-divergence.
//
//===----------------------------------------------------------------------===//
#include "TileAnalysis.h"

#include <map>

using namespace clang;
using namespace ampvk;

namespace {
class BarrierListener : public TileListener {
public:
  BarrierListener() = default;

  void onBarrier(const CallExpr *E, const FunctionDecl *Barrier, Uni Reach,
                 llvm::ArrayRef<CallSite> Stack) override {
    if (Reach.uniform())
      return;
    Found &F = Map[E->getExprLoc().getRawEncoding()];
    if (F.E && F.Reach.L >= Reach.L)
      return;
    F.E = E;
    F.Barrier = Barrier;
    F.Reach = Reach;
    F.Stack.assign(Stack.begin(), Stack.end());
  }

  void discard() override { Map.clear(); }

  void finish(CheckContext &C, const Kernel &) override {
    for (auto &KV : Map) {
      const Found &F = KV.second;
      bool Divergent = F.Reach.L == Level::Divergent;
      C.Diags.report(F.E->getExprLoc(),
                     Divergent ? ampdiag::err_barrier_divergent : ampdiag::warn_barrier_divergence)
          << F.Barrier->getNameAsString() << F.E->getSourceRange();
      if (!C.Diags.lastReported())
        continue;
      if (const Expr *Cause = F.Reach.Cause)
        C.Diags.report(Cause->getExprLoc(), ampdiag::note_barrier_condition)
            << Divergent << Cause->getSourceRange();
      noteCallStack(C, F.Stack);
    }
    Map.clear();
  }

private:
  struct Found {
    const CallExpr *E = nullptr;
    const FunctionDecl *Barrier = nullptr;
    Uni Reach;
    std::vector<CallSite> Stack;
  };
  std::map<unsigned, Found> Map;
};
} // namespace

std::unique_ptr<TileListener> ampvk::makeBarrierUniformityListener(CheckContext &) {
  return std::make_unique<BarrierListener>();
}
