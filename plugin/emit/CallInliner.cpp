//===- CallInliner.cpp - Calls, constructors and initialization -----------===//
//
// Every call is inlined where it is made: arguments are evaluated in the
// caller's frame, then bound in a new frame (references and pointers as the
// caller's LValues, values as fresh Function variables). Recursion is
// impossible by the C++ AMP rules and diagnosed if it appears anyway.
//
//===----------------------------------------------------------------------===//
#include "attrs/RestrictionOverloads.h"
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {
// Counts return statements, not looking into nested lambdas.
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  unsigned Count = 0;
  const ReturnStmt *Last = nullptr;
  bool VisitReturnStmt(ReturnStmt *S) {
    ++Count;
    Last = S;
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

// True when the body can only return as its last statement, so control simply
// falls out of the inlined code.
bool returnsOnlyAtEnd(const Stmt *Body) {
  ReturnFinder F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (F.Count == 0)
    return true;
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  return F.Count == 1 && CS && !CS->body_empty() && CS->body_back() == F.Last;
}
} // namespace

PointerValue KernelEmitter::objectArgument(const Expr *Obj, bool IsArrow) {
  if (IsArrow)
    return emitPointer(Obj);
  PointerValue P;
  P.Target = Obj->isGLValue() ? emitLValue(Obj) : materialize(Obj->getType(), Obj);
  return P;
}

KernelEmitter::CallResult KernelEmitter::emitCall(const CallExpr *E) {
  SourceLocation Loc = E->getExprLoc();
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    // The amp overload of a set on restriction (attrs/RestrictionOverloads.h).
    const auto *MD = cast_or_null<CXXMethodDecl>(ampCallee(E, &Args));
    if (!MD) {
      unsupported(Loc, UnsupportedConstruct::PointerToMemberCall);
      return {};
    }
    if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(MD))
      return emitDestructorCall(MC, Dtor);
    bool IsArrow = false;
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      IsArrow = ME->isArrow();
    PointerValue This = objectArgument(MC->getImplicitObjectArgument(), IsArrow);
    return inlineCall(MD, &This, Args, Loc, E);
  }
  if (const auto *PD = dyn_cast<CXXPseudoDestructorExpr>(E->getCallee()->IgnoreParens())) {
    emitPseudoDestructorCall(PD);
    return {};
  }
  const FunctionDecl *FD = ampCallee(E, &Args);
  if (!FD) {
    unsupported(Loc, UnsupportedConstruct::FunctionPointerCall);
    return {};
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic()) {
      PointerValue This = objectArgument(Args[0], false);
      return inlineCall(FD, &This, llvm::ArrayRef(Args).drop_front(), Loc, E);
    }
    (void)OC;
  }
  if (FD->getBuiltinID()) {
    unsupported(Loc, ampdiag::err_unsupported_builtin) << FD->getName();
    return {};
  }
  return inlineCall(FD, nullptr, Args, Loc, E);
}

