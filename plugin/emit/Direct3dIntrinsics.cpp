//===- Direct3dIntrinsics.cpp - concurrency::direct3d bit operations ------===//
//
// include/ampvk/detail/direct3d.h writes most of concurrency::direct3d as
// plain restrict(amp) C++; the bit scans and counts would be loops there, so
// they are single instructions here:
//
//   direct3d.countbits     OpBitCount
//   direct3d.reversebits   OpBitReverse
//   direct3d.firstbithigh  GLSL.std.450 FindSMsb (negative: the highest 0 bit)
//   direct3d.firstbitlow   GLSL.std.450 FindILsb
//
// SPIR-V and HLSL agree on -1 for "no such bit" (0, and -1 for firstbithigh).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

#include <spirv/unified1/GLSL.std.450.h>

using namespace clang;
using namespace ampvk;
using spv::Op;

KernelEmitter::CallResult KernelEmitter::emitDirect3d(const FunctionDecl *FD, IntrinsicId Id,
                                                      llvm::ArrayRef<const Expr *> Args,
                                                      SourceLocation Loc) {
  CallResult R;
  if (Args.size() != 1) {
    unsupported(Loc, ampdiag::err_unsupported_library_function) << FD->getQualifiedNameAsString();
    return R;
  }
  SpvId X = emitRValue(Args[0]);
  SpvId Type = lower(FD->getReturnType(), Loc);
  if (!X || !Type)
    return R;
  if (Id == IntrinsicId::D3dCountBits)
    R.Value = B.emit(Op::OpBitCount, Type, {X});
  else if (Id == IntrinsicId::D3dReverseBits)
    R.Value = B.emit(Op::OpBitReverse, Type, {X});
  else if (Id == IntrinsicId::D3dFirstBitHigh)
    R.Value = B.emit(Op::OpExtInst, Type,
                     {B.glslStd450(), static_cast<std::uint32_t>(GLSLstd450FindSMsb), X});
  else if (Id == IntrinsicId::D3dFirstBitLow)
    R.Value = B.emit(Op::OpExtInst, Type,
                     {B.glslStd450(), static_cast<std::uint32_t>(GLSLstd450FindILsb), X});
  else
    unsupported(Loc, ampdiag::err_unsupported_library_function) << FD->getQualifiedNameAsString();
  return R;
}
