//===- ViewIntrinsics.cpp - array_view objects made inside a kernel -------===//
//
// A view made in kernel code (a copy, a section, a projection, view_as) is a
// Function variable holding its offset, extent and strides; its runtime
// buffer pointer is not lowered (TypeLowering.cpp). Every such view derives
// from a captured array_view or array, so its storage buffer is known at
// compile time: ViewBindings records it for each view variable and for each
// whole-view value loaded from one, and it flows with copies, loads and
// stores. A variable that could hold views of two bindings (assigned in two
// branches, `c ? v1 : v2`) is an error, never a guess. A view member of a
// local object is found again through any access chain to it (PlaceNames.h).
//
//   array_view.copy   copy constructor / assignment: the members and the binding
//   array_view.share  a new view of src's data: the binding only
//   array_view.elements_at  a view made over a pointer (&av[i], av.data()):
//                     the binding it points into, its index the offset
//   array_view.destroy, host.only   nothing on the device
//   view.origin       the view's offset: for a captured view, 0 when the
//                     runtime found it 0 (view_origin_spec_id), else loaded
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "attrs/AmpAttributes.h"
#include "diag/AmpDiagnostics.h"

#include "clang/AST/RecordLayout.h"

using namespace clang;
using namespace ampvk;


int KernelEmitter::viewBinding(const LValue &View) const {
  if (View.K == LValue::Capture) {
    if (View.DynOffset)
      return -1;
    if (isImageClass(View.Type)) {
      const int Image = Captures.imageBindingAtImageOffset(View.ConstOffset);
      return Image < 0 ? -1 : ImageBindingBase + Image;
    }
    return Captures.bindingAtImageOffset(View.ConstOffset);
  }
  if (View.K != LValue::Memory || !View.Ptr)
    return -1;
  auto It = ViewBindings.find(PlaceIds.place(View.Ptr));
  return It == ViewBindings.end() ? -1 : It->second;
}

void KernelEmitter::bindView(const LValue &View, int Binding, SourceLocation Loc) {
  if (Binding < 0 || View.K != LValue::Memory || !View.Ptr)
    return;
  auto [It, New] = ViewBindings.try_emplace(PlaceIds.place(View.Ptr), Binding);
  if (New || It->second == Binding)
    return;
  const unsigned Kind = !isImageClass(View.Type)                      ? 0
                        : getAmpClassName(View.Type) == "sampler" ? 2
                                                                   : 1;
  unsupported(Loc, ampdiag::err_view_binding_ambiguous)
      << bindingName(It->second) << bindingName(Binding) << Kind;
}

void KernelEmitter::noteViewLoad(SpvId Value, const LValue &From) {
  if (!Value)
    return;
  if (getAmpClassName(From.Type).empty()) {
    if (holdsViews(From.Type))
      ObjectLoads[Value] = From;
    return;
  }
  int Binding = viewBinding(From);
  if (Binding >= 0)
    ViewBindings[Value] = Binding;
}

void KernelEmitter::noteViewStore(const LValue &To, SpvId Value, SourceLocation Loc) {
  auto It = ViewBindings.find(Value);
  if (It != ViewBindings.end())
    bindView(To, It->second, Loc);
  auto Obj = ObjectLoads.find(Value);
  if (Obj != ObjectLoads.end() && To.K == LValue::Memory && To.Ptr) {
    LValue From = Obj->second; // copyViewBindings may grow the map
    copyViewBindings(PlaceIds.place(To.Ptr), From, To.Type, Loc);
  }
}

bool KernelEmitter::holdsViews(QualType T) {
  const auto *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  if (getAmpClassName(RD) == "array_view" || isImageClass(T))
    return true;
  auto [It, New] = HoldsViews.try_emplace(T.getCanonicalType().getTypePtr(), false);
  if (!New)
    return It->second;
  bool Holds = false;
  // A closure holding an array by reference (ClosureRefs) is copied the same way.
  for (const FieldDecl *FD : RD->fields())
    Holds |= holdsViews(FD->getType()) || (RD->isLambda() && isArrayReference(FD->getType()));
  for (const CXXBaseSpecifier &BS : RD->bases())
    Holds |= holdsViews(BS.getType());
  HoldsViews[T.getCanonicalType().getTypePtr()] = Holds;
  return Holds;
}

