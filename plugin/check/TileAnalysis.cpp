//===- TileAnalysis.cpp - The tile-uniformity interpreter -----------------===//
//
// See TileAnalysis.h. The interpreter is deliberately conservative in one
// direction only: a value is Divergent only when it depends on
// tiled_index::local/global (or on the control flow those decide); anything
// it cannot follow is Unknown, never Divergent. Errors are given for
// Divergent only, warnings for Unknown.
//
//===----------------------------------------------------------------------===//
#include "TileAnalysis.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>

using namespace clang;
using namespace ampvk;

namespace {

struct State {
  bool Live = true;
  Uni Reach;
  llvm::DenseMap<const ValueDecl *, Uni> Vars;
  llvm::DenseMap<const VarDecl *, TileFlags> Tiles;

  static State dead() {
    State S;
    S.Live = false;
    return S;
  }

  void joinWith(const State &O) {
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
        Tiles.insert(KV);
      else
        It->second.join(KV.second);
    }
  }

  bool sameAs(const State &O) const {
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
    return true;
  }
};

// Where an lvalue lives.
struct LV {
  enum Kind { None, Local, This, Tile, Global, Field } K = None;
  const ValueDecl *Root = nullptr; // Local: the variable; Tile: the tile_static variable
  Uni Addr;                        // class of the place (subscripts, pointers)
  Uni Value;                       // Field: the value (tiled_index members)
  bool Whole = true;               // the whole variable, not a part of it
};

enum class FrameKind { If, Loop, Switch, Function };

struct Frame {
  explicit Frame(FrameKind Kind) : Kind(Kind) {}
  FrameKind Kind;
  Uni Acc;       // If/Switch: reach of escapes passing through
  Uni BreakAcc;  // Loop: reach of breaks (later iterations lose those threads)
  Uni ReturnAcc; // Loop/Switch: reach of returns passing through
  State Breaks = State::dead();
  State Continues = State::dead();
  State SwitchEntry = State::dead();
  // Function frames.
  const FunctionDecl *FD = nullptr;
  Uni ThisCls;
  Uni ThisWrites;
  Uni RetCls;
  bool HasRetLV = false;
  LV RetLV;
  State Returns = State::dead();
};

class Interpreter {
public:
  Interpreter(CheckContext &C, llvm::ArrayRef<TileListener *> Listeners)
      : C(C), Listeners(Listeners) {}

