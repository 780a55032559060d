//===- TileInterpreter.cpp - Running a kernel; states, loads and stores ---===//
//
// The interpreter's memory: what a State holds at a program point, how the
// states of paths that meet are joined, and how loads and stores of each kind
// of place (a local, the object, tile_static memory, global memory) read and
// change it. tile_static loads and stores are reported to the listeners here.
//
//===----------------------------------------------------------------------===//
#include "TileInterpreter.h"

#include "attrs/AmpAttributes.h"

using namespace clang;
using namespace ampvk;
using namespace ampvk::tile;

State State::dead() {
  State S;
  S.Live = false;
  return S;
}

void State::joinWith(const State &O) {
  if (!O.Live)
    return;
  if (!Live) {
    *this = O;
    return;
  }
  Reach |= O.Reach;
  for (const auto &KV : O.Vars) {
    auto It = Vars.find(KV.first);
    if (It == Vars.end())
      Vars.insert(KV);
    else
      It->second |= KV.second;
  }
  for (const auto &KV : O.Tiles) {
    auto It = Tiles.find(KV.first);
    if (It == Tiles.end())
      Tiles.insert(KV).first->second.forgetThreadAccesses(); // none on this path
    else
      It->second.join(KV.second);
  }
  for (auto &KV : Tiles)
    if (!O.Tiles.count(KV.first))
      KV.second.forgetThreadAccesses();
  // What holds on both paths.
  llvm::SmallVector<const ValueDecl *, 4> Lost;
  for (const auto &KV : Indexes) {
    auto It = O.Indexes.find(KV.first);
    if (It == O.Indexes.end() || !(It->second == KV.second))
      Lost.push_back(KV.first);
  }
  for (const ValueDecl *D : Lost)
    Indexes.erase(D);
}

bool State::sameAs(const State &O) const {
  if (Live != O.Live)
    return false;
  if (!Live)
    return true;
  if (Reach.L != O.Reach.L || Vars.size() != O.Vars.size() || Tiles.size() != O.Tiles.size())
    return false;
  for (const auto &KV : Vars) {
    auto It = O.Vars.find(KV.first);
    if (It == O.Vars.end() || It->second.L != KV.second.L)
      return false;
  }
  for (const auto &KV : Tiles) {
    auto It = O.Tiles.find(KV.first);
    if (It == O.Tiles.end() || !(It->second == KV.second))
      return false;
  }
  if (Indexes.size() != O.Indexes.size())
    return false;
  for (const auto &KV : Indexes) {
    auto It = O.Indexes.find(KV.first);
    if (It == O.Indexes.end() || !(It->second == KV.second))
      return false;
  }
  return true;
}

bool Interpreter::run(const Kernel &K) {
  const CXXMethodDecl *Op = K.CallOperator;
  const FunctionDecl *Def = definitionOf(Op);
  if (!Def || !Def->getBody() || Def->getNumParams() == 0)
    return true;
  State S;
  TileRank = K.Rank;
  for (int D = 0; D < 3; ++D)
    TileExtent[D] = K.Tile[D];
  const ParmVarDecl *P = Def->getParamDecl(0);
  S.Vars[P] = Uni(Level::Divergent);
  Frames.push_back(Frame(FrameKind::Function));
  Frames.back().FD = Def;
  Frames.back().ThisCls = Uni(Level::Uniform); // the captures
  Stack.push_back(CallSite{Def, K.LaunchLoc});
  exec(Def->getBody(), S);
  Stack.pop_back();
  Frames.pop_back();
  return !GaveUp;
}

Frame &Interpreter::function() {
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (It->Kind == FrameKind::Function)
      return *It;
  return Frames.front();
}

bool Interpreter::isTiledIndex(QualType T) {
  if (T.isNull())
    return false;
  if (T->isPointerType())
    T = T->getPointeeType();
  return getAmpClassName(T.getNonReferenceType()) == "tiled_index";
}

bool Interpreter::isGlobalMemoryClass(QualType T) {
  llvm::StringRef N = getAmpClassName(T);
  return N == "array" || N == "array_view";
}

Uni Interpreter::varClass(const State &S, const ValueDecl *D) {
  auto It = S.Vars.find(D);
  if (It != S.Vars.end())
    return It->second;
  return Uni(); // captured values, constants, not yet assigned locals
}

Uni Interpreter::peek(const LV &Place, const State &S) {
  switch (Place.K) {
  case LV::Field:
    return Uni::join(Place.Value, Place.Addr);
  case LV::Local:
    return Uni::join(varClass(S, Place.Root), Place.Addr);
  case LV::This: {
    Frame &F = const_cast<Interpreter *>(this)->function();
    return Uni::join(Uni::join(F.ThisCls, F.ThisWrites), Place.Addr);
  }
  case LV::Tile: {
    const auto *VD = cast<VarDecl>(Place.Root);
    auto It = S.Tiles.find(VD);
    TileFlags Fl = It != S.Tiles.end() ? It->second : TileFlags();
    if (Place.Addr.uniform() && !Fl.Unsynced && !Fl.Escaped)
      return Uni();
    return Uni::join(Uni(Level::Unknown), Place.Addr);
  }
  case LV::Global:
  case LV::None:
    return Uni::join(Uni(Level::Unknown), Place.Addr);
  }
  return Uni(Level::Unknown);
}

Uni Interpreter::load(const LV &Place, const Expr *E, State &S) {
  if (Place.K == LV::Tile)
    noteThreadAccess(E, S, /*Write=*/false);
  if (Place.K == LV::Tile && !quiet()) {
    const auto *VD = cast<VarDecl>(Place.Root);
    TileFlags Fl = S.Tiles.lookup(VD);
    for (TileListener *L : Listeners)
      L->onTileLoad(VD, E, Place.Addr, Fl, Stack);
  }
  return peek(Place, S);
}

void Interpreter::escape(const LV &Place, State &S) {
  if (Place.K == LV::Tile)
    S.Tiles[cast<VarDecl>(Place.Root)].Escaped = true;
}

void Interpreter::store(const LV &Place, Uni V, const Expr *E, State &S, bool RMW, bool Weak) {
  Uni Reach = S.Reach;
  switch (Place.K) {
  case LV::Local: {
    S.Indexes.erase(Place.Root); // evalAssign and declare say what it holds now
    Uni &Slot = S.Vars[Place.Root];
    if (Place.Whole && Place.Addr.uniform() && !Weak)
      Slot = Uni::join(V, Reach);
    else
      Slot = Uni::join(Uni::join(Slot, V), Uni::join(Reach, Place.Addr));
    break;
  }
  case LV::This: {
    Frame &F = function();
    F.ThisWrites |= Uni::join(Uni::join(V, Reach), Place.Addr);
    break;
  }
  case LV::Tile: {
    const auto *VD = cast<VarDecl>(Place.Root);
    if (E)
      noteThreadAccess(E, S, /*Write=*/true);
    TileFlags &Fl = S.Tiles[VD];
    if (!quiet() && E)
      for (TileListener *L : Listeners)
        L->onTileStore(VD, E, Place.Addr, V, Reach, RMW, Fl, Stack);
    Fl.Written = true;
    Fl.Unsynced = true;
    if (Place.Addr.uniform() && Reach.uniform())
      Fl.UniformUnsynced = true;
    if (E)
      Fl.LastWrite = E->getExprLoc();
    break;
  }
  default:
    break;
  }
}
