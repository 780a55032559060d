//===- KernelInterface.cpp - What a kernel's module declares once ---------===//
//
// C++ AMP's last dimension is x, so 3-D tiles keep their first extent (at
// most 64) in z, matching Vulkan's guaranteed workgroup limits.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelInterface.h"

#include <algorithm>

using namespace clang;
using namespace ampvk;
using spv::Op;

// Workgroup shape for kernels that are not tiled: 256 threads, a multiple of
// every subgroup size Vulkan allows (at most 128), x widest so that
// neighbouring work-items touch neighbouring elements of the last dimension.
// 64-thread groups left a copy kernel at 0.29x of the H100's copy bandwidth,
// 256 at 0.73x. It is the largest shape: each axis wider than 1 is a
// specialization constant (kernel_image.h, untiled_local_size_spec_id), which
// the runtime lowers on a device that allows fewer threads per workgroup
// (Vulkan guarantees 128), since an untiled kernel means nothing by its
// workgroups.
static const std::uint32_t UntiledLocalSize[3][3] = {
    {256, 1, 1}, {16, 16, 1}, {16, 4, 4}};

KernelInterface::KernelInterface(ASTContext &Ctx, SpirvModuleBuilder &B, TypeLowering &Types,
                                 const Kernel &K, const CaptureLayout &Captures)
    : Ctx(Ctx), B(B), Types(Types), K(K), Captures(Captures) {}

void KernelInterface::declareCaptureBlock() {
  auto Words = static_cast<std::uint32_t>(Captures.BlockSize / 4);
  SpvId WordArray = B.typeArray(intType(), Words, /*Unique=*/true);
  B.decorate(WordArray, spv::Decoration::ArrayStride, {4});
  SpvId Block = B.typeStruct({WordArray});
  B.decorateMember(Block, 0, spv::Decoration::Offset, {0});
  B.decorate(Block, spv::Decoration::Block);
  CaptureClass =
      Captures.inBuffer() ? spv::StorageClass::StorageBuffer : spv::StorageClass::PushConstant;
  CaptureVar = B.globalVariable(Block, CaptureClass);
  B.name(CaptureVar, "captures");
  if (Captures.inBuffer()) {
    B.decorate(CaptureVar, spv::Decoration::DescriptorSet, {0});
    B.decorate(CaptureVar, spv::Decoration::Binding, {Captures.bufferBinding()});
    B.decorate(CaptureVar, spv::Decoration::NonWritable);
  }
}

SpvId KernelInterface::captureWord(SpvId Index) {
  return B.emit(Op::OpAccessChain, B.typePointer(CaptureClass, intType()),
                {CaptureVar, B.constI32(0), Index});
}

void KernelInterface::declareInvocationBuiltins() {
  SpvId V3 = B.typeVector(intType(), 3);
  auto Builtin = [&](spv::BuiltIn Which, llvm::StringRef Name) {
    SpvId Var = B.globalVariable(V3, spv::StorageClass::Input);
    B.decorate(Var, spv::Decoration::BuiltIn, {static_cast<std::uint32_t>(Which)});
    B.name(Var, Name);
    return Var;
  };
  GlobalVar = Builtin(spv::BuiltIn::GlobalInvocationId, "global_id");
  LocalVar = Builtin(spv::BuiltIn::LocalInvocationId, "local_id");
  GroupVar = Builtin(spv::BuiltIn::WorkgroupId, "group_id");
  NumGroupsVar = Builtin(spv::BuiltIn::NumWorkgroups, "num_groups");
}

SpvId KernelInterface::localInvocationIndex() {
  const SpvId UInt = B.typeUInt(32);
  if (!LocalIndexVar) {
    LocalIndexVar = B.globalVariable(UInt, spv::StorageClass::Input);
    B.decorate(LocalIndexVar, spv::Decoration::BuiltIn,
               {static_cast<std::uint32_t>(spv::BuiltIn::LocalInvocationIndex)});
    B.name(LocalIndexVar, "local_index");
  }
  return B.emit(Op::OpBitcast, intType(), {B.emit(Op::OpLoad, UInt, {LocalIndexVar})});
}

llvm::SmallVector<SpvId, 5> KernelInterface::entryInterface() const {
  llvm::SmallVector<SpvId, 5> Interface = {GlobalVar, LocalVar, GroupVar, NumGroupsVar};
  if (LocalIndexVar)
    Interface.push_back(LocalIndexVar);
  return Interface;
}

