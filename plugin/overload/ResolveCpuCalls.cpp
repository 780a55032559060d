//===- ResolveCpuCalls.cpp ------------------------------------------------===//
#include "ResolveCpuCalls.h"

#include "attrs/RestrictionOverloads.h"
#include "check/CheckContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;

namespace {

// CXXConstructExpr has no setter for its constructor (Sema makes a new node),
// but its parents hold it in places without setters either (member
// initializers). An explicit instantiation may name a private member
// ([temp.spec.general]/6), which gives a pointer to it.
using ConstructorMember = CXXConstructorDecl *CXXConstructExpr::*;
ConstructorMember constructorMember();
template <ConstructorMember M> struct ConstructorAccess {
  friend ConstructorMember constructorMember() { return M; }
};
template struct ConstructorAccess<&CXXConstructExpr::Constructor>;

// The cpu sibling of a function CPU code refers to at Loc, when that
// function is amp only.
FunctionDecl *cpuSibling(ValueDecl *D, SourceLocation Loc, Sema *S) {
  auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  if (!FD || getEffectiveRestrictions(FD) != RestrictAmp)
    return nullptr;
  const FunctionTemplateDecl *Uninstantiated = nullptr;
  auto *Sibling = const_cast<FunctionDecl *>(
      findRestrictionSibling(FD, RestrictCpu, S ? &Uninstantiated : nullptr));
  if (!Sibling && Uninstantiated &&
      S->TemplateParameterListsAreEqual(
          const_cast<FunctionTemplateDecl *>(Uninstantiated)->getTemplateParameters(),
          FD->getPrimaryTemplate()->getTemplateParameters(), /*Complain=*/false,
          Sema::TPL_TemplateMatch)) {
    FunctionDecl *Spec = S->InstantiateFunctionDeclaration(
        const_cast<FunctionTemplateDecl *>(Uninstantiated), FD->getTemplateSpecializationArgs(),
        Loc);
    if (Spec && FD->getASTContext().hasSameType(Spec->getType(), FD->getType()))
      Sibling = Spec;
  }
  if (!Sibling)
    return nullptr;
  // Sema saw only the amp one referenced: instantiate the sibling's body if
  // it is a template's, and keep -Wunused-function quiet.
  if (S) {
    S->MarkFunctionReferenced(Loc, Sibling);
  } else {
    Sibling->setReferenced();
    Sibling->setIsUsed();
  }
  return Sibling;
}

// The references in one function body (or initializer), not in the bodies of
// lambdas and local classes written in it, which are functions of their own.
class BodyResolver : public RecursiveASTVisitor<BodyResolver> {
public:
  explicit BodyResolver(Sema *S) : S(S) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseDecl(Decl *D) {
    if (D && isa<TagDecl, FunctionDecl, FunctionTemplateDecl, ClassTemplateDecl>(D))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getDecl(), E->getLocation(), S))
      E->setDecl(Sibling);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getConstructor(), E->getLocation(), S))
      E->*constructorMember() = cast<CXXConstructorDecl>(Sibling);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getMemberDecl(), E->getMemberLoc(), S))
      E->setMemberDecl(Sibling);
    return true;
  }

private:
  Sema *S;
};

} // namespace

void ampvk::resolveCpuCalls(Decl *D, Sema *S) {
  forEachFunctionIn(D, FunctionSet::Definitions, [&](const FunctionDecl *Const) {
    auto *FD = const_cast<FunctionDecl *>(Const);
    if (FD->isDependentContext() || !(getEffectiveRestrictions(FD) & RestrictCpu))
      return;
    BodyResolver R(S);
    if (auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          R.TraverseStmt(Init->getInit());
    R.TraverseStmt(FD->getBody());
  });
  forEachGlobalInitializer(D, [&](Expr *Init) { BodyResolver(S).TraverseStmt(Init); });
}
