//===- AtomicIntrinsics.cpp - C++ AMP atomics (spec chapter 6) ------------===//
//
// include/ampvk/detail/atomics.h marks the functions AMPVK_INTRINSIC("atomic.*").
// Each becomes one SPIR-V atomic instruction on the pointer it is given:
//
//   atomic.add/sub/and/or/xor  OpAtomicIAdd/ISub/And/Or/Xor
//   atomic.max/min             OpAtomicSMax/SMin, or UMax/UMin for unsigned
//   atomic.inc/dec             OpAtomicIIncrement/IDecrement
//   atomic.exchange            OpAtomicExchange (int, unsigned and float)
//   atomic.compare_exchange    OpAtomicCompareExchange, then *expected = old
//                              when the exchange did not happen
//
// Scope: Device for storage buffers (array/array_view elements), Workgroup
// for tile_static memory. Semantics: relaxed (None), as DirectX's interlocked
// operations, which order no other memory; C++ AMP code fences with barriers.
// Private memory (Function variables, captured values) has no atomics in
// C++ AMP: a clear error at the call.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {
struct AtomicOp {
  IntrinsicId Id;
  Op Signed, Unsigned;
};

// The read-modify-write operations with one value operand.
constexpr AtomicOp ValueOps[] = {
    {IntrinsicId::AtomicAdd, Op::OpAtomicIAdd, Op::OpAtomicIAdd},
    {IntrinsicId::AtomicSub, Op::OpAtomicISub, Op::OpAtomicISub},
    {IntrinsicId::AtomicAnd, Op::OpAtomicAnd, Op::OpAtomicAnd},
    {IntrinsicId::AtomicOr, Op::OpAtomicOr, Op::OpAtomicOr},
    {IntrinsicId::AtomicXor, Op::OpAtomicXor, Op::OpAtomicXor},
    {IntrinsicId::AtomicMax, Op::OpAtomicSMax, Op::OpAtomicUMax},
    {IntrinsicId::AtomicMin, Op::OpAtomicSMin, Op::OpAtomicUMin},
    {IntrinsicId::AtomicExchange, Op::OpAtomicExchange, Op::OpAtomicExchange},
};
} // namespace

LValue KernelEmitter::atomicTarget(const FunctionDecl *FD, const Expr *Dest, std::uint32_t &Scope) {
  SourceLocation Loc = Dest->getExprLoc();
  LValue LV = deref(emitPointer(Dest), Loc);
  if (failed() || !LV.valid())
    return LValue();
  checkTileStaticAccess(LV, check_access::tile_static_atomic, Loc);
  // An integer member of a union in shared memory: its word, which is an int.
  if (LV.K == LValue::Words && Types.isScalar(LV.Type) && !Types.isFloat(LV.Type) &&
      Types.bitWidth(LV.Type) == 32 && !Types.isBool(LV.Type)) {
    LValue Word = LV;
    Word.K = LValue::Memory;
    Word.Ptr = wordPointer(LV, 0);
    Word.ConstOffset = 0;
    Word.DynOffset = 0;
    Word.Slot = 0; // checked above
    LV = Word;
  }
  if (LV.K == LValue::Memory && LV.SC == spv::StorageClass::StorageBuffer) {
    Scope = static_cast<std::uint32_t>(spv::Scope::Device);
    Iface.noteGlobalAtomic();
    noteAccess(LV, /*Write=*/true);
    noteAccess(LV, /*Write=*/false);
    return LV;
  }
  if (LV.K == LValue::Memory && LV.SC == spv::StorageClass::Workgroup) {
    Scope = static_cast<std::uint32_t>(spv::Scope::Workgroup);
    return LV;
  }
  unsupported(Loc, ampdiag::err_atomic_private_memory)
      << FD->getQualifiedNameAsString() << (LV.K == LValue::Capture) << Dest->getSourceRange();
  return LValue();
}

KernelEmitter::CallResult KernelEmitter::emitAtomic(const FunctionDecl *FD, IntrinsicId Id,
                                                    llvm::ArrayRef<const Expr *> Args,
                                                    SourceLocation Loc) {
  CallResult R;
  std::uint32_t Scope = 0;
  if (Args.empty())
    return R;
  LValue Dest = atomicTarget(FD, Args[0], Scope);
  if (!Dest.valid())
    return R;
  QualType T = Dest.Type.getUnqualifiedType();
  SpvId Type = lower(T, Loc);
  if (!Type)
    return R;
  SpvId ScopeId = B.constI32(static_cast<std::int32_t>(Scope));
  SpvId Relaxed = B.constI32(0);
  bool Unsigned = T->isUnsignedIntegerType();

  if (Id == IntrinsicId::AtomicInc || Id == IntrinsicId::AtomicDec) {
    R.Value = underGuard(Dest.Guard, Type, [&] {
      return B.emit(Id == IntrinsicId::AtomicInc ? Op::OpAtomicIIncrement : Op::OpAtomicIDecrement,
                    Type,
                    {Dest.Ptr, ScopeId, Relaxed});
    });
    return R;
  }
  for (const AtomicOp &A : ValueOps) {
    if (Id != A.Id || Args.size() < 2)
      continue;
    SpvId Value = emitRValue(Args[1]);
    if (!Value)
      return R;
    R.Value = underGuard(Dest.Guard, Type, [&] {
      return B.emit(Unsigned ? A.Unsigned : A.Signed, Type, {Dest.Ptr, ScopeId, Relaxed, Value});
    });
    return R;
  }
  if (Id == IntrinsicId::AtomicCompareExchange && Args.size() >= 3) {
    LValue Expected = deref(emitPointer(Args[1]), Args[1]->getExprLoc());
    SpvId Value = emitRValue(Args[2]);
    if (!Expected.valid() || !Value)
      return R;
    SpvId Comparator = load(Expected, Loc);
    if (!Comparator)
      return R;
    SpvId Old = underGuard(Dest.Guard, Type, [&] {
      return B.emit(Op::OpAtomicCompareExchange, Type,
                    {Dest.Ptr, ScopeId, Relaxed, Relaxed, Value, Comparator});
    });
    R.Value = B.emit(Op::OpIEqual, boolType(), {Old, Comparator});
    // Only a failed exchange writes *expected: it may be memory other threads use.
    SpvId Failed = B.newLabel(), Merge = B.newLabel();
    B.emitVoid(Op::OpSelectionMerge,
               {Merge, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
    B.emitVoid(Op::OpBranchConditional, {R.Value, Merge, Failed});
    B.beginBlock(Failed);
    store(Expected, Old, Loc);
    B.emitVoid(Op::OpBranch, {Merge});
    B.beginBlock(Merge);
    return R;
  }
  unsupported(Loc, ampdiag::err_unsupported_library_function) << FD->getQualifiedNameAsString();
  return R;
}
