//===- StmtEmitter.cpp - Statements and structured control flow -----------===//
//
// restrict(amp) code has no goto, so every C++ statement maps onto a SPIR-V
// structured construct: if -> OpSelectionMerge, loops -> OpLoopMerge. A return
// from an inlined function that is not its last statement leaves through a
// single-trip loop around the inlined body; from inside the callee's own loops
// it sets a flag that each enclosing loop tests after its merge block.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"
#include "emit/NodeKinds.h"

#include "clang/AST/Attr.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

static std::uint32_t noSelectionControl() {
  return static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone);
}

void KernelEmitter::ensureBlock() {
  // Statements after a return/break are unreachable; they get a block of their
  // own so that emission can continue (the optimizer deletes it).
  if (B.isTerminated())
    B.beginBlock(B.newLabel());
}

void KernelEmitter::emitStmt(const Stmt *S) {
  if (failed() || !S)
    return;
  if (B.isTerminated())
    return; // dead code after return/break/continue: C++ AMP has no labels
  if (rejectUnhandled(S))
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return emitCompound(CS);
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    return emitDeclStmt(DS);
  if (const auto *E = dyn_cast<Expr>(S))
    return emitDiscarded(E);
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return emitIf(IS);
  if (isa<ForStmt, WhileStmt, DoStmt>(S))
    return emitLoopStmt(S, spv::LoopControlMask::MaskNone);
  if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    const Stmt *Sub = AS->getSubStmt();
    if (isa<ForStmt, WhileStmt, DoStmt>(Sub))
      return emitLoopStmt(Sub, loopControlOf(AS));
    return emitStmt(Sub);
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S))
    return emitReturn(RS);
  if (isa<BreakStmt>(S))
    return emitBreakOrContinue(true, S->getBeginLoc());
  if (isa<ContinueStmt>(S))
    return emitBreakOrContinue(false, S->getBeginLoc());
  if (isa<NullStmt>(S))
    return;
  if (const auto *SS = dyn_cast<SwitchStmt>(S))
    return emitSwitch(SS);
  if (isa<CaseStmt>(S) || isa<DefaultStmt>(S))
    return unsupported(S->getBeginLoc(), UnsupportedConstruct::NestedCaseLabel);
  if (isa<CXXForRangeStmt>(S))
    return unsupported(S->getBeginLoc(), UnsupportedConstruct::RangeBasedFor);
  unsupported(S->getBeginLoc(), ampdiag::err_unsupported_statement) << S->getStmtClassName();
}

void KernelEmitter::emitScoped(const Stmt *S) {
  if (isa_and_nonnull<CompoundStmt>(S))
    return emitStmt(S);
  unsigned Scope = openScope();
  emitStmt(S);
  closeScope(Scope);
}

void KernelEmitter::emitCompound(const CompoundStmt *CS) {
  unsigned Scope = openScope();
  for (const Stmt *S : CS->body()) {
    if (failed() || B.isTerminated())
      break;
    emitStmt(S);
  }
  closeScope(Scope);
}

void KernelEmitter::emitDeclStmt(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    if (!emitterHandles(D->getKind())) {
      unsupported(D->getLocation(), ampdiag::err_unsupported_declaration)
          << D->getDeclKindName();
      return;
    }
    if (const auto *VD = dyn_cast<VarDecl>(D))
      emitLocalVar(VD);
    // Type, static_assert and using declarations have no run-time effect.
  }
}

