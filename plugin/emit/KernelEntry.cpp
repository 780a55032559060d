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

KernelEmitter::KernelEmitter(ASTContext &Ctx, AmpDiagnostics &Diags, const Kernel &K,
                             const LibraryFiles &Library, bool BoundsChecks, bool LoopWitness)
    : Ctx(Ctx), Diags(Diags), K(K), Library(Library), BoundsChecks(BoundsChecks),
      LoopWitness(LoopWitness),
      Types(Ctx, B, [this](SourceLocation Loc, ampdiag::Kind Row) {
        return unsupported(Loc, Row);
      }),
      Iface(Ctx, B, Types, K, Captures) {}

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
  Iface.declareCaptureBlock();
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
  Iface.declareInvocationBuiltins();

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
  SpvId GlobalId = B.emit(spv::Op::OpLoad, V3, {ItemVar ? ItemVar : Iface.globalIdVar()});
  SpvId LocalId = B.emit(spv::Op::OpLoad, V3, {Iface.localIdVar()});
  SpvId GroupId = B.emit(spv::Op::OpLoad, V3, {Iface.groupIdVar()});

  auto KernelFrame = std::make_unique<Frame>();
  KernelFrame->FD = Op;
  KernelFrame->IsKernel = true;
  KernelFrame->This.Target.K = LValue::Capture;
  KernelFrame->This.Target.ConstOffset = launch_header_bytes;
  KernelFrame->This.Target.Type = Ctx.getRecordType(K.KernelClass);
  Frames.push_back(std::move(KernelFrame));

  Iface.declareWorkgroupSize();
  // An untiled kernel's entry renumbers folded grids and leaves out padding
  // threads before it calls the body (ItemLoop.cpp).
  if (K.Tiled)
    renumberFoldedGrid(LocalId, GroupId, GlobalId);

  bindKernelArgument(Op->getParamDecl(0), GlobalId, LocalId, GroupId);
  clearRaceShadow(); // tile_static memory starts with anything in it
  emitStmt(Op->getBody());
  if (!B.isTerminated())
    B.emitVoid(spv::Op::OpReturn, {});
  B.endFunction();
  Frames.clear();
  Lifetimes.clear();
  if (!K.Tiled)
    Main = emitItemLoopEntry(Main, ItemVar, Iface.hasGlobalAtomics());

  B.entryPoint(spv::ExecutionModel::GLCompute, Main, "main", Iface.entryInterface());
  B.executionMode(Main, spv::ExecutionMode::LocalSize,
                  {Iface.localSize(0), Iface.localSize(1), Iface.localSize(2)});
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
  KernelCode Code;
  Iface.finish(Code);
  Code.Spirv = B.finish();
  Code.Captures = Captures;
  return Code;
}
