//===- ItemLoop.cpp - Several work items per thread for untiled kernels ---===//
//
// Bandwidth-bound kernels reach the memory's speed only with several loads in
// flight per thread (issue 11: one element per thread left a copy at 0.73x of
// the H100's copy rate). The kernel body becomes a function of its own that
// reads its global id from a private variable, and the entry point calls it
// once per work item of the thread; the count is a specialization constant
// (kernel_image.h: items_per_thread_spec_id), so the driver sees a loop of
// known trip count once the runtime has chosen it per device and launch, and
// with the default of 1 the kernel is what it was. The body's early returns
// (padding threads, `return` in the lambda) end only that item. Kernels with
// atomics on global memory keep one item per thread (KernelEmitter.h:
// GlobalAtomics).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

SpvId KernelEmitter::emitItemLoopEntry(SpvId BodyFn, SpvId ItemVar, SpvId GlobalVar,
                                       SpvId LocalVar, SpvId GroupVar, bool OneItem) {
  SpvId Int = intType();
  SpvId V3 = B.typeVector(Int, 3);
  SpvId Void = B.typeVoid();

  SpvId Main = B.beginFunction(Void, B.typeFunction(Void, {}));
  B.name(Main, "main");
  B.beginBlock(B.newLabel());
  SpvId Global = B.emit(Op::OpLoad, V3, {GlobalVar});
  if (OneItem) {
    // The optimizer keeps a loop of one trip; the driver need not see one.
    B.emitVoid(Op::OpStore, {ItemVar, Global});
    B.emit(Op::OpFunctionCall, Void, {BodyFn});
    B.emitVoid(Op::OpReturn, {});
    B.endFunction();
    return Main;
  }
  SpvId Items = B.specConstantI32(items_per_thread_spec_id, 1);
  B.name(Items, "items_per_thread");
  SpvId LocalX = B.emit(Op::OpCompositeExtract, Int,
                        {B.emit(Op::OpLoad, V3, {LocalVar}), 0u});
  SpvId GroupX = B.emit(Op::OpCompositeExtract, Int,
                        {B.emit(Op::OpLoad, V3, {GroupVar}), 0u});
  SpvId FirstItem = B.emit(Op::OpIMul, Int, {GroupX, Items});
  SpvId Width = B.constI32(static_cast<std::int32_t>(LocalSizeOut[0]));
  emitCountedLoop(B.constI32(0), Items, [&](SpvId K) {
    SpvId X = B.emit(
        Op::OpIAdd, Int,
        {B.emit(Op::OpIMul, Int, {B.emit(Op::OpIAdd, Int, {FirstItem, K}), Width}), LocalX});
    B.emitVoid(Op::OpStore, {ItemVar, B.emit(Op::OpCompositeInsert, V3, {X, Global, 0u})});
    B.emit(Op::OpFunctionCall, Void, {BodyFn});
  });
  B.emitVoid(Op::OpReturn, {});
  B.endFunction();
  return Main;
}
