//===- LoopWitness.cpp - A loop the driver cuts short fails the launch ----===//
//
// Mesa's lavapipe (22.3, Debian 12's) ends an invocation's loops after 65,535
// iterations in all (one counter for every loop, per SIMD group, counting
// while any lane loops) and carries on with what was computed so far. That
// count cannot be reproduced from SPIR-V (it depends on the driver's lanes
// and loop transforms), so the kernel catches the cut itself, exactly
// (kernel_image.h, loop_witness_spec_id). Each invocation has a witness word
// in a storage buffer, read and written as volatile so that the driver keeps
// every access (a private variable would be folded away, and Workgroup memory
// would take from the kernel's tile_static room):
//   - 0 when an iteration of a loop begins (openLoop, emitCountedLoop);
//   - whether the loop is left, on every way out: its condition, break, a
//     return leaving it (witnessLeaving);
//   - at the loop's merge, 0 means that no way out ran since the iteration
//     began: the driver ended the loop at its back edge. The kernel then
//     appends a loop_cut record, which fails the launch, and sets the word
//     back to 0 for the loops around this one (witnessCheck).
// Every access is behind the specialization constant. The kernel ships a
// module with it made false, which every device that does not cut loops
// runs, binding an idle buffer, and one with it, which the runtime sets true
// (spirv/LoopWitnessVariant.h).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

SpvId KernelEmitter::witnessWord() {
  const SpvId Int = intType();
  const SpvId Buffer = Iface.witnessBuffer();
  // The invocation's word: its workgroup's number in the dispatched grid,
  // x fastest, times the workgroup's size, plus its index in the workgroup.
  const SpvId V3 = B.typeVector(Int, 3);
  SpvId Group = B.emit(Op::OpLoad, V3, {Iface.groupIdVar()});
  SpvId Groups = B.emit(Op::OpLoad, V3, {Iface.numGroupsVar()});
  auto Part = [&](SpvId V, std::uint32_t I) {
    return B.emit(Op::OpCompositeExtract, Int, {V, I});
  };
  SpvId Linear = B.emit(
      Op::OpIAdd, Int,
      {Part(Group, 0),
       B.emit(Op::OpIMul, Int,
              {Part(Groups, 0),
               B.emit(Op::OpIAdd, Int,
                      {Part(Group, 1), B.emit(Op::OpIMul, Int,
                                              {Part(Groups, 1), Part(Group, 2)})})})});
  // The workgroup's size as the runtime set it: an untiled kernel's axes are
  // specialization constants (unsigned, as OpIMul may take them).
  SpvId Axes[3];
  for (int A = 0; A < 3; ++A)
    Axes[A] = Iface.untiledSizeSpec(A)
                  ? Iface.untiledSizeSpec(A)
                  : B.constI32(static_cast<std::int32_t>(Iface.localSize(A)));
  SpvId Size =
      B.emit(Op::OpIMul, Int, {B.emit(Op::OpIMul, Int, {Axes[0], Axes[1]}), Axes[2]});
  SpvId Local = Iface.localInvocationIndex();
  SpvId Index = B.emit(Op::OpIAdd, Int, {B.emit(Op::OpIMul, Int, {Linear, Size}), Local});
  return B.emit(Op::OpAccessChain, B.typePointer(spv::StorageClass::StorageBuffer, Int),
                {Buffer, B.constI32(0), Index});
}

void KernelEmitter::witnessStore(SpvId Value) {
  underGuard(Iface.witnessEnabled(), 0, [&] {
    B.emitVoid(Op::OpStore, {witnessWord(), Value,
                             static_cast<std::uint32_t>(spv::MemoryAccessMask::Volatile)});
    return 0;
  });
}

void KernelEmitter::witnessLeaving(SpvId Leaving) {
  witnessStore(Leaving ? B.emit(Op::OpSelect, intType(), {Leaving, B.constI32(1), B.constI32(0)})
                       : B.constI32(1));
}

void KernelEmitter::witnessCheck(SourceLocation LoopLoc) {
  underGuard(Iface.witnessEnabled(), 0, [&] {
    SpvId Word = witnessWord();
    SpvId Seen = B.emit(Op::OpLoad, intType(),
                        {Word, static_cast<std::uint32_t>(spv::MemoryAccessMask::Volatile)});
    SpvId Cut = B.emit(Op::OpIEqual, boolType(), {Seen, B.constI32(0)});
    underGuard(Cut, 0, [&] {
      print_site Site;
      Site.entry.action = static_cast<std::uint32_t>(print_action::loop_cut);
      appendPrintRecord(std::move(Site), {}, LoopLoc);
      return 0;
    });
    B.emitVoid(Op::OpStore,
               {Word, B.constI32(0), static_cast<std::uint32_t>(spv::MemoryAccessMask::Volatile)});
    return 0;
  });
}