// The WorkgroupSize builtin of an untiled kernel is a specialization
// composite (of unsigned ints, as drivers require), so the driver takes the
// size the runtime chose (it overrides the LocalSize mode); the item loop and
// the folded grid's renumbering use the same constants.
void KernelInterface::declareWorkgroupSize() {
  if (K.Tiled) {
    LocalSizeOut[0] = K.Tile[K.Rank - 1];
    LocalSizeOut[1] = K.Rank >= 2 ? K.Tile[K.Rank - 2] : 1;
    LocalSizeOut[2] = K.Rank >= 3 ? K.Tile[K.Rank - 3] : 1;
  } else {
    for (int I = 0; I < 3; ++I)
      LocalSizeOut[I] = UntiledLocalSize[std::min(K.Rank, 3) - 1][I];
  }
  for (std::uint32_t Axis = 0; Axis < 3; ++Axis)
    LocalSizeIds[Axis] = B.constI32(static_cast<std::int32_t>(LocalSizeOut[Axis]));
  if (K.Tiled)
    return;
  static const char *const Names[3] = {"workgroup_size_x", "workgroup_size_y",
                                       "workgroup_size_z"};
  SpvId UInt = B.typeUInt(32);
  SpvId Parts[3];
  for (std::uint32_t Axis = 0; Axis < 3; ++Axis) {
    if (LocalSizeOut[Axis] == 1) {
      Parts[Axis] = B.constant(UInt, {1});
      continue;
    }
    UntiledSizeSpecs[Axis] =
        B.specConstantU32(untiled_local_size_spec_id(Axis), LocalSizeOut[Axis]);
    B.name(UntiledSizeSpecs[Axis], Names[Axis]);
    Parts[Axis] = UntiledSizeSpecs[Axis];
  }
  SpvId Size = B.specConstComposite(B.typeVector(UInt, 3), Parts);
  B.decorate(Size, spv::Decoration::BuiltIn,
             {static_cast<std::uint32_t>(spv::BuiltIn::WorkgroupSize)});
  B.name(Size, "workgroup_size");
}

QualType KernelInterface::bindingElementAs(int Binding, QualType ViewElem) const {
  QualType Own = Captures.Bindings[Binding].ElementType;
  if (ViewElem.isNull() || Ctx.hasSameUnqualifiedType(ViewElem, Own))
    return Own;
  return Own.isConstQualified() ? ViewElem.withConst() : ViewElem.getUnqualifiedType();
}

SpvId KernelInterface::bufferVariable(int Binding, QualType Elem, SourceLocation Loc) {
  const CaptureBinding &CB = Captures.Bindings[Binding];
  // The binding's own element type, or reinterpret_as's other elements
  // (bindingElementAs): another variable on the same binding.
  const Type *Key = Ctx.getCanonicalType(Elem.getUnqualifiedType()).getTypePtr();
  std::vector<std::pair<const Type *, SpvId>> &Vars = BufferVars[Binding];
  for (const auto &[T, Var] : Vars)
    if (T == Key)
      return Var;
  if (!Types.lower(Elem, Layout::Explicit, Loc) || !Types.checkBufferStride(Elem, Loc))
    return 0;
  SpvId ElemType = Types.lower(Elem, Types.bufferLayout(Elem), Loc);
  if (!ElemType)
    return 0;
  SpvId RA = B.typeRuntimeArray(ElemType);
  B.decorate(RA, spv::Decoration::ArrayStride,
             {static_cast<std::uint32_t>(Ctx.getTypeSizeInChars(Elem).getQuantity())});
  SpvId Block = B.typeStruct({RA});
  B.decorateMember(Block, 0, spv::Decoration::Offset, {0});
  B.decorate(Block, spv::Decoration::Block);
  SpvId Var = B.globalVariable(Block, spv::StorageClass::StorageBuffer);
  BufferArrayTypes[Var] = RA;
  B.decorate(Var, spv::Decoration::DescriptorSet, {0});
  B.decorate(Var, spv::Decoration::Binding, {static_cast<std::uint32_t>(Binding)});
  // The variant for aliased views drops this again (spirv/AliasedVariant.h).
  if (Elem.isConstQualified())
    B.decorate(Var, spv::Decoration::NonWritable);
  // Two variables of one binding overlap: each is Aliased, so that a
  // thread's accesses through both keep their program order.
  if (Vars.size() == 1)
    B.decorate(Vars.front().second, spv::Decoration::Aliased);
  if (!Vars.empty())
    B.decorate(Var, spv::Decoration::Aliased);
  if (!CB.Name.empty())
    B.name(Var, CB.Name);
  Vars.emplace_back(Key, Var);
  return Var;
}

SpvId KernelInterface::viewAtOrigin(int Binding) {
  SpvId &AtOrigin = ViewAtOrigin[Binding];
  if (!AtOrigin) {
    AtOrigin = B.specConstBool(view_origin_spec_id(static_cast<std::uint32_t>(Binding)), false);
    if (!Captures.Bindings[Binding].Name.empty())
      B.name(AtOrigin, "ampvk_at_origin_" + Captures.Bindings[Binding].Name);
  }
  return AtOrigin;
}

namespace {
// A storage buffer of 32-bit words in set 0 named Name, its binding decorated
// when the kernel is done (finish).
SpvId wordBufferVariable(SpirvModuleBuilder &B, llvm::StringRef Name) {
  SpvId Words = B.typeRuntimeArray(B.typeInt(32));
  B.decorate(Words, spv::Decoration::ArrayStride, {4});
  SpvId Block = B.typeStruct({Words});
  B.decorateMember(Block, 0, spv::Decoration::Offset, {0});
  B.decorate(Block, spv::Decoration::Block);
  SpvId Var = B.globalVariable(Block, spv::StorageClass::StorageBuffer);
  B.decorate(Var, spv::Decoration::DescriptorSet, {0});
  B.name(Var, Name);
  return Var;
}
} // namespace

