//===- Places.cpp - Expressions that name objects -------------------------===//
//
// emitLValue and emitPointer: variables (locals, references, captures,
// constants), members, array elements and pointers into arrays, each as an
// LValue or a PointerValue (KernelEmitter.h).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "emit/NodeKinds.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

using namespace clang;
using namespace ampvk;
using spv::Op;


LValue KernelEmitter::emitDeclRef(const DeclRefExpr *E) {
  const ValueDecl *D = E->getDecl();
  SourceLocation Loc = E->getLocation();
  // Innermost frame first: a local of the function being inlined.
  auto It = frame().Refs.find(D);
  if (It != frame().Refs.end())
    return It->second;
  if (const auto *BD = dyn_cast<BindingDecl>(D))
    return emitLValue(BD->getBinding()); // `auto [a, b] = s;`: a is s.first member
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    auto TS = TileStatics.find(VD);
    if (TS != TileStatics.end())
      return TS->second;
    // A variable captured by the lambda whose body this is: the kernel, or a
    // lambda object the kernel captured and calls. Either way it is a member
    // of the frame's closure object.
    if (E->refersToEnclosingVariableOrCapture()) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(frame().FD);
      if (MD && MD->getParent()->isLambda()) {
        llvm::DenseMap<const ValueDecl *, FieldDecl *> CaptureFields;
        FieldDecl *ThisCapture = nullptr;
        MD->getParent()->getCaptureFields(CaptureFields, ThisCapture);
        if (FieldDecl *FD = CaptureFields.lookup(VD))
          return field(deref(frame().This, Loc), FD, Loc);
      }
    }
    if (VD->hasGlobalStorage() || VD->isStaticLocal())
      return constantVariable(VD, Loc);
  }
  unsupported(Loc, ampdiag::err_unsupported_decl_ref) << D->getName();
  return LValue();
}

LValue KernelEmitter::emitMember(const MemberExpr *E) {
  SourceLocation Loc = E->getMemberLoc();
  const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
  if (!FD) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getMemberDecl())) {
      // A static data member: only a constant can be used (`obj.N`); the
      // object expression is still evaluated.
      if (!getAmpConstantValue(VD, Ctx)) {
        unsupported(Loc, ampdiag::err_unsupported_static_member) << VD->getName();
        return LValue();
      }
      if (E->getBase()->HasSideEffects(Ctx))
        emitDiscarded(E->getBase());
      return constantVariable(VD, Loc);
    }
    unsupported(Loc, UnsupportedConstruct::MemberAccess);
    return LValue();
  }
  LValue Base;
  if (E->isArrow())
    Base = deref(emitPointer(E->getBase()), Loc);
  else if (E->getBase()->isGLValue())
    Base = emitLValue(E->getBase());
  else
    Base = materialize(E->getBase()->getType(), E->getBase());
  return field(Base, FD, Loc);
}

LValue KernelEmitter::emitLValue(const Expr *E) {
  if (failed())
    return LValue();
  E = E->IgnoreParens();
  SourceLocation Loc = E->getExprLoc();
  if (rejectUnhandled(E, /*AsObject=*/true))
    return LValue();

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return emitDeclRef(DRE);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return emitMember(ME);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return deref(elementPointer(AS), Loc);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return deref(emitPointer(UO->getSubExpr()), Loc);
    if (UO->isIncrementDecrementOp() && UO->isPrefix())
      return emitIncDec(UO, nullptr);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return emitAssign(BO);
    if (BO->getOpcode() == BO_Comma) {
      emitDiscarded(BO->getLHS());
      return emitLValue(BO->getRHS());
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    CallResult R = emitCall(Call);
    if (!R.Ref.valid() && !failed())
      unsupported(Loc, UnsupportedConstruct::CallAsObject);
    return R.Ref;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    const Expr *Sub = MT->getSubExpr();
    if (Sub->isGLValue())
      return emitLValue(Sub);
    bool Extended =
        MT->getExtendingDecl() && MT->getStorageDuration() == SD_Automatic;
    return materialize(Sub->getType(), Sub, Extended);
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_UserDefinedConversion:
      return emitLValue(CE->getSubExpr());
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      return baseClass(emitLValue(CE->getSubExpr()), CE->getType()->getAsCXXRecordDecl(),
                       Loc);
    case CK_BaseToDerived:
      return derivedClass(emitLValue(CE->getSubExpr()), CE->getType()->getAsCXXRecordDecl(),
                          Loc);
    default:
      break;
    }
  }
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
    unsigned Scope = openScope(/*FullExpression=*/true);
    LValue LV = emitLValue(EWC->getSubExpr());
    closeScope(Scope);
    return LV;
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return emitLValue(CE->getSubExpr());
  if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return emitLValue(ST->getReplacement());
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const Expr *Result = bindOpaques(PO))
      return emitLValue(Result);
    return LValue(); // a glvalue always has a result
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return emitConditionalLValue(CO);
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E)) {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      auto Found = (*It)->Opaques.find(OVE);
      if (Found != (*It)->Opaques.end())
        return Found->second;
    }
    return emitLValue(OVE->getSourceExpr());
  }
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return emitLValue(DA->getExpr());
  if (E->isPRValue())
    return materialize(E->getType(), E);
  if (isa<StringLiteral>(E)) {
    unsupported(Loc, UnsupportedConstruct::StringLiteral);
    return LValue();
  }
  unsupported(Loc, ampdiag::err_unsupported_expression) << E->getStmtClassName()
                                                      << /*AsObject=*/true;
  return LValue();
}