void KernelEmitter::emitLocalVar(const VarDecl *VD) {
  SourceLocation Loc = VD->getLocation();
  QualType T = VD->getType();
  if (isTileStatic(VD)) {
    if (TileStatics.count(VD))
      return;
    SpvId Type = lower(T, Loc);
    if (!Type)
      return;
    LValue LV;
    LV.K = LValue::Memory;
    LV.SC = spv::StorageClass::Workgroup;
    LV.Ptr = B.globalVariable(Type, spv::StorageClass::Workgroup);
    LV.Type = T;
    B.name(LV.Ptr, VD->getName());
    const std::uint32_t FirstSlot =
        Iface.addTileStatic(sizeOf(T).getQuantity(), raceChecks() ? raceSlotCount(T) : 0);
    if (raceChecks()) {
      LV.Slot = B.constI32(static_cast<std::int32_t>(FirstSlot));
      LV.TileVar = VD;
    }
    TileStatics[VD] = LV;
    return;
  }
  if (VD->isStaticLocal() || VD->hasExternalStorage()) {
    // A constant with a constant initializer is just a value.
    if (T.isConstQualified() && Types.isScalar(T) && VD->getInit() &&
        VD->getInit()->isConstantInitializer(Ctx, false))
      return;
    unsupported(Loc, UnsupportedConstruct::StaticLocal);
    return;
  }
  if (T->isReferenceType()) {
    const Expr *Init = VD->getInit();
    if (!Init) {
      unsupported(Loc, UnsupportedConstruct::ReferenceWithoutInit);
      return;
    }
    frame().Refs[VD] = emitLValue(Init);
    return;
  }
  if (T->isPointerType()) {
    PointerVar V = newPointerVariable(VD->getName());
    if (VD->getInit())
      assignPointer(V, emitPointer(VD->getInit()), Loc);
    prebindPointer(V, VD);
    frame().PointerVars[VD] = V;
    return;
  }
  Frame &F = frame();
  LValue LV;
  if (VD->isNRVOVariable() && F.RetVar && Ctx.hasSameUnqualifiedType(T, F.RetType)) {
    // The named return value is made in the return slot, as on the host, so
    // returning it copies nothing (and destroys nothing).
    LV.K = LValue::Memory;
    LV.Ptr = F.RetVar;
    LV.Type = T;
  } else {
    LV = localVariable(T, Loc, VD->getName());
  }
  if (!LV.valid())
    return;
  F.Refs[VD] = LV;
  if (const Expr *Init = VD->getInit())
    emitInitInto(LV, Init);
  pushCleanup(LV, Loc, VD);
  // `auto [a, b] = t;` of a tuple-like t: each binding is a reference
  // variable initialized from get<I>(t).
  if (const auto *DD = dyn_cast<DecompositionDecl>(VD))
    for (const BindingDecl *BD : DD->bindings())
      if (const VarDecl *Holding = BD->getHoldingVar())
        emitLocalVar(Holding);
}

void KernelEmitter::emitIf(const IfStmt *S) {
  // The init statement's and the condition's variables live to the end of
  // the whole if statement.
  unsigned Scope = openScope();
  emitIfInScope(S);
  closeScope(Scope);
}

void KernelEmitter::emitIfInScope(const IfStmt *S) {
  if (S->getInit())
    emitStmt(S->getInit());
  if (const VarDecl *CV = S->getConditionVariable())
    emitLocalVar(CV);
  // Fold constant conditions (also `if constexpr`): only the taken branch exists.
  bool Known;
  if (S->isConstexpr() ||
      (!S->getCond()->isValueDependent() && S->getCond()->EvaluateAsBooleanCondition(Known, Ctx) &&
       !S->getCond()->HasSideEffects(Ctx))) {
    bool Taken = true;
    if (!S->getCond()->EvaluateAsBooleanCondition(Taken, Ctx))
      Taken = true;
    emitScoped(Taken ? S->getThen() : S->getElse());
    return;
  }
  SpvId C = emitCondition(S->getCond());
  if (!C)
    return;
  SpvId Then = B.newLabel(), Merge = B.newLabel();
  SpvId Else = S->getElse() ? B.newLabel() : Merge;
  B.emitVoid(Op::OpSelectionMerge, {Merge, noSelectionControl()});
  B.emitVoid(Op::OpBranchConditional, {C, Then, Else});
  bool MergeReached = false;
  B.beginBlock(Then);
  emitScoped(S->getThen());
  if (!B.isTerminated()) {
    B.emitVoid(Op::OpBranch, {Merge});
    MergeReached = true;
  }
  if (S->getElse()) {
    B.beginBlock(Else);
    emitScoped(S->getElse());
    if (!B.isTerminated()) {
      B.emitVoid(Op::OpBranch, {Merge});
      MergeReached = true;
    }
  } else {
    MergeReached = true;
  }
  B.beginBlock(Merge);
  if (!MergeReached)
    B.emitVoid(Op::OpUnreachable, {});
}

