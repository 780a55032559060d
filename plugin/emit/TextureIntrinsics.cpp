//===- TextureIntrinsics.cpp - Textures, texture views and samplers -------===//
//
// A texture object in a kernel (a texture captured by reference, a view or
// sampler captured by value, or a copy of one made in the kernel) refers to
// an image binding of set image_binding_set; viewBinding finds it as it
// finds an array_view's buffer (ImageBindingBase + the binding's number).
// Each binding has a variable per way the kernel uses it:
//
//   Sampled       texture_view<const T>, and a texture the kernel does not
//                 write: OpImageFetch (get), OpImageSampleExplicitLod
//                 (sample), OpImageGather (gather). Any format.
//   StorageRead   a writable view's or a written texture's reads: the
//                 format declared in the SPIR-V, that of the one 32-bit
//                 scalar C++ AMP allows (the runtime checks the texture).
//   StorageWrite  set: a texture's writes declare that format too; a view's
//                 are of Unknown format (StorageImageWriteWithoutFormat), as
//                 the view may be of any bits per scalar element.
//
// Whether a texture is written is known once the kernel is emitted: a
// texture first read as a sampled image and then written makes the kernel be
// emitted again with it a storage image (writtenSampledTextures).
//
//   texture.load    (index, mip)                    -> the texel as value_type
//   texture.store   (index, value)
//   texture.sample  (sampler, coord, lod) or (filter, address, coord, lod)
//   texture.gather  (sampler, coord, component) or (address, coord, component)
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "attrs/AmpAttributes.h"
#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

