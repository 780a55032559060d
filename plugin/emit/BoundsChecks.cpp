//===- BoundsChecks.cpp - Checked mode: element accesses within extents ---===//
//
// With -fplugin-arg-ampvk-check every element access of an array or
// array_view (and every projection of a row) tests its index against the
// view's extent. <amp.h> asks for the test through two intrinsics:
//
//   bounds.check  _M_in_bounds(idx): the access's guard, passed on to
//                 buffer.element, whose LValue carries it (LValue::Guard):
//                 load, store and the atomics touch memory only under it
//   bounds.row    _M_check_row(row, i0): a projection outside the extent
//                 gets an empty extent, so nothing reached through it
//                 touches memory
//
// Without the option both emit nothing and buffer.element ignores its guard
// argument: the module is the one an unchecked build always had.
//
// The checks sit behind one boolean specialization constant
// (check_spec_constant_id, default false), which the runtime sets from
// AMPVK_CHECK=1: with it false the guard is a constant true once the driver
// specializes the pipeline, and the checks are dead code. A failed check
// records the first failure of the launch in the report buffer
// (kernel_image.h) and names its site, whose file, line and view go into the
// kernel image.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {
std::uint32_t noSelectionControl() {
  return static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone);
}
} // namespace

LValue KernelEmitter::coordinateArray(const LValue &Obj, SourceLocation Loc) {
  // index<N> and extent<N> keep their components in `int _M_base[N]` of
  // their base class.
  LValue Cur = Obj;
  for (int Depth = 0; Depth < 4 && Cur.valid(); ++Depth) {
    const CXXRecordDecl *RD = Cur.Type->getAsCXXRecordDecl();
    if (!RD)
      break;
    if (const FieldDecl *FD = fieldNamed(RD, "_M_base"))
      return field(Cur, FD, Loc);
    if (RD->getNumBases() != 1)
      break;
    Cur = baseClass(Cur, RD->bases_begin()->getType()->getAsCXXRecordDecl(), Loc);
  }
  internalError(Loc, "concurrency::index or extent has an unexpected layout");
  return LValue();
}

SpvId KernelEmitter::underGuard(SpvId Guard, SpvId ResultType, llvm::function_ref<SpvId()> Body) {
  if (!Guard)
    return Body();
  SpvId Entry = B.currentBlock(), Then = B.newLabel(), Merge = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge, {Merge, noSelectionControl()});
  B.emitVoid(Op::OpBranchConditional, {Guard, Then, Merge});
  B.beginBlock(Then);
  SpvId V = Body();
  SpvId ThenEnd = B.currentBlock();
  B.emitVoid(Op::OpBranch, {Merge});
  B.beginBlock(Merge);
  if (!ResultType || !V)
    return 0;
  // Skipped, a load yields 0.
  return B.emit(Op::OpPhi, ResultType, {V, ThenEnd, B.constNull(ResultType), Entry});
}

std::int32_t KernelEmitter::addCheckSite(SourceLocation Loc, check_access Access,
                                         llvm::StringRef View) {
  // The site, as the user wrote it (not inside <amp.h>).
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(userLocation(Loc)));
  check_site Site;
  Site.entry.line = P.isValid() ? P.getLine() : 0;
  Site.entry.column = P.isValid() ? P.getColumn() : 0;
  Site.entry.access = static_cast<std::uint32_t>(Access);
  Site.file = P.isValid() ? P.getFilename() : "";
  Site.view = View.str();
  return Iface.addCheckSite(std::move(Site));
}

SpvId KernelEmitter::checkIndex(const LValue &View, llvm::ArrayRef<SpvId> Index,
                                check_access Access, SourceLocation Loc) {
  const auto *ViewRD = View.Type->getAsCXXRecordDecl();
  const FieldDecl *ExtentField = ViewRD ? fieldNamed(ViewRD, "_M_extent") : nullptr;
  int Binding = viewBinding(View);
  if (!ExtentField || Binding < 0) {
    internalError(Loc, "a bounds check of a view without an extent or a binding");
    return 0;
  }
  LValue ExtentArray = coordinateArray(field(View, ExtentField, Loc), Loc);
  const auto *AT = ExtentArray.valid() ? Ctx.getAsConstantArrayType(ExtentArray.Type) : nullptr;
  if (!AT)
    return 0;
  llvm::SmallVector<SpvId, 4> Extent;
  for (std::uint64_t D = 0, N = AT->getSize().getZExtValue(); D < N; ++D)
    Extent.push_back(
        load(element(ExtentArray, B.constI32(static_cast<std::int32_t>(D)), Loc), Loc));
  if (failed())
    return 0;

  // Unsigned: a negative component is out of range too.
  SpvId InBounds = 0;
  for (unsigned D = 0; D < Index.size() && D < Extent.size(); ++D) {
    SpvId Ok = B.emit(Op::OpULessThan, boolType(), {Index[D], Extent[D]});
    InBounds = InBounds ? B.emit(Op::OpLogicalAnd, boolType(), {InBounds, Ok}) : Ok;
  }
  const SpvId ChecksEnabled = Iface.checksEnabled();
  SpvId Violated = B.emit(Op::OpLogicalAnd, boolType(),
                          {ChecksEnabled, B.emit(Op::OpLogicalNot, boolType(), {InBounds})});

  auto SiteNumber = addCheckSite(Loc, Access, Captures.Bindings[Binding].Name);
  check_site &Site = Iface.checkSite(SiteNumber);
  Site.entry.view_kind = Captures.Bindings[Binding].Kind;
  Site.entry.index_rank = std::min<std::uint32_t>(Index.size(), max_check_rank);
  Site.entry.extent_rank = std::min<std::uint32_t>(Extent.size(), max_check_rank);

  underGuard(Violated, 0, [&] {
    reportFirstFailure(bounds_report_kind, [&](ReportPut Put) {
      Put(1, B.constI32(SiteNumber));
      for (std::uint32_t D = 0; D < Site.entry.index_rank; ++D)
        Put(2 + D, Index[D]);
      for (std::uint32_t D = 0; D < Site.entry.extent_rank; ++D)
        Put(2 + max_check_rank + D, Extent[D]);
    });
    return 0;
  });
  return B.emit(Op::OpLogicalNot, boolType(), {Violated});
}