void KernelEmitter::afterLoop(unsigned TargetIndex) {
  // A return inside the loop set the frame's flag and broke out: keep leaving.
  BreakTarget T = Targets[TargetIndex];
  Targets.resize(TargetIndex);
  if (!T.SawReturn || !T.Owner || !T.Owner->ReturnFlag)
    return;
  BreakTarget &Outer = Targets.back();
  if (!Outer.IsWrapper)
    Outer.SawReturn = true;
  const bool OuterIsLoop = Outer.Witnessed;
  const SpvId OuterMerge = Outer.Merge;
  SpvId Flag = B.emit(Op::OpLoad, boolType(), {T.Owner->ReturnFlag});
  SpvId Leave = B.newLabel(), Stay = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge, {Stay, noSelectionControl()});
  B.emitVoid(Op::OpBranchConditional, {Flag, Leave, Stay});
  B.beginBlock(Leave);
  if (OuterIsLoop)
    witnessLeaving();
  B.emitVoid(Op::OpBranch, {OuterMerge});
  B.beginBlock(Stay);
}

KernelEmitter::LoopLabels KernelEmitter::openLoop(spv::LoopControlMask Control, bool IsWrapper,
                                                  SourceLocation Loc) {
  LoopLabels L;
  L.Header = B.newLabel();
  L.First = B.newLabel();
  L.Continue = B.newLabel();
  L.Merge = B.newLabel();
  B.emitVoid(Op::OpBranch, {L.Header});
  B.beginBlock(L.Header);
  B.emitVoid(Op::OpLoopMerge, {L.Merge, L.Continue, static_cast<std::uint32_t>(Control)});
  B.emitVoid(Op::OpBranch, {L.First});
  B.beginBlock(L.First);
  BreakTarget T;
  T.Merge = L.Merge;
  T.Continue = L.Continue;
  T.IsWrapper = IsWrapper;
  T.Loc = Loc;
  // A loop marked Unroll is unrolled whole (spirv/passes/FullLoopUnroll.h, or
  // SPIRV-Tools'), and the witness's stores in its test would stop that.
  T.Witnessed = LoopWitness && !IsWrapper && !(static_cast<std::uint32_t>(Control) &
                                static_cast<std::uint32_t>(spv::LoopControlMask::Unroll));
  if (T.Witnessed)
    witnessStore(B.constI32(0)); // an iteration begins (LoopWitness.cpp)
  T.Owner = &frame();
  T.BreakScopes = T.ContinueScopes = Lifetimes.depth();
  Targets.push_back(T);
  L.Target = Targets.size() - 1;
  return L;
}

void KernelEmitter::emitLoop(const Stmt *Init, const Expr *Cond, const Stmt *Inc,
                             const Stmt *Body, const VarDecl *CondVar,
                             spv::LoopControlMask Control, SourceLocation Loc) {
  // `for (init; cond; inc) body` is `{ init; while (cond) { body; inc; } }`:
  // the init statement's variables live until the loop ends, the
  // condition's variable through one iteration's body and increment.
  unsigned InitScope = openScope();
  if (Init)
    emitStmt(Init);
  LoopLabels L = openLoop(Control, /*IsWrapper=*/false, Loc);
  SpvId BodyBlock = B.newLabel();
  unsigned CondScope = openScope();
  Targets[L.Target].ContinueScopes = Lifetimes.depth();
  if (CondVar)
    emitLocalVar(CondVar);
  if (Cond) {
    SpvId C = emitCondition(Cond);
    if (!C)
      return;
    if (Targets[L.Target].Witnessed)
      witnessLeaving(B.emit(Op::OpLogicalNot, boolType(), {C}));
    if (Lifetimes.hasObjectsFrom(CondScope)) {
      // Leaving at the test ends the condition's variable too: a selection
      // whose false arm breaks out of the loop.
      SpvId Exit = B.newLabel();
      B.emitVoid(Op::OpSelectionMerge, {BodyBlock, noSelectionControl()});
      B.emitVoid(Op::OpBranchConditional, {C, BodyBlock, Exit});
      B.beginBlock(Exit);
      emitCleanupsFrom(CondScope);
      B.emitVoid(Op::OpBranch, {L.Merge});
    } else {
      B.emitVoid(Op::OpBranchConditional, {C, BodyBlock, L.Merge});
    }
  } else {
    B.emitVoid(Op::OpBranch, {BodyBlock});
  }
  B.beginBlock(BodyBlock);
  emitScoped(Body);
  if (!B.isTerminated())
    B.emitVoid(Op::OpBranch, {L.Continue});
  B.beginBlock(L.Continue);
  if (Inc)
    emitDiscarded(cast<Expr>(Inc));
  closeScope(CondScope);
  B.emitVoid(Op::OpBranch, {L.Header});
  B.beginBlock(L.Merge);
  if (Targets[L.Target].Witnessed)
    witnessCheck(Loc);
  afterLoop(L.Target);
  closeScope(InitScope);
}