namespace {

// How C++ AMP's scalar reads from an image: float (float, norm, unorm),
// int, or unsigned (unsigned int, and double's two words).
enum class TexelKind { Float, Int, UInt };

QualType firstArgument(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

} // namespace

bool KernelEmitter::isImageClass(QualType T) {
  llvm::StringRef Name = getAmpClassName(T);
  return Name == "texture" || Name == "texture_view" || Name == "writeonly_texture_view" ||
         Name == "sampler";
}

const CaptureBinding *KernelEmitter::imageBindingOf(int Binding) const {
  if (Binding < ImageBindingBase)
    return nullptr;
  return &Captures.ImageBindings[Binding - ImageBindingBase];
}

std::string KernelEmitter::bindingName(int Binding) const {
  if (const CaptureBinding *B = imageBindingOf(Binding))
    return B->Name;
  return Captures.Bindings[Binding].Name;
}

// The scalar leaves of an object of type T, in declaration order: the
// components of a short vector (norm and unorm are a float each).
void KernelEmitter::scalarLeaves(const LValue &Obj, llvm::SmallVectorImpl<LValue> &Out,
                                 SourceLocation Loc) {
  if (Obj.Type->isScalarType()) {
    Out.push_back(Obj);
    return;
  }
  const auto *RD = Obj.Type->getAsCXXRecordDecl();
  if (!RD) {
    internalError(Loc, "a texture's value_type is neither a scalar nor a class");
    return;
  }
  for (const FieldDecl *FD : RD->fields())
    scalarLeaves(field(Obj, FD, Loc), Out, Loc);
}

namespace {

struct TexelShape {
  TexelKind Kind = TexelKind::Float;
  bool Double = false;
  unsigned Components = 1; // of the value type
};

TexelShape shapeOf(QualType Value) {
  TexelShape S;
  QualType Scalar = Value.getUnqualifiedType();
  // A short vector's scalar: its first member's type (norm: float).
  for (int Depth = 0; Depth < 3; ++Depth) {
    const auto *RD = Scalar->getAsCXXRecordDecl();
    if (!RD || RD->field_empty())
      break;
    unsigned Count = 0;
    for (const FieldDecl *FD : RD->fields())
      (void)FD, ++Count;
    if (Depth == 0 && Count > 1)
      S.Components = Count;
    Scalar = RD->field_begin()->getType();
  }
  if (Scalar->isSpecificBuiltinType(BuiltinType::Double)) {
    S.Double = true;
    S.Kind = TexelKind::UInt;
  } else if (Scalar->isSpecificBuiltinType(BuiltinType::Int)) {
    S.Kind = TexelKind::Int;
  } else if (Scalar->isSpecificBuiltinType(BuiltinType::UInt)) {
    S.Kind = TexelKind::UInt;
  }
  return S;
}

} // namespace

SpvId KernelEmitter::texelScalarType(QualType Value) {
  switch (shapeOf(Value).Kind) {
  case TexelKind::Float:
    return B.typeFloat(32);
  case TexelKind::Int:
    return B.typeInt(32);
  case TexelKind::UInt:
    return B.typeUInt(32);
  }
  return 0;
}

SpvId KernelEmitter::imageVariable(int Binding, ImageUse Use) {
  auto Key = std::make_pair(Binding, static_cast<int>(Use));
  auto It = ImageVars.find(Key);
  if (It != ImageVars.end())
    return It->second;
  const CaptureBinding &CB = *imageBindingOf(Binding);
  const SpvId Type = Use == ImageUse::Sampler ? B.typeSampler() : imageType(Binding, Use);
  SpvId Var = B.globalVariable(Type, spv::StorageClass::UniformConstant);
  B.decorate(Var, spv::Decoration::DescriptorSet, {image_binding_set});
  B.decorate(Var, spv::Decoration::Binding,
             {static_cast<std::uint32_t>(Binding - ImageBindingBase)});
  if (!CB.Name.empty())
    B.name(Var, CB.Name);
  ImageVars[Key] = Var;
  return Var;
}

SpvId KernelEmitter::imageType(int Binding, ImageUse Use) {
  const CaptureBinding &CB = *imageBindingOf(Binding);
  const spv::Dim Dim = CB.Rank == 1   ? spv::Dim::Dim1D
                       : CB.Rank == 2 ? spv::Dim::Dim2D
                                      : spv::Dim::Dim3D;
  // A texture's writes, and every storage read, declare the one 32-bit
  // format C++ AMP allows them; a view's writes take any format.
  spv::ImageFormat Format = spv::ImageFormat::Unknown;
  if (Use == ImageUse::StorageRead ||
      (Use == ImageUse::StorageWrite &&
       CB.Kind == static_cast<std::uint32_t>(binding_kind::texture_reference)))
    Format = storageFormat(CB.ElementType);
  else if (Use == ImageUse::StorageWrite)
    B.addCapability(spv::Capability::StorageImageWriteWithoutFormat);
  if (CB.Rank == 1)
    B.addCapability(Use == ImageUse::Sampled ? spv::Capability::Sampled1D
                                             : spv::Capability::Image1D);
  return B.typeImage(texelScalarType(CB.ElementType), Dim, Use == ImageUse::Sampled ? 1 : 2,
                     Format);
}

SpvId KernelEmitter::loadImage(int Binding, ImageUse Use, SourceLocation Loc) {
  return B.emit(Op::OpLoad, imageType(Binding, Use), {imageVariable(Binding, Use)});
}

int KernelEmitter::fixedSampler(std::uint32_t Filter, std::uint32_t Address) {
  for (unsigned I = 0; I < Captures.ImageBindings.size(); ++I) {
    const CaptureBinding &CB = Captures.ImageBindings[I];
    if (CB.Kind == static_cast<std::uint32_t>(binding_kind::fixed_sampler) &&
        CB.ImageOffset == Filter && CB.ObjectSize == Address)
      return ImageBindingBase + static_cast<int>(I);
  }
  CaptureBinding CB;
  CB.Kind = static_cast<std::uint32_t>(binding_kind::fixed_sampler);
  CB.ImageOffset = Filter;
  CB.ObjectSize = Address;
  CB.Access = binding_reads;
  CB.Name = Filter ? "ampvk_linear_sampler" : "ampvk_point_sampler";
  Captures.ImageBindings.push_back(CB);
  return ImageBindingBase + static_cast<int>(Captures.ImageBindings.size() - 1);
}

// The texture object's image binding, or -1 (reported).
int KernelEmitter::textureBinding(const PointerValue *This, SourceLocation Loc) {
  if (!This || !This->valid())
    return -1;
  const int Binding = viewBinding(deref(*This, Loc));
  if (Binding < ImageBindingBase) {
    unsupported(Loc, UnsupportedConstruct::UncapturedTexture);
    return -1;
  }
  return Binding;
}

// Whether the binding is read through a sampled image.
bool KernelEmitter::isSampledBinding(int Binding) const {
  const CaptureBinding &CB = *imageBindingOf(Binding);
  switch (static_cast<binding_kind>(CB.Kind)) {
  case binding_kind::texture_reference:
    return !StorageTextures.count(Binding - ImageBindingBase);
  case binding_kind::texture_view:
    return getAmpClassName(CB.ObjectType) == "texture_view" &&
           firstArgument(CB.ObjectType).isConstQualified();
  default:
    return false;
  }
}

// The image coordinate of a C++ AMP index: its last component is x.
SpvId KernelEmitter::imageCoordinate(const Expr *IndexArg, int Rank, SourceLocation Loc) {
  LValue Idx = IndexArg->isGLValue() ? emitLValue(IndexArg)
                                     : materialize(IndexArg->getType(), IndexArg);
  LValue Comps = coordinateArray(Idx, Loc);
  if (failed())
    return 0;
  llvm::SmallVector<SpvId, 3> Parts;
  for (int I = Rank - 1; I >= 0; --I)
    Parts.push_back(load(element(Comps, B.constI32(I), Loc), Loc));
  if (Rank == 1)
    return Parts[0];
  return B.emit(Op::OpCompositeConstruct, B.typeVector(intType(), Rank),
                llvm::ArrayRef<std::uint32_t>(Parts.data(), Parts.size()));
}

SpvId KernelEmitter::texelToValue(SpvId Texel, QualType T, SourceLocation Loc) {
  const TexelShape Shape = shapeOf(T);
  LValue Tmp = localVariable(T.getUnqualifiedType(), Loc, "texel");
  llvm::SmallVector<LValue, 4> Leaves;
  scalarLeaves(Tmp, Leaves, Loc);
  if (failed())
    return 0;
  const SpvId Scalar = texelScalarType(T);
  for (unsigned K = 0; K < Leaves.size(); ++K) {
    SpvId V;
    if (Shape.Double) {
      SpvId Lo = B.emit(Op::OpCompositeExtract, Scalar, {Texel, 2 * K});
      SpvId Hi = B.emit(Op::OpCompositeExtract, Scalar, {Texel, 2 * K + 1});
      SpvId Pair = B.emit(Op::OpCompositeConstruct, B.typeVector(Scalar, 2), {Lo, Hi});
      V = B.emit(Op::OpBitcast, B.typeFloat(64), {Pair});
    } else {
      V = B.emit(Op::OpCompositeExtract, Scalar, {Texel, K});
      if (Shape.Kind == TexelKind::UInt)
        V = B.emit(Op::OpBitcast, intType(), {V});
    }
    store(Leaves[K], V, Loc);
  }
  return load(Tmp, Loc);
}

SpvId KernelEmitter::valueToTexel(SpvId Value, QualType T, SourceLocation Loc) {
  const TexelShape Shape = shapeOf(T);
  LValue Tmp = localVariable(T.getUnqualifiedType(), Loc, "texel");
  store(Tmp, Value, Loc);
  llvm::SmallVector<LValue, 4> Leaves;
  scalarLeaves(Tmp, Leaves, Loc);
  if (failed())
    return 0;
  const SpvId Scalar = texelScalarType(T);
  llvm::SmallVector<SpvId, 4> Parts;
  for (const LValue &Leaf : Leaves) {
    SpvId V = load(Leaf, Loc);
    if (Shape.Double) {
      SpvId Pair = B.emit(Op::OpBitcast, B.typeVector(Scalar, 2), {V});
      Parts.push_back(B.emit(Op::OpCompositeExtract, Scalar, {Pair, 0}));
      Parts.push_back(B.emit(Op::OpCompositeExtract, Scalar, {Pair, 1}));
    } else {
      Parts.push_back(Shape.Kind == TexelKind::UInt ? B.emit(Op::OpBitcast, Scalar, {V}) : V);
    }
  }
  // Every component of the format gets a value: a texel of four.
  const SpvId Fill = Shape.Kind == TexelKind::Float ? B.constFloat(32, 0.0)
                     : Shape.Kind == TexelKind::Int ? B.constI32(0)
                                                    : B.constant(Scalar, {0u});
  while (Parts.size() < 4)
    Parts.push_back(Fill);
  return B.emit(Op::OpCompositeConstruct, B.typeVector(Scalar, 4),
                llvm::ArrayRef<std::uint32_t>(Parts.data(), 4));
}

SpvId KernelEmitter::sampledImage(int Binding, const Expr *SamplerArg, std::uint32_t Filter,
                                  std::uint32_t Address, SourceLocation Loc) {
  int Sampler;
  if (SamplerArg) {
    LValue S = SamplerArg->isGLValue() ? emitLValue(SamplerArg)
                                       : materialize(SamplerArg->getType(), SamplerArg);
    Sampler = failed() ? -1 : viewBinding(S);
    if (!failed() && Sampler < ImageBindingBase) {
      unsupported(Loc, UnsupportedConstruct::UncapturedTexture);
      return 0;
    }
  } else {
    Sampler = fixedSampler(Filter, Address);
  }
  if (failed())
    return 0;
  Captures.ImageBindings[Sampler - ImageBindingBase].Access |= binding_reads;
  SpvId SamplerValue =
      B.emit(Op::OpLoad, B.typeSampler(), {imageVariable(Sampler, ImageUse::Sampler)});
  return B.emit(Op::OpSampledImage, B.typeSampledImage(imageType(Binding, ImageUse::Sampled)),
                {loadImage(Binding, ImageUse::Sampled, Loc), SamplerValue});
}

// A float, float_2 or float_3 coordinate as a SPIR-V float or vector.
SpvId KernelEmitter::floatCoordinate(const Expr *Arg, SourceLocation Loc) {
  SpvId V = emitRValue(Arg);
  if (failed())
    return 0;
  QualType T = Arg->getType();
  if (T->isScalarType())
    return V;
  // float_2 / float_3 lower to vectors (Logical layout); anything else is a
  // struct of floats: rebuild the vector from its leaves.
  LValue Tmp = localVariable(T.getUnqualifiedType(), Loc, "coord");
  store(Tmp, V, Loc);
  llvm::SmallVector<LValue, 3> Leaves;
  scalarLeaves(Tmp, Leaves, Loc);
  llvm::SmallVector<SpvId, 3> Parts;
  for (const LValue &Leaf : Leaves)
    Parts.push_back(load(Leaf, Loc));
  if (failed())
    return 0;
  return B.emit(Op::OpCompositeConstruct, B.typeVector(B.typeFloat(32), Parts.size()),
                llvm::ArrayRef<std::uint32_t>(Parts.data(), Parts.size()));
}

KernelEmitter::CallResult
KernelEmitter::emitTextureIntrinsic(const FunctionDecl *FD, IntrinsicId Id,
                                    const PointerValue *This,
                                    llvm::ArrayRef<const Expr *> Args, SourceLocation Loc) {
  CallResult R;
  const int Binding = textureBinding(This, Loc);
  if (Binding < 0)
    return R;
  CaptureBinding &CB = Captures.ImageBindings[Binding - ImageBindingBase];
  const QualType Value = CB.ElementType.getUnqualifiedType();
  const SpvId Scalar = texelScalarType(Value);
  const SpvId Texel4 = B.typeVector(Scalar, 4);
  const bool Sampled = isSampledBinding(Binding);

  if (Id == IntrinsicId::TextureStore) {
    if (CB.Kind == static_cast<std::uint32_t>(binding_kind::texture_reference) && Sampled) {
      // Written: emitted again with this texture a storage image.
      WrittenSampledTextures.insert(Binding - ImageBindingBase);
    }
    SpvId Coord = imageCoordinate(Args[0], CB.Rank, Loc);
    SpvId V = emitRValue(Args[1]);
    if (failed())
      return R;
    SpvId Texel = valueToTexel(V, Value, Loc);
    if (failed())
      return R;
    B.emitVoid(Op::OpImageWrite, {loadImage(Binding, ImageUse::StorageWrite, Loc), Coord, Texel});
    CB.Access |= binding_writes;
    return R;
  }

  if (Id == IntrinsicId::TextureLoad) {
    SpvId Coord = imageCoordinate(Args[0], CB.Rank, Loc);
    SpvId Mip = Args.size() > 1 ? toInt32(emitRValue(Args[1]), Args[1]->getType()) : B.constI32(0);
    if (failed())
      return R;
    SpvId Texel;
    if (Sampled) {
      Texel = B.emit(Op::OpImageFetch, Texel4,
                     {loadImage(Binding, ImageUse::Sampled, Loc), Coord,
                      static_cast<std::uint32_t>(spv::ImageOperandsMask::Lod), Mip});
      CB.Access |= binding_sampled;
    } else {
      Texel = B.emit(Op::OpImageRead, Texel4,
                     {loadImage(Binding, ImageUse::StorageRead, Loc), Coord});
    }
    CB.Access |= binding_reads;
    R.Value = texelToValue(Texel, FD->getReturnType(), Loc);
    return R;
  }

  if (!Sampled) {
    internalError(Loc, "sampling a texture that is not a sampled image");
    return R;
  }
  CB.Access |= binding_reads | binding_sampled;
  const bool WithSampler = getAmpClassName(Args[0]->getType()) == "sampler";
  auto ConstantArg = [&](const Expr *E) -> std::uint32_t {
    Expr::EvalResult Result;
    if (!E->EvaluateAsInt(Result, Ctx)) {
      internalError(Loc, "a sampler mode that is not a constant");
      return 0;
    }
    return static_cast<std::uint32_t>(Result.Val.getInt().getZExtValue());
  };

  if (Id == IntrinsicId::TextureSample) {
    // (sampler, coord, lod) or (filter, address, coord, lod)
    const unsigned CoordArg = WithSampler ? 1 : 2;
    // The coordinate first: its code may branch (a checked element access),
    // and an OpSampledImage must be in the block of its use.
    SpvId Coord = floatCoordinate(Args[CoordArg], Loc);
    SpvId Lod = emitRValue(Args[CoordArg + 1]);
    SpvId SI = WithSampler ? sampledImage(Binding, Args[0], 0, 0, Loc)
                           : sampledImage(Binding, nullptr, ConstantArg(Args[0]),
                                          ConstantArg(Args[1]), Loc);
    if (failed())
      return R;
    CB.Access |= binding_filters;
    SpvId Texel = B.emit(Op::OpImageSampleExplicitLod, Texel4,
                         {SI, Coord, static_cast<std::uint32_t>(spv::ImageOperandsMask::Lod), Lod});
    R.Value = texelToValue(Texel, FD->getReturnType(), Loc);
    return R;
  }

  if (Id == IntrinsicId::TextureGather) {
    // (sampler, coord, component) or (address, coord, component); gathering
    // takes no filter: point sampling of the four texels.
    SpvId Coord = floatCoordinate(Args[1], Loc); // before the OpSampledImage, as above
    SpvId SI = WithSampler ? sampledImage(Binding, Args[0], 0, 0, Loc)
                           : sampledImage(Binding, nullptr, 0, ConstantArg(Args[0]), Loc);
    std::uint32_t Component = ConstantArg(Args[2]);
    if (failed())
      return R;
    SpvId Texel = B.emit(Op::OpImageGather, Texel4, {SI, Coord, B.constI32(static_cast<int>(Component))});
    R.Value = texelToValue(Texel, FD->getReturnType(), Loc);
    return R;
  }
  internalError(Loc, "unknown texture intrinsic " + intrinsicSpelling(Id));
  return R;
}

spv::ImageFormat KernelEmitter::storageFormat(QualType Value) {
  switch (shapeOf(Value).Kind) {
  case TexelKind::Float:
    return spv::ImageFormat::R32f;
  case TexelKind::Int:
    return spv::ImageFormat::R32i;
  case TexelKind::UInt:
    return spv::ImageFormat::R32ui;
  }
  return spv::ImageFormat::Unknown;
}
