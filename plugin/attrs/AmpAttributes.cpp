//===- AmpAttributes.cpp --------------------------------------------------===//
#include "AmpAttributes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using namespace ampvk;

static llvm::StringRef annotationWithPrefix(const Decl *D, llvm::StringRef Prefix,
                                            SourceLocation *Loc = nullptr) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef S = A->getAnnotation();
    if (S.consume_front(Prefix)) {
      if (Loc)
        *Loc = A->getLocation();
      return S.empty() ? llvm::StringRef("", 0) : S;
    }
  }
  return llvm::StringRef();
}

static bool hasAnnotationWithPrefix(const Decl *D, llvm::StringRef Prefix) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().starts_with(Prefix))
      return true;
  return false;
}

static void addSpecifiers(RestrictionSpec &Spec, const AnnotateAttr *A, llvm::StringRef S) {
  Spec.Written = true;
  if (Spec.Loc.isInvalid())
    Spec.Loc = A->getLocation();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.split(Parts, ',');
  bool Any = false;
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    Any = true;
    if (P == "amp")
      Spec.Bits |= RestrictAmp;
    else if (P == "cpu")
      Spec.Bits |= RestrictCpu;
    else if (Spec.Unknown.empty())
      Spec.Unknown = P;
  }
  if (!Any)
    Spec.Empty = true;
}

RestrictionSpec ampvk::getRestrictions(const FunctionDecl *FD) {
  RestrictionSpec Spec;
  for (const FunctionDecl *Redecl : FD->redecls()) {
    for (const auto *A : Redecl->specific_attrs<AnnotateAttr>()) {
      llvm::StringRef S = A->getAnnotation();
      if (!S.consume_front("amp.restrict:"))
        continue;
      addSpecifiers(Spec, A, S);
    }
  }
  // A function template instantiation carries its pattern's attributes, but
  // look at the pattern too in case an attribute was not instantiated.
  if (!Spec.Written)
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      if (Pattern != FD)
        return getRestrictions(Pattern);
  return Spec;
}

RestrictionSpec ampvk::getRestrictionsOfDeclaration(const FunctionDecl *D) {
  RestrictionSpec Spec;
  for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
    llvm::StringRef S = A->getAnnotation();
    if (A->isInherited() || !S.consume_front("amp.restrict:"))
      continue;
    addSpecifiers(Spec, A, S);
  }
  return Spec;
}

unsigned ampvk::getEffectiveRestrictions(const FunctionDecl *FD) {
  for (int Depth = 0; FD && Depth < 64; ++Depth) {
    RestrictionSpec Spec = getRestrictions(FD);
    if (Spec.Written)
      return Spec.Bits;
    const FunctionDecl *Enclosing = nullptr;
    for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
      if ((Enclosing = dyn_cast<FunctionDecl>(DC)))
        break;
    FD = Enclosing;
  }
  return RestrictCpu;
}

bool ampvk::isCallableFrom(const FunctionDecl *FD, RestrictionBits Context) {
  if (getEffectiveRestrictions(FD) & Context)
    return true;
  if (FD->isImplicit() || FD->isDefaulted())
    return true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->isTrivial())
      return true;
  return false;
}

bool ampvk::isTileStatic(const VarDecl *VD) {
  return hasAnnotationWithPrefix(VD, "amp.tile_static");
}

llvm::StringRef ampvk::getIntrinsicName(const FunctionDecl *FD) {
  for (const FunctionDecl *Redecl : FD->redecls()) {
    llvm::StringRef Name = annotationWithPrefix(Redecl, "amp.intrinsic:");
    if (Name.data())
      return Name;
  }
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    if (Pattern != FD)
      return getIntrinsicName(Pattern);
  return llvm::StringRef();
}

llvm::StringRef ampvk::getAmpClassName(const CXXRecordDecl *RD) {
  if (!RD)
    return llvm::StringRef();
  llvm::StringRef Name = annotationWithPrefix(RD, "amp.class:");
  if (Name.data())
    return Name;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (const ClassTemplateDecl *TD = Spec->getSpecializedTemplate())
      return annotationWithPrefix(TD->getTemplatedDecl(), "amp.class:");
  return llvm::StringRef();
}

llvm::StringRef ampvk::getAmpClassName(QualType T) {
  // Callers pass the types of whatever they look at, and after an error some
  // of those (the object of a call that was rejected, a missing argument) are
  // null.
  if (T.isNull())
    return llvm::StringRef();
  return getAmpClassName(T.getNonReferenceType()->getAsCXXRecordDecl());
}

bool ampvk::isKernelImageTemplate(const FunctionDecl *FD) {
  if (hasAnnotationWithPrefix(FD, "amp.kernel_image"))
    return true;
  if (const FunctionTemplateDecl *TD = FD->getPrimaryTemplate())
    return hasAnnotationWithPrefix(TD->getTemplatedDecl(), "amp.kernel_image");
  return false;
}
