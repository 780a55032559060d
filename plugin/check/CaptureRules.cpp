//===- CaptureRules.cpp - What a kernel may capture -----------------------===//
//
// The seeds (parallel_for_each): captured data is passed by value, except
// concurrency::array, which is captured by reference (or pointer); no other
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

static bool isAmpArray(QualType T) { return getAmpClassName(T) == "array"; }

void ampvk::checkLambdaCaptures(CheckContext &C, const LambdaExpr *LE, bool IsKernel) {
  AmpDiagnostics &D = C.Diags;
  std::string Tail = IsKernel ? "cannot be captured by a kernel"
                              : "cannot be captured by a lambda in restrict(amp) code";
  std::string Who = IsKernel ? "a kernel" : "a lambda in restrict(amp) code";
  auto NoteImplicit = [&](const LambdaCapture &Cap, llvm::StringRef Name) {
    if (Cap.isImplicit() && LE->getCaptureDefaultLoc().isValid())
      D.note(LE->getCaptureDefaultLoc(),
             "'" + Name + "' is captured implicitly because of this capture default");
  };
  for (const LambdaCapture &Cap : LE->captures()) {
    SourceLocation Loc = Cap.getLocation();
    if (Cap.capturesThis()) {
      if (Cap.getCaptureKind() == LCK_StarThis) {
        if (const auto *Parent = dyn_cast<CXXRecordDecl>(LE->getLambdaClass()->getParent()))
          checkType(C, C.Ctx.getRecordType(Parent), TypeContext::Capture, Loc, SourceRange(),
                    "captured '*this'", Tail);
        continue;
      }
      D.error(Loc, Who + " cannot capture 'this' (a pointer); copy the members it needs "
                         "into local variables and capture those");
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
      D.error(Loc, "'" + Name + "' is captured by reference; " + Who +
                       " captures by value (only a concurrency::array is captured by "
                       "reference)");
      NoteImplicit(Cap, Name);
      continue;
    }
    if (Cap.getCaptureKind() != LCK_ByCopy)
      continue;
    if (isAmpArray(T)) {
      D.error(Loc, "concurrency::array '" + Name + "' is captured by value; " + Who +
                       " must capture an array by reference ('&" + Name + "')");
      NoteImplicit(Cap, Name);
      continue;
    }
    if (!checkType(C, T, TypeContext::Capture, Loc, SourceRange(),
                   "captured variable '" + Name + "'", Tail))
      NoteImplicit(Cap, Name);
  }
}

static void checkFunctor(CheckContext &C, const Kernel &K) {
  AmpDiagnostics &D = C.Diags;
  const CXXRecordDecl *RD = K.KernelClass;
  if (!isUsableRecord(RD))
    return;
  std::string Name = RD->getNameAsString();
  if (RD->isPolymorphic()) {
    D.error(RD->getLocation(), "kernel class '" + Name + "' cannot have virtual functions");
    D.note(K.LaunchLoc, "kernel launched here");
    return;
  }
  if (RD->getNumVBases()) {
    D.error(RD->getLocation(), "kernel class '" + Name + "' cannot have virtual base classes");
    D.note(K.LaunchLoc, "kernel launched here");
    return;
  }
  for (const CXXConstructorDecl *Ctor : RD->ctors())
    if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) && Ctor->isUserProvided()) {
      D.error(Ctor->getLocation(),
              "kernel class '" + Name + "' must be trivially copyable, but it has a "
                                        "user-provided " +
                  (Ctor->isCopyConstructor() ? "copy" : "move") + " constructor");
      D.note(K.LaunchLoc, "kernel launched here");
    }
  if (const CXXDestructorDecl *Dtor = RD->getDestructor())
    if (Dtor->isUserProvided()) {
      D.error(Dtor->getLocation(), "kernel class '" + Name +
                                       "' must be trivially copyable, but it has a "
                                       "user-provided destructor");
      D.note(K.LaunchLoc, "kernel launched here");
    }
  for (const CXXBaseSpecifier &B : RD->bases())
    checkType(C, B.getType(), TypeContext::Capture, B.getBeginLoc(), B.getSourceRange(),
              "base class of kernel class '" + Name + "'");
  for (const FieldDecl *FD : RD->fields()) {
    QualType T = FD->getType();
    std::string Member = "'" + FD->getNameAsString() + "'";
    if (T->isReferenceType() || T->isPointerType()) {
      if (isAmpArray(T->getPointeeType()))
        continue;
      D.error(FD->getLocation(),
              "kernel member " + Member + " is a " +
                  (T->isReferenceType() ? "reference" : "pointer") +
                  "; a kernel can hold only a concurrency::array by reference or pointer, "
                  "everything else by value",
              FD->getSourceRange());
      D.note(K.LaunchLoc, "kernel launched here");
      continue;
    }
    if (isAmpArray(T)) {
      D.error(FD->getLocation(),
              "kernel member " + Member +
                  " holds a concurrency::array by value; hold a reference to it instead",
              FD->getSourceRange());
      D.note(K.LaunchLoc, "kernel launched here");
      continue;
    }
    if (FD->isBitField()) {
      D.error(FD->getLocation(), "kernel member " + Member + " cannot be a bit-field",
              FD->getSourceRange());
      continue;
    }
    checkType(C, T, TypeContext::Capture, FD->getLocation(), FD->getSourceRange(),
              "kernel member " + Member);
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