SpvId KernelInterface::checkReport() {
  if (ReportVar)
    return ReportVar;
  SpvId Words = B.typeArray(intType(), check_report_words, /*Unique=*/true);
  B.decorate(Words, spv::Decoration::ArrayStride, {4});
  SpvId Block = B.typeStruct({Words});
  B.decorateMember(Block, 0, spv::Decoration::Offset, {0});
  B.decorate(Block, spv::Decoration::Block);
  ReportVar = B.globalVariable(Block, spv::StorageClass::StorageBuffer);
  B.decorate(ReportVar, spv::Decoration::DescriptorSet, {0});
  // After the views and the capture buffer (check_report_binding).
  auto Binding =
      static_cast<std::uint32_t>(Captures.Bindings.size() + (Captures.inBuffer() ? 1 : 0));
  B.decorate(ReportVar, spv::Decoration::Binding, {Binding});
  B.name(ReportVar, "ampvk_check_report");
  ChecksOn = B.specConstBool(check_spec_constant_id, false);
  B.name(ChecksOn, "ampvk_checks_enabled");
  return ReportVar;
}

SpvId KernelInterface::checksEnabled() {
  checkReport();
  return ChecksOn;
}

SpvId KernelInterface::printBuffer() {
  // Its binding (print_buffer_binding) follows the check report, which a
  // later access may still bring.
  if (!PrintVar)
    PrintVar = wordBufferVariable(B, "ampvk_print_buffer");
  return PrintVar;
}

SpvId KernelInterface::witnessEnabled() {
  if (!WitnessOn) {
    WitnessOn = B.specConstBool(loop_witness_spec_id, false);
    B.name(WitnessOn, "ampvk_loop_witness");
  }
  return WitnessOn;
}

SpvId KernelInterface::witnessBuffer() {
  // Its binding (loop_witness_binding) follows the print buffer's.
  if (!WitnessVar)
    WitnessVar = wordBufferVariable(B, "ampvk_loop_witness");
  return WitnessVar;
}

SpvId KernelInterface::racesEnabled() {
  if (!RacesOn) {
    RacesOn = B.specConstBool(race_check_spec_id, false);
    B.name(RacesOn, "ampvk_race_checks");
  }
  return RacesOn;
}

SpvId KernelInterface::raceShadow() {
  if (!RaceShadowVar) {
    RaceShadowLength = B.specConstantI32(race_shadow_words_spec_id, 1);
    B.name(RaceShadowLength, "ampvk_race_shadow_words");
    SpvId Array = B.typeArrayOfLength(intType(), RaceShadowLength);
    RaceShadowVar = B.globalVariable(Array, spv::StorageClass::Workgroup);
    B.name(RaceShadowVar, "ampvk_race_shadow");
  }
  return RaceShadowVar;
}

SpvId KernelInterface::raceShadowWords() {
  raceShadow();
  return RaceShadowLength;
}

std::int32_t KernelInterface::addCheckSite(check_site Site) {
  CheckSites.push_back(std::move(Site));
  return static_cast<std::int32_t>(CheckSites.size() - 1);
}

std::int32_t KernelInterface::addPrintSite(print_site Site) {
  PrintSites.push_back(std::move(Site));
  return static_cast<std::int32_t>(PrintSites.size() - 1);
}

std::uint32_t KernelInterface::addTileStatic(std::uint64_t Bytes, std::uint32_t Slots) {
  TileStaticBytes += static_cast<std::uint32_t>(Bytes);
  std::uint32_t First = RaceSlots;
  RaceSlots += Slots;
  return First;
}

void KernelInterface::finish(KernelCode &Code) {
  if (PrintVar) {
    // print_buffer_binding: after the views, the capture buffer and the
    // check report (when there is one); loop_witness_binding next.
    auto Binding = static_cast<std::uint32_t>(Captures.Bindings.size() +
                                              (Captures.inBuffer() ? 1 : 0) +
                                              (CheckSites.empty() ? 0 : 1));
    B.decorate(PrintVar, spv::Decoration::Binding, {Binding});
    if (WitnessVar)
      B.decorate(WitnessVar, spv::Decoration::Binding, {Binding + 1});
  }
  for (int I = 0; I < 3; ++I)
    Code.LocalSize[I] = LocalSizeOut[I];
  Code.TileStaticBytes = TileStaticBytes;
  Code.CheckSites = std::move(CheckSites);
  Code.PrintSites = std::move(PrintSites);
  Code.LoopWitness = WitnessVar != 0;
  // Without an access to check there is nothing to report (and no report
  // binding to report to).
  Code.RaceSlots = ReportVar && RaceShadowVar ? RaceSlots : 0;
  Code.SeveralItemsPerThread = !K.Tiled && !GlobalAtomics;
}
