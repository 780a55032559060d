//===- CaptureLayout.cpp --------------------------------------------------===//
#include "kernel/CaptureLayout.h"

#include "attrs/AmpAttributes.h"

#include "ampvk/kernel_image.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;
using namespace ampvk;

static QualType firstTemplateArgument(const CXXRecordDecl *RD) {
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getTemplateArgs().size() > 0 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      return Spec->getTemplateArgs()[0].getAsType();
  return QualType();
}

namespace {
class LayoutWalker {
public:
  LayoutWalker(ASTContext &Ctx, CaptureLayout &Out, const CXXRecordDecl *Kernel)
      : Ctx(Ctx), Out(Out) {
    // Lambda closure members are unnamed; name them after what they capture.
    if (Kernel->isLambda()) {
      llvm::DenseMap<const ValueDecl *, FieldDecl *> Fields;
      FieldDecl *This = nullptr;
      Kernel->getCaptureFields(Fields, This);
      for (const auto &[Var, Field] : Fields)
        CaptureNames[Field] = Var->getName().str();
    }
  }

  void walkRecord(const CXXRecordDecl *RD, std::uint64_t Offset) {
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    for (const CXXBaseSpecifier &BS : RD->bases()) {
      const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
      if (!Base || BS.isVirtual())
        continue;
      walkType(BS.getType(), Offset + RL.getBaseClassOffset(Base).getQuantity(), nullptr);
    }
    for (const FieldDecl *FD : RD->fields())
      walkType(FD->getType(),
               Offset + Ctx.toCharUnitsFromBits(RL.getFieldOffset(FD->getFieldIndex()))
                            .getQuantity(),
               FD);
  }

  void walkType(QualType T, std::uint64_t Offset, const FieldDecl *FD) {
    // Past the limit the emitter rejects the kernel; offsets need not fit.
    if (Offset > MaxCaptureBlockBytes)
      return;
    if (T->isReferenceType() || T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      if (getAmpClassName(Pointee) == "texture") {
        Out.ImageBindings.push_back(
            binding(binding_kind::texture_reference, Pointee, Offset, FD));
        Out.ImageBindings.back().ObjectSize = Ctx.getTypeSizeInChars(Pointee).getQuantity();
        return;
      }
      if (getAmpClassName(Pointee) == "array") {
        CaptureBinding B;
        B.Kind = static_cast<std::uint32_t>(binding_kind::array_reference);
        B.HostOffset = static_cast<std::uint32_t>(Offset);
        B.ObjectSize = Ctx.getTypeSizeInChars(Pointee).getQuantity();
        B.ElementType = firstTemplateArgument(Pointee->getAsCXXRecordDecl());
        B.Field = FD;
        B.Name = nameOf(FD);
        Out.Bindings.push_back(B);
      }
      return;
    }
    if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
      std::uint64_t Stride = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
      if (!AT->getElementType()->isRecordType())
        return;
      for (std::uint64_t I = 0, E = AT->getSize().getZExtValue();
           I < E && Offset + I * Stride <= MaxCaptureBlockBytes; ++I)
        walkType(AT->getElementType(), Offset + I * Stride, FD);
      return;
    }
    const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
    if (!RD)
      return;
    llvm::StringRef Class = getAmpClassName(RD);
    if (Class == "texture_view" || Class == "writeonly_texture_view" || Class == "sampler") {
      Out.ImageBindings.push_back(binding(Class == "sampler" ? binding_kind::sampler
                                                             : binding_kind::texture_view,
                                          T, Offset, FD));
      Out.ImageBindings.back().ImageOffset =
          static_cast<std::uint32_t>(launch_header_bytes + Offset);
      return;
    }
    if (Class == "array_view") {
      CaptureBinding B;
      B.Kind = static_cast<std::uint32_t>(binding_kind::array_view);
      B.HostOffset = static_cast<std::uint32_t>(Offset);
      B.ImageOffset = static_cast<std::uint32_t>(launch_header_bytes + Offset);
      B.ObjectSize = Ctx.getTypeSizeInChars(T).getQuantity();
      B.ElementType = firstTemplateArgument(RD);
      if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        if (Spec->getTemplateArgs().size() > 1 &&
            Spec->getTemplateArgs()[1].getKind() == TemplateArgument::Integral)
          B.Rank = static_cast<int>(Spec->getTemplateArgs()[1].getAsIntegral().getSExtValue());
      if (!B.ElementType.isNull() && !B.ElementType->isIncompleteType())
        B.ElementSize =
            static_cast<std::uint32_t>(Ctx.getTypeSizeInChars(B.ElementType).getQuantity());
      B.Field = FD;
      B.Name = nameOf(FD);
      Out.Bindings.push_back(B);
      return;
    }
    walkRecord(RD, Offset);
  }

private:
  CaptureBinding binding(binding_kind Kind, QualType Object, std::uint64_t Offset,
                         const FieldDecl *FD) const {
    CaptureBinding B;
    B.Kind = static_cast<std::uint32_t>(Kind);
    B.HostOffset = static_cast<std::uint32_t>(Offset);
    B.ObjectType = Object;
    if (const auto *Spec =
            dyn_cast_or_null<ClassTemplateSpecializationDecl>(Object->getAsCXXRecordDecl())) {
      B.ElementType = firstTemplateArgument(Spec);
      if (Spec->getTemplateArgs().size() > 1 &&
          Spec->getTemplateArgs()[1].getKind() == TemplateArgument::Integral)
        B.Rank = static_cast<int>(Spec->getTemplateArgs()[1].getAsIntegral().getSExtValue());
    }
    B.Field = FD;
    B.Name = nameOf(FD);
    return B;
  }

