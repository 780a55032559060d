//===- Constants.cpp - Constant values and constant variables -------------===//
//
// Values Clang folded (APValue) as SPIR-V constants, zero and one of a type,
// and namespace-scope constants a kernel reads, as Private variables with
// their initializer.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "attrs/AmpAttributes.h"
#include "diag/AmpDiagnostics.h"

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
      unsupported(Loc, ampdiag::err_unsupported_type) << T << /*AsValue=*/false;
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
