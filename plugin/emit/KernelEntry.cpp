//===- KernelEntry.cpp - Entry point, invocation ids, kernel argument -----===//
//
// The kernel's index<N> or tiled_index<...> argument is built from the SPIR-V
// invocation ids. C++ AMP's last dimension is x, so 3-D tiles keep their first
// extent (at most 64) in z, matching Vulkan's guaranteed workgroup limits.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include <algorithm>

using namespace clang;
using namespace ampvk;
using spv::Op;

// Workgroup shape for kernels that are not tiled: 256 threads, a multiple of
// every subgroup size Vulkan allows (at most 128), x widest so that
// neighbouring work-items touch neighbouring elements of the last dimension.
// 64-thread groups left a copy kernel at 0.29x of the H100's copy bandwidth,
// 256 at 0.73x (issue 11). It is the largest shape: each axis wider than 1 is
// a specialization constant (kernel_image.h, untiled_local_size_spec_id), which
// the runtime lowers on a device that allows fewer threads per workgroup
// (Vulkan guarantees 128), since an untiled kernel means nothing by its
// workgroups.
static const std::uint32_t UntiledLocalSize[3][3] = {
    {256, 1, 1}, {16, 16, 1}, {16, 4, 4}};

// The WorkgroupSize builtin of an untiled kernel is a specialization
// composite (of unsigned ints, as drivers require), so the driver takes the
// size the runtime chose (it overrides the LocalSize mode); the item loop and
// the folded grid's renumbering use the same constants.
void KernelEmitter::declareWorkgroupSize() {
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

KernelEmitter::KernelEmitter(ASTContext &Ctx, AmpDiagnostics &Diags, const Kernel &K,
                             const LibraryFiles &Library, bool BoundsChecks, bool LoopWitness)
    : Ctx(Ctx), Diags(Diags), K(K), Library(Library), BoundsChecks(BoundsChecks),
      LoopWitness(LoopWitness),
      Types(Ctx, B, [this](SourceLocation Loc, ampdiag::Kind Row) {
        return unsupported(Loc, Row);
      }) {}

KernelEmitter::~KernelEmitter() = default;

EmitFailure KernelEmitter::unsupported(SourceLocation Loc, ampdiag::Kind Row) {
  if (Failed)
    return EmitFailure(); // one precise diagnostic per kernel; later ones would be noise
  Failed = true;
  return EmitFailure(Diags, userLocation(Loc), Row, K.CallOperator->getLocation());
}

SourceLocation KernelEmitter::userLocation(SourceLocation Loc) const {
  if (!Library.contains(Loc))
    return Loc;
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if ((*It)->Site && !Library.contains((*It)->Site->getExprLoc()))
      return (*It)->Site->getExprLoc();
  return Loc;
}

void KernelEmitter::unsupported(SourceLocation Loc, UnsupportedConstruct What) {
  unsupported(Loc, ampdiag::err_unsupported_construct) << What;
}

void KernelEmitter::internalError(SourceLocation Loc, const llvm::Twine &What) {
  unsupported(Loc, ampdiag::err_internal) << What;
}

void KernelEmitter::storeIndexComponents(const LValue &IndexObj, llvm::ArrayRef<SpvId> Comps) {
  LValue Base = coordinateArray(IndexObj, K.LaunchLoc);
  for (unsigned D = 0; D < Comps.size() && Base.valid(); ++D)
    store(element(Base, B.constI32(static_cast<std::int32_t>(D)), K.LaunchLoc), Comps[D],
          K.LaunchLoc);
}

void KernelEmitter::bindKernelArgument(const ParmVarDecl *P, SpvId GlobalId, SpvId LocalId,
                                       SpvId GroupId) {
  QualType T = P->getType().getNonReferenceType().getUnqualifiedType();
  LValue Arg = localVariable(T, P->getLocation(), P->getName());
  if (!Arg.valid())
    return;
  frame().Refs[P] = Arg;

  auto Axis = [&](SpvId Vec, std::uint32_t A) {
    return B.emit(Op::OpCompositeExtract, intType(), {Vec, A});
  };
  auto Components = [&](SpvId Vec) {
    llvm::SmallVector<SpvId, 3> Out;
    if (K.Rank <= 3) {
      for (int D = 0; D < K.Rank; ++D)
        Out.push_back(Axis(Vec, static_cast<std::uint32_t>(K.Rank - 1 - D)));
      return Out;
    }
    // Rank > 3 (never tiled): z runs over dimensions 0 .. Rank-3 together;
    // unfold it with their extents, which the runtime puts at the end of the
    // capture block.
    Out.resize(K.Rank);
    Out[K.Rank - 1] = Axis(Vec, 0);
    Out[K.Rank - 2] = Axis(Vec, 1);
    SpvId Z = Axis(Vec, 2);
    LValue Folded;
    Folded.K = LValue::Capture;
    Folded.Type = Ctx.IntTy;
    for (int D = K.Rank - 3; D >= 1; --D) {
      SpvId Extent = loadCaptureWord(
          Folded, static_cast<std::uint32_t>(Captures.FoldedExtentOffset) + 4 * (D - 1));
      Out[D] = unsignedOp(Op::OpUMod, intType(), 32, {Z, Extent});
      Z = unsignedOp(Op::OpUDiv, intType(), 32, {Z, Extent});
    }
    Out[0] = Z;
    return Out;
  };

  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (getAmpClassName(RD) == "tiled_index") {
    auto Global = Components(GlobalId), Local = Components(LocalId),
         Group = Components(GroupId);
    TileNumber = Group;
    // The tile's number times its extent, the form hand-written shaders use
    // (the same value as global - local, also in a folded grid).
    llvm::SmallVector<SpvId, 3> Origin;
    for (int D = 0; D < K.Rank; ++D)
      Origin.push_back(B.emit(Op::OpIMul, intType(), {Group[D], B.constI32(K.Tile[D])}));
    for (const FieldDecl *FD : RD->fields()) {
      llvm::StringRef Name = FD->getName();
      const llvm::SmallVector<SpvId, 3> *Comps = Name == "global"        ? &Global
                                                 : Name == "local"       ? &Local
                                                 : Name == "tile"        ? &Group
                                                 : Name == "tile_origin" ? &Origin
                                                                         : nullptr;
      if (Comps)
        storeIndexComponents(field(Arg, FD, FD->getLocation()), *Comps);
    }
    return;
  }
  storeIndexComponents(Arg, Components(GlobalId));
}

SpvId KernelEmitter::localInvocationIndex() {
  const SpvId UInt = B.typeUInt(32);
  if (!LocalIndexVar) {
    LocalIndexVar = B.globalVariable(UInt, spv::StorageClass::Input);
    B.decorate(LocalIndexVar, spv::Decoration::BuiltIn,
               {static_cast<std::uint32_t>(spv::BuiltIn::LocalInvocationIndex)});
    B.name(LocalIndexVar, "local_index");
  }
  return B.emit(Op::OpBitcast, intType(), {B.emit(Op::OpLoad, UInt, {LocalIndexVar})});
}

bool KernelEmitter::declareCaptureBlock() {
  // The launch header, the kernel object, referenced arrays' objects, folded
  // extents: push constants when they fit the 128 bytes every device has,
  // else a read-only storage buffer after the views' bindings.
  if (Captures.BlockSize > MaxCaptureBlockBytes) {
    unsupported(K.CallOperator->getLocation(), ampdiag::err_unsupported_capture_size)
        << std::to_string(Captures.FoldedExtentOffset - launch_header_bytes)
        << std::to_string(MaxCaptureBlockBytes - launch_header_bytes -
                          (Captures.BlockSize - Captures.FoldedExtentOffset));
    return false;
  }
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
  return true;
}

bool KernelEmitter::emitEntryPoint() {
  const CXXMethodDecl *Op = K.CallOperator;
  if (Op->getNumParams() != 1) {
    Diags.report(Op->getLocation(), ampdiag::err_kernel_operator_parameters);
    return false;
  }

  if (!declareCaptureBlock())
    return false;

  SpvId V3 = B.typeVector(intType(), 3);
  auto Builtin = [&](spv::BuiltIn Which, llvm::StringRef Name) {
    SpvId Var = B.globalVariable(V3, spv::StorageClass::Input);
    B.decorate(Var, spv::Decoration::BuiltIn, {static_cast<std::uint32_t>(Which)});
    B.name(Var, Name);
    return Var;
  };
  SpvId GlobalVar = Builtin(spv::BuiltIn::GlobalInvocationId, "global_id");
  SpvId LocalVar = Builtin(spv::BuiltIn::LocalInvocationId, "local_id");
  SpvId GroupVar = Builtin(spv::BuiltIn::WorkgroupId, "group_id");
  SpvId NumGroupsVar = Builtin(spv::BuiltIn::NumWorkgroups, "num_groups");
  GroupIdVar = GroupVar;
  this->NumGroupsVar = NumGroupsVar;

  // An untiled kernel's body runs once per work item of its thread, with the
  // item's global id in a private variable (ItemLoop.cpp).
  SpvId ItemVar = 0;
  if (!K.Tiled) {
    ItemVar = B.globalVariable(V3, spv::StorageClass::Private);
    B.name(ItemVar, "item_global_id");
  }

  SpvId Void = B.typeVoid();
  SpvId Main = B.beginFunction(Void, B.typeFunction(Void, {}));
  B.name(Main, K.Tiled ? "main" : "kernel_body");
  B.beginBlock(B.newLabel());
  SpvId GlobalId = B.emit(spv::Op::OpLoad, V3, {ItemVar ? ItemVar : GlobalVar});
  SpvId LocalId = B.emit(spv::Op::OpLoad, V3, {LocalVar});
  SpvId GroupId = B.emit(spv::Op::OpLoad, V3, {GroupVar});

  auto KernelFrame = std::make_unique<Frame>();
  KernelFrame->FD = Op;
  KernelFrame->IsKernel = true;
  KernelFrame->This.Target.K = LValue::Capture;
  KernelFrame->This.Target.ConstOffset = launch_header_bytes;
  KernelFrame->This.Target.Type = Ctx.getRecordType(K.KernelClass);
  Frames.push_back(std::move(KernelFrame));

  if (K.Tiled) {
    LocalSizeOut[0] = K.Tile[K.Rank - 1];
    LocalSizeOut[1] = K.Rank >= 2 ? K.Tile[K.Rank - 2] : 1;
    LocalSizeOut[2] = K.Rank >= 3 ? K.Tile[K.Rank - 3] : 1;
  } else {
    for (int I = 0; I < 3; ++I)
      LocalSizeOut[I] = UntiledLocalSize[std::min(K.Rank, 3) - 1][I];
  }
  declareWorkgroupSize();
  // An untiled kernel's entry renumbers folded grids and leaves out padding
  // threads before it calls the body (ItemLoop.cpp).
  if (K.Tiled)
    renumberFoldedGrid(NumGroupsVar, LocalId, GroupId, GlobalId);

  bindKernelArgument(Op->getParamDecl(0), GlobalId, LocalId, GroupId);
  clearRaceShadow(); // tile_static memory starts with anything in it
  emitStmt(Op->getBody());
  if (!B.isTerminated())
    B.emitVoid(spv::Op::OpReturn, {});
  B.endFunction();
  Frames.clear();
  Cleanups.clear();
  Scopes.clear();
  if (!K.Tiled)
    Main = emitItemLoopEntry(Main, ItemVar, GlobalVar, LocalVar, GroupVar, NumGroupsVar,
                             GlobalAtomics);

  llvm::SmallVector<SpvId, 5> Interface = {GlobalVar, LocalVar, GroupVar, NumGroupsVar};
  if (LocalIndexVar) // the loop witness's and the race checks'
    Interface.push_back(LocalIndexVar);
  B.entryPoint(spv::ExecutionModel::GLCompute, Main, "main", Interface);
  B.executionMode(Main, spv::ExecutionMode::LocalSize,
                  {LocalSizeOut[0], LocalSizeOut[1], LocalSizeOut[2]});
  return !failed();
}

std::optional<KernelCode> KernelEmitter::run() {
  B.addCapability(spv::Capability::Shader);
  Captures = computeCaptureLayout(Ctx, K.KernelClass, K.Rank);
  if (!emitEntryPoint() || failed())
    return std::nullopt;
  if (B.instructionTooLong()) {
    unsupported(K.LaunchLoc, ampdiag::err_unsupported_instruction_length)
        << static_cast<unsigned>(SpirvModuleBuilder::MaxInstructionWords);
    return std::nullopt;
  }
  // Views, and textures the kernel does not write, are sampled images even
  // where the kernel never reads them: the runtime binds them so.
  for (unsigned I = 0; I < Captures.ImageBindings.size(); ++I)
    if (isSampledBinding(ImageBindingBase + static_cast<int>(I)))
      Captures.ImageBindings[I].Access |= binding_sampled;
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
  KernelCode Code;
  Code.Spirv = B.finish();
  for (int I = 0; I < 3; ++I)
    Code.LocalSize[I] = LocalSizeOut[I];
  Code.TileStaticBytes = TileStaticBytes;
  Code.Captures = Captures;
  Code.CheckSites = std::move(CheckSites);
  Code.PrintSites = std::move(PrintSites);
  Code.LoopWitness = WitnessVar != 0;
  // Without an access to check there is nothing to report (and no report
  // binding to report to).
  Code.RaceSlots = ReportVar && RaceShadowVar ? RaceSlots : 0;
  Code.SeveralItemsPerThread = !K.Tiled && !GlobalAtomics;
  return Code;
}