  bool run(const KernelInfo &K) {
    const CXXMethodDecl *Op = K.CallOperator;
    const FunctionDecl *Def = definitionOf(Op);
    if (!Def || !Def->getBody() || Def->getNumParams() == 0)
      return true;
    State S;
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

private:
  // ---- helpers ----------------------------------------------------------
  bool quiet() const { return Quiet > 0 || GaveUp; }
  bool step() {
    if (++Steps > 400000)
      GaveUp = true;
    return !GaveUp;
  }

  Frame &function() {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
      if (It->Kind == FrameKind::Function)
        return *It;
    return Frames.front();
  }

  static bool isTiledIndex(QualType T) {
    if (T.isNull())
      return false;
    if (T->isPointerType())
      T = T->getPointeeType();
    return getAmpClassName(T.getNonReferenceType()) == "tiled_index";
  }
  static bool isGlobalMemoryClass(QualType T) {
    llvm::StringRef N = getAmpClassName(T.getNonReferenceType());
    return N == "array" || N == "array_view";
  }

  Uni varClass(const State &S, const ValueDecl *D) {
    auto It = S.Vars.find(D);
    if (It != S.Vars.end())
      return It->second;
    return Uni(); // captured values, constants, not yet assigned locals
  }

  // The class of the value at Place, without telling anyone (no load event).
  Uni peek(const LV &Place, const State &S) {
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

  Uni load(const LV &Place, const Expr *E, State &S) {
    if (Place.K == LV::Tile && !quiet()) {
      const auto *VD = cast<VarDecl>(Place.Root);
      TileFlags Fl = S.Tiles.lookup(VD);
      for (TileListener *L : Listeners)
        L->onTileLoad(VD, E, Place.Addr, Fl, Stack);
    }
    return peek(Place, S);
  }

  void escape(const LV &Place, State &S) {
    if (Place.K == LV::Tile)
      S.Tiles[cast<VarDecl>(Place.Root)].Escaped = true;
  }

  void store(const LV &Place, Uni V, const Expr *E, State &S, bool RMW, bool Weak = false) {
    Uni Reach = S.Reach;
    switch (Place.K) {
    case LV::Local: {
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

  // ---- frames and escapes -----------------------------------------------
  void escapeTo(FrameKind Target, State &St) {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      Frame &F = *It;
      if (Target == FrameKind::Function && F.Kind == FrameKind::Function) {
        F.Returns.joinWith(St);
        break;
      }
      if (Target == FrameKind::Loop && F.Kind == FrameKind::Loop) {
        if (BreakNotContinue) {
          F.Breaks.joinWith(St);
          F.BreakAcc |= St.Reach;
        } else {
          F.Continues.joinWith(St);
        }
        break;
      }
      if (Target == FrameKind::Switch && F.Kind == FrameKind::Switch) {
        F.Breaks.joinWith(St);
        break;
      }
      if (F.Kind == FrameKind::If || F.Kind == FrameKind::Switch)
        F.Acc |= St.Reach;
      else if (F.Kind == FrameKind::Loop)
        F.ReturnAcc |= St.Reach; // a return (or a continue/break of an outer loop)
      if (F.Kind == FrameKind::Function)
        break; // never past the function
    }
    St.Live = false;
  }

  // The innermost loop or switch a `break` leaves.
  FrameKind breakTarget() {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      if (It->Kind == FrameKind::Loop)
        return FrameKind::Loop;
      if (It->Kind == FrameKind::Switch)
        return FrameKind::Switch;
      if (It->Kind == FrameKind::Function)
        break;
    }
    return FrameKind::Loop;
  }

  // ---- statements --------------------------------------------------------
  void exec(const Stmt *St, State &S) {
    if (!St || !S.Live || !step())
      return;
    switch (St->getStmtClass()) {
    case Stmt::CompoundStmtClass:
      for (const Stmt *Child : cast<CompoundStmt>(St)->body()) {
        if (!S.Live && !isa<SwitchCase>(Child) && !containsCase(Child))
          continue;
        execMaybeDead(Child, S);
      }
      return;
    case Stmt::DeclStmtClass:
      for (const Decl *D : cast<DeclStmt>(St)->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          declare(VD, S);
      return;
    case Stmt::IfStmtClass:
      execIf(cast<IfStmt>(St), S);
      return;
    case Stmt::ForStmtClass: {
      const auto *F = cast<ForStmt>(St);
      exec(F->getInit(), S);
      execLoop(F->getConditionVariableDeclStmt(), F->getCond(), F->getInc(), F->getBody(),
               nullptr, /*IsDo=*/false, S);
      return;
    }
    case Stmt::WhileStmtClass: {
      const auto *W = cast<WhileStmt>(St);
      execLoop(W->getConditionVariableDeclStmt(), W->getCond(), nullptr, W->getBody(), nullptr,
               false, S);
      return;
    }
    case Stmt::DoStmtClass: {
      const auto *D = cast<DoStmt>(St);
      execLoop(nullptr, D->getCond(), nullptr, D->getBody(), nullptr, true, S);
      return;
    }
    case Stmt::CXXForRangeStmtClass: {
      const auto *F = cast<CXXForRangeStmt>(St);
      exec(F->getInit(), S);
      exec(F->getRangeStmt(), S);
      exec(F->getBeginStmt(), S);
      exec(F->getEndStmt(), S);
      execLoop(nullptr, F->getCond(), F->getInc(), F->getBody(), F->getLoopVarStmt(), false, S);
      return;
    }
    case Stmt::SwitchStmtClass:
      execSwitch(cast<SwitchStmt>(St), S);
      return;
    case Stmt::CaseStmtClass:
    case Stmt::DefaultStmtClass:
      exec(cast<SwitchCase>(St)->getSubStmt(), S);
      return;
    case Stmt::BreakStmtClass:
      BreakNotContinue = true;
      escapeTo(breakTarget(), S);
      return;
    case Stmt::ContinueStmtClass:
      BreakNotContinue = false;
      escapeTo(FrameKind::Loop, S);
      return;
    case Stmt::ReturnStmtClass: {
      const auto *R = cast<ReturnStmt>(St);
      const FunctionDecl *FD = function().FD;
      if (const Expr *V = R->getRetValue()) {
        // (Evaluating V may grow Frames: take the frame afterwards.)
        if (FD && FD->getReturnType()->isReferenceType() && V->isGLValue()) {
          LV Place = evalLV(V, S);
          Frame &F = function();
          if (!F.HasRetLV) {
            F.RetLV = Place;
            F.HasRetLV = true;
          } else if (F.RetLV.K != Place.K || F.RetLV.Root != Place.Root) {
            F.RetLV.K = LV::None;
          }
          F.RetLV.Addr |= Uni::join(Place.Addr, S.Reach);
          F.RetCls |= Uni::join(peek(Place, S), S.Reach);
        } else {
          Uni Val = eval(V, S);
          function().RetCls |= Uni::join(Val, S.Reach);
        }
      }
      escapeTo(FrameKind::Function, S);
      return;
    }
    case Stmt::AttributedStmtClass:
      exec(cast<AttributedStmt>(St)->getSubStmt(), S);
      return;
    case Stmt::LabelStmtClass:
      exec(cast<LabelStmt>(St)->getSubStmt(), S);
      return;
    case Stmt::NullStmtClass:
    case Stmt::GotoStmtClass:
    case Stmt::IndirectGotoStmtClass:
    case Stmt::GCCAsmStmtClass:
    case Stmt::MSAsmStmtClass:
      return;
    case Stmt::CXXTryStmtClass:
      exec(cast<CXXTryStmt>(St)->getTryBlock(), S);
      return;
    default:
      break;
    }
    if (const auto *E = dyn_cast<Expr>(St)) {
      eval(E, S);
      return;
    }
    for (const Stmt *Child : St->children())
      exec(Child, S);
  }

  static bool containsCase(const Stmt *St) {
    if (!St || isa<SwitchStmt>(St))
      return false;
    if (isa<SwitchCase>(St))
      return true;
    for (const Stmt *Child : St->children())
      if (containsCase(Child))
        return true;
    return false;
  }

  // A statement that may be reached through a case label although the
  // statement before it does not fall through.
  void execMaybeDead(const Stmt *St, State &S) {
    if (const auto *SC = dyn_cast<SwitchCase>(St)) {
      reviveAtCase(S);
      exec(SC->getSubStmt(), S);
      return;
    }
    if (!S.Live && containsCase(St)) {
      // Duff's device and friends: enter with the switch's entry state.
      reviveAtCase(S);
    }
    exec(St, S);
  }

  void reviveAtCase(State &S) {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      if (It->Kind == FrameKind::Switch) {
        S.joinWith(It->SwitchEntry);
        return;
      }
      if (It->Kind == FrameKind::Function || It->Kind == FrameKind::Loop)
        return;
    }
  }

  void declare(const VarDecl *VD, State &S) {
    if (VD->isStaticLocal() || VD->hasExternalStorage())
      return;
    if (isTileStatic(VD)) {
      S.Tiles.try_emplace(VD); // a second declaration (a loop) keeps what is known
      // An initializer is an error of its own (TileStaticRules); do not also
      // call the reads uninitialized.
      if (const Expr *Init = VD->getInit())
        if (!isa<CXXConstructExpr>(Init->IgnoreImplicit()))
          S.Tiles[VD].Escaped = true;
      return;
    }
    const Expr *Init = VD->getInit();
    if (!Init) {
      S.Vars[VD] = S.Reach;
      return;
    }
    if (VD->getType()->isReferenceType()) {
      if (Init->isGLValue()) {
        LV Place = evalLV(Init, S);
        escape(Place, S);
        S.Vars[VD] = Uni::join(peek(Place, S), S.Reach);
      } else {
        S.Vars[VD] = Uni::join(eval(Init, S), S.Reach);
      }
      return;
    }
    Uni V = eval(Init, S);
    S.Vars[VD] = Uni::join(V, S.Reach);
  }

  void execIf(const IfStmt *If, State &S) {
    exec(If->getInit(), S);
    if (const DeclStmt *CV = If->getConditionVariableDeclStmt())
      exec(CV, S);
    if (If->isConstexpr()) {
      if (std::optional<const Stmt *> Taken = If->getNondiscardedCase(C.Ctx)) {
        if (*Taken)
          exec(*Taken, S);
        return;
      }
    }
    Uni Cond = eval(If->getCond(), S);
    if (!S.Live)
      return;
    if (!Cond.uniform())
      Cond.Cause = If->getCond();
    Uni R0 = S.Reach;
    Frames.push_back(Frame(FrameKind::If));
    State Then = S, Else = S;
    Then.Reach = Else.Reach = Uni::join(R0, Cond);
    exec(If->getThen(), Then);
    if (If->getElse())
      exec(If->getElse(), Else);
    Uni Acc = Frames.back().Acc;
    Frames.pop_back();
    State Out = State::dead();
    Out.joinWith(Then);
    Out.joinWith(Else);
    if (Out.Live)
      Out.Reach = Uni::join(R0, Acc);
    S = std::move(Out);
  }

  void execLoop(const Stmt *CondVar, const Expr *Cond, const Expr *Inc, const Stmt *Body,
                const Stmt *LoopVar, bool IsDo, State &S) {
    Uni R0 = S.Reach;
    State Entry = S;
    Frames.push_back(Frame(FrameKind::Loop));
    size_t FrameIndex = Frames.size() - 1;

    // One trip around the loop from In; returns the state at the exit (the
    // condition false) and sets Back to the state flowing to the next trip.
    auto Trip = [&](State In, State &Back) {
      Frame &F = Frames[FrameIndex];
      State Exit = State::dead();
      In.Reach = Uni::join(R0, Uni::join(F.BreakAcc, F.ReturnAcc));
      if (!IsDo) {
        exec(CondVar, In);
        Uni CC = Cond ? eval(Cond, In) : Uni();
        if (!CC.uniform())
          CC.Cause = Cond;
        Exit = In;
        In.Reach |= CC;
      }
      Uni IterReach = In.Reach;
      exec(LoopVar, In);
      exec(Body, In);
      // The threads that continued meet the others again here.
      In.joinWith(Frames[FrameIndex].Continues);
      if (In.Live)
        In.Reach = IterReach;
      if (In.Live && Inc)
        eval(Inc, In);
      if (IsDo && In.Live) {
        Uni CC = eval(Cond, In);
        if (!CC.uniform())
          CC.Cause = Cond;
        Exit.joinWith(In);
        In.Reach |= CC;
        // Threads leave at the bottom: later trips are taken by those left.
        Frames[FrameIndex].BreakAcc |= CC;
      }
      Back = std::move(In);
      return Exit;
    };

    ++Quiet;
    for (int Iter = 0; Iter < 12 && !GaveUp; ++Iter) {
      State Back;
      Frame Before = Frames[FrameIndex];
      Trip(Entry, Back);
      State Next = Entry;
      Next.joinWith(Back);
      Next.Reach = R0;
      Frame &After = Frames[FrameIndex];
      bool Stable = Next.sameAs(Entry) && Before.BreakAcc.L == After.BreakAcc.L &&
                    Before.ReturnAcc.L == After.ReturnAcc.L;
      Entry = std::move(Next);
      Entry.Reach = R0;
      if (Stable && Iter > 0)
        break;
    }
    --Quiet;
    // The reporting trip, from the fixed point.
    Frames[FrameIndex].Breaks = State::dead();
    Frames[FrameIndex].Continues = State::dead();
    State Back;
    State Exit = Trip(Entry, Back);
    Exit.joinWith(Frames[FrameIndex].Breaks);
    Uni ReturnAcc = Frames[FrameIndex].ReturnAcc;
    Frames.pop_back();
    if (Exit.Live)
      Exit.Reach = Uni::join(R0, ReturnAcc);
    // A trip that never ends (for(;;) without break) leaves Exit dead.
    S = std::move(Exit);
  }

  void execSwitch(const SwitchStmt *Sw, State &S) {
    exec(Sw->getInit(), S);
    if (const DeclStmt *CV = Sw->getConditionVariableDeclStmt())
      exec(CV, S);
    Uni Cond = eval(Sw->getCond(), S);
    if (!S.Live)
      return;
    if (!Cond.uniform())
      Cond.Cause = Sw->getCond();
    Uni R0 = S.Reach;
    Frames.push_back(Frame(FrameKind::Switch));
    Frame &F = Frames.back();
    F.SwitchEntry = S;
    F.SwitchEntry.Reach = Uni::join(R0, Cond);
    bool HasDefault = false;
    for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
      HasDefault |= isa<DefaultStmt>(SC);
    size_t Index = Frames.size() - 1;
    // The body is entered at its case labels (execMaybeDead revives the
    // state there from SwitchEntry).
    State Body = State::dead();
    execSwitchBody(Sw->getBody(), Body);
    State Out = std::move(Body);
    Out.joinWith(Frames[Index].Breaks);
    if (!HasDefault)
      Out.joinWith(Frames[Index].SwitchEntry);
    Uni Acc = Frames[Index].Acc;
    Frames.pop_back();
    if (Out.Live)
      Out.Reach = Uni::join(R0, Acc);
    S = std::move(Out);
  }

  void execSwitchBody(const Stmt *Body, State &S) {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
      for (const Stmt *Child : CS->body())
        execMaybeDead(Child, S);
      return;
    }
    execMaybeDead(Body, S);
  }

  // ---- expressions -------------------------------------------------------
  LV evalLV(const Expr *E, State &S) {
    LV Out;
    if (!E || !step() || E->containsErrors()) {
      Out.Addr = Uni(Level::Unknown);
      return Out;
    }
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD) {
        Out.K = LV::None;
        Out.Addr = Uni();
        Out.Value = Uni();
        return Out;
      }
      if (isTileStatic(VD)) {
        Out.K = LV::Tile;
        Out.Root = VD;
        return Out;
      }
      if (VD->hasGlobalStorage() && !VD->isStaticLocal()) {
        Out.K = LV::Global;
        if (VD->getType().isConstQualified())
          Out.K = LV::Field, Out.Value = Uni();
        return Out;
      }
      Out.K = LV::Local;
      Out.Root = VD;
      return Out;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const Expr *Base = ME->getBase();
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        if (isTiledIndex(Base->getType())) {
          // Evaluate the base for its effects, then judge by the member.
          if (ME->isArrow())
            eval(Base, S);
          llvm::StringRef N = FD->getName();
          Out.K = LV::Field;
          Out.Value = (N == "local" || N == "global") ? Uni(Level::Divergent, ME) : Uni();
          return Out;
        }
        LV B;
        if (ME->isArrow()) {
          if (isa<CXXThisExpr>(Base->IgnoreParenImpCasts())) {
            B.K = LV::This;
          } else {
            Uni P = eval(Base, S);
            B.K = LV::None;
            B.Addr = P;
          }
        } else if (Base->isGLValue()) {
          B = evalLV(Base, S);
        } else {
          Uni V = eval(Base, S);
          B.K = LV::Field;
          B.Value = V;
        }
        B.Whole = false;
        return B;
      }
      if (isa<VarDecl>(ME->getMemberDecl())) { // a static data member
        eval(Base, S);
        Out.K = LV::Global;
        return Out;
      }
      eval(Base, S);
      return Out;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = AS->getBase()->IgnoreParens();
      Uni Idx = eval(AS->getIdx(), S);
      LV B;
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Base);
          ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
        B = evalLV(ICE->getSubExpr(), S);
      } else {
        Uni P = eval(Base, S);
        B.K = LV::None;
        B.Addr = P;
      }
      B.Addr |= Idx;
      B.Whole = false;
      return B;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref) {
        const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
        if (isa<CXXThisExpr>(Sub)) {
          Out.K = LV::This;
          Out.Whole = false;
          return Out;
        }
        if (const auto *Addr = dyn_cast<UnaryOperator>(Sub);
            Addr && Addr->getOpcode() == UO_AddrOf)
          return evalLV(Addr->getSubExpr(), S);
        Uni P = eval(UO->getSubExpr(), S);
        Out.K = LV::None;
        Out.Addr = P;
        return Out;
      }
      if (UO->isIncrementDecrementOp() && UO->isPrefix()) {
        LV Place = evalLV(UO->getSubExpr(), S);
        Uni Old = load(Place, UO, S);
        store(Place, Old, UO, S, /*RMW=*/true);
        return Place;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp()) {
        evalAssign(BO, S);
        return evalLVNoEffects(BO->getLHS(), S);
      }
      if (BO->getOpcode() == BO_Comma) {
        eval(BO->getLHS(), S);
        return evalLV(BO->getRHS(), S);
      }
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      switch (ICE->getCastKind()) {
      case CK_NoOp:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
      case CK_BaseToDerived:
      case CK_LValueBitCast:
        return evalLV(ICE->getSubExpr(), S);
      default:
        break;
      }
    }
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      if (CE->isGLValue())
        return evalLV(CE->getSubExpr(), S);
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
      Out.K = LV::Field;
      Out.Value = eval(MT->getSubExpr(), S);
      return Out;
    }
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(E)) {
      if (const Expr *Src = OV->getSourceExpr())
        return Src->isGLValue() ? evalLV(Src, S) : LV{LV::Field, nullptr, Uni(), eval(Src, S)};
      return Out;
    }
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
      if (const Expr *R = PO->getResultExpr())
        return R->isGLValue() ? evalLV(R, S) : LV{LV::Field, nullptr, Uni(), eval(R, S)};
      return Out;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      CallResult R = evalCall(Call, S);
      if (R.HasLV)
        return R.Place;
      Out.K = LV::Field;
      Out.Value = R.Ret;
      return Out;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      Uni V = evalConditional(CO, S);
      Out.K = LV::None;
      Out.Addr = V;
      return Out;
    }
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return evalLV(FE->getSubExpr(), S);
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      return evalLV(BT->getSubExpr(), S);
    // Anything else: its value, at an unknown place.
    Out.K = LV::None;
    Out.Addr = eval(E, S);
    return Out;
  }

  // The place an lvalue names, for an expression already evaluated.
  LV evalLVNoEffects(const Expr *E, State &S) {
    ++Quiet;
    State Copy = S;
    LV Place = evalLV(E, Copy);
    --Quiet;
    return Place;
  }

  Uni evalAssign(const BinaryOperator *BO, State &S) {
    if (BO->containsErrors())
      return Uni(Level::Unknown);
    if (BO->getOpcode() == BO_Assign) {
      Uni V = eval(BO->getRHS(), S);
      LV Place = evalLV(BO->getLHS(), S);
      store(Place, V, BO, S, /*RMW=*/false);
      return V;
    }
    LV Place = evalLV(BO->getLHS(), S);
    Uni Old = load(Place, BO->getLHS(), S);
    Uni R = eval(BO->getRHS(), S);
    Uni V = Uni::join(Old, R);
    store(Place, V, BO, S, /*RMW=*/true);
    return V;
  }

  Uni evalConditional(const AbstractConditionalOperator *CO, State &S) {
    Uni Cond = eval(CO->getCond(), S);
    if (!Cond.uniform())
      Cond.Cause = CO->getCond();
    Uni R0 = S.Reach;
    State A = S, B = S;
    A.Reach = B.Reach = Uni::join(R0, Cond);
    Uni VA = eval(CO->getTrueExpr(), A);
    Uni VB = eval(CO->getFalseExpr(), B);
    State Out = State::dead();
    Out.joinWith(A);
    Out.joinWith(B);
    if (Out.Live)
      Out.Reach = R0;
    else
      Out = S;
    S = std::move(Out);
    return Uni::join(Cond, Uni::join(VA, VB));
  }

  Uni eval(const Expr *E, State &S) {
    if (!E || !S.Live || !step())
      return Uni();
    if (E->containsErrors())
      return Uni(Level::Unknown); // Clang reported it; judge nothing in it
    E = E->IgnoreParens();
    switch (E->getStmtClass()) {
    case Stmt::IntegerLiteralClass:
    case Stmt::FloatingLiteralClass:
    case Stmt::CharacterLiteralClass:
    case Stmt::CXXBoolLiteralExprClass:
    case Stmt::CXXNullPtrLiteralExprClass:
    case Stmt::StringLiteralClass:
    case Stmt::CXXScalarValueInitExprClass:
    case Stmt::ImplicitValueInitExprClass:
    case Stmt::UnaryExprOrTypeTraitExprClass:
    case Stmt::TypeTraitExprClass:
    case Stmt::CXXNoexceptExprClass:
    case Stmt::ConstantExprClass:
    case Stmt::SizeOfPackExprClass:
    case Stmt::SubstNonTypeTemplateParmExprClass:
    case Stmt::CXXTypeidExprClass:
    case Stmt::PredefinedExprClass:
    case Stmt::GNUNullExprClass:
      return Uni();
    default:
      break;
    }
    if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E)) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        if (isa<EnumConstantDecl>(DRE->getDecl()) || isa<FunctionDecl>(DRE->getDecl()) ||
            DRE->isNonOdrUse() == NOUR_Constant)
          return Uni();
      }
      if (E->isGLValue())
        return load(evalLV(E, S), E, S);
      if (const auto *ME = dyn_cast<MemberExpr>(E))
        return eval(ME->getBase(), S);
      Uni V;
      for (const Stmt *Child : E->children())
        if (const auto *CE = dyn_cast_or_null<Expr>(Child))
          V |= eval(CE, S);
      return V;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      switch (ICE->getCastKind()) {
      case CK_LValueToRValue:
      case CK_AtomicToNonAtomic:
        return load(evalLV(ICE->getSubExpr(), S), ICE->getSubExpr(), S);
      case CK_ArrayToPointerDecay: {
        LV Place = evalLV(ICE->getSubExpr(), S);
        escape(Place, S);
        return Place.Addr;
      }
      default:
        if (ICE->getSubExpr()->isGLValue() && !E->isGLValue() &&
            ICE->getCastKind() != CK_FunctionToPointerDecay &&
            ICE->getCastKind() != CK_BuiltinFnToFnPtr) {
          LV Place = evalLV(ICE->getSubExpr(), S);
          return peek(Place, S);
        }
        return eval(ICE->getSubExpr(), S);
      }
    }
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      if (CE->getSubExpr()->isGLValue() && !E->isGLValue())
        return load(evalLV(CE->getSubExpr(), S), CE->getSubExpr(), S);
      return eval(CE->getSubExpr(), S);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      switch (UO->getOpcode()) {
      case UO_AddrOf: {
        if (!UO->getSubExpr()->isGLValue())
          return eval(UO->getSubExpr(), S);
        LV Place = evalLV(UO->getSubExpr(), S);
        escape(Place, S);
        return Place.Addr;
      }
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec: {
        LV Place = evalLV(UO->getSubExpr(), S);
        Uni Old = load(Place, UO->getSubExpr(), S);
        store(Place, Old, UO, S, /*RMW=*/true);
        return Old;
      }
      case UO_Deref:
        return load(evalLV(UO, S), UO, S);
      default:
        return eval(UO->getSubExpr(), S);
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp())
        return evalAssign(BO, S);
      if (BO->getOpcode() == BO_Comma) {
        eval(BO->getLHS(), S);
        return eval(BO->getRHS(), S);
      }
      if (BO->isLogicalOp()) {
        Uni L = eval(BO->getLHS(), S);
        if (!L.uniform())
          L.Cause = BO->getLHS();
        Uni R0 = S.Reach;
        State Pre = S;
        S.Reach = Uni::join(R0, L);
        Uni R = eval(BO->getRHS(), S);
        S.joinWith(Pre);
        if (S.Live)
          S.Reach = R0;
        return Uni::join(L, R);
      }
      Uni L = eval(BO->getLHS(), S);
      return Uni::join(L, eval(BO->getRHS(), S));
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
      return evalConditional(CO, S);
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      CallResult R = evalCall(Call, S);
      if (R.HasLV && !E->isGLValue())
        return peek(R.Place, S);
      return R.Ret;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      return evalConstruct(CE, S);
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      return eval(MT->getSubExpr(), S);
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return eval(FE->getSubExpr(), S);
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      return eval(BT->getSubExpr(), S);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      return eval(DA->getExpr(), S);
    if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
      return eval(DI->getExpr(), S);
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
      return OV->getSourceExpr() ? eval(OV->getSourceExpr(), S) : Uni();
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
      return PO->getResultExpr() ? eval(PO->getResultExpr(), S) : Uni();
    if (isa<CXXThisExpr>(E))
      return function().ThisCls;
    if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
      Uni V;
      for (const Expr *Init : LE->capture_inits())
        if (Init)
          V |= eval(Init, S);
      return V;
    }
    if (const auto *SE = dyn_cast<StmtExpr>(E)) {
      exec(SE->getSubStmt(), S);
      return Uni(Level::Unknown);
    }
    // Everything else: a function of its operands.
    Uni V;
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        V |= eval(CE, S);
    return V;
  }

  // ---- calls -------------------------------------------------------------
  struct CallResult {
    Uni Ret;
    bool HasLV = false;
    LV Place;
  };

  struct Arg {
    const Expr *E = nullptr;
    bool ByRef = false, Mutable = false;
    LV Place;
    Uni Value;
  };

  Arg evalArg(const Expr *E, QualType ParamType, State &S) {
    Arg A;
    A.E = E;
    if (!ParamType.isNull() && ParamType->isReferenceType() && E->isGLValue()) {
      A.ByRef = true;
      A.Mutable = !ParamType.getNonReferenceType().isConstQualified();
      A.Place = evalLV(E, S);
      escape(A.Place, S);
      A.Value = peek(A.Place, S);
      return A;
    }
    A.Value = eval(E, S);
    return A;
  }

  CallResult evalCall(const CallExpr *CE, State &S) {
    CallResult R;
    const FunctionDecl *FD = CE->getDirectCallee();
    llvm::SmallVector<const Expr *, 4> ArgExprs(CE->arguments());
    const Expr *Object = nullptr;
    bool ObjectIsPointer = false;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      Object = MC->getImplicitObjectArgument();
      if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
        ObjectIsPointer = ME->isArrow();
    } else if (isa<CXXOperatorCallExpr>(CE) && FD && isa<CXXMethodDecl>(FD) &&
               !cast<CXXMethodDecl>(FD)->isStatic() && !ArgExprs.empty()) {
      Object = ArgExprs.front();
      ArgExprs.erase(ArgExprs.begin());
    }
    if (!FD) {
      // Through a pointer (an error already): only the operands count.
      Uni V = eval(CE->getCallee(), S);
      for (const Expr *A : ArgExprs)
        V |= eval(A, S);
      R.Ret = Uni::join(V, Uni(Level::Unknown));
      return R;
    }
    // The object.
    LV ObjPlace;
    bool HasObjPlace = false;
    Uni ThisCls;
    if (Object) {
      if (ObjectIsPointer) {
        const Expr *P = Object->IgnoreParenImpCasts();
        if (isa<CXXThisExpr>(P)) {
          ObjPlace.K = LV::This;
          ObjPlace.Whole = false;
          HasObjPlace = true;
          ThisCls = peek(ObjPlace, S);
        } else {
          ThisCls = eval(Object, S);
        }
      } else if (Object->isGLValue()) {
        ObjPlace = evalLV(Object, S);
        HasObjPlace = true;
        ThisCls = peek(ObjPlace, S);
      } else {
        ThisCls = eval(Object, S);
      }
      if (isTiledIndex(Object->getType()))
        ThisCls = Uni(Level::Divergent, Object);
    }
    // The arguments.
    llvm::SmallVector<Arg, 4> Args;
    for (unsigned I = 0; I < ArgExprs.size(); ++I) {
      QualType PT = I < FD->getNumParams() ? FD->getParamDecl(I)->getType() : QualType();
      Args.push_back(evalArg(ArgExprs[I], PT, S));
    }
    Uni Operands = ThisCls;
    for (const Arg &A : Args)
      Operands |= A.Value;
    if (!S.Live)
      return R;

    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    llvm::StringRef Intrinsic = getIntrinsicName(FD);
    if (!Intrinsic.empty()) {
      if (Intrinsic.starts_with("barrier.")) {
        if (!quiet())
          for (TileListener *L : Listeners)
            L->onBarrier(CE, FD, S.Reach, Stack);
        for (auto &KV : S.Tiles) {
          if (KV.second.Unsynced)
            KV.second.Synced = true;
          KV.second.Unsynced = false;
          KV.second.UniformUnsynced = false;
        }
        return R;
      }
      if (Intrinsic.starts_with("fence."))
        return R;
      if (Intrinsic == "buffer.element") {
        R.HasLV = true;
        R.Place.K = LV::Global;
        R.Place.Addr = Operands;
        R.Ret = Uni::join(Uni(Level::Unknown), Operands);
        return R;
      }
      R.Ret = Operands;
      return R;
    }
    // Trivial assignment of a class: a copy.
    if (MD && MD->isTrivial() &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) && HasObjPlace &&
        !Args.empty()) {
      store(ObjPlace, Args[0].Value, CE, S, /*RMW=*/false);
      R.HasLV = true;
      R.Place = ObjPlace;
      R.Ret = Args[0].Value;
      return R;
    }
    const FunctionDecl *Def = definitionOf(FD);
    bool CanInline = Def && Def->getBody() && isAmpCallable(FD) && !Def->isDependentContext() &&
                     Frames.size() < 200 && Stack.size() < 24 && !onStack(Def);
    if (!CanInline) {
      R.Ret = Def && Def->getBody() ? Uni::join(Operands, Uni(Level::Unknown)) : Operands;
      if (FD->getReturnType()->isReferenceType()) {
        R.HasLV = true;
        if (HasObjPlace && !isGlobalMemoryClass(Object->getType()))
          R.Place = ObjPlace;
        else
          R.Place.K = isGlobalMemoryClass(Object ? Object->getType() : QualType())
                          ? LV::Global
                          : LV::None;
        R.Place.Addr |= Operands;
        R.Place.Whole = false;
      }
      writeBack(Args, HasObjPlace ? &ObjPlace : nullptr, MD, Operands, S);
      return R;
    }
    return inlineCall(Def, CE->getExprLoc(), ThisCls, HasObjPlace ? &ObjPlace : nullptr,
                      Object ? Object->getType() : QualType(), Args, CE, S);
  }

  bool onStack(const FunctionDecl *FD) {
    for (const Frame &F : Frames)
      if (F.Kind == FrameKind::Function && F.FD == FD)
        return true;
    return false;
  }

  // After a call we did not follow: what it may have written through its
  // non-const reference parameters and its object.
  void writeBack(llvm::ArrayRef<Arg> Args, const LV *ObjPlace, const CXXMethodDecl *MD,
                 Uni V, State &S) {
    for (const Arg &A : Args)
      if (A.ByRef && A.Mutable)
        store(A.Place, V, nullptr, S, false, /*Weak=*/true);
    if (ObjPlace && MD && !MD->isConst() && !isa<CXXConstructorDecl>(MD))
      store(*ObjPlace, V, nullptr, S, false, /*Weak=*/true);
  }

  CallResult inlineCall(const FunctionDecl *Def, SourceLocation Loc, Uni ThisCls,
                        const LV *ObjPlace, QualType ObjType, llvm::ArrayRef<Arg> Args,
                        const Expr *CallE, State &S) {
    CallResult R;
    Uni R0 = S.Reach;
    // Bind the parameters.
    llvm::SmallVector<std::pair<const ValueDecl *, std::optional<Uni>>, 4> Saved;
    for (unsigned I = 0; I < Def->getNumParams(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      auto It = S.Vars.find(P);
      Saved.push_back({P, It == S.Vars.end() ? std::nullopt : std::optional<Uni>(It->second)});
      Uni V;
      if (I < Args.size())
        V = Args[I].Value;
      else if (P->hasDefaultArg() && P->getDefaultArg())
        V = eval(P->getDefaultArg(), S);
      S.Vars[P] = V;
    }
    Frames.push_back(Frame(FrameKind::Function));
    Frames.back().FD = Def;
    Frames.back().ThisCls = ThisCls;
    Stack.push_back(CallSite{Def, Loc});
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def)) {
      for (const CXXCtorInitializer *Init : Ctor->inits()) {
        if (!Init->getInit())
          continue;
        Uni V = eval(Init->getInit(), S);
        Frames.back().ThisWrites |= Uni::join(V, S.Reach);
      }
    }
    exec(Def->getBody(), S);
    Frame F = std::move(Frames.back());
    Frames.pop_back();
    Stack.pop_back();
    S.joinWith(F.Returns);
    if (!S.Live) // a function that never returns (a loop without exit)
      S = F.Returns.Live ? F.Returns : State();
    S.Reach = R0;
    // Write back through non-const references and the object.
    for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I) {
      const Arg &A = Args[I];
      if (A.ByRef && A.Mutable)
        store(A.Place, varClass(S, Def->getParamDecl(I)), nullptr, S, false, /*Weak=*/true);
    }
    const auto *MD = dyn_cast<CXXMethodDecl>(Def);
    if (ObjPlace && MD && !MD->isConst() && !isa<CXXConstructorDecl>(MD) &&
        !F.ThisWrites.uniform())
      store(*ObjPlace, F.ThisWrites, CallE, S, false, /*Weak=*/true);
    for (auto &KV : Saved) {
      if (KV.second)
        S.Vars[KV.first] = *KV.second;
      else
        S.Vars.erase(KV.first);
    }
    if (isa<CXXConstructorDecl>(Def)) {
      R.Ret = Uni::join(ThisCls, F.ThisWrites);
      return R;
    }
    R.Ret = F.RetCls;
    if (Def->getReturnType()->isReferenceType()) {
      R.HasLV = true;
      LV P = F.HasRetLV ? F.RetLV : LV();
      if (P.K == LV::This && ObjPlace) {
        Uni A = P.Addr;
        P = *ObjPlace;
        P.Addr |= A;
        P.Whole = false;
      } else if (P.K == LV::This) {
        P.K = isGlobalMemoryClass(ObjType) ? LV::Global : LV::None;
      } else if (P.K == LV::Local) {
        // A reference parameter: the caller's argument.
        bool Mapped = false;
        for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I)
          if (P.Root == Def->getParamDecl(I) && Args[I].ByRef) {
            Uni A = P.Addr;
            P = Args[I].Place;
            P.Addr |= A;
            P.Whole = false;
            Mapped = true;
          }
        if (!Mapped)
          P.K = LV::None;
      }
      R.Place = P;
    }
    return R;
  }

  Uni evalConstruct(const CXXConstructExpr *CE, State &S) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    llvm::SmallVector<Arg, 4> Args;
    Uni Operands;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      QualType PT = Ctor && I < Ctor->getNumParams() ? Ctor->getParamDecl(I)->getType()
                                                     : QualType();
      Args.push_back(evalArg(CE->getArg(I), PT, S));
      Operands |= Args.back().Value;
    }
    if (!Ctor || !S.Live)
      return Operands;
    if (!getIntrinsicName(Ctor).empty())
      return Operands;
    const FunctionDecl *Def = definitionOf(Ctor);
    if (Ctor->isTrivial() || Ctor->isImplicit() || Ctor->isDefaulted() || !Def ||
        !Def->getBody() || !isAmpCallable(Ctor) || onStack(Def) || Stack.size() >= 24)
      return Operands;
    CallResult R = inlineCall(Def, CE->getExprLoc(), Uni(), nullptr, QualType(), Args, CE, S);
    return Uni::join(R.Ret, Operands);
  }

  CheckContext &C;
  llvm::ArrayRef<TileListener *> Listeners;
  std::deque<Frame> Frames; // a deque: references stay valid when it grows
  std::vector<CallSite> Stack;
  int Quiet = 0;
  unsigned Steps = 0;
  bool GaveUp = false;
  bool BreakNotContinue = true;
};

} // namespace

bool ampvk::analyzeTiledKernel(CheckContext &C, const KernelInfo &K,
                               llvm::ArrayRef<TileListener *> Listeners) {
  Interpreter I(C, Listeners);
  return I.run(K);
}

void ampvk::noteCallStack(CheckContext &C, llvm::ArrayRef<CallSite> Stack) {
  // Stack[0] is the kernel; Stack[i] was called at Stack[i].Loc.
  for (size_t I = Stack.size(); I-- > 1;)
    C.Diags.note(Stack[I].Loc, describeFunction(Stack[I].Callee) + " is called here");
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