PointerValue KernelEmitter::elementPointer(const ArraySubscriptExpr *AS) {
  SourceLocation Loc = AS->getExprLoc();
  PointerValue P = emitPointer(AS->getBase());
  SpvId Index = toInt32(emitRValue(AS->getIdx()), AS->getIdx()->getType());
  if (!P.valid() || !Index)
    return PointerValue();
  if (!P.IntoArray) {
    // A pointer to a single object is an array of one: only p[0] is valid.
    if (auto C = AS->getIdx()->getIntegerConstantExpr(Ctx); C && C->isZero())
      return P;
    unsupported(Loc, UnsupportedConstruct::PointerIndexOutsideArray);
    return PointerValue();
  }
  P.Index = P.Index ? B.emit(Op::OpIAdd, intType(), {P.Index, Index}) : Index;
  return P;
}

PointerValue KernelEmitter::emitPointer(const Expr *E) {
  PointerValue P;
  if (failed())
    return P;
  E = E->IgnoreParens();
  SourceLocation Loc = E->getExprLoc();
  if (rejectUnhandled(E))
    return P;
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
    unsigned Scope = openScope(/*FullExpression=*/true);
    P = emitPointer(EWC->getSubExpr());
    closeScope(Scope);
    return P;
  }
  if (isa<CXXThisExpr>(E)) {
    if (!frame().This.valid())
      unsupported(Loc, UnsupportedConstruct::ThisHere);
    return frame().This;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      P.Target = emitLValue(CE->getSubExpr());
      P.IntoArray = true;
      P.Index = 0;
      return P;
    case CK_NoOp:
    case CK_BitCast:
      if (CE->getCastKind() == CK_BitCast &&
          !Ctx.hasSameUnqualifiedType(CE->getType()->getPointeeType(),
                                      CE->getSubExpr()->getType()->getPointeeType()))
        break;
      return emitPointer(CE->getSubExpr());
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase: {
      P = emitPointer(CE->getSubExpr());
      P.Target = baseClass(deref(P, Loc), CE->getType()->getPointeeCXXRecordDecl(), Loc);
      P.IntoArray = false;
      return P;
    }
    case CK_BaseToDerived: {
      P = emitPointer(CE->getSubExpr());
      P.Target = derivedClass(deref(P, Loc), CE->getType()->getPointeeCXXRecordDecl(), Loc);
      P.IntoArray = false;
      return P;
    }
    case CK_LValueToRValue: {
      // Only the current frame's locals are visible.
      if (PointerVar *V = pointerVariable(CE->getSubExpr()))
        return readPointer(*V);
      // The value of `--p` or `p = q` used as an lvalue (`*--p`).
      const Expr *Sub = CE->getSubExpr()->IgnoreParens();
      if (const auto *UO = dyn_cast<UnaryOperator>(Sub); UO && UO->isIncrementDecrementOp())
        return updatePointer(UO);
      if (const auto *BO = dyn_cast<BinaryOperator>(Sub); BO && BO->isAssignmentOp())
        return updatePointer(BO);
      break;
    }
    case CK_NullToPointer:
      P.Null = true;
      return P;
    default:
      break;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp())
      return updatePointer(UO);
    if (UO->getOpcode() == UO_AddrOf) {
      // &arr[i] still points into arr: p[1] and p + 1 must reach arr[i + 1].
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return elementPointer(AS);
      P.Target = emitLValue(UO->getSubExpr());
      // &av[i], &a[i]: a pointer into the view's whole buffer, so that p + 1
      // and p[1] reach the next element.
      if (P.Target.BufferVar && !failed()) {
        const SpvId Var = P.Target.BufferVar;
        LValue Whole = P.Target;
        Whole.Type = Ctx.getIncompleteArrayType(P.Target.Type, ArraySizeModifier::Normal, 0);
        Whole.Ptr = B.emit(Op::OpAccessChain,
                           B.typePointer(spv::StorageClass::StorageBuffer, Iface.bufferArrayType(Var)),
                           {Var, B.constI32(0)});
        PlaceIds.noteMemberChain(Whole.Ptr, Var, 0); // one root per buffer variable
        Whole.Guard = 0;
        Whole.BufferVar = Whole.BufferIndex = 0;
        P.Index = P.Target.BufferIndex;
        P.Target = Whole;
        P.IntoArray = true;
      }
      return P;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return conditionalPointer(CO);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_AddAssign ||
        BO->getOpcode() == BO_SubAssign)
      return updatePointer(BO);
    if (BO->getOpcode() == BO_Comma) {
      emitDiscarded(BO->getLHS());
      return emitPointer(BO->getRHS());
    }
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      const Expr *PtrE = BO->getLHS(), *IntE = BO->getRHS();
      if (!PtrE->getType()->isPointerType())
        std::swap(PtrE, IntE);
      P = emitPointer(PtrE);
      SpvId Off = toInt32(emitRValue(IntE), IntE->getType());
      if (!P.valid() || !Off)
        return PointerValue();
      if (!P.IntoArray) {
        unsupported(Loc, UnsupportedConstruct::PointerArithmeticOutsideArray);
        return PointerValue();
      }
      if (BO->getOpcode() == BO_Sub)
        Off = B.emit(Op::OpSNegate, intType(), {Off});
      P.Index = P.Index ? B.emit(Op::OpIAdd, intType(), {P.Index, Off}) : Off;
      return P;
    }
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    CallResult R = emitCall(Call);
    if (!failed() && !R.Ptr.valid() && !R.Ptr.Null)
      unsupported(Loc, UnsupportedConstruct::FunctionReturningPointer);
    return R.Ptr;
  }
  unsupported(Loc, UnsupportedConstruct::PointerExpression);
  return P;
}
