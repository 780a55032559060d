//===- RestrictionChecker.cpp ---------------------------------------------===//
//
// Rules that need no kernel context: tile_static declarations.
//
//===----------------------------------------------------------------------===//
#include "RestrictionChecker.h"

#include "AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;

namespace {
// An initializer the user wrote, as opposed to the implicit default
// construction Clang records for `T x;`.
bool hasWrittenInitializer(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return false;
  if (VD->getInitStyle() != VarDecl::CInit)
    return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()))
    return CE->getNumArgs() != 0 || CE->getParenOrBraceRange().isValid();
  return true;
}

class TileStaticChecker : public RecursiveASTVisitor<TileStaticChecker> {
public:
  explicit TileStaticChecker(AmpDiagnostics &Diags) : Diags(Diags) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitVarDecl(VarDecl *VD) {
    if (!isTileStatic(VD))
      return true;
    const auto *Fn = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!Fn || !(getRestrictions(Fn).Bits & RestrictAmp))
      Diags.error(VD->getLocation(),
                  "tile_static can only be used on variables of a restrict(amp) function");
    if (VD->getType()->isReferenceType() || VD->getType()->isPointerType())
      Diags.error(VD->getLocation(),
                  "tile_static cannot be used on a variable of pointer or reference type");
    if (hasWrittenInitializer(VD))
      Diags.error(VD->getInit()->getBeginLoc(),
                  "a tile_static variable cannot have an initializer");
    return true;
  }

private:
  AmpDiagnostics &Diags;
};
} // namespace

void ampvk::checkRestrictions(ASTContext &Ctx, AmpDiagnostics &Diags) {
  TileStaticChecker(Diags).TraverseDecl(Ctx.getTranslationUnitDecl());
}
