//===- ExprEmitter.cpp - Expressions, operators and casts -----------------===//
//
// Integers use one SPIR-V type per width (the signed flavour); signedness
// selects the operation (OpSDiv/OpUDiv, OpSLessThan/OpULessThan, ...), exactly
// as Clang's own CodeGen does for LLVM IR.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"
#include "emit/NodeKinds.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

SpvId KernelEmitter::toInt32(SpvId V, QualType From) {
  return convertScalar(V, From, Ctx.IntTy);
}

SpvId KernelEmitter::zero(QualType T) {
  if (Types.isBool(T))
    return B.constBool(false);
  if (Types.isFloat(T))
    return B.constFloat(Types.bitWidth(T), 0.0);
  if (Types.isScalar(T))
    return B.constInt(Types.bitWidth(T), 0);
  return B.constNull(lower(T, SourceLocation()));
}

SpvId KernelEmitter::one(QualType T) {
  if (Types.isFloat(T))
    return B.constFloat(Types.bitWidth(T), 1.0);
  return B.constInt(Types.bitWidth(T), 1);
}

SpvId KernelEmitter::constantFor(const APValue &V, QualType T, SourceLocation Loc) {
  if (V.isInt()) {
    if (Types.isBool(T))
      return B.constBool(V.getInt().getBoolValue());
    unsigned W = Types.bitWidth(T);
    if (W != 32 && W != 64) {
      unsupported(Loc, ampdiag::err_unsupported_type) << T.getAsString() << /*AsValue=*/false;
      return 0;
    }
    return B.constInt(W, V.getInt().getZExtValue());
  }
  if (V.isFloat()) {
    unsigned W = Types.bitWidth(T);
    return B.constFloat(W, V.getFloat().convertToDouble());
  }
  // Arrays and classes: an OpConstantComposite of the parts, in the order and
  // with the members TypeLowering gives the type (empty bases and members of
  // an empty class type have no member).
  if (V.isArray()) {
    const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T);
    SpvId Type = lower(T, Loc);
    if (!AT || !Type)
      return 0;
    QualType ET = AT->getElementType();
    unsigned Len = static_cast<unsigned>(AT->getSize().getZExtValue());
    llvm::SmallVector<SpvId, 16> Parts;
    SpvId Filler = 0;
    for (unsigned I = 0; I < Len; ++I) {
      SpvId Part;
      if (I < V.getArrayInitializedElts()) {
        Part = constantFor(V.getArrayInitializedElt(I), ET, Loc);
      } else {
        if (!Filler && V.hasArrayFiller())
          Filler = constantFor(V.getArrayFiller(), ET, Loc);
        Part = Filler;
      }
      if (!Part)
        return 0;
      Parts.push_back(Part);
    }
    return B.constComposite(Type, Parts);
  }
  if (V.isStruct()) {
    const RecordDecl *RD = T->getAsRecordDecl();
    const RecordLowering *R = RD ? Types.record(RD, Layout::Logical, Loc) : nullptr;
    if (!R)
      return 0;
    if (R->Empty)
      return B.constNull(R->Type);
    llvm::SmallVector<SpvId, 8> Parts(R->MemberTypes.size(), 0);
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
      unsigned I = 0;
      for (const CXXBaseSpecifier &BS : CRD->bases()) {
        auto It = R->BaseIndex.find(BS.getType()->getAsCXXRecordDecl());
        if (It != R->BaseIndex.end())
          Parts[It->second] = constantFor(V.getStructBase(I), BS.getType(), Loc);
        ++I;
      }
    }
    for (const FieldDecl *FD : RD->fields()) {
      auto It = R->FieldIndex.find(FD);
      if (It != R->FieldIndex.end())
        Parts[It->second] = constantFor(V.getStructField(FD->getFieldIndex()), FD->getType(), Loc);
    }
    for (SpvId P : Parts)
      if (!P)
        return 0;
    return B.constComposite(R->Type, Parts);
  }
  return 0;
}