void KernelEmitter::copyViewBindings(SpvId DstPlace, const LValue &Src, QualType T,
                                     SourceLocation Loc) {
  if (failed())
    return;
  if (Ctx.getAsConstantArrayType(T)) {
    if (Src.K != LValue::Memory)
      return; // views in an array captured by the kernel are not traced
    LValue Element = Src;
    Element.Ptr = PlaceIds.memberPlace(PlaceIds.place(Src.Ptr), PlaceNames::AnyElement);
    QualType ET = Ctx.getAsConstantArrayType(T)->getElementType();
    Element.Type = ET;
    copyViewBindings(PlaceIds.memberPlace(DstPlace, PlaceNames::AnyElement), Element, ET, Loc);
    return;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return;
  if (getAmpClassName(RD) == "array_view" || isImageClass(T)) {
    int Binding = viewBinding(Src);
    LValue Dst;
    Dst.K = LValue::Memory;
    Dst.Ptr = DstPlace;
    Dst.Type = T;
    if (Binding >= 0)
      bindView(Dst, Binding, Loc);
    return;
  }
  const RecordLowering *R = Types.record(RD, Layout::Logical, Loc);
  if (!R)
    return;
  // The source's member: a capture's by its offset (field() emits nothing
  // for one), a place's by its member place.
  auto SrcMember = [&](std::uint32_t Index, auto Reach) {
    if (Src.K == LValue::Capture)
      return Reach();
    LValue M = Src;
    M.Ptr = PlaceIds.memberPlace(PlaceIds.place(Src.Ptr), Index);
    return M;
  };
  for (const FieldDecl *FD : RD->fields()) {
    if (isArrayReference(FD->getType())) {
      auto Ref = Src.K == LValue::Memory && Src.Ptr ? ClosureRefs.find({PlaceIds.place(Src.Ptr), FD})
                                                     : ClosureRefs.end();
      if (Ref != ClosureRefs.end()) {
        LValue Array = Ref->second; // the map may grow
        ClosureRefs[{DstPlace, FD}] = Array;
      }
      continue;
    }
    auto It = R->FieldIndex.find(FD);
    if (It == R->FieldIndex.end() || !holdsViews(FD->getType()))
      continue;
    LValue M = SrcMember(It->second, [&] { return field(Src, FD, Loc); });
    M.Type = FD->getType();
    copyViewBindings(PlaceIds.memberPlace(DstPlace, It->second), M, FD->getType(), Loc);
  }
  for (const CXXBaseSpecifier &BS : RD->bases()) {
    const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
    auto It = R->BaseIndex.find(Base);
    if (It == R->BaseIndex.end() || !holdsViews(BS.getType()))
      continue;
    LValue M = SrcMember(It->second, [&] { return baseClass(Src, Base, Loc); });
    M.Type = BS.getType();
    copyViewBindings(PlaceIds.memberPlace(DstPlace, It->second), M, BS.getType(), Loc);
  }
}

KernelEmitter::CallResult
KernelEmitter::emitViewIntrinsic(IntrinsicId Id, const PointerValue *This,
                                 llvm::ArrayRef<const Expr *> Args, SourceLocation Loc) {
  CallResult R;
  if (Id == IntrinsicId::ArrayViewDestroy || Id == IntrinsicId::HostOnly)
    return R; // host-side bookkeeping and checks only
  if (!This || !This->valid() || Args.empty())
    return R;
  LValue Dst = deref(*This, Loc);
  if (Id == IntrinsicId::ArrayViewElementsAt) {
    viewElementsAt(Dst, Args[0], Loc);
    return R;
  }
  const Expr *SrcExpr = Args[0];
  LValue Src = SrcExpr->isGLValue() ? emitLValue(SrcExpr)
                                    : materialize(SrcExpr->getType(), SrcExpr);
  if (failed() || !Dst.valid() || !Src.valid())
    return R;
  int Binding = viewBinding(Src);
  if (Binding < 0) {
    unsupported(Loc, UnsupportedConstruct::UncapturedArray);
    return R;
  }
  if (Dst.K == LValue::Capture) {
    unsupported(Loc, UnsupportedConstruct::CaptureModification);
    return R;
  }
  if (Id == IntrinsicId::ArrayViewShare) {
    // reinterpret_as's view of other elements reads the binding through a
    // variable of its own element type (KernelInterface::bufferVariable).
    bindView(Dst, Binding, Loc);
    return R;
  }
  if (Id != IntrinsicId::ArrayViewCopy) {
    internalError(Loc, "unknown view intrinsic " + intrinsicSpelling(Id));
    return R;
  }
  // array_view<T> to array_view<T> or array_view<const T>: the same members
  // in the same order; the buffer pointer is the binding.
  const auto *DstRD = Dst.Type->getAsCXXRecordDecl();
  const auto *SrcRD = Src.Type->getAsCXXRecordDecl();
  if (!DstRD || !SrcRD) {
    internalError(Loc, "copying a view that is not a class");
    return R;
  }
  bindView(Dst, Binding, Loc);
  auto DF = DstRD->field_begin(), SF = SrcRD->field_begin();
  for (; DF != DstRD->field_end() && SF != SrcRD->field_end() && !failed(); ++DF, ++SF) {
    if (DF->getType()->isPointerType())
      continue;
    copy(field(Dst, *DF, Loc), field(Src, *SF, Loc), Loc);
  }
  R.Ref = Dst;
  return R;
}

void KernelEmitter::viewElementsAt(const LValue &View, const Expr *PointerArg,
                                   SourceLocation Loc) {
  PointerValue P = emitPointer(PointerArg);
  if (failed() || !View.valid())
    return;
  if (P.Null) {
    unsupported(Loc, ampdiag::err_pointer_null_dereference);
    return;
  }
  // A pointer into a storage buffer is one into its whole runtime array
  // (Places.cpp, &av[i]): its index counts the binding's elements as the
  // view's type reads them.
  const LValue &Target = P.Target;
  if (Target.K != LValue::Memory || Target.SC != spv::StorageClass::StorageBuffer ||
      Target.Binding < 0 || !P.IntoArray) {
    unsigned Where = Target.K == LValue::Capture                    ? 3
                     : Target.SC == spv::StorageClass::StorageBuffer ? 2
                     : Target.SC == spv::StorageClass::Workgroup     ? 1
                                                                     : 0;
    unsupported(Loc, ampdiag::err_view_over_pointer_target) << Where;
    return;
  }
  bindView(View, Target.Binding, Loc);
  const auto *RD = View.Type->getAsCXXRecordDecl();
  const FieldDecl *Offset = RD ? fieldNamed(RD, "_M_offset") : nullptr;
  if (!Offset) {
    internalError(Loc, "array_view.elements_at of a class without _M_offset");
    return;
  }
  store(field(View, Offset, Loc), pointerIndex(P), Loc);
}

SpvId KernelEmitter::emitViewOrigin(const PointerValue *This, SourceLocation Loc) {
  if (!This || !This->valid())
    return 0;
  const LValue View = deref(*This, Loc);
  const auto *RD = View.valid() ? View.Type->getAsCXXRecordDecl() : nullptr;
  const FieldDecl *Offset = RD ? fieldNamed(RD, "_M_offset") : nullptr;
  if (!Offset) {
    internalError(Loc, "view.origin of a class without _M_offset");
    return 0;
  }
  SpvId Loaded = load(field(View, Offset, Loc), Loc);
  // Only a captured view is the object the runtime reads; a copy in private
  // memory may have been moved since (sections, projections). And the
  // runtime reads an int at array_view_offset_at: a library whose member
  // lies elsewhere gets no constant.
  const int Binding = View.K == LValue::Capture ? viewBinding(View) : -1;
  const bool WhereTheRuntimeReads =
      Offset->getType()->isSpecificBuiltinType(BuiltinType::Int) &&
      Ctx.getASTRecordLayout(RD).getFieldOffset(Offset->getFieldIndex()) ==
          8u * array_view_offset_at;
  if (!Loaded || Binding < 0 || static_cast<std::uint32_t>(Binding) >= max_view_origin_bindings ||
      !WhereTheRuntimeReads)
    return Loaded;
  const SpvId AtOrigin = Iface.viewAtOrigin(Binding);
  return B.emit(spv::Op::OpSelect, intType(), {AtOrigin, B.constI32(0), Loaded});
}
