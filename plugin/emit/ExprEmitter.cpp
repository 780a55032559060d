//===- ExprEmitter.cpp - Expressions as values ----------------------------===//
//
// emitRValue, the dispatch over expression kinds that yield a value, and what
// it shares: conditions, discarded expressions, temporaries, the opaque values
// of property accesses, and rejectUnhandled (NodeKinds.h). The kinds live in
// their own files: Constants.cpp, Conversions.cpp, Arithmetic.cpp,
// Conditionals.cpp, Places.cpp (objects and pointers).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"
#include "emit/NodeKinds.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

SpvId KernelEmitter::emitCondition(const Expr *E) {
  SpvId V = emitRValue(E);
  if (!V)
    return 0;
  if (Types.isBool(E->getType()))
    return V;
  return convertScalar(V, E->getType(), Ctx.BoolTy);
}

bool KernelEmitter::rejectUnhandled(const Stmt *S, bool AsObject) {
  if (emitterHandles(S->getStmtClass()))
    return false;
  if (isa<Expr>(S))
    unsupported(S->getBeginLoc(), ampdiag::err_unsupported_expression)
        << S->getStmtClassName() << AsObject;
  else
    unsupported(S->getBeginLoc(), ampdiag::err_unsupported_statement) << S->getStmtClassName();
  return true;
}

void KernelEmitter::emitDiscarded(const Expr *E) {
  E = E->IgnoreParens();
  if (rejectUnhandled(E))
    return;
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
    unsigned Scope = openScope(/*FullExpression=*/true);
    emitDiscarded(EWC->getSubExpr());
    closeScope(Scope);
    return;
  }
  if (const auto *ACO = dyn_cast<AbstractConditionalOperator>(E)) {
    // `c ? ++x : ++y;` or `c ? f() : g();`: evaluate the chosen arm for its
    // effects; its value (or object) is not needed.
    if (const ConditionalOperator *CO = plainConditional(ACO))
      emitConditionalBranches(CO, [&](const Expr *Arm) { emitDiscarded(Arm); });
    return;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E))
    if (CE->getCastKind() == CK_ToVoid)
      return emitDiscarded(CE->getSubExpr());
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    emitCall(Call);
    return;
  }
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const Expr *Result = bindOpaques(PO))
      emitDiscarded(Result);
    return;
  }
  // `p = q;`, `++p;`: a pointer variable has no place to name.
  if (E->getType()->isPointerType()) {
    emitPointer(E);
    return;
  }
  if (E->isGLValue()) {
    emitLValue(E);
    return;
  }
  if (hasDestructor(E->getType())) {
    // `make();` or `T(1);`: an object nobody keeps, destroyed at the end of
    // the full-expression.
    materialize(E->getType(), E);
    return;
  }
  emitRValue(E);
}

LValue KernelEmitter::temporary(QualType T, const Expr *Init) {
  LValue Tmp = localVariable(T, Init->getExprLoc(), "");
  if (Tmp.valid())
    emitInitInto(Tmp, Init);
  return Tmp;
}

const Expr *KernelEmitter::bindOpaques(const PseudoObjectExpr *E) {
  // A property write `v.x = e` is [base, e, v.set_x(e)] with no result, and
  // `v.x++` is [base, old = v.get_x(), v.set_x(old + 1)] whose result is
  // `old`: every semantic expression runs, in order. A result that is not an
  // opaque value comes last (Clang's MS property builder), so the caller
  // emitting it after this loop keeps the order.
  const Expr *Result = E->getResultExpr();
  for (const Expr *Sem : E->semantics()) {
    if (failed())
      break;
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Sem)) {
      const Expr *Src = OVE->getSourceExpr();
      LValue LV = Src->isGLValue() ? emitLValue(Src) : materialize(Src->getType(), Src);
      frame().Opaques[OVE] = LV;
    } else if (Sem != Result) {
      emitDiscarded(Sem);
    }
  }
  return Result;
}

SpvId KernelEmitter::emitRValue(const Expr *E) {
  if (failed())
    return 0;
  if (auto C = tryConstant(E))
    return *C;
  E = E->IgnoreParens();
  SourceLocation Loc = E->getExprLoc();
  if (rejectUnhandled(E))
    return 0;
  if (const auto *RB = dyn_cast<CXXRewrittenBinaryOperator>(E))
    return emitRValue(RB->getSemanticForm()); // `a != b` as `!(a == b)` (C++20)

  if (E->isGLValue())
    return load(emitLValue(E), Loc);

  if (const auto *CE = dyn_cast<CastExpr>(E))
    return emitCast(CE);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return emitBinary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return emitUnary(UO);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return emitConditional(CO);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    CallResult R = emitCall(Call);
    if (R.Ref.valid())
      return load(R.Ref, Loc);
    return R.Value;
  }
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
    unsigned Scope = openScope(/*FullExpression=*/true);
    SpvId V = emitRValue(EWC->getSubExpr());
    closeScope(Scope);
    return V;
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return emitRValue(CE->getSubExpr());
  // A class value with a destructor: whoever takes the value (a variable, a
  // parameter, a materialized temporary) destroys it.
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return emitRValue(BT->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return emitRValue(DA->getExpr());
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return emitRValue(DI->getExpr());
  if (const auto *ST = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return emitRValue(ST->getReplacement());
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    const Expr *Result = bindOpaques(PO);
    return Result ? emitRValue(Result) : 0; // 0: a void property write
  }
  if (isa<OpaqueValueExpr>(E)) // a prvalue bound by bindOpaques to a temporary
    return load(emitLValue(E), Loc);
  if (isa<ImplicitValueInitExpr>(E) || isa<CXXScalarValueInitExpr>(E))
    return zero(E->getType());
  if (isa<CXXConstructExpr>(E) || isa<InitListExpr>(E) ||
      isa<CXXFunctionalCastExpr>(E) || isa<LambdaExpr>(E)) {
    LValue Tmp = temporary(E->getType(), E);
    return load(Tmp, Loc);
  }
  if (isa<StringLiteral>(E)) {
    unsupported(Loc, UnsupportedConstruct::StringLiteral);
    return 0;
  }
  unsupported(Loc, ampdiag::err_unsupported_expression) << E->getStmtClassName()
                                                      << /*AsObject=*/false;
  return 0;
}