LValue KernelEmitter::constantVariable(const VarDecl *VD, SourceLocation Loc) {
  auto It = ConstantVariables.find(VD);
  if (It != ConstantVariables.end())
    return It->second;
  const APValue *V = getAmpConstantValue(VD, Ctx);
  SpvId Init = V ? constantFor(*V, VD->getType(), Loc) : 0;
  if (!Init) {
    if (!failed())
      unsupported(Loc, ampdiag::err_unsupported_nonlocal_variable) << VD->getName();
    return LValue();
  }
  // One Function variable per kernel, starting with the constant: the
  // variable is never written (the object is const), so every use, whatever
  // frame it is in, can share it.
  LValue LV = localVariable(VD->getType(), Loc, VD->getName(), Init);
  if (LV.valid())
    ConstantVariables[VD] = LV;
  return LV;
}

std::optional<SpvId> KernelEmitter::tryConstant(const Expr *E) {
  QualType T = E->getType();
  if (!E->isPRValue() || !Types.isScalar(T) || E->isValueDependent())
    return std::nullopt;
  if (E->HasSideEffects(Ctx))
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  SpvId C = constantFor(R.Val, T, E->getExprLoc());
  if (!C)
    return std::nullopt;
  return C;
}

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
  if (E->getType()->isPointerType()) {
    emitPointer(E);
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

SpvId KernelEmitter::convertScalar(SpvId V, QualType From, QualType To) {
  if (!V)
    return 0;
  bool FB = Types.isBool(From), TB = Types.isBool(To);
  bool FF = Types.isFloat(From), TF = Types.isFloat(To);
  SpvId ToType = lower(To, SourceLocation());
  if (!ToType)
    return 0;
  if (FB && TB)
    return V;
  if (TB) {
    if (FF)
      return B.emit(Op::OpFUnordNotEqual, ToType, {V, zero(From)});
    return B.emit(Op::OpINotEqual, ToType, {V, zero(From)});
  }
  if (FB)
    return B.emit(Op::OpSelect, ToType, {V, one(To), zero(To)});
  unsigned FW = Types.bitWidth(From), TW = Types.bitWidth(To);
  // Conversions to or from a float round as C++ says, and are decorated
  // NoContraction so that no driver folds a round trip away: Mesa (22.3)
  // rewrites (unsigned)(float)i to i unless the conversion is exact, which
  // is wrong for i = 2^24 + 1 (NoContraction.h).
  auto Exact = [&](SpvId R) {
    B.decorate(R, spv::Decoration::NoContraction);
    return R;
  };
  if (FF && TF)
    return FW == TW ? V : Exact(B.emit(Op::OpFConvert, ToType, {V}));
  if (FF) {
    if (Types.isSigned(To))
      return Exact(B.emit(Op::OpConvertFToS, ToType, {V}));
    SpvId R = Exact(B.emit(Op::OpConvertFToU, B.typeUInt(TW), {V}));
    return B.emit(Op::OpBitcast, ToType, {R});
  }
  if (TF)
    return Exact(
        B.emit(Types.isSigned(From) ? Op::OpConvertSToF : Op::OpConvertUToF, ToType, {V}));
  if (FW == TW)
    return V;
  if (Types.isSigned(From))
    return B.emit(Op::OpSConvert, ToType, {V});
  return unsignedOp(Op::OpUConvert, ToType, TW, {V});
}

SpvId KernelEmitter::unsignedOp(spv::Op Opcode, SpvId ResultType, unsigned Width,
                                llvm::ArrayRef<SpvId> Operands) {
  // Integers are kept in the signed flavour; these operations need an unsigned
  // result type, so compute in it and reinterpret (a no-op for the hardware).
  SpvId UT = B.typeUInt(Width);
  llvm::SmallVector<std::uint32_t, 2> Ops(Operands.begin(), Operands.end());
  if (Opcode == Op::OpUDiv || Opcode == Op::OpUMod)
    for (std::uint32_t &O : Ops)
      O = B.emit(Op::OpBitcast, UT, {O});
  SpvId R = B.emit(Opcode, UT, Ops);
  return B.emit(Op::OpBitcast, ResultType, {R});
}

SpvId KernelEmitter::emitCast(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  SourceLocation Loc = E->getExprLoc();
  switch (E->getCastKind()) {
  case CK_LValueToRValue:
    return load(emitLValue(Sub), Loc);
  case CK_NoOp:
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
  case CK_ToVoid:
    return emitRValue(Sub);
  case CK_IntegralCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
  case CK_BooleanToSignedIntegral:
    if (E->getCastKind() == CK_BooleanToSignedIntegral) {
      SpvId V = emitRValue(Sub);
      SpvId T = lower(E->getType(), Loc);
      return B.emit(Op::OpSelect, T,
                    {V, B.constInt(Types.bitWidth(E->getType()), ~0ull), zero(E->getType())});
    }
    return convertScalar(emitRValue(Sub), Sub->getType(), E->getType());
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
    if (!E->getType()->isPointerType()) {
      LValue LV = Sub->isGLValue() ? emitLValue(Sub) : materialize(Sub->getType(), Sub);
      return load(baseClass(LV, E->getType()->getAsCXXRecordDecl(), Loc), Loc);
    }
    break;
  default:
    break;
  }
  unsupported(Loc, ampdiag::err_unsupported_conversion) << E->getCastKindName();
  return 0;
}

SpvId KernelEmitter::arith(BinaryOperatorKind Opc, SpvId L, SpvId R, QualType T,
                           QualType OperandType) {
  SpvId V = arithOp(Opc, L, R, T, OperandType);
  // C++ rounds the result of every floating-point operation. Undecorated
  // operations may be reassociated, factored or fused by SPIRV-Tools and by
  // drivers (x + 1 + 1 - 1 - 1 folds to x): NoContraction forbids that. It also
  // forbids fusing a*b+c into an FMA; leaving just that pair undecorated is not
  // enough, since undecorated adds may then be reordered with each other.
  if (V && Types.isFloat(OperandType)) {
    switch (Opc) {
    case BO_Add: case BO_AddAssign:
    case BO_Sub: case BO_SubAssign:
    case BO_Mul: case BO_MulAssign:
    case BO_Div: case BO_DivAssign:
    case BO_Rem: case BO_RemAssign:
      B.decorate(V, spv::Decoration::NoContraction);
      break;
    default:
      break;
    }
  }
  return V;
}

// The most negative value divided by -1 overflows (undefined in C++), and
// SPIRV-Tools' constant folder dies of SIGFPE when it computes that quotient
// of two constants, even in code that never runs. So -1 never reaches
// OpSDiv: x / -1 is -x (wrapping, as hardware division does).
SpvId KernelEmitter::signedDivide(SpvId L, SpvId R, SpvId RT, unsigned Width) {
  std::uint64_t AllOnes = Width >= 64 ? ~0ull : (1ull << Width) - 1;
  SpvId ByMinusOne = B.emit(Op::OpIEqual, boolType(), {R, B.constInt(Width, AllOnes)});
  SpvId Divisor = B.emit(Op::OpSelect, RT, {ByMinusOne, B.constInt(Width, 1), R});
  SpvId Quotient = B.emit(Op::OpSDiv, RT, {L, Divisor});
  return B.emit(Op::OpSelect, RT, {ByMinusOne, B.emit(Op::OpSNegate, RT, {L}), Quotient});
}

SpvId KernelEmitter::arithOp(BinaryOperatorKind Opc, SpvId L, SpvId R, QualType T,
                             QualType OperandType) {
  bool F = Types.isFloat(OperandType), S = Types.isSigned(OperandType);
  bool Bo = Types.isBool(OperandType);
  SpvId RT = lower(T, SourceLocation());
  switch (Opc) {
  case BO_Add: case BO_AddAssign:
    return B.emit(F ? Op::OpFAdd : Op::OpIAdd, RT, {L, R});
  case BO_Sub: case BO_SubAssign:
    return B.emit(F ? Op::OpFSub : Op::OpISub, RT, {L, R});
  case BO_Mul: case BO_MulAssign:
    return B.emit(F ? Op::OpFMul : Op::OpIMul, RT, {L, R});
  case BO_Div: case BO_DivAssign:
    if (!F && !S)
      return unsignedOp(Op::OpUDiv, RT, Types.bitWidth(T), {L, R});
    if (F)
      return B.emit(Op::OpFDiv, RT, {L, R});
    return signedDivide(L, R, RT, Types.bitWidth(T));
  case BO_Rem: case BO_RemAssign:
    if (F)
      return B.emit(Op::OpFRem, RT, {L, R});
    if (!S)
      return unsignedOp(Op::OpUMod, RT, Types.bitWidth(T), {L, R});
    {
      // Vulkan leaves OpSRem/OpSMod undefined for negative operands (NVIDIA
      // returns the unsigned remainder); C++ truncates, and OpSDiv is defined.
      SpvId Quotient = signedDivide(L, R, RT, Types.bitWidth(T));
      return B.emit(Op::OpISub, RT, {L, B.emit(Op::OpIMul, RT, {Quotient, R})});
    }
  case BO_Shl: case BO_ShlAssign:
    return B.emit(Op::OpShiftLeftLogical, RT, {L, R});
  case BO_Shr: case BO_ShrAssign:
    return B.emit(S ? Op::OpShiftRightArithmetic : Op::OpShiftRightLogical, RT, {L, R});
  case BO_And: case BO_AndAssign:
    return B.emit(Bo ? Op::OpLogicalAnd : Op::OpBitwiseAnd, RT, {L, R});
  case BO_Or: case BO_OrAssign:
    return B.emit(Bo ? Op::OpLogicalOr : Op::OpBitwiseOr, RT, {L, R});
  case BO_Xor: case BO_XorAssign:
    return B.emit(Bo ? Op::OpLogicalNotEqual : Op::OpBitwiseXor, RT, {L, R});
  case BO_LT:
    return B.emit(F ? Op::OpFOrdLessThan : S ? Op::OpSLessThan : Op::OpULessThan, RT, {L, R});
  case BO_GT:
    return B.emit(F ? Op::OpFOrdGreaterThan : S ? Op::OpSGreaterThan : Op::OpUGreaterThan,
                  RT, {L, R});
  case BO_LE:
    return B.emit(F ? Op::OpFOrdLessThanEqual
                    : S ? Op::OpSLessThanEqual : Op::OpULessThanEqual,
                  RT, {L, R});
  case BO_GE:
    return B.emit(F ? Op::OpFOrdGreaterThanEqual
                    : S ? Op::OpSGreaterThanEqual : Op::OpUGreaterThanEqual,
                  RT, {L, R});
  case BO_EQ:
    return B.emit(F ? Op::OpFOrdEqual : Bo ? Op::OpLogicalEqual : Op::OpIEqual, RT, {L, R});
  case BO_NE:
    return B.emit(F ? Op::OpFUnordNotEqual : Bo ? Op::OpLogicalNotEqual : Op::OpINotEqual,
                  RT, {L, R});
  default:
    return 0;
  }
}

SpvId KernelEmitter::emitBinary(const BinaryOperator *E) {
  BinaryOperatorKind Opc = E->getOpcode();
  if (Opc == BO_LAnd || Opc == BO_LOr)
    return emitLogical(E);
  if (Opc == BO_Comma) {
    emitDiscarded(E->getLHS());
    return emitRValue(E->getRHS());
  }
  if (E->isAssignmentOp())
    return load(emitAssign(E), E->getExprLoc());
  if (E->getLHS()->getType()->isPointerType() || E->getRHS()->getType()->isPointerType()) {
    unsupported(E->getOperatorLoc(), UnsupportedConstruct::PointerAsValue);
    return 0;
  }
  SpvId L = emitRValue(E->getLHS());
  SpvId R = emitRValue(E->getRHS());
  if (!L || !R)
    return 0;
  SpvId V = arith(Opc, L, R, E->getType(), E->getLHS()->getType());
  if (!V)
    unsupported(E->getOperatorLoc(), ampdiag::err_unsupported_operator) << E->getOpcodeStr();
  return V;
}

SpvId KernelEmitter::emitLogical(const BinaryOperator *E) {
  // Short-circuit: the right operand runs only when it decides the result.
  bool IsAnd = E->getOpcode() == BO_LAnd;
  SpvId L = emitCondition(E->getLHS());
  if (!L)
    return 0;
  SpvId LhsBlock = B.currentBlock();
  SpvId RhsLabel = B.newLabel(), Merge = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge,
             {Merge, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
  if (IsAnd)
    B.emitVoid(Op::OpBranchConditional, {L, RhsLabel, Merge});
  else
    B.emitVoid(Op::OpBranchConditional, {L, Merge, RhsLabel});
  B.beginBlock(RhsLabel);
  ++ConditionalDepth;
  SpvId R = emitCondition(E->getRHS());
  --ConditionalDepth;
  SpvId RhsEnd = B.currentBlock();
  B.emitVoid(Op::OpBranch, {Merge});
  B.beginBlock(Merge);
  if (!R)
    return 0;
  return B.emit(Op::OpPhi, boolType(), {B.constBool(!IsAnd), LhsBlock, R, RhsEnd});
}

const ConditionalOperator *
KernelEmitter::plainConditional(const AbstractConditionalOperator *E) {
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return CO;
  unsupported(E->getExprLoc(), UnsupportedConstruct::GnuConditional);
  return nullptr;
}

void KernelEmitter::emitConditionalBranches(const ConditionalOperator *CO,
                                            llvm::function_ref<void(const Expr *)> Arm) {
  // Only the chosen arm is evaluated, as C++ requires.
  SpvId C = emitCondition(CO->getCond());
  if (!C)
    return;
  SpvId Then = B.newLabel(), Else = B.newLabel(), Merge = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge,
             {Merge, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
  B.emitVoid(Op::OpBranchConditional, {C, Then, Else});
  ++ConditionalDepth;
  B.beginBlock(Then);
  Arm(CO->getTrueExpr());
  B.emitVoid(Op::OpBranch, {Merge});
  B.beginBlock(Else);
  Arm(CO->getFalseExpr());
  B.emitVoid(Op::OpBranch, {Merge});
  --ConditionalDepth;
  B.beginBlock(Merge);
}

LValue KernelEmitter::emitConditionalCopy(const ConditionalOperator *CO) {
  // Both arms through a variable: works for every type, and the optimizer turns
  // it into OpSelect or a phi.
  LValue Result = localVariable(CO->getType(), CO->getExprLoc(), "");
  if (!Result.valid())
    return Result;
  emitConditionalBranches(CO, [&](const Expr *Arm) { emitInitInto(Result, Arm); });
  return Result;
}

SpvId KernelEmitter::emitConditional(const AbstractConditionalOperator *E) {
  const ConditionalOperator *CO = plainConditional(E);
  if (!CO)
    return 0;
  if (E->getType()->isVoidType()) {
    // `c ? f() : g()` with void calls: only the side effects matter.
    emitConditionalBranches(CO, [&](const Expr *Arm) { emitDiscarded(Arm); });
    return 0;
  }
  return load(emitConditionalCopy(CO), E->getExprLoc());
}

namespace {
// True when a call cannot tell its const-reference arguments (or a const
// `this`) from copies: it has no other way to reach, and so to modify, the
// objects they refer to.
bool cannotObserveCopies(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->isInstance() && !MD->isConst())
      return false;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    if (T->isPointerType())
      return false;
    if (!T->isReferenceType())
      continue;
    QualType Pointee = T->getPointeeType();
    // An array_view or array reaches memory even when it is const.
    if (!Pointee.isConstQualified() || !getAmpClassName(Pointee).empty())
      return false;
  }
  return true;
}

// True when argument `Arg` (one of `Args`) binds to a parameter of FD that is a
// reference to const.
bool bindsConstRefParam(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args,
                        const Expr *Arg) {
  if (!FD)
    return false;
  for (unsigned I = 0; I < Args.size() && I < FD->getNumParams(); ++I)
    if (Args[I] == Arg) {
      QualType T = FD->getParamDecl(I)->getType();
      return T->isReferenceType() && T->getPointeeType().isConstQualified();
    }
  return false;
}
} // namespace

bool KernelEmitter::isOnlyRead(const Expr *E) {
  const Expr *Cur = E;
  unsigned FrameIndex = Frames.size() - 1; // the function that contains Cur
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return false;
    if (Parents[0].get<ReturnStmt>()) {
      // Returned by const reference (`return a < b ? b : a;` in a max()):
      // how the call is used decides.
      const Frame &F = *Frames[FrameIndex];
      if (F.IsKernel || !F.Site || FrameIndex == 0 || !F.RetType->isReferenceType() ||
          !F.RetType->getPointeeType().isConstQualified())
        return false;
      Cur = F.Site;
      --FrameIndex;
      continue;
    }
    const Expr *P = Parents[0].get<Expr>();
    if (!P)
      return false; // a declaration or statement may keep a reference
    if (isa<ParenExpr>(P) || isa<ExprWithCleanups>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (CO->getCond() == Cur)
        return true;
      Cur = P; // an arm: the enclosing conditional's use decides
      continue;
    }
    if (const auto *Cast = dyn_cast<CastExpr>(P)) {
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
      case CK_ToVoid:
        return true;
      case CK_NoOp:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
        if (!Cast->isGLValue())
          return false;
        Cur = P;
        continue;
      default:
        return false;
      }
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->isArrow())
        return false;
      if (isa<FieldDecl>(ME->getMemberDecl())) {
        Cur = P;
        continue;
      }
      // The object of a member call.
      return cannotObserveCopies(dyn_cast<CXXMethodDecl>(ME->getMemberDecl()));
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      // A copy or move constructor reads its source once, into a new object.
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor())
        return true;
      return cannotObserveCopies(Ctor) &&
             bindsConstRefParam(Ctor, llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()), Cur);
    }
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
      if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
          MD && MD->isInstance() && isa<CXXOperatorCallExpr>(Call)) {
        if (Args.front() == Cur)
          return cannotObserveCopies(MD); // the object of a member operator
        Args = Args.drop_front();
      }
      return cannotObserveCopies(FD) && bindsConstRefParam(FD, Args, Cur);
    }
    return false;
  }
}

