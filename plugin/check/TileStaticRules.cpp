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
      D.report(FD->getLocation(), ampdiag::err_tile_static_not_amp_local);
    return true;
  }

  // Clang accepts the attribute on a function and ignores it.
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (hasTileStaticAnnotation(FD))
      D.report(FD->getLocation(), ampdiag::err_tile_static_not_amp_local);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!isTileStatic(VD) || VD->isInvalidDecl())
      return true;
    // Lexically: a local `extern` belongs to the namespace semantically.
    const auto *Fn =
        dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod(/*LexicalParent=*/true));
    if (isa<ParmVarDecl>(VD)) {
      D.report(VD->getLocation(), ampdiag::err_tile_static_parameter);
      return true;
    }
    if (!Fn || !isAmpRestricted(Fn)) {
      D.report(VD->getLocation(), ampdiag::err_tile_static_not_amp_local);
      return true;
    }
    if (VD->isStaticLocal() || VD->hasExternalStorage())
      D.report(VD->getLocation(), ampdiag::err_tile_static_storage);
    QualType T = VD->getType();
    if (T->isDependentType())
      return true;
    QualType Elem = C.Ctx.getBaseElementType(T);
    if (T->isReferenceType() || T->isPointerType() || Elem->isPointerType())
      D.report(VD->getLocation(), ampdiag::err_tile_static_pointer);
    if (hasWrittenInitializer(VD)) {
      D.report(VD->getInit()->getBeginLoc(), ampdiag::err_tile_static_initializer)
          << VD->getInit()->getSourceRange();
      return true;
    }
    // <amp.h>'s own classes (short vectors, index) are documented not to be
    // constructed in tile_static memory; warning on each would be noise.
    if (const CXXRecordDecl *RD = Elem->getAsCXXRecordDecl()) {
      if (isUsableRecord(RD) && RD->hasDefinition() && !C.isLibraryLocation(RD->getLocation())) {
        const CXXConstructorDecl *Ctor = nullptr;
        if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(VD->getInit()))
          Ctor = CE->getConstructor();
        // warn_tile_static_constructor's %select: 0 constructor, 1 destructor.
        if (Ctor && !Ctor->isTrivial()) {
          D.report(VD->getLocation(), ampdiag::warn_tile_static_constructor)
              << 0 << RD->getNameAsString() << VD->getNameAsString();
          if (D.lastReported())
            D.report(Ctor->getLocation(), ampdiag::note_declared_here) << "constructor";
        }
        const CXXDestructorDecl *Dtor = RD->getDestructor();
        if (Dtor && !Dtor->isTrivial()) {
          D.report(VD->getLocation(), ampdiag::warn_tile_static_constructor)
              << 1 << RD->getNameAsString() << VD->getNameAsString();
          if (D.lastReported())
            D.report(Dtor->getLocation(), ampdiag::note_declared_here) << "destructor";
        }
      }
    }
    // Reached from a non-tiled parallel_for_each?
    if (Fn->isDependentContext())
      return true;
    const FunctionDecl *Def = definitionOf(Fn);
    if (C.ReachableNonTiled.count(Def)) {
      D.report(VD->getLocation(), ampdiag::warn_tile_static_non_tiled) << VD->getNameAsString();
      if (D.lastReported())
        C.noteCallChain(Def, C.ReachableNonTiled);
    }
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