KernelEmitter::CallResult
KernelEmitter::inlineCall(const FunctionDecl *FD, const PointerValue *This,
                          llvm::ArrayRef<const Expr *> Args, SourceLocation Loc,
                          const Expr *Site) {
  if (failed())
    return {};
  if (std::optional<IntrinsicId> Intrinsic = getIntrinsic(FD))
    return emitIntrinsic(FD, *Intrinsic, This, Args, Loc);
  if (!getIntrinsicName(FD).empty()) {
    unsupported(Loc, ampdiag::err_unsupported_library_function)
        << FD->getQualifiedNameAsString();
    return {};
  }

  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
    if (MD->isTrivial() && (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
      LValue Dst = deref(*This, Loc);
      const Expr *Src = Args[0];
      if (Src->isGLValue())
        copy(Dst, emitLValue(Src), Loc);
      else
        store(Dst, emitRValue(Src), Loc);
      CallResult R;
      R.Ref = Dst;
      return R;
    }
  }

  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def) {
    unsupported(Loc, ampdiag::err_unsupported_call_undefined) << FD->getQualifiedNameAsString();
    return {};
  }
  for (const auto &F : Frames)
    if (F->FD == Def) {
      unsupported(Loc, ampdiag::err_unsupported_recursion) << FD->getQualifiedNameAsString();
      return {};
    }
  if (FD->isVariadic()) {
    unsupported(Loc, UnsupportedConstruct::VariadicCall);
    return {};
  }
  // Every call is inlined, so call trees that branch at each level (template
  // recursion such as f<N> calling f<N-1> twice) grow exponentially; stop
  // with an error instead of compiling for minutes.
  if (++InlinedCalls > MaxInlinedCalls) {
    unsupported(Loc, ampdiag::err_unsupported_inline_limit) << MaxInlinedCalls;
    return {};
  }

  // Evaluate the arguments in the caller's frame.
  auto NewFrame = std::make_unique<Frame>();
  NewFrame->FD = Def;
  NewFrame->Site = Site;
  if (This)
    NewFrame->This = *This;
  for (unsigned I = 0; I < Def->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *Arg = ampSideArgument(Def, I, Args[I]);
    QualType PT = P->getType();
    if (PT->isReferenceType()) {
      NewFrame->Refs[P] = Arg->isGLValue() ? emitLValue(Arg) : materialize(Arg->getType(), Arg);
    } else if (PT->isPointerType()) {
      // The callee's own copy: it may move it.
      PointerVar V = newPointerVariable(P->getName());
      assignPointer(V, emitPointer(Arg), Arg->getExprLoc());
      NewFrame->PointerVars[P] = V;
    } else {
      LValue LV = localVariable(PT, P->getLocation(), P->getName());
      if (LV.valid())
        emitInitInto(LV, Arg);
      NewFrame->Refs[P] = LV;
      // The caller destroys it at the end of its full-expression (Itanium).
      pushCleanup(LV, Arg->getExprLoc());
    }
  }
  if (failed())
    return {};

  Frame &F = *NewFrame;
  F.ScopeBase = Lifetimes.depth();
  Frames.push_back(std::move(NewFrame));
  F.RetType = Def->getReturnType();
  if (!F.RetType->isVoidType() && !F.RetType->isReferenceType()) {
    if (F.RetType->isPointerType()) {
      F.RetPointer = newPointerVariable("");
      F.RetPointer.What = PointerVar::Returned;
      F.RetPointer.Name = FD->getQualifiedNameAsString();
      F.ReturnsPointer = true;
    } else if (SpvId RT = lower(F.RetType, Def->getLocation())) {
      F.RetVar = B.functionVariable(RT);
    }
  }

  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def)) {
    LValue Self = deref(F.This, Loc);
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      if (failed())
        break;
      if (Init->isBaseInitializer())
        emitInitInto(baseClass(Self, Init->getBaseClass()->getAsCXXRecordDecl(), Loc),
                     Init->getInit());
      else if (Init->isMemberInitializer())
        emitInitInto(field(Self, Init->getMember(), Loc), Init->getInit());
      else if (Init->isDelegatingInitializer())
        emitInitInto(Self, Init->getInit());
      else
        unsupported(Init->getSourceLocation(), UnsupportedConstruct::MemberInitializerKind);
    }
  }

  const Stmt *Body = Def->getBody();
  if (returnsOnlyAtEnd(Body)) {
    emitStmt(Body);
  } else if (F.RetType->isReferenceType()) {
    unsupported(Loc, ampdiag::err_unsupported_reference_return) << FD->getQualifiedNameAsString();
  } else {
    // A single-trip loop gives early returns a structured exit.
    LoopLabels L = openLoop(spv::LoopControlMask::MaskNone, /*IsWrapper=*/true);
    F.WrapperTarget = L.Target;
    F.ReturnFlag = B.functionVariable(boolType());
    B.emitVoid(Op::OpStore, {F.ReturnFlag, B.constBool(false)});
    emitStmt(Body);
    if (!B.isTerminated())
      B.emitVoid(Op::OpBranch, {L.Merge});
    Targets.resize(F.WrapperTarget);
    B.beginBlock(L.Continue);
    B.emitVoid(Op::OpBranch, {L.Header});
    B.beginBlock(L.Merge);
  }
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(Def); Dtor && !failed())
    destroyMembersAndBases(deref(F.This, Loc), Dtor->getParent(), Loc);

  CallResult R;
  if (F.RetVar && !failed()) {
    LValue Ret;
    Ret.K = LValue::Memory;
    Ret.Ptr = F.RetVar;
    Ret.Type = F.RetType;
    R.Value = B.emit(Op::OpLoad, lower(F.RetType, Loc), {F.RetVar});
    noteViewLoad(R.Value, Ret); // a view returned by value keeps its binding
  }
  R.Ref = F.RetRef;
  if (F.ReturnsPointer && !failed())
    R.Ptr = readPointer(F.RetPointer);
  Frames.pop_back();
  return R;
}

