//===- TileInterpreterAtomics.cpp - concurrency::atomic_* calls -----------===//
//
// Atomic operations are C++ AMP's race-free way for many threads to update
// one tile_static place, so they are no stores for -Wtile-static-race. They
// still read the place (an atomic on a tile_static variable nobody
// initialized reads garbage: -Wtile-static-uninitialized) and leave it
// written since the last barrier, so a plain read before the next barrier is
// judged as after any other write by other threads. `&x` given to an atomic
// does not make x escape: the operation is the whole use.
//
//===----------------------------------------------------------------------===//
#include "TileInterpreter.h"

#include "clang/AST/Expr.h"

using namespace clang;
using namespace ampvk;
using namespace ampvk::tile;

Interpreter::CallResult Interpreter::evalAtomic(const CallExpr *CE, llvm::StringRef Intrinsic,
                                                State &S) {
  CallResult R;
  // The places given as `&place`: the destination, and compare_exchange's
  // expected value, which it writes.
  unsigned PlaceArgs = Intrinsic == "atomic.compare_exchange" ? 2 : 1;
  llvm::SmallVector<std::pair<unsigned, LV>, 2> Places;
  Uni Operands;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    const auto *Addr = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
    if (I < PlaceArgs && Addr && Addr->getOpcode() == UO_AddrOf &&
        Addr->getSubExpr()->isGLValue()) {
      LV Place = evalLV(Addr->getSubExpr(), S);
      Operands |= Place.Addr;
      Places.push_back({I, Place});
    } else {
      Operands |= eval(A, S);
    }
  }
  if (!S.Live)
    return R;
  // Every thread may get a different old value.
  R.Ret = Uni::join(Uni(Level::Unknown), Operands);
  for (auto &[Index, Place] : Places) {
    if (Index == 1) {
      store(Place, R.Ret, CE, S, /*RMW=*/false, /*Weak=*/true);
      continue;
    }
    load(Place, CE, S);
    if (Place.K != LV::Tile)
      continue;
    TileFlags &Fl = S.Tiles[cast<VarDecl>(Place.Root)];
    Fl.Written = true;
    Fl.Unsynced = true;
    Fl.LastWrite = CE->getExprLoc();
  }
  return R;
}