void KernelEmitter::emitLoopStmt(const Stmt *S, spv::LoopControlMask Control) {
  if (const auto *FS = dyn_cast<ForStmt>(S))
    return emitLoop(FS->getInit(), FS->getCond(), FS->getInc(), FS->getBody(),
                    FS->getConditionVariable(), Control, S->getBeginLoc());
  if (const auto *WS = dyn_cast<WhileStmt>(S))
    return emitLoop(nullptr, WS->getCond(), nullptr, WS->getBody(), WS->getConditionVariable(),
                    Control, S->getBeginLoc());
  emitDoWhile(cast<DoStmt>(S), Control);
}

// True when emitting E may make blocks: `&&`, `||`, `?:`, or a call (inlined).
static bool mayBranch(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
    return true;
  if (isa<AbstractConditionalOperator, CallExpr, CXXConstructExpr, LambdaExpr, StmtExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (mayBranch(Child))
      return true;
  return false;
}

void KernelEmitter::emitDoWhile(const DoStmt *S, spv::LoopControlMask Control) {
  LoopLabels L = openLoop(Control, /*IsWrapper=*/false, S->getBeginLoc());
  // A condition that makes blocks of its own is computed where the body ends
  // and at each `continue`, into a variable the continue target reads, so the
  // continue construct stays one block. SPIRV-Tools 2023.1's merge-blocks folds
  // a continue target into its loop header when the blocks between them are
  // straight-line, which leaves an invalid module when the continue construct
  // goes on past it (docs/fuzzing.md, found by test/fuzz).
  SpvId CondVar = 0;
  if (mayBranch(S->getCond())) {
    CondVar = B.functionVariable(boolType());
    Targets[L.Target].DoCondition = S->getCond();
    Targets[L.Target].DoConditionVar = CondVar;
  }
  emitScoped(S->getBody());
  if (!B.isTerminated()) {
    if (CondVar) {
      SpvId Value = emitCondition(S->getCond());
      if (!Value)
        return;
      B.emitVoid(Op::OpStore, {CondVar, Value});
    }
    B.emitVoid(Op::OpBranch, {L.Continue});
  }
  B.beginBlock(L.Continue);
  SpvId C = CondVar ? B.emit(Op::OpLoad, boolType(), {CondVar}) : emitCondition(S->getCond());
  if (!C)
    return;
  const bool Witnessed = Targets[L.Target].Witnessed;
  if (Witnessed)
    witnessLeaving(B.emit(Op::OpLogicalNot, boolType(), {C}));
  B.emitVoid(Op::OpBranchConditional, {C, L.Header, L.Merge});
  B.beginBlock(L.Merge);
  if (Witnessed)
    witnessCheck(S->getBeginLoc());
  afterLoop(L.Target);
}

void KernelEmitter::emitBreakOrContinue(bool IsBreak, SourceLocation Loc) {
  for (auto It = Targets.rbegin(); It != Targets.rend(); ++It) {
    if (It->IsWrapper)
      break;
    if (!IsBreak && It->IsSwitch)
      continue;
    if (IsBreak)
      It->MergeUsed = true;
    // Copied: the destructors inlined below may add targets of their own.
    SpvId To = IsBreak ? It->Merge : It->Continue;
    const bool LeavesLoop = IsBreak && It->Witnessed;
    const Expr *DoCondition = IsBreak ? nullptr : It->DoCondition;
    const SpvId DoConditionVar = It->DoConditionVar;
    emitCleanupsFrom(IsBreak ? It->BreakScopes : It->ContinueScopes);
    if (LeavesLoop)
      witnessLeaving();
    if (DoCondition && !failed()) {
      SpvId Value = emitCondition(DoCondition);
      if (!Value)
        return;
      B.emitVoid(Op::OpStore, {DoConditionVar, Value});
    }
    if (!failed())
      B.emitVoid(Op::OpBranch, {To});
    return;
  }
  unsupported(Loc, IsBreak ? UnsupportedConstruct::Break : UnsupportedConstruct::Continue);
}

void KernelEmitter::emitReturn(const ReturnStmt *S) {
  Frame &F = frame();
  const Expr *Value = S->getRetValue();
  if (F.IsKernel) {
    if (Value)
      emitDiscarded(Value);
    emitCleanupsFrom(F.ScopeBase);
    if (!failed())
      B.emitVoid(Op::OpReturn, {});
    return;
  }
  // `return r;` of the named return value: r is already in the return slot.
  const VarDecl *InSlot = nullptr;
  if (const VarDecl *NV = S->getNRVOCandidate()) {
    auto It = F.Refs.find(NV);
    if (It != F.Refs.end() && F.RetVar && It->second.Ptr == F.RetVar)
      InSlot = NV;
  }
  if (InSlot) {
    // Nothing to copy.
  } else if (Value) {
    if (F.RetType->isReferenceType())
      F.RetRef = emitLValue(Value);
    else if (F.ReturnsPointer)
      assignPointer(F.RetPointer, emitPointer(Value), Value->getExprLoc());
    else if (F.RetType->isVoidType())
      emitDiscarded(Value);
    else if (F.RetVar) {
      LValue Ret;
      Ret.K = LValue::Memory;
      Ret.Ptr = F.RetVar;
      Ret.Type = F.RetType;
      emitInitInto(Ret, Value);
    }
  }
  // The value is made; now the function's objects end, last made first.
  emitCleanupsFrom(F.ScopeBase, InSlot);
  if (F.WrapperTarget == ~0u) {
    // The body's last statement: control falls out of the inlined body,
    // whose one open scope has nothing left to destroy.
    dropScopes(F.ScopeBase + 1);
    Lifetimes.forgetObjectsFrom(F.ScopeBase);
    return;
  }
  if (B.isTerminated() || failed())
    return;
  BreakTarget &Innermost = Targets.back();
  if (Innermost.IsWrapper) {
    B.emitVoid(Op::OpBranch, {Innermost.Merge});
    return;
  }
  B.emitVoid(Op::OpStore, {F.ReturnFlag, B.constBool(true)});
  for (unsigned I = Targets.size() - 1; I > F.WrapperTarget; --I)
    Targets[I].SawReturn = true;
  Innermost.MergeUsed = true;
  const SpvId Merge = Innermost.Merge;
  if (Innermost.Witnessed)
    witnessLeaving();
  B.emitVoid(Op::OpBranch, {Merge});
}

namespace {
// One run of statements in a switch body that starts at a case/default label.
struct SwitchSegment {
  SpvId Label = 0;
  llvm::SmallVector<std::uint64_t, 2> Values;
  bool IsDefault = false;
  llvm::SmallVector<const Stmt *, 8> Body;
};

// SPIRV-Tools' walks of the control-flow graph rescan a block's successors
// each time they come back to it, quadratic in an OpSwitch's targets (a
// 4000-case switch: most of its compile; docs/performance.md). A switch with
// more segments than this becomes an OpSwitch that picks a group of at least
// SwitchGroupSegments segments, each group an OpSwitch of its own.
constexpr unsigned MaxSwitchSegments = 128;
constexpr unsigned SwitchGroupSegments = 64;

// Where groups start: a group ends after a segment that cannot fall through
// (its last statement a break or return), so that every fall-through stays
// within one OpSwitch. {0}: one group, the plain OpSwitch.
llvm::SmallVector<unsigned, 8> switchGroups(llvm::ArrayRef<SwitchSegment> Segments) {
  llvm::SmallVector<unsigned, 8> Starts{0};
  if (Segments.size() <= MaxSwitchSegments)
    return Starts;
  for (unsigned I = 0; I + 1 < Segments.size(); ++I) {
    const SwitchSegment &Seg = Segments[I];
    bool Jumps = !Seg.Body.empty() &&
                 (isa<BreakStmt>(Seg.Body.back()) || isa<ReturnStmt>(Seg.Body.back()));
    if (Jumps && I + 1 - Starts.back() >= SwitchGroupSegments)
      Starts.push_back(I + 1);
  }
  return Starts;
}
} // namespace

void KernelEmitter::emitSwitch(const SwitchStmt *S) {
  unsigned Scope = openScope(); // the init statement's and condition's variables
  emitSwitchInScope(S);
  closeScope(Scope);
}

void KernelEmitter::emitSwitchInScope(const SwitchStmt *S) {
  if (S->getInit())
    emitStmt(S->getInit());
  if (const VarDecl *CV = S->getConditionVariable())
    emitLocalVar(CV);
  const Expr *CondE = S->getCond();
  QualType CT = CondE->getType();
  unsigned Width = Types.bitWidth(CT);
  SpvId Cond = emitRValue(CondE);
  if (!Cond)
    return;
  const auto *Body = dyn_cast<CompoundStmt>(S->getBody());
  if (!Body)
    return unsupported(S->getBeginLoc(), UnsupportedConstruct::SwitchBodyNotBlock);

  // Split the body at its labels; `case 1: case 2: x;` is one segment.
  llvm::SmallVector<SwitchSegment, 8> Segments;
  for (const Stmt *Child : Body->body()) {
    const Stmt *Cur = Child;
    bool StartsSegment = isa<SwitchCase>(Cur);
    if (StartsSegment)
      Segments.emplace_back();
    while (const auto *SC = dyn_cast<SwitchCase>(Cur)) {
      if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
        if (CS->getRHS())
          return unsupported(CS->getBeginLoc(), UnsupportedConstruct::CaseRange);
        llvm::APSInt V = CS->getLHS()->EvaluateKnownConstInt(Ctx);
        Segments.back().Values.push_back(V.getZExtValue());
      } else {
        Segments.back().IsDefault = true;
      }
      Cur = SC->getSubStmt();
    }
    if (Segments.empty())
      continue; // statements before the first label never run
    Segments.back().Body.push_back(Cur);
  }

  SpvId Merge = B.newLabel();
  SpvId Default = Merge;
  for (SwitchSegment &Seg : Segments) {
    Seg.Label = B.newLabel();
    if (Seg.IsDefault)
      Default = Seg.Label;
  }
  // SPIR-V lets a case fall through only into the target listed right after
  // it; the default label is not in that list, so it must not take part in
  // fall-through unless it is last.
  for (unsigned I = 0; I + 1 < Segments.size(); ++I)
    if (Segments[I].IsDefault)
      return unsupported(S->getBeginLoc(), UnsupportedConstruct::DefaultNotLast);

  // The body's variables: C++ forbids jumping to a label past one that has
  // a destructor, so only the last segment can leave one alive, by a break
  // or by falling out of the switch.
  const unsigned BodyScope = Lifetimes.depth();

  // An OpSwitch over Segments[From, To), each value to Target(segment).
  auto EmitSwitch = [&](unsigned From, unsigned To, SpvId DefaultTarget, SpvId MergeLabel,
                        auto Target) {
    llvm::SmallVector<std::uint32_t, 16> Ops{Cond, DefaultTarget};
    for (unsigned I = From; I < To; ++I)
      for (std::uint64_t V : Segments[I].Values) {
        Ops.push_back(static_cast<std::uint32_t>(V));
        if (Width == 64)
          Ops.push_back(static_cast<std::uint32_t>(V >> 32));
        Ops.push_back(Target(I));
      }
    B.emitVoid(Op::OpSelectionMerge, {MergeLabel, noSelectionControl()});
    B.emitVoid(Op::OpSwitch, Ops);
    BreakTarget T;
    T.Merge = MergeLabel;
    T.IsSwitch = true;
    T.Owner = &frame();
    T.BreakScopes = T.ContinueScopes = BodyScope;
    Targets.push_back(T);
    return static_cast<unsigned>(Targets.size() - 1);
  };
  // The segments [From, To) in order, each falling through into the next
  // and the last into MergeLabel; whether that last one fell through.
  auto EmitSegments = [&](unsigned From, unsigned To, SpvId MergeLabel) {
    for (unsigned I = From; I < To; ++I) {
      B.beginBlock(Segments[I].Label);
      for (const Stmt *St : Segments[I].Body)
        emitStmt(St);
      if (!B.isTerminated()) {
        bool Last = I + 1 == To;
        if (Last)
          emitCleanupsFrom(BodyScope);
        B.emitVoid(Op::OpBranch, {Last ? MergeLabel : Segments[I + 1].Label}); // fall through
        if (Last)
          return true;
      }
    }
    return false;
  };

  openScope();
  llvm::SmallVector<unsigned, 8> Groups = switchGroups(Segments);
  if (Groups.size() > 1) {
    // The outer OpSwitch picks the group (the default's group, or the
    // merge block, for a value of no case); each group's OpSwitch its segment.
    Groups.push_back(Segments.size());
    llvm::SmallVector<SpvId, 8> GroupLabels, GroupMerges;
    // The default, when there is one, is the last segment (above).
    llvm::SmallVector<unsigned, 64> GroupOf(Segments.size());
    for (unsigned G = 0; G + 1 < Groups.size(); ++G) {
      GroupLabels.push_back(B.newLabel());
      GroupMerges.push_back(B.newLabel());
      for (unsigned I = Groups[G]; I < Groups[G + 1]; ++I)
        GroupOf[I] = G;
    }
    const unsigned DefaultIn = Default != Merge ? GroupOf.back() : GroupLabels.size();
    SpvId DefaultGroup = DefaultIn < GroupLabels.size() ? GroupLabels[DefaultIn] : Merge;
    unsigned Outer = EmitSwitch(0, Segments.size(), DefaultGroup, Merge,
                                [&](unsigned I) { return GroupLabels[GroupOf[I]]; });
    for (unsigned G = 0; G + 1 < Groups.size(); ++G) {
      B.beginBlock(GroupLabels[G]);
      SpvId GroupDefault = G == DefaultIn ? Default : GroupMerges[G];
      unsigned Inner = EmitSwitch(Groups[G], Groups[G + 1], GroupDefault, GroupMerges[G],
                                  [&](unsigned I) { return Segments[I].Label; });
      EmitSegments(Groups[G], Groups[G + 1], GroupMerges[G]);
      B.beginBlock(GroupMerges[G]);
      afterLoop(Inner); // a return in the group leaves the outer switch too
      B.emitVoid(Op::OpBranch, {Merge});
    }
    B.beginBlock(Merge);
    dropScopes(BodyScope);
    afterLoop(Outer);
    return;
  }

  unsigned Index = EmitSwitch(0, Segments.size(), Default, Merge,
                              [&](unsigned I) { return Segments[I].Label; });
  bool MergeReached = Default == Merge;
  MergeReached |= EmitSegments(0, Segments.size(), Merge);
  MergeReached |= Targets[Index].MergeUsed;
  B.beginBlock(Merge);
  dropScopes(BodyScope);
  if (!MergeReached) {
    // Every case returned: what follows the switch is unreachable.
    B.emitVoid(Op::OpUnreachable, {});
    Targets.resize(Index);
    return;
  }
  afterLoop(Index);
}
