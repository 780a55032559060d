//===- TileInterpreterStmts.cpp - Statements and control flow -------------===//
//
// restrict(amp) code has no goto, so the AST's structure is its control flow.
// A branch on a non-uniform condition raises the reach of both arms; a break,
// continue or return escapes to its Frame, raising the reach of every frame it
// passes through: what follows them is reached by only some threads. Loops are
// iterated quietly to a fixed point, then once more to report.
//
//===----------------------------------------------------------------------===//
#include "TileInterpreter.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/StmtCXX.h"

using namespace clang;
using namespace ampvk;
using namespace ampvk::tile;

void Interpreter::escapeTo(FrameKind Target, State &St) {
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

FrameKind Interpreter::breakTarget() {
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

void Interpreter::exec(const Stmt *St, State &S) {
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

bool Interpreter::containsCase(const Stmt *St) {
  if (!St || isa<SwitchStmt>(St))
    return false;
  if (isa<SwitchCase>(St))
    return true;
  for (const Stmt *Child : St->children())
    if (containsCase(Child))
      return true;
  return false;
}

void Interpreter::execMaybeDead(const Stmt *St, State &S) {
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

void Interpreter::reviveAtCase(State &S) {
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
    if (It->Kind == FrameKind::Switch) {
      S.joinWith(It->SwitchEntry);
      return;
    }
    if (It->Kind == FrameKind::Function || It->Kind == FrameKind::Loop)
      return;
  }
}

void Interpreter::declare(const VarDecl *VD, State &S) {
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
  S.Indexes.erase(VD); // a declaration met again (a loop) holds something new
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
  setThreadIndex(VD, Init, S);
}

void Interpreter::execIf(const IfStmt *If, State &S) {
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

namespace {
bool containsReturn(const Stmt *St) {
  if (!St || isa<LambdaExpr>(St)) // a lambda's return leaves the lambda
    return false;
  if (isa<ReturnStmt>(St))
    return true;
  for (const Stmt *Child : St->children())
    if (containsReturn(Child))
      return true;
  return false;
}
} // namespace

bool Interpreter::loopReusable(const Stmt *Body) {
  auto [It, New] = LoopReusable.try_emplace(Body, false);
  if (New)
    It->second = !containsReturn(Body) && !containsCase(Body);
  return It->second;
}

const Interpreter::LoopRecord *Interpreter::findLoopRecord(const Stmt *Body,
                                                           const State &Entry) {
  auto It = LoopRecords.find(Body);
  if (It == LoopRecords.end())
    return nullptr;
  const Frame &Fn = function();
  auto SameRefs = [&](const LoopRecord &R) {
    if (R.TileRefs.size() != Fn.TileRefs.size())
      return false;
    for (const auto &KV : R.TileRefs) {
      auto Other = Fn.TileRefs.find(KV.first);
      if (Other == Fn.TileRefs.end() || Other->second.Root != KV.second.Root ||
          Other->second.Addr.L != KV.second.Addr.L || Other->second.Whole != KV.second.Whole)
        return false;
    }
    return true;
  };
  for (const LoopRecord &R : It->second)
    if (R.ThisCls.L == Fn.ThisCls.L && R.ThisWrites.L == Fn.ThisWrites.L && SameRefs(R) &&
        R.Entry.sameAs(Entry))
      return &R;
  return nullptr;
}

void Interpreter::execLoop(const Stmt *CondVar, const Expr *Cond, const Expr *Inc, const Stmt *Body,
                           const Stmt *LoopVar, bool IsDo, State &S) {
  Uni R0 = S.Reach;
  const bool Reusable = Body && loopReusable(Body);
  const LoopRecord *Found = Reusable ? findLoopRecord(Body, S) : nullptr;
  if (Found && quiet()) {
    function().ThisWrites = Found->ThisWritesAfter;
    S = Found->Result;
    return;
  }
  // Copied: the records move when other loops add theirs.
  const bool Known = Found;
  State KnownFixpoint = Found ? Found->Fixpoint : State();
  Uni KnownBreakAcc = Found ? Found->BreakAcc : Uni(), KnownReturnAcc = Found ? Found->ReturnAcc : Uni();
  LoopRecord Record;
  if (Reusable && !Known) {
    Record.Entry = S;
    Record.ThisCls = function().ThisCls;
    Record.ThisWrites = function().ThisWrites;
    Record.TileRefs = function().TileRefs;
  }
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

  if (Known) {
    // The reporting trip from the fixed point found before.
    Entry = std::move(KnownFixpoint);
    Frames[FrameIndex].BreakAcc = KnownBreakAcc;
    Frames[FrameIndex].ReturnAcc = KnownReturnAcc;
  }
  ++Quiet;
  for (int Iter = 0; Iter < 12 && !GaveUp && !Known; ++Iter) {
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
  if (Reusable && !Known) {
    Record.Fixpoint = Entry;
    Record.BreakAcc = Frames[FrameIndex].BreakAcc;
    Record.ReturnAcc = Frames[FrameIndex].ReturnAcc;
  }
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
  if (Reusable && !Known && !GaveUp) {
    std::vector<LoopRecord> &Records = LoopRecords[Body];
    if (Records.size() < MaxLoopRecords) {
      Record.Result = S;
      Record.ThisWritesAfter = function().ThisWrites;
      Records.push_back(std::move(Record));
    }
  }
}

void Interpreter::execSwitch(const SwitchStmt *Sw, State &S) {
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

void Interpreter::execSwitchBody(const Stmt *Body, State &S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
    for (const Stmt *Child : CS->body())
      execMaybeDead(Child, S);
    return;
  }
  execMaybeDead(Body, S);
}
