//===- MathIntrinsics.cpp - <amp_math.h> on the device --------------------===//
//
// Three intrinsics (include/ampvk/detail/math_intrinsics.h, <amp_math.h>):
//
//   math.device  a public fast_math/precise_math function: its device code is
//                the function of the same name and signature in
//                Concurrency::detail::<namespace>_device, inlined in its place
//                (the public body is the host's <cmath> call)
//   math.glsl    detail::glsl::Name -> the GLSL.std.450 instruction Name
//   math.spirv   detail::spirv::Name -> OpIsNan, OpIsInf, a bit cast, or a
//                double's words (UnpackDouble2x32 / PackDouble2x32)
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "ampvk/detail/glsl_instructions.h"

#include "llvm/ADT/StringSwitch.h"

#include <spirv/unified1/GLSL.std.450.h>

using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {

const NamespaceDecl *childNamespace(const DeclContext *DC, ASTContext &Ctx,
                                    llvm::StringRef Name) {
  for (const NamedDecl *D : DC->lookup(&Ctx.Idents.get(Name)))
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      return NS;
  return nullptr;
}

bool sameSignature(ASTContext &Ctx, const FunctionDecl *A, const FunctionDecl *B) {
  if (A->getNumParams() != B->getNumParams() ||
      !Ctx.hasSameType(A->getReturnType(), B->getReturnType()))
    return false;
  for (unsigned I = 0; I < A->getNumParams(); ++I)
    if (!Ctx.hasSameType(A->getParamDecl(I)->getType(), B->getParamDecl(I)->getType()))
      return false;
  return true;
}

// The device twin of Concurrency::N::f: Concurrency::detail::N_device::f.
const FunctionDecl *deviceTwin(ASTContext &Ctx, const FunctionDecl *FD) {
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext()->getRedeclContext());
  if (!NS)
    return nullptr;
  const NamespaceDecl *Detail =
      childNamespace(NS->getParent()->getRedeclContext(), Ctx, "detail");
  const NamespaceDecl *Device =
      Detail ? childNamespace(Detail, Ctx, (NS->getName() + "_device").str()) : nullptr;
  if (!Device)
    return nullptr;
  for (const NamedDecl *D : Device->lookup(FD->getDeclName()))
    if (const auto *Twin = dyn_cast<FunctionDecl>(D))
      if (sameSignature(Ctx, Twin, FD))
        return Twin;
  return nullptr;
}

struct GlslInstruction {
  GLSLstd450 Inst;
  bool FloatOnly; // the 16/32-bit-only instructions
};

// The rows of glsl_instructions.h.
std::optional<GlslInstruction> glslInstruction(llvm::StringRef Name) {
#define AMPVK_GLSL_CASE(Inst, FloatOnly)                                       \
  .Case(#Inst, GlslInstruction{GLSLstd450::GLSLstd450##Inst, FloatOnly})
  return llvm::StringSwitch<std::optional<GlslInstruction>>(Name)
      AMPVK_GLSL_INSTRUCTIONS(AMPVK_GLSL_CASE)
      .Default(std::nullopt);
#undef AMPVK_GLSL_CASE
}

} // namespace

KernelEmitter::CallResult KernelEmitter::emitMathIntrinsic(const FunctionDecl *FD,
                                                           IntrinsicId Id,
                                                           llvm::ArrayRef<const Expr *> Args,
                                                           SourceLocation Loc) {
  if (Id == IntrinsicId::MathDevice) {
    if (const FunctionDecl *Twin = deviceTwin(Ctx, FD))
      return inlineCall(Twin, nullptr, Args, Loc);
    internalError(Loc, "no device implementation of " + FD->getQualifiedNameAsString());
    return {};
  }
  CallResult R;
  llvm::StringRef Fn = FD->getName();
  QualType RetT = FD->getReturnType();
  SpvId RetType = RetT->isVoidType() ? 0 : lower(RetT, Loc);
  if (Id == IntrinsicId::MathGlsl) {
    std::optional<GlslInstruction> I = glslInstruction(Fn);
    QualType ArgT = FD->getParamDecl(0)->getType();
    if (!I || (I->FloatOnly && Types.bitWidth(ArgT) != 32)) {
      internalError(Loc, "no GLSL.std.450 instruction for " + FD->getQualifiedNameAsString());
      return R;
    }
    SpvId X = emitRValue(Args[0]);
    if (I->Inst == GLSLstd450FrexpStruct || I->Inst == GLSLstd450ModfStruct) {
      // The instruction returns both parts; the second goes where the
      // pointer argument points.
      PointerValue Out = emitPointer(Args[1]);
      SpvId Second = I->Inst == GLSLstd450FrexpStruct ? intType() : RetType;
      SpvId Pair = B.emit(Op::OpExtInst, B.typeStruct({RetType, Second}),
                          {B.glslStd450(), static_cast<std::uint32_t>(I->Inst), X});
      LValue Dst = deref(Out, Loc);
      if (failed())
        return R;
      store(Dst, B.emit(Op::OpCompositeExtract, Second, {Pair, 1}), Loc);
      R.Value = B.emit(Op::OpCompositeExtract, RetType, {Pair, 0});
      return R;
    }
    llvm::SmallVector<std::uint32_t, 4> Ops = {B.glslStd450(),
                                               static_cast<std::uint32_t>(I->Inst), X};
    for (const Expr *A : Args.drop_front())
      Ops.push_back(emitRValue(A));
    R.Value = B.emit(Op::OpExtInst, RetType, Ops);
    return R;
  }
  if (Id == IntrinsicId::MathSpirv) {
    llvm::SmallVector<SpvId, 2> Vals;
    for (const Expr *A : Args)
      Vals.push_back(emitRValue(A));
    if (failed())
      return R;
    SpvId Words = B.typeVector(intType(), 2);
    if (Fn == "IsNan" || Fn == "IsInf") {
      R.Value = B.emit(Fn == "IsNan" ? Op::OpIsNan : Op::OpIsInf, boolType(), {Vals[0]});
    } else if (Fn == "FloatBits" || Fn == "BitsFloat") {
      R.Value = B.emit(Op::OpBitcast, RetType, {Vals[0]});
    } else if (Fn == "DoubleHigh" || Fn == "DoubleLow") {
      // Component 0 holds the low 32 bits.
      SpvId V = B.emit(Op::OpExtInst, Words,
                       {B.glslStd450(), GLSLstd450UnpackDouble2x32, Vals[0]});
      R.Value = B.emit(Op::OpCompositeExtract, RetType, {V, Fn == "DoubleHigh" ? 1u : 0u});
    } else if (Fn == "WordsDouble") {
      SpvId V = B.emit(Op::OpCompositeConstruct, Words, {Vals[1], Vals[0]});
      R.Value = B.emit(Op::OpExtInst, RetType, {B.glslStd450(), GLSLstd450PackDouble2x32, V});
    } else {
      internalError(Loc, "no SPIR-V instruction for " + FD->getQualifiedNameAsString());
    }
    return R;
  }
  internalError(Loc, "unknown math intrinsic " + intrinsicSpelling(Id));
  return R;
}
