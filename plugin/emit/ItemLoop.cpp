//===- ItemLoop.cpp - Several work items per thread for untiled kernels ---===//
//
// Bandwidth-bound kernels reach the memory's speed only with several loads in
// flight per thread (issue 11: one element per thread left a copy at 0.73x of
// the H100's copy rate). The kernel body becomes a function of its own that
// reads its global id from a private variable, and the entry point calls it
// once per work item of the thread; the count is a specialization constant
// (kernel_image.h: items_per_thread_spec_id), so the driver sees a loop of
// known trip count once the runtime has chosen it per device and launch (with
// the default of 1, one trip). Kernels with atomics on global memory keep one
// item per thread: their atomics serialize on their addresses, and a thread
// running several items issues them one after another (an atomic histogram
// ran 0.6x as fast).
//
// The entry, not the body, leaves out the items past the domain's end. When
// every item of the thread lies inside, a small body is called from a loop
// without that test: each item's loads then no longer wait behind a branch on
// its index, and the driver can issue all items' loads before the first
// store (a copy of four items per thread: 0.75 of the H200's copy rate in
// GLSL with a test per item, 0.91 tested once; ampvk's copy, 0.85 of the
// H100's rate with the test per item, reaches 1.00 on the H200 without it).
// A large body is called from the tested loop alone, so that it is not
// optimized twice.
//
// A body of very many blocks also stays a function of its own (DontInline):
// inlined, it would lie inside the constructs of the entry (the item loop, the
// test, the wrapper SPIRV-Tools' merge-return puts around a function with two
// returns). SPIRV-Tools' validator (2023.1) asks, for each block of a
// construct, whether the construct's merge dominates it, and a "no" walks the
// dominator tree to the root, so each construct around a long chain of if
// statements cost a walk per block of the chain (2000 ifs: 1.5 s for each of a
// kernel's two final modules, against 0.25 s with the body out of line).
// Drivers inline it.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

// Bodies up to this many words (a few hundred instructions as emitted) get the
// untested loop as well; bandwidth-bound kernels are far smaller.
static constexpr std::size_t UntestedLoopBodyWords = 2048;
// Bodies of more blocks than this (as emitted) are called, not inlined. Of the
// samples', benchmarks' and tests' kernels only two long if chains of the
// differential tests have more.
static constexpr std::size_t OutOfLineBodyBlocks = 1024;

