//===- KernelInterface.h - What a kernel's module declares once ----------===//
//
// Everything a kernel's module declares at global scope, each made at its
// first use and owned here:
//   - the invocation builtins and the workgroup size;
//   - the capture block (CaptureLayout.h);
//   - the storage buffer variables of each view binding, one per element type
//     the binding is read as;
//   - the buffers the kernel reports through: the check report, the print
//     buffer, the loop witness; and the race shadow in Workgroup memory;
//   - the specialization constants that switch the debugging code on, and
//     those of views at their origin.
// It also keeps what the kernel image records beside the code (the check and
// print sites, tile_static memory's size, the race shadow's slots, whether
// items may share a thread), and gives the reporting buffers their binding
// numbers when the kernel is done (finish).
//
// The AST walk (KernelEmitter) asks here for every global it uses; declaring
// one anywhere else would let two parts of the emitter disagree about it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_KERNELINTERFACE_H
#define AMPVK_PLUGIN_EMIT_KERNELINTERFACE_H

#include "ampvk/kernel_image.h"
#include "emit/TypeLowering.h"
#include "kernel/Kernel.h"
#include "spirv/SpirvModuleBuilder.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace ampvk {

class KernelInterface {
public:
  KernelInterface(clang::ASTContext &Ctx, SpirvModuleBuilder &B, TypeLowering &Types,
                  const Kernel &K, const CaptureLayout &Captures);

  // The capture block's variable: push constants when the block fits the
  // 128 bytes every device has, else a read-only storage buffer after the
  // views' bindings. The caller has checked the block's size.
  void declareCaptureBlock();
  // A pointer to word Index (an int) of the capture block.
  SpvId captureWord(SpvId Index);

  // GlobalInvocationId, LocalInvocationId, WorkgroupId and NumWorkgroups.
  void declareInvocationBuiltins();
  SpvId globalIdVar() const { return GlobalVar; }
  SpvId localIdVar() const { return LocalVar; }
  SpvId groupIdVar() const { return GroupVar; }
  SpvId numGroupsVar() const { return NumGroupsVar; }
  // LocalInvocationIndex as an int, its builtin declared at the first use
  // (the loop witness's and the race checks').
  SpvId localInvocationIndex();
  // The entry point's interface: the builtins declared.
  llvm::SmallVector<SpvId, 5> entryInterface() const;

  // The workgroup's shape: a tiled kernel's tile (its last dimension is x),
  // else the untiled shape (KernelInterface.cpp), each axis wider than 1 an
  // unsigned specialization constant the runtime may lower per device
  // (kernel_image.h, untiled_local_size_spec_id) and the WorkgroupSize
  // builtin a specialization composite of them.
  void declareWorkgroupSize();
  std::uint32_t localSize(unsigned Axis) const { return LocalSizeOut[Axis]; }
  // The axis's specialization constant (unsigned), or 0 when it is fixed.
  SpvId untiledSizeSpec(unsigned Axis) const { return UntiledSizeSpecs[Axis]; }
  // The workgroup size as an int the function being emitted computes with:
  // a constant, or in an untiled kernel's entry (ItemLoop.cpp) the
  // specialization constant cast there (setLocalSizeValue).
  SpvId localSizeValue(unsigned Axis) const { return LocalSizeIds[Axis]; }
  void setLocalSizeValue(unsigned Axis, SpvId Value) { LocalSizeIds[Axis] = Value; }

  // The element type a view of ViewElem elements (null: the binding's own)
  // reads Binding as, with the binding's constness.
  clang::QualType bindingElementAs(int Binding, clang::QualType ViewElem) const;
  // The storage buffer variable of Binding seen as elements of Elem
  // (bindingElementAs); 0 when Elem cannot be a buffer's element (reported).
  SpvId bufferVariable(int Binding, clang::QualType Elem, clang::SourceLocation Loc);
  // The runtime array type a buffer variable holds.
  SpvId bufferArrayType(SpvId Var) const { return BufferArrayTypes.lookup(Var); }
  // The boolean specialization constant telling that Binding's view starts
  // at its buffer's origin (view_origin_spec_id).
  SpvId viewAtOrigin(int Binding);

  // Checked mode's report buffer (check_report_binding) and the constant
  // that turns the checks on (check_spec_constant_id), declared together.
  SpvId checkReport();
  SpvId checksEnabled();
  // The print buffer (print_buffer_binding), which direct3d_printf and the
  // loop witness's loop_cut records go to.
  SpvId printBuffer();
  // The loop witness: its switch (loop_witness_spec_id) and the buffer of
  // each invocation's word (loop_witness_binding).
  SpvId witnessEnabled();
  SpvId witnessBuffer();
  bool hasWitness() const { return WitnessOn != 0; }
  // The race checks: their switch (race_check_spec_id), the shadow in
  // Workgroup memory and its length in words (race_shadow_words_spec_id).
  SpvId racesEnabled();
  SpvId raceShadow();
  SpvId raceShadowWords();

  // The image's tables of check and print sites: a new site's number.
  std::int32_t addCheckSite(check_site Site);
  check_site &checkSite(std::int32_t Number) { return CheckSites[Number]; }
  std::int32_t addPrintSite(print_site Site);

  // A tile_static variable of Bytes, in a race-checked kernel of Slots
  // shadow slots: the number of its first slot.
  std::uint32_t addTileStatic(std::uint64_t Bytes, std::uint32_t Slots);
  // An atomic on a storage buffer: the kernel keeps one item per thread
  // (ItemLoop.cpp says why).
  void noteGlobalAtomic() { GlobalAtomics = true; }
  bool hasGlobalAtomics() const { return GlobalAtomics; }

  // Binds the print and witness buffers, whose numbers depend on whether a
  // check report came, and records the interface's facts in Code.
  void finish(KernelCode &Code);

private:
  SpvId intType() { return B.typeInt(32); }

  clang::ASTContext &Ctx;
  SpirvModuleBuilder &B;
  TypeLowering &Types;
  const Kernel &K;
  const CaptureLayout &Captures;

  SpvId CaptureVar = 0;
  spv::StorageClass CaptureClass = spv::StorageClass::PushConstant;
  SpvId GlobalVar = 0, LocalVar = 0, GroupVar = 0, NumGroupsVar = 0;
  SpvId LocalIndexVar = 0;
  std::uint32_t LocalSizeOut[3] = {1, 1, 1};
  SpvId UntiledSizeSpecs[3] = {};
  SpvId LocalSizeIds[3] = {};
  // Each binding's variables, one per element type it is read as, and the
  // runtime array type of each variable.
  llvm::DenseMap<int, std::vector<std::pair<const clang::Type *, SpvId>>> BufferVars;
  llvm::DenseMap<SpvId, SpvId> BufferArrayTypes;
  llvm::DenseMap<int, SpvId> ViewAtOrigin;
  SpvId ReportVar = 0, ChecksOn = 0;
  SpvId PrintVar = 0;
  SpvId WitnessOn = 0, WitnessVar = 0;
  SpvId RacesOn = 0, RaceShadowVar = 0, RaceShadowLength = 0;
  std::vector<check_site> CheckSites;
  std::vector<print_site> PrintSites;
  std::uint32_t TileStaticBytes = 0;
  std::uint32_t RaceSlots = 0;
  bool GlobalAtomics = false;
};

} // namespace ampvk

#endif