LValue KernelEmitter::emitConditionalLValue(const AbstractConditionalOperator *E) {
  const ConditionalOperator *CO = plainConditional(E);
  if (!CO)
    return LValue();
  // SPIR-V's logical addressing cannot choose between two pointers at run time
  // (that needs VariablePointers). When the result is only read, a copy of the
  // chosen object is indistinguishable from the object itself.
  if (isOnlyRead(E))
    return emitConditionalCopy(CO);
  unsupported(E->getExprLoc(), UnsupportedConstruct::ConditionalObjectReference);
  return LValue();
}

SpvId KernelEmitter::emitUnary(const UnaryOperator *E) {
  const Expr *Sub = E->getSubExpr();
  QualType T = E->getType();
  switch (E->getOpcode()) {
  case UO_Plus:
    return emitRValue(Sub);
  case UO_Minus: {
    SpvId V = emitRValue(Sub);
    return B.emit(Types.isFloat(T) ? Op::OpFNegate : Op::OpSNegate, lower(T, E->getExprLoc()),
                  {V});
  }
  case UO_Not:
    return B.emit(Op::OpNot, lower(T, E->getExprLoc()), {emitRValue(Sub)});
  case UO_LNot:
    return B.emit(Op::OpLogicalNot, boolType(), {emitCondition(Sub)});
  case UO_PostInc:
  case UO_PostDec: {
    SpvId Old = 0;
    emitIncDec(E, &Old);
    return Old;
  }
  case UO_PreInc:
  case UO_PreDec:
    return load(emitIncDec(E, nullptr), E->getExprLoc());
  default:
    break;
  }
  unsupported(E->getOperatorLoc(), ampdiag::err_unsupported_operator)
      << UnaryOperator::getOpcodeStr(E->getOpcode());
  return 0;
}

