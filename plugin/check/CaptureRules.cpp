//===- CaptureRules.cpp - What a kernel may capture -----------------------===//
//
// The seeds (parallel_for_each): captured data is passed by value, except
// concurrency::array, which is captured by reference (or pointer), as is a
// graphics::texture; no other
// pointers or references; no char, short, long long or bool, also inside
// captured classes; no classes with virtual functions or virtual bases;
// captured classes must be copyable by blitting. A functor's data members are
// its captures. The same rules hold for lambdas written inside restrict(amp)
// code (C++ AMP: "amp lambda capture rules"); `this` is a pointer and cannot
// be captured.
//
//===----------------------------------------------------------------------===//
#include "AmpTypeRules.h"
#include "CheckContext.h"

#include "attrs/AmpAttributes.h"

#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace ampvk;

// concurrency::array and graphics::texture: captured by reference.
static bool isAmpArray(QualType T) { return isCapturedByReference(T); }
static unsigned whichByReference(QualType T) { return getAmpClassName(T) == "texture"; }

void ampvk::checkLambdaCaptures(CheckContext &C, const LambdaExpr *LE, bool IsKernel) {
  AmpDiagnostics &D = C.Diags;
  TypeContext TC = IsKernel ? TypeContext::Capture : TypeContext::LambdaCapture;
  auto NoteImplicit = [&](const LambdaCapture &Cap, llvm::StringRef Name) {
    if (Cap.isImplicit() && LE->getCaptureDefaultLoc().isValid())
      D.report(LE->getCaptureDefaultLoc(), ampdiag::note_capture_implicit) << Name;
  };
  for (const LambdaCapture &Cap : LE->captures()) {
    SourceLocation Loc = Cap.getLocation();
    if (Cap.capturesThis()) {
      if (Cap.getCaptureKind() == LCK_StarThis) {
        if (const auto *Parent = dyn_cast<CXXRecordDecl>(LE->getLambdaClass()->getParent()))
          checkType(C, C.Ctx.getRecordType(Parent), TC, Loc, SourceRange(),
                    TypeSubject::CapturedThis);
        continue;
      }
      D.report(Loc, ampdiag::err_capture_this) << IsKernel;
      NoteImplicit(Cap, "this");
      continue;
    }
    if (!Cap.capturesVariable())
      continue;
    const ValueDecl *V = Cap.getCapturedVar();
    if (!V || V->isInvalidDecl())
      continue;
    std::string Name = V->getNameAsString();
    QualType T = V->getType().getNonReferenceType();
    if (T->isDependentType())
      continue;
    if (Cap.getCaptureKind() == LCK_ByRef) {
      if (isAmpArray(T))
        continue;
      D.report(Loc, ampdiag::err_capture_by_reference) << Name << IsKernel;
      NoteImplicit(Cap, Name);
      continue;
    }
    if (Cap.getCaptureKind() != LCK_ByCopy)
      continue;
    if (isAmpArray(T)) {
      D.report(Loc, ampdiag::err_capture_array_by_value) << Name << IsKernel
                                                         << whichByReference(T);
      NoteImplicit(Cap, Name);
      continue;
    }
    if (!checkType(C, T, TC, Loc, SourceRange(), TypeSubject::CapturedVariable, Name)) {
      NoteImplicit(Cap, Name);
      // A std::vector (string, deque...) is the most common thing to capture
      // by mistake: the device reaches host data through an array_view.
      if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
        if (RD->isInStdNamespace() && RD->getIdentifier())
          D.report(Loc, ampdiag::note_capture_std_container) << RD->getName() << Name;
    }
  }
}

static void checkFunctor(CheckContext &C, const Kernel &K) {
  AmpDiagnostics &D = C.Diags;
  const CXXRecordDecl *RD = K.KernelClass;
  if (!isUsableRecord(RD))
    return;
  std::string Name = RD->getNameAsString();
  if (RD->isPolymorphic() || RD->getNumVBases()) {
    D.report(RD->getLocation(), ampdiag::err_kernel_class_virtual) << Name << !RD->isPolymorphic();
    D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
    return;
  }
  for (const CXXConstructorDecl *Ctor : RD->ctors())
    if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) && Ctor->isUserProvided()) {
      D.report(Ctor->getLocation(), ampdiag::err_kernel_class_not_trivially_copyable)
          << Name
          << (Ctor->isCopyConstructor() ? UserProvided::CopyConstructor
                                        : UserProvided::MoveConstructor);
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
    }
  if (const CXXDestructorDecl *Dtor = RD->getDestructor())
    if (Dtor->isUserProvided()) {
      D.report(Dtor->getLocation(), ampdiag::err_kernel_class_not_trivially_copyable)
          << Name << UserProvided::Destructor;
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
    }
  for (const CXXBaseSpecifier &B : RD->bases())
    checkType(C, B.getType(), TypeContext::Capture, B.getBeginLoc(), B.getSourceRange(),
              TypeSubject::KernelBase, Name);
  for (const FieldDecl *FD : RD->fields()) {
    QualType T = FD->getType();
    std::string Member = FD->getNameAsString();
    if (T->isReferenceType() || T->isPointerType()) {
      if (isAmpArray(T->getPointeeType()))
        continue;
      D.report(FD->getLocation(), ampdiag::err_kernel_member_pointer)
          << Member << T->isReferenceType() << FD->getSourceRange();
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
      continue;
    }
    if (isAmpArray(T)) {
      D.report(FD->getLocation(), ampdiag::err_kernel_member_array_by_value)
          << Member << whichByReference(T) << FD->getSourceRange();
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
      continue;
    }
    if (FD->isBitField()) {
      D.report(FD->getLocation(), ampdiag::err_kernel_member_bit_field)
          << Member << FD->getSourceRange();
      continue;
    }
    checkType(C, T, TypeContext::Capture, FD->getLocation(), FD->getSourceRange(),
              TypeSubject::KernelMember, Member);
  }
}

void ampvk::checkKernelCaptures(CheckContext &C) {
  llvm::DenseSet<const CXXRecordDecl *> Done;
  for (const Kernel &K : C.Kernels) {
    if (!K.KernelClass || K.KernelClass->isInvalidDecl() || !Done.insert(K.KernelClass).second)
      continue;
    if (K.Lambda)
      checkLambdaCaptures(C, K.Lambda, /*IsKernel=*/true);
    else
      checkFunctor(C, K);
  }
}