void KernelEmitter::runConstructor(const LValue &Dst, const CXXConstructorDecl *Ctor,
                                   llvm::ArrayRef<const Expr *> Args, SourceLocation Loc,
                                   const Expr *Site) {
  PointerValue This;
  This.Target = Dst;
  inlineCall(Ctor, &This, Args, Loc, Site);
}

void KernelEmitter::constructElements(const LValue &Array, const CXXConstructorDecl *Ctor,
                                      llvm::ArrayRef<const Expr *> Args, SourceLocation Loc) {
  // `S a[2][3];` constructs every S of every row: the elements of a
  // multi-dimensional array are arrays themselves.
  const auto *AT = Ctx.getAsConstantArrayType(Array.Type);
  if (!AT)
    return runConstructor(Array, Ctor, Args, Loc);
  emitElementLoop(Array, 0, AT->getSize().getZExtValue(), Loc,
                  [&](const LValue &Elem) { constructElements(Elem, Ctor, Args, Loc); });
}

void KernelEmitter::emitConstruct(const LValue &Dst, const CXXConstructExpr *E) {
  SourceLocation Loc = E->getExprLoc();
  const auto *Ctor = cast<CXXConstructorDecl>(ampCallee(E->getConstructor()));
  if (E->requiresZeroInitialization())
    store(Dst, B.constNull(lower(Dst.Type, Loc)), Loc);
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());

  if (Ctx.getAsConstantArrayType(E->getType())) {
    if (!Ctor->isTrivial())
      constructElements(Dst, Ctor, Args, Loc);
    return;
  }
  if (E->isElidable()) {
    // `T t = T(1);` before C++17: the copy is elided, as Clang does on the
    // host, so the temporary is the object (and is not destroyed itself).
    const Expr *Src = Args[0]->IgnoreParens();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Src))
      return emitInitInto(Dst, MT->getSubExpr());
  }
  if (Ctor->isTrivial() && getIntrinsicName(Ctor).empty()) {
    if (Ctor->isCopyOrMoveConstructor()) {
      const Expr *Src = Args[0];
      if (Src->isGLValue())
        copy(Dst, emitLValue(Src), Loc);
      else
        store(Dst, emitRValue(Src), Loc);
    }
    return;
  }
  runConstructor(Dst, Ctor, Args, Loc, E);
}

