//===- TileInterpreterIndexes.cpp - Reads of other threads' slots --------===//
//
// The neighbour-slot race, proved at compile time: every thread of a tile
// reads a one-dimensional tile_static array at its own position plus a
// constant (`s[l + 1]`, `s[(l + 1) % T]`, l = tiled_index::local[d]), and
// later, with no barrier on any path between, every thread writes it at
// another such index (`s[l]`), or the same with the write first. Then thread
// l + 1 writes the slot thread l reads, and the two accesses are not
// ordered: a race, whatever the device's order. A published pattern has the read at the end of a helper, after its
// last barrier, and the write at the start of its next call.
//
// The interpreter keeps, per integer local, the ThreadIndex it holds when
// that is the same on every path (State::Indexes), and per tile_static
// variable the reads and plain writes every thread made since the last
// barrier on every path (TileFlags::ThreadReads and ThreadWrites,
// intersected where paths meet). Reads under
// control flow only some threads take are not kept, and writes under such
// control flow are not judged: the warning is for what is certain.
//
//===----------------------------------------------------------------------===//
#include "TileInterpreter.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/ExprCXX.h"

#include <cstdlib>

using namespace clang;
using namespace ampvk;
using namespace ampvk::tile;

namespace {
// Offsets beyond this are not worth tracking (and cannot overflow).
constexpr std::int64_t MaxOffset = std::int64_t(1) << 30;
} // namespace

std::optional<ThreadIndex> Interpreter::threadIndexOf(const Expr *E, const State &S) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, C.Ctx)) {
    llvm::APSInt V = R.Val.getInt();
    if (V.getSignificantBits() > 32)
      return std::nullopt;
    ThreadIndex Constant;
    Constant.Offset = V.getExtValue();
    return Constant;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = S.Indexes.find(DRE->getDecl());
    if (It == S.Indexes.end())
      return std::nullopt;
    return It->second;
  }
  // tiled_index::local[d]
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2)
      return std::nullopt;
    const auto *ME = dyn_cast<MemberExpr>(OC->getArg(0)->IgnoreParenImpCasts());
    if (!ME || ME->getMemberDecl()->getName() != "local" || !isTiledIndex(ME->getBase()->getType()))
      return std::nullopt;
    std::optional<ThreadIndex> D = threadIndexOf(OC->getArg(1), S);
    if (!D || D->Dim >= 0 || D->Offset < 0 || D->Offset >= TileRank)
      return std::nullopt;
    ThreadIndex Local;
    Local.Dim = static_cast<int>(D->Offset);
    return Local;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  std::optional<ThreadIndex> L = threadIndexOf(BO->getLHS(), S);
  std::optional<ThreadIndex> R2 = L ? threadIndexOf(BO->getRHS(), S) : std::nullopt;
  if (!L || !R2 || R2->Dim >= 0 || L->Mod || std::abs(R2->Offset) > MaxOffset ||
      std::abs(L->Offset) > MaxOffset)
    return std::nullopt;
  ThreadIndex Out = *L;
  switch (BO->getOpcode()) {
  case BO_Add:
    Out.Offset += R2->Offset;
    return Out;
  case BO_Sub:
    Out.Offset -= R2->Offset;
    return Out;
  case BO_Rem:
    // local + c with c >= 0 is never negative: % is the modulus.
    if (L->Dim < 0 || L->Offset < 0 || R2->Offset <= 0)
      return std::nullopt;
    Out.Mod = R2->Offset;
    return Out;
  default:
    return std::nullopt;
  }
}

const VarDecl *Interpreter::threadSlotAccess(const Expr *E, const State &S, ThreadIndex &Index) {
  const auto *ASE = E ? dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts()) : nullptr;
  if (!ASE)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return nullptr;
  if (!isTileStatic(VD)) {
    // A reference parameter bound to the whole variable.
    const Frame &Fn = function();
    auto Bound = Fn.TileRefs.find(VD);
    if (Bound == Fn.TileRefs.end() || !Bound->second.Whole || !Bound->second.Addr.uniform())
      return nullptr;
    VD = cast<VarDecl>(Bound->second.Root);
  }
  const auto *AT = C.Ctx.getAsConstantArrayType(VD->getType());
  if (!AT || AT->getElementType()->isArrayType())
    return nullptr;
  std::optional<ThreadIndex> I = threadIndexOf(ASE->getIdx(), S);
  if (!I || I->Dim < 0)
    return nullptr;
  Index = *I;
  return VD;
}

bool Interpreter::otherThreadsSlot(const ThreadIndex &Read, const ThreadIndex &Write) const {
  if (Read.Dim != Write.Dim || Read.Dim < 0 || Read.Dim >= TileRank)
    return false;
  const std::int64_t T = TileExtent[Read.Dim];
  if (T < 2)
    return false;
  // Thread l reads slot l + r (or (l + r) % T), thread l' writes slot l' + w
  // (or (l' + w) % T); a slot both reach from different threads exists when
  // the indexes stay within one tile's reach and differ modulo T. Without a
  // modulus on either side the two threads are r - w apart, within the tile.
  auto InReach = [&](const ThreadIndex &I) {
    return I.Mod ? I.Mod == T : I.Offset > -T && I.Offset < T;
  };
  if (!InReach(Read) || !InReach(Write))
    return false;
  const std::int64_t D = Read.Offset - Write.Offset;
  if (!Read.Mod && !Write.Mod)
    return D != 0 && D < T && -D < T;
  return (D % T + T) % T != 0;
}

void Interpreter::noteThreadAccess(const Expr *E, State &S, bool Write) {
  if (!S.Reach.uniform())
    return; // not every thread makes it
  // The place an assignment or increment writes.
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    E = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(E))
    E = UO->getSubExpr();
  ThreadIndex Index;
  const VarDecl *VD = threadSlotAccess(E, S, Index);
  if (!VD)
    return;
  TileFlags &Fl = S.Tiles[VD];
  if (Fl.Escaped)
    return;
  // A write meets the reads, a read the writes.
  if (!quiet())
    for (const ThreadRead &Other : Write ? Fl.ThreadReads : Fl.ThreadWrites)
      if (Write ? otherThreadsSlot(Other.Index, Index) : otherThreadsSlot(Index, Other.Index))
        for (TileListener *L : Listeners)
          L->onThreadSlotRace(VD, Other.E, E, /*ReadFirst=*/Write, Stack);
  llvm::SmallVector<ThreadRead, 2> &Mine = Write ? Fl.ThreadWrites : Fl.ThreadReads;
  ThreadRead This{Index, E};
  if (!llvm::is_contained(Mine, This))
    Mine.push_back(This);
}

void Interpreter::setThreadIndex(const ValueDecl *D, const Expr *Value, State &S) {
  if (!D->getType()->isIntegralOrEnumerationType() || !S.Reach.uniform())
    return; // only what every thread computes alike is kept
  if (std::optional<ThreadIndex> I = threadIndexOf(Value, S))
    S.Indexes[D] = *I;
}