SpvId KernelEmitter::emitItemLoopEntry(SpvId BodyFn, SpvId ItemVar, bool OneItem) {
  const bool SmallBody = B.endedFunctionWords() <= UntestedLoopBodyWords;
  // The body is the function ended last.
  if (B.endedFunctionBlocks() > OutOfLineBodyBlocks)
    B.keepEndedFunctionOutOfLine();
  SpvId Int = intType();
  SpvId Bool = boolType();
  SpvId V3 = B.typeVector(Int, 3);
  SpvId Void = B.typeVoid();

  SpvId Main = B.beginFunction(Void, B.typeFunction(Void, {}));
  B.name(Main, "main");
  B.beginBlock(B.newLabel());
  for (std::uint32_t Axis = 0; Axis < 3; ++Axis)
    if (SpvId Spec = Iface.untiledSizeSpec(Axis))
      Iface.setLocalSizeValue(Axis, B.emit(Op::OpBitcast, Int, {Spec}));
  SpvId Global = B.emit(Op::OpLoad, V3, {Iface.globalIdVar()});
  SpvId Local = B.emit(Op::OpLoad, V3, {Iface.localIdVar()});
  SpvId Group = B.emit(Op::OpLoad, V3, {Iface.groupIdVar()});
  renumberFoldedGrid(Local, Group, Global);

  // The domain's extent per axis is the launch header's first words.
  LValue Header;
  Header.K = LValue::Capture;
  Header.Type = Ctx.IntTy;
  const auto Axes = static_cast<std::uint32_t>(std::min(K.Rank, 3));
  SpvId Extent[3] = {};
  for (std::uint32_t Axis = 0; Axis < Axes; ++Axis)
    Extent[Axis] = loadCaptureWord(Header, 4 * Axis);
  auto Below = [&](SpvId Id, std::uint32_t Axis) {
    return B.emit(Op::OpULessThan, Bool, {Id, Extent[Axis]});
  };
  auto And = [&](SpvId L, SpvId R) { return B.emit(Op::OpLogicalAnd, Bool, {L, R}); };
  auto Component = [&](SpvId Vec, std::uint32_t C) {
    return B.emit(Op::OpCompositeExtract, Int, {Vec, C});
  };
  // Rows and layers (y, z) are the same for all items of a thread.
  SpvId RowInside = 0;
  for (std::uint32_t Axis = 1; Axis < Axes; ++Axis) {
    SpvId In = Below(Component(Global, Axis), Axis);
    RowInside = RowInside ? And(RowInside, In) : In;
  }
  auto Inside = [&](SpvId X) {
    SpvId In = Below(X, 0);
    return RowInside ? And(RowInside, In) : In;
  };
  auto CallFor = [&](SpvId X) {
    B.emitVoid(Op::OpStore, {ItemVar, B.emit(Op::OpCompositeInsert, V3, {X, Global, 0u})});
    B.emit(Op::OpFunctionCall, Void, {BodyFn});
  };
  auto IfThen = [&](SpvId Cond, llvm::function_ref<void()> Then,
                    llvm::function_ref<void()> Else = nullptr) {
    SpvId ThenBlock = B.newLabel(), ElseBlock = Else ? B.newLabel() : 0, Merge = B.newLabel();
    B.emitVoid(Op::OpSelectionMerge,
               {Merge, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
    B.emitVoid(Op::OpBranchConditional, {Cond, ThenBlock, Else ? ElseBlock : Merge});
    B.beginBlock(ThenBlock);
    Then();
    B.emitVoid(Op::OpBranch, {Merge});
    if (Else) {
      B.beginBlock(ElseBlock);
      Else();
      B.emitVoid(Op::OpBranch, {Merge});
    }
    B.beginBlock(Merge);
  };

  if (OneItem) {
    SpvId X = Component(Global, 0);
    IfThen(Inside(X), [&] { CallFor(X); });
  } else {
    SpvId Items = B.specConstantI32(items_per_thread_spec_id, 1);
    B.name(Items, "items_per_thread");
    SpvId FirstItem = B.emit(Op::OpIMul, Int, {Component(Group, 0), Items});
    SpvId Width = Iface.localSizeValue(0);
    SpvId FirstX = B.emit(Op::OpIAdd, Int,
                          {B.emit(Op::OpIMul, Int, {FirstItem, Width}), Component(Local, 0)});
    // Item K of the thread: K workgroup widths after its first, so that a
    // workgroup's threads touch neighbouring elements, written as one base
    // plus a multiple of K so that the driver sees the items' elements apart
    // (a view read and written, as in y = a * x + y). Below 2^32: the runtime
    // dispatches at most a workgroup's items past a 2^31 extent.
    auto ItemX = [&](SpvId K) {
      return B.emit(Op::OpIAdd, Int, {FirstX, B.emit(Op::OpIMul, Int, {K, Width})});
    };
    // A driver that cuts loops short (LoopWitness.cpp) can cut this one
    // only after the body's own loops used up its count.
    const bool Witnessed = Iface.hasWitness();
    auto TestedLoop = [&] {
      emitCountedLoop(
          B.constI32(0), Items,
          [&](SpvId K) {
            SpvId X = ItemX(K);
            IfThen(Inside(X), [&] { CallFor(X); });
          },
          /*Unroll=*/false, Witnessed);
    };
    if (SmallBody) {
      SpvId LastX = ItemX(B.emit(Op::OpISub, Int, {Items, B.constI32(1)}));
      IfThen(
          Inside(LastX),
          [&] {
            emitCountedLoop(
                B.constI32(0), Items, [&](SpvId K) { CallFor(ItemX(K)); }, /*Unroll=*/true,
                Witnessed);
          },
          TestedLoop);
    } else {
      TestedLoop();
    }
  }
  B.emitVoid(Op::OpReturn, {});
  B.endFunction();
  return Main;
}