void KernelEmitter::emitInitList(const LValue &Dst, const InitListExpr *E) {
  SourceLocation Loc = E->getExprLoc();
  QualType T = Dst.Type;
  if (Types.isScalar(T)) {
    if (E->getNumInits() == 0)
      store(Dst, zero(T), Loc);
    else
      emitInitInto(Dst, E->getInit(0));
    return;
  }
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    std::uint64_t Size = AT->getSize().getZExtValue();
    if (E->getNumInits() < Size)
      store(Dst, B.constNull(lower(T, Loc)), Loc);
    for (unsigned I = 0; I < E->getNumInits() && !failed(); ++I)
      emitInitInto(element(Dst, B.constI32(static_cast<std::int32_t>(I)), Loc), E->getInit(I));
    // Elements without an initializer are value-initialized from the filler:
    // zero for plain data (done above), but a class may have a default
    // constructor or default member initializers to run.
    const Expr *Filler = E->hasArrayFiller() ? E->getArrayFiller() : nullptr;
    if (Filler && !isa<ImplicitValueInitExpr>(Filler) && E->getNumInits() < Size)
      emitElementLoop(Dst, E->getNumInits(), Size, Loc,
                      [&](const LValue &Elem) { emitInitInto(Elem, Filler); });
    return;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  if (RD && RD->isUnion()) {
    // `U u = {x};` (or a designated member): the other bytes are zero.
    store(Dst, B.constNull(lower(T, Loc)), Loc);
    const FieldDecl *FD = E->getInitializedFieldInUnion();
    if (FD && E->getNumInits())
      emitInitInto(field(Dst, FD, Loc), E->getInit(0));
    return;
  }
  if (!RD) {
    unsupported(Loc, UnsupportedConstruct::InitializerList);
    return;
  }
  if (E->getNumInits() == 1 && E->getInit(0)->getType()->getAsCXXRecordDecl() == RD) {
    emitInitInto(Dst, E->getInit(0));
    return;
  }
  unsigned Index = 0;
  for (const CXXBaseSpecifier &BS : RD->bases()) {
    if (Index >= E->getNumInits())
      break;
    emitInitInto(baseClass(Dst, BS.getType()->getAsCXXRecordDecl(), Loc), E->getInit(Index++));
  }
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    LValue FieldLV = field(Dst, FD, Loc);
    if (Index < E->getNumInits())
      emitMemberInit(Dst, FieldLV, E->getInit(Index++));
    else
      store(FieldLV, B.constNull(lower(FD->getType(), Loc)), Loc);
  }
}

void KernelEmitter::emitElementLoop(const LValue &Array, std::uint64_t From, std::uint64_t To,
                                    SourceLocation Loc,
                                    llvm::function_ref<void(const LValue &)> Body) {
  // A counted loop rather than one copy of Body per element: arrays may be
  // large. A small array (`float_4 r[2]` of a register-blocked kernel) gets a
  // loop the optimizer unrolls: indexed by the loop's counter, the array
  // would stay in Function memory, as an array private to each thread, for
  // the kernel's whole life, however constant its other indices.
  emitCountedLoop(From, To, [&](SpvId I) { Body(element(Array, I, Loc)); },
                  isRegisterSized(Array.Type));
}

void KernelEmitter::emitCountedLoop(std::uint64_t From, std::uint64_t To,
                                    llvm::function_ref<void(SpvId)> Body, bool Unroll) {
  emitCountedLoop(B.constI32(static_cast<std::int32_t>(From)),
                  B.constI32(static_cast<std::int32_t>(To)), Body, Unroll);
}

