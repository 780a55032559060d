//===- FoldedGrid.cpp - Workgroup numbers of a folded dispatch grid -------===//
//
// A domain may need more workgroups (tiles) along an axis than the device
// dispatches (maxComputeWorkGroupCount, often 65535). The runtime then
// dispatches a grid of at least as many workgroups and sets the specialization
// constant grid_folded_spec_id (kernel_image.h); each workgroup renumbers
// itself from its linear place in that grid. Whole workgroups map to whole
// tiles, so tile_static memory and barriers keep their meaning. The branch on
// the constant is resolved when the driver specializes the pipeline: a kernel
// whose grid is not folded uses the builtins as they are, with no test.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

void KernelEmitter::renumberFoldedGrid(SpvId LocalId, SpvId &GroupId,
                                       SpvId &GlobalId) {
  SpvId Int = intType();
  SpvId V3 = B.typeVector(Int, 3);
  SpvId GroupVar = B.functionVariable(V3), GlobalVar = B.functionVariable(V3);
  B.emitVoid(Op::OpStore, {GroupVar, GroupId});
  B.emitVoid(Op::OpStore, {GlobalVar, GlobalId});

  LValue Header;
  Header.K = LValue::Capture;
  Header.Type = Ctx.IntTy;
  SpvId Folded = B.specConstBool(grid_folded_spec_id, false);
  B.name(Folded, "grid_folded");
  SpvId Renumber = B.newLabel(), Done = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge,
             {Done, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
  B.emitVoid(Op::OpBranchConditional, {Folded, Renumber, Done});

  B.beginBlock(Renumber);
  auto Component = [&](SpvId Vec, std::uint32_t C) {
    return B.emit(Op::OpCompositeExtract, Int, {Vec, C});
  };
  auto Add = [&](SpvId L, SpvId R) { return B.emit(Op::OpIAdd, Int, {L, R}); };
  auto Mul = [&](SpvId L, SpvId R) { return B.emit(Op::OpIMul, Int, {L, R}); };
  auto UDiv = [&](SpvId L, SpvId R) { return unsignedOp(Op::OpUDiv, Int, 32, {L, R}); };
  auto UMod = [&](SpvId L, SpvId R) { return unsignedOp(Op::OpUMod, Int, 32, {L, R}); };

  // The place in the dispatched grid, x fastest; the runtime keeps it below 2^32.
  SpvId Dispatched = B.emit(Op::OpLoad, V3, {Iface.numGroupsVar()});
  SpvId Linear =
      Add(Component(GroupId, 0),
          Mul(Component(Dispatched, 0),
              Add(Component(GroupId, 1), Mul(Component(Dispatched, 1), Component(GroupId, 2)))));
  // The domain's workgroups per axis: ceil(threads / local size), written so
  // that a thread count near 2^32 does not overflow.
  SpvId Groups[3];
  for (std::uint32_t C = 0; C < 3; ++C) {
    SpvId Threads = loadCaptureWord(Header, 4 * C);
    SpvId Size = Iface.localSizeValue(C);
    Groups[C] =
        Iface.localSize(C) == 1
            ? Threads
            : Add(UDiv(B.emit(Op::OpISub, Int, {Threads, B.constI32(1)}), Size), B.constI32(1));
  }
  SpvId X = UMod(Linear, Groups[0]);
  SpvId Rest = UDiv(Linear, Groups[0]);
  SpvId Y = UMod(Rest, Groups[1]);
  SpvId Z = UDiv(Rest, Groups[1]);

  // Workgroups past the domain's last one only fill the dispatched grid.
  SpvId Past = B.emit(Op::OpUGreaterThanEqual, boolType(), {Z, Groups[2]});
  SpvId Exit = B.newLabel(), Inside = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge,
             {Inside, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
  B.emitVoid(Op::OpBranchConditional, {Past, Exit, Inside});
  B.beginBlock(Exit);
  B.emitVoid(Op::OpReturn, {});

  B.beginBlock(Inside);
  SpvId Group = B.emit(Op::OpCompositeConstruct, V3, {X, Y, Z});
  SpvId Size =
      B.emit(Op::OpCompositeConstruct, V3, {Iface.localSizeValue(0), Iface.localSizeValue(1),
                                       Iface.localSizeValue(2)});
  SpvId Global = B.emit(Op::OpIAdd, V3, {B.emit(Op::OpIMul, V3, {Group, Size}), LocalId});
  B.emitVoid(Op::OpStore, {GroupVar, Group});
  B.emitVoid(Op::OpStore, {GlobalVar, Global});
  B.emitVoid(Op::OpBranch, {Done});

  B.beginBlock(Done);
  GroupId = B.emit(Op::OpLoad, V3, {GroupVar});
  GlobalId = B.emit(Op::OpLoad, V3, {GlobalVar});
}