  std::string nameOf(const FieldDecl *FD) const {
    if (!FD)
      return std::string();
    if (!FD->getName().empty())
      return FD->getName().str();
    return CaptureNames.lookup(FD);
  }

  ASTContext &Ctx;
  CaptureLayout &Out;
  llvm::DenseMap<const FieldDecl *, std::string> CaptureNames;
};
} // namespace

CaptureLayout ampvk::computeCaptureLayout(ASTContext &Ctx, const CXXRecordDecl *KernelClass,
                                          int Rank) {
  CaptureLayout Out;
  Out.ClosureSize = Ctx.getTypeSizeInChars(Ctx.getRecordType(KernelClass)).getQuantity();
  LayoutWalker(Ctx, Out, KernelClass).walkRecord(KernelClass, 0);
  std::uint64_t End = launch_header_bytes + Out.ClosureSize;
  for (CaptureBinding &B : Out.Bindings) {
    if (B.Kind != static_cast<std::uint32_t>(binding_kind::array_reference))
      continue;
    End = llvm::alignTo(End, 8);
    B.ImageOffset = static_cast<std::uint32_t>(End); // used only below the limit
    End += B.ObjectSize;
  }
  for (CaptureBinding &B : Out.ImageBindings) {
    if (B.Kind != static_cast<std::uint32_t>(binding_kind::texture_reference))
      continue;
    End = llvm::alignTo(End, 8);
    B.ImageOffset = static_cast<std::uint32_t>(End);
    End += B.ObjectSize;
  }
  Out.FoldedExtentOffset = llvm::alignTo(End, 4);
  Out.BlockSize = Out.FoldedExtentOffset + 4 * folded_extent_words(Rank);
  return Out;
}

int CaptureLayout::bindingAtImageOffset(std::uint32_t Offset) const {
  for (unsigned I = 0; I < Bindings.size(); ++I)
    if (Bindings[I].ImageOffset == Offset)
      return static_cast<int>(I);
  return -1;
}

int CaptureLayout::referenceAtHostOffset(std::uint32_t Offset) const {
  for (unsigned I = 0; I < Bindings.size(); ++I)
    if (Bindings[I].Kind == static_cast<std::uint32_t>(binding_kind::array_reference) &&
        Bindings[I].HostOffset == Offset)
      return static_cast<int>(I);
  return -1;
}

int CaptureLayout::imageBindingAtImageOffset(std::uint32_t Offset) const {
  for (unsigned I = 0; I < ImageBindings.size(); ++I)
    if (ImageBindings[I].ImageOffset == Offset &&
        ImageBindings[I].Kind != static_cast<std::uint32_t>(binding_kind::fixed_sampler))
      return static_cast<int>(I);
  return -1;
}

int CaptureLayout::textureReferenceAtHostOffset(std::uint32_t Offset) const {
  for (unsigned I = 0; I < ImageBindings.size(); ++I)
    if (ImageBindings[I].Kind == static_cast<std::uint32_t>(binding_kind::texture_reference) &&
        ImageBindings[I].HostOffset == Offset)
      return static_cast<int>(I);
  return -1;
}