void KernelEmitter::emitCountedLoop(SpvId From, SpvId To, llvm::function_ref<void(SpvId)> Body,
                                    bool Unroll, bool Witnessed) {
  SpvId Counter = B.functionVariable(intType());
  B.emitVoid(Op::OpStore, {Counter, From});
  SpvId Header = B.newLabel(), Check = B.newLabel(), BodyBlock = B.newLabel(),
        Continue = B.newLabel(), Merge = B.newLabel();
  B.emitVoid(Op::OpBranch, {Header});
  B.beginBlock(Header);
  B.emitVoid(Op::OpLoopMerge,
             {Merge, Continue,
              static_cast<std::uint32_t>(Unroll ? spv::LoopControlMask::Unroll
                                                : spv::LoopControlMask::MaskNone)});
  B.emitVoid(Op::OpBranch, {Check});
  B.beginBlock(Check);
  SpvId I = B.emit(Op::OpLoad, intType(), {Counter});
  SpvId More = B.emit(Op::OpSLessThan, boolType(), {I, To});
  // An iteration begins, or the loop is left (LoopWitness.cpp). A loop
  // marked Unroll is unrolled whole by the optimizer: no loop is left to cut.
  Witnessed = Witnessed && LoopWitness && !Unroll;
  if (Witnessed)
    witnessLeaving(B.emit(Op::OpLogicalNot, boolType(), {More}));
  B.emitVoid(Op::OpBranchConditional, {More, BodyBlock, Merge});
  B.beginBlock(BodyBlock);
  Body(I);
  B.emitVoid(Op::OpBranch, {Continue});
  B.beginBlock(Continue);
  B.emitVoid(Op::OpStore, {Counter, B.emit(Op::OpIAdd, intType(), {I, B.constI32(1)})});
  B.emitVoid(Op::OpBranch, {Header});
  B.beginBlock(Merge);
  if (Witnessed)
    witnessCheck(K.LaunchLoc);
}

void KernelEmitter::emitMemberInit(const LValue &Aggregate, const LValue &Member,
                                   const Expr *Init) {
  if (!isa<CXXDefaultInitExpr>(Init->IgnoreParens()))
    return emitInitInto(Member, Init);
  // A default member initializer (`int b = a * 2;`) reads its object's other
  // members through `this`: in aggregate initialization that is the aggregate,
  // not the `this` of the function doing the initialization.
  PointerValue Saved = frame().This;
  frame().This = PointerValue();
  frame().This.Target = Aggregate;
  emitInitInto(Member, Init);
  frame().This = Saved;
}

void KernelEmitter::emitInitInto(const LValue &Dst, const Expr *Init) {
  if (failed() || !Dst.valid())
    return;
  Init = Init->IgnoreParens();
  SourceLocation Loc = Init->getExprLoc();
  if (rejectUnhandled(Init))
    return;
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(Init)) {
    unsigned Scope = openScope(/*FullExpression=*/true);
    emitInitInto(Dst, EWC->getSubExpr());
    closeScope(Scope);
    return;
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(Init))
    if (!Types.isScalar(Dst.Type))
      return emitInitInto(Dst, CE->getSubExpr());
  // The object being initialized is the temporary: whoever owns Dst
  // destroys it.
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Init))
    return emitInitInto(Dst, BT->getSubExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init))
    return emitConstruct(Dst, CE);
  if (const auto *ILE = dyn_cast<InitListExpr>(Init))
    return emitInitList(Dst, ILE);
  if (const auto *LE = dyn_cast<LambdaExpr>(Init))
    return emitLambdaInto(Dst, LE);
  if (isa<ImplicitValueInitExpr>(Init) || isa<CXXScalarValueInitExpr>(Init))
    return store(Dst, B.constNull(lower(Dst.Type, Loc)), Loc);
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(Init))
    return emitInitInto(Dst, DI->getExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Init))
    return emitInitInto(Dst, DA->getExpr());
  if (const auto *AIL = dyn_cast<ArrayInitLoopExpr>(Init)) {
    const Expr *Src = AIL->getCommonExpr()->getSourceExpr();
    return copy(Dst, emitLValue(Src), Loc);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(Init)) {
    CastKind K = Cast->getCastKind();
    if ((K == CK_ConstructorConversion || K == CK_NoOp) && !Types.isScalar(Dst.Type))
      return emitInitInto(Dst, Cast->getSubExpr());
  }
  if (!Types.isScalar(Dst.Type) && Init->isGLValue())
    return copy(Dst, emitLValue(Init), Loc);
  store(Dst, emitRValue(Init), Loc);
}