void KernelEmitter::reportFirstFailure(std::uint32_t Kind,
                                       llvm::function_ref<void(ReportPut)> Fill) {
  const SpvId Report = Iface.checkReport();
  const SpvId WordPtr = B.typePointer(spv::StorageClass::StorageBuffer, intType());
  auto Word = [&](std::uint32_t I) {
    return B.emit(Op::OpAccessChain, WordPtr,
                  {Report, B.constI32(0), B.constI32(static_cast<std::int32_t>(I))});
  };
  const SpvId Relaxed = B.constI32(0);
  SpvId Old = B.emit(Op::OpAtomicCompareExchange, intType(),
                     {Word(0), B.constI32(static_cast<std::int32_t>(spv::Scope::Device)),
                      Relaxed, Relaxed, B.constI32(static_cast<std::int32_t>(Kind)),
                      B.constI32(0)});
  underGuard(B.emit(Op::OpIEqual, boolType(), {Old, B.constI32(0)}), 0, [&] {
    Fill([&](std::uint32_t I, SpvId Value) { B.emitVoid(Op::OpStore, {Word(I), Value}); });
    return 0;
  });
}

KernelEmitter::CallResult KernelEmitter::emitBoundsIntrinsic(IntrinsicId Id,
                                                             const PointerValue *This,
                                                             llvm::ArrayRef<const Expr *> Args,
                                                             SourceLocation Loc) {
  CallResult R;
  // Unchecked builds: no code at all (buffer.element ignores the guard).
  if (!BoundsChecks || !This || !This->valid() || Args.empty())
    return R;
  LValue View = deref(*This, Loc);
  if (Id == IntrinsicId::BoundsCheck) {
    const Expr *IdxExpr = Args[0];
    LValue Idx =
        IdxExpr->isGLValue() ? emitLValue(IdxExpr) : materialize(IdxExpr->getType(), IdxExpr);
    LValue Components = coordinateArray(Idx, Loc);
    const auto *AT = Components.valid() ? Ctx.getAsConstantArrayType(Components.Type) : nullptr;
    if (!AT)
      return R;
    llvm::SmallVector<SpvId, 4> Index;
    for (std::uint64_t D = 0, N = AT->getSize().getZExtValue(); D < N; ++D)
      Index.push_back(
          load(element(Components, B.constI32(static_cast<std::int32_t>(D)), Loc), Loc));
    if (!failed())
      R.Value = checkIndex(View, Index, check_access::element, Loc);
    return R;
  }
  if (Id == IntrinsicId::BoundsRow && Args.size() == 2) {
    LValue Row = emitLValue(Args[0]);
    SpvId I0 = toInt32(emitRValue(Args[1]), Args[1]->getType());
    const auto *RowRD = Row.valid() ? Row.Type->getAsCXXRecordDecl() : nullptr;
    const FieldDecl *RowExtent = RowRD ? fieldNamed(RowRD, "_M_extent") : nullptr;
    if (!I0 || !RowExtent)
      return R;
    SpvId Ok = checkIndex(View, {I0}, check_access::projection, Loc);
    LValue First = element(coordinateArray(field(Row, RowExtent, Loc), Loc), B.constI32(0), Loc);
    if (!Ok || !First.valid())
      return R;
    SpvId Kept = B.emit(Op::OpSelect, intType(), {Ok, load(First, Loc), B.constI32(0)});
    store(First, Kept, Loc);
    return R;
  }
  internalError(Loc, "unknown bounds intrinsic " + intrinsicSpelling(Id));
  return R;
}
