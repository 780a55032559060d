//===- Intrinsics.cpp - Library functions with a device meaning -----------===//
//
// <amp.h> marks these with AMPVK_INTRINSIC("name"); their C++ bodies are the
// host implementation and are never compiled for the device.
//
//   barrier.*  tile_barrier::wait*           -> OpControlBarrier
//   fence.*    *_memory_fence(barrier)        -> OpMemoryBarrier
//   buffer.element  array_view/array element  -> OpAccessChain into the binding
//   bounds.*   checked mode                     -> BoundsChecks.cpp
//   array_view.*, host.only                    -> ViewIntrinsics.cpp
//   math.*     <amp_math.h>                   -> MathIntrinsics.cpp
//   atomic.*   atomic_* (spec chapter 6)       -> AtomicIntrinsics.cpp
//   direct3d.* countbits, firstbithigh, ...    -> Direct3dIntrinsics.cpp
//   debug.*    direct3d_printf, errorf, abort  -> PrintIntrinsics.cpp
//   texture.*  texture and view access, sample -> TextureIntrinsics.cpp
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {
constexpr std::uint32_t ScopeDevice = static_cast<std::uint32_t>(spv::Scope::Device);
constexpr std::uint32_t ScopeWorkgroup = static_cast<std::uint32_t>(spv::Scope::Workgroup);

std::uint32_t semantics(std::initializer_list<spv::MemorySemanticsMask> Masks) {
  std::uint32_t S = 0;
  for (spv::MemorySemanticsMask M : Masks)
    S |= static_cast<std::uint32_t>(M);
  return S;
}

struct FenceKind {
  std::uint32_t MemoryScope;
  std::uint32_t Semantics;
};

// tile_static memory is Workgroup storage; global memory is storage buffers
// (UniformMemory) and images.
FenceKind fenceFor(IntrinsicId Id) {
  using M = spv::MemorySemanticsMask;
  switch (Id) {
  case IntrinsicId::BarrierGlobal:
  case IntrinsicId::FenceGlobal:
    return {ScopeDevice, semantics({M::AcquireRelease, M::UniformMemory, M::ImageMemory})};
  case IntrinsicId::BarrierTileStatic:
  case IntrinsicId::FenceTileStatic:
    return {ScopeWorkgroup, semantics({M::AcquireRelease, M::WorkgroupMemory})};
  default: // all
    return {ScopeDevice, semantics({M::AcquireRelease, M::UniformMemory, M::WorkgroupMemory,
                                    M::ImageMemory})};
  }
}
} // namespace

namespace {
// T of array_view<T, N> / array<T, N>, without const (null for another class).
QualType viewElementType(QualType View) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      View.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType().getUnqualifiedType();
}
} // namespace

void KernelEmitter::tileBarrier(std::uint32_t MemoryScope, std::uint32_t Semantics) {
  B.emitVoid(Op::OpControlBarrier,
             {B.constI32(ScopeWorkgroup), B.constI32(static_cast<std::int32_t>(MemoryScope)),
              B.constI32(static_cast<std::int32_t>(Semantics))});
}

