//===- Conversions.cpp - Casts and scalar conversions ---------------------===//
//
// Every implicit and explicit cast of a scalar: integer widths and
// signedness, integer <-> float (each decorated NoContraction, so no driver
// folds a round trip: NoContraction.h), bool, and the casts that change
// nothing in SPIR-V.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;


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
  case CK_PointerToBoolean:
    return pointerIsNotNull(Sub);
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