LValue KernelEmitter::emitIncDec(const UnaryOperator *E, SpvId *OldValue) {
  const Expr *Sub = E->getSubExpr();
  QualType T = Sub->getType();
  if (T->isPointerType()) {
    unsupported(E->getOperatorLoc(), UnsupportedConstruct::PointerIncrement);
    return LValue();
  }
  LValue LV = emitLValue(Sub);
  SpvId Old = load(LV, E->getExprLoc());
  if (!Old)
    return LValue();
  bool Inc = E->isIncrementOp();
  SpvId New;
  if (Types.isBool(T)) {
    New = B.constBool(true);
  } else {
    New = arith(Inc ? BO_Add : BO_Sub, Old, one(T), T, T);
  }
  store(LV, New, E->getExprLoc());
  if (OldValue)
    *OldValue = Old;
  return LV;
}

LValue KernelEmitter::emitAssign(const BinaryOperator *E) {
  SourceLocation Loc = E->getOperatorLoc();
  if (E->getLHS()->getType()->isPointerType()) {
    unsupported(Loc, UnsupportedConstruct::PointerAssignment);
    return LValue();
  }
  if (E->getOpcode() == BO_Assign) {
    // C++17: the right operand is sequenced before the left.
    SpvId V = emitRValue(E->getRHS());
    LValue LV = emitLValue(E->getLHS());
    store(LV, V, Loc);
    return LV;
  }
  const auto *CAO = cast<CompoundAssignOperator>(E);
  SpvId R = emitRValue(E->getRHS());
  LValue LV = emitLValue(E->getLHS());
  QualType CT = CAO->getComputationLHSType();
  SpvId L = convertScalar(load(LV, Loc), E->getLHS()->getType(), CT);
  SpvId Result = arith(E->getOpcode(), L, R, CAO->getComputationResultType(), CT);
  if (!Result && !failed()) {
    unsupported(Loc, ampdiag::err_unsupported_operator) << E->getOpcodeStr();
    return LValue();
  }
  store(LV, convertScalar(Result, CAO->getComputationResultType(), E->getLHS()->getType()),
        Loc);
  return LV;
}

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
    case CK_LValueToRValue:
      if (const auto *DRE = dyn_cast<DeclRefExpr>(CE->getSubExpr()->IgnoreParens())) {
        for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
          auto Found = (*It)->Pointers.find(DRE->getDecl());
          if (Found != (*It)->Pointers.end())
            return Found->second;
          break; // only the current frame's locals are visible
        }
      }
      break;
    default:
      break;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf) {
      // &arr[i] still points into arr: p[1] and p + 1 must reach arr[i + 1].
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return elementPointer(AS);
      P.Target = emitLValue(UO->getSubExpr());
      return P;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
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
    unsupported(Loc, UnsupportedConstruct::FunctionReturningPointer);
    return P;
  }
  unsupported(Loc, UnsupportedConstruct::PointerExpression);
  return P;
}