KernelEmitter::CallResult
KernelEmitter::emitIntrinsic(const FunctionDecl *FD, IntrinsicId Id, const PointerValue *This,
                             llvm::ArrayRef<const Expr *> Args, SourceLocation Loc) {
  using I = IntrinsicId;
  switch (Id) {
  case I::BarrierAll:
  case I::BarrierGlobal:
  case I::BarrierTileStatic:
    return emitBarrier(Id, Loc);
  case I::FenceAll:
  case I::FenceGlobal:
  case I::FenceTileStatic:
    return emitFence(Id, Args);
  case I::BufferElement:
    return emitBufferElement(This, Args, Loc);
  case I::BoundsCheck:
  case I::BoundsRow:
    return emitBoundsIntrinsic(Id, This, Args, Loc);
  case I::ViewOrigin: {
    CallResult R;
    R.Value = emitViewOrigin(This, Loc);
    return R;
  }
  case I::ArrayViewCopy:
  case I::ArrayViewDestroy:
  case I::ArrayViewShare:
  case I::ArrayViewElementsAt:
  case I::HostOnly:
    return emitViewIntrinsic(Id, This, Args, Loc);
  case I::DebugPrintf:
  case I::DebugErrorf:
  case I::DebugAbort:
    return emitPrint(Id, Args, Loc);
  case I::AtomicExchange:
  case I::AtomicCompareExchange:
  case I::AtomicAdd:
  case I::AtomicSub:
  case I::AtomicMax:
  case I::AtomicMin:
  case I::AtomicAnd:
  case I::AtomicOr:
  case I::AtomicXor:
  case I::AtomicInc:
  case I::AtomicDec:
    return emitAtomic(FD, Id, Args, Loc);
  case I::D3dCountBits:
  case I::D3dReverseBits:
  case I::D3dFirstBitHigh:
  case I::D3dFirstBitLow:
    return emitDirect3d(FD, Id, Args, Loc);
  case I::MathDevice:
  case I::MathGlsl:
  case I::MathSpirv:
    return emitMathIntrinsic(FD, Id, Args, Loc);
  case I::TextureLoad:
  case I::TextureStore:
  case I::TextureSample:
  case I::TextureGather:
    return emitTextureIntrinsic(FD, Id, This, Args, Loc);
  }
  unsupported(Loc, ampdiag::err_unsupported_library_function) << FD->getQualifiedNameAsString();
  return {};
}

KernelEmitter::CallResult KernelEmitter::emitBarrier(IntrinsicId Id, SourceLocation Loc) {
  if (!K.Tiled) {
    unsupported(Loc, UnsupportedConstruct::BarrierNotTiled);
    return {};
  }
  // A wait orders memory for the tile's work-items: Workgroup scope. wait()
  // (barrier.all) is the exception: written with Device scope and all
  // semantics, correct as it stands, and marked so for the pass that gives
  // it Workgroup scope and drops the global part the kernel does not need
  // (spirv/passes/TileBarriers.h).
  tileBarrier(Id == IntrinsicId::BarrierAll ? ScopeDevice : ScopeWorkgroup,
              fenceFor(Id).Semantics);
  clearRaceShadow(); // a new epoch for the race checks
  return {};
}

KernelEmitter::CallResult KernelEmitter::emitFence(IntrinsicId Id,
                                                   llvm::ArrayRef<const Expr *> Args) {
  FenceKind Fence = fenceFor(Id);
  for (const Expr *A : Args)
    emitDiscarded(A);
  B.emitVoid(Op::OpMemoryBarrier, {B.constI32(static_cast<std::int32_t>(Fence.MemoryScope)),
                                   B.constI32(static_cast<std::int32_t>(Fence.Semantics))});
  return {};
}

KernelEmitter::CallResult
KernelEmitter::emitBufferElement(const PointerValue *This, llvm::ArrayRef<const Expr *> Args,
                                 SourceLocation Loc) {
  CallResult R;
  if (!This || !This->valid())
    return R;
  // The view itself, also where `this` points into an array of views.
  int Binding = viewBinding(deref(*This, Loc));
  if (Binding < 0) {
    unsupported(Loc, UnsupportedConstruct::UncapturedArray);
    return R;
  }
  SpvId Linear = toInt32(emitRValue(Args[0]), Args[0]->getType());
  // The guard (bounds.check) exists only in checked mode.
  SpvId Guard = BoundsChecks && Args.size() > 1 ? emitRValue(Args[1]) : 0;
  // The element type of the view itself: reinterpret_as's view reads the
  // binding's bytes as other elements.
  QualType Elem = Iface.bindingElementAs(Binding, viewElementType(deref(*This, Loc).Type));
  SpvId Var = Iface.bufferVariable(Binding, Elem, Loc);
  if (!Linear || !Var)
    return R;
  LValue LV;
  LV.K = LValue::Memory;
  LV.SC = spv::StorageClass::StorageBuffer;
  LV.L = Types.bufferLayout(Elem); // as bufferVariable lowered it
  LV.Type = Elem;
  LV.Binding = Binding;
  LV.Guard = Guard;
  LV.BufferVar = Var;
  LV.BufferIndex = Linear;
  LV.Ptr = B.emit(Op::OpAccessChain,
                  B.typePointer(LV.SC, Types.lower(Elem, LV.L, Loc)),
                  {Var, B.constI32(0), Linear});
  R.Ref = LV;
  return R;
}
