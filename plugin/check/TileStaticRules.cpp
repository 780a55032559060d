//===- TileStaticRules.cpp - tile_static declarations ---------------------===//
//
// The seeds' "tile_static Keyword" page: only on local variables of
// restrict(amp) functions; not on pointers or references; no initializer;
// default constructors and destructors are not run (a warning when the type
// has one that does something); declared in the call graph of a non-tiled
// parallel_for_each: a warning, its behaviour is undefined.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;

namespace {
// An initializer the user wrote, as opposed to the implicit default
// construction Clang records for `T x;`.
bool hasWrittenInitializer(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  // Clang's recovery from an invalid declaration leaves an initializer the
  // user did not write (and Clang has said what is wrong).
  if (!Init || VD->isInvalidDecl() || Init->containsErrors() || Init->getBeginLoc().isInvalid())
    return false;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()))
    if (VD->getInitStyle() != VarDecl::ListInit)
      return CE->getNumArgs() != 0 || CE->getParenOrBraceRange().isValid();
  return true;
}

bool hasTileStaticAnnotation(const Decl *D) {
  return hasAnnotation(D, Annotation::TileStatic);
}

class TileStaticChecker : public RecursiveASTVisitor<TileStaticChecker> {
public:
  explicit TileStaticChecker(CheckContext &C) : C(C), D(C.Diags) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFieldDecl(FieldDecl *FD) {
    if (hasTileStaticAnnotation(FD))
      D.error(FD->getLocation(),
              "tile_static can only be used on variables of a restrict(amp) function");
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!isTileStatic(VD) || VD->isInvalidDecl())
      return true;
    const auto *Fn = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (isa<ParmVarDecl>(VD)) {
      D.error(VD->getLocation(), "tile_static cannot be used on a function parameter");
      return true;
    }
    if (!Fn || !isAmpRestricted(Fn)) {
      D.error(VD->getLocation(),
              "tile_static can only be used on variables of a restrict(amp) function");
      return true;
    }
    if (VD->isStaticLocal() || VD->hasExternalStorage())
      D.error(VD->getLocation(), "a tile_static variable cannot also be static, extern or "
                                 "thread_local");
    QualType T = VD->getType();
    if (T->isDependentType())
      return true;
    QualType Elem = C.Ctx.getBaseElementType(T);
    if (T->isReferenceType() || T->isPointerType() || Elem->isPointerType())
      D.error(VD->getLocation(),
              "tile_static cannot be used on a variable of pointer or reference type");
    if (hasWrittenInitializer(VD)) {
      D.error(VD->getInit()->getBeginLoc(), "a tile_static variable cannot have an initializer",
              VD->getInit()->getSourceRange());
      return true;
    }
    if (const CXXRecordDecl *RD = Elem->getAsCXXRecordDecl()) {
      if (isUsableRecord(RD) && RD->hasDefinition()) {
        const CXXConstructorDecl *Ctor = nullptr;
        if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(VD->getInit()))
          Ctor = CE->getConstructor();
        if (Ctor && !Ctor->isTrivial()) {
          if (D.warning(AmpWarning::TileStaticConstructor, VD->getLocation(),
                        "the default constructor of '" + RD->getNameAsString() +
                            "' is not run for tile_static variable '" +
                            VD->getNameAsString() + "'; its value is undefined until "
                                                    "the kernel writes it"))
            D.note(Ctor->getLocation(), "constructor declared here");
        }
        const CXXDestructorDecl *Dtor = RD->getDestructor();
        if (Dtor && !Dtor->isTrivial() &&
            D.warning(AmpWarning::TileStaticConstructor, VD->getLocation(),
                      "the destructor of '" + RD->getNameAsString() +
                          "' is not run for tile_static variable '" + VD->getNameAsString() +
                          "'"))
          D.note(Dtor->getLocation(), "destructor declared here");
      }
    }
    // Reached from a non-tiled parallel_for_each?
    if (Fn->isDependentContext())
      return true;
    const FunctionDecl *Def = definitionOf(Fn);
    if (C.ReachableNonTiled.count(Def) &&
        D.warning(AmpWarning::TileStaticNonTiled, VD->getLocation(),
                  "tile_static variable '" + VD->getNameAsString() +
                      "' is used by a parallel_for_each that is not tiled; its behaviour is "
                      "undefined there (launch over extent.tile<...>())"))
      C.noteCallChain(Def, C.ReachableNonTiled);
    return true;
  }

private:
  CheckContext &C;
  AmpDiagnostics &D;
};
} // namespace

void ampvk::checkTileStaticDeclarations(CheckContext &C) {
  TileStaticChecker(C).TraverseDecl(C.Ctx.getTranslationUnitDecl());
}
