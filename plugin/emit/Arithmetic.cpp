//===- Arithmetic.cpp - Operators on scalars and vectors ------------------===//
//
// Binary and unary operators, compound assignment, increment and decrement.
// Integers have one SPIR-V type per width (the signed flavour); signedness
// selects the operation (OpSDiv/OpUDiv, OpSLessThan/OpULessThan, ...), as
// Clang's CodeGen does for LLVM IR.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;


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
  if (E->getLHS()->getType()->isPointerType() && E->getRHS()->getType()->isPointerType())
    return emitPointerBinary(E);
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
  Lifetimes.enterConditional();
  SpvId R = emitCondition(E->getRHS());
  Lifetimes.leaveConditional();
  SpvId RhsEnd = B.currentBlock();
  B.emitVoid(Op::OpBranch, {Merge});
  B.beginBlock(Merge);
  if (!R)
    return 0;
  return B.emit(Op::OpPhi, boolType(), {B.constBool(!IsAnd), LhsBlock, R, RhsEnd});
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
  // The access is where the assigned place is written (a race report names it).
  SourceLocation At = E->getLHS()->getExprLoc();
  if (E->getOpcode() == BO_Assign) {
    // C++17: the right operand is sequenced before the left.
    SpvId V = emitRValue(E->getRHS());
    LValue LV = emitLValue(E->getLHS());
    store(LV, V, At);
    return LV;
  }
  const auto *CAO = cast<CompoundAssignOperator>(E);
  SpvId R = emitRValue(E->getRHS());
  LValue LV = emitLValue(E->getLHS());
  QualType CT = CAO->getComputationLHSType();
  SpvId L = convertScalar(load(LV, At), E->getLHS()->getType(), CT);
  SpvId Result = arith(E->getOpcode(), L, R, CAO->getComputationResultType(), CT);
  if (!Result && !failed()) {
    unsupported(Loc, ampdiag::err_unsupported_operator) << E->getOpcodeStr();
    return LValue();
  }
  store(LV, convertScalar(Result, CAO->getComputationResultType(), E->getLHS()->getType()),
        At);
  return LV;
}
