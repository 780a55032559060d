//===- EvaluatedCodeVisitor.h - Visits the code a function body runs ------===//
//
// The rules about what a function body does (AmpBodyRules for restrict(amp)
// code, CpuCallRules for CPU code) look only at code that runs: compile-time
// contexts (sizeof, alignof, decltype, noexcept, static_assert, constant
// expressions, template arguments, the discarded branch of if constexpr,
// constexpr variables' initializers) are skipped, and so are the functions
// and classes defined inside the body, which are functions of their own and
// are checked when their turn comes. A lambda's captures are evaluated where
// the lambda is written, so their initializers are visited; its body is not.
//
// Derived classes add Visit* methods and may override nestedLambda().
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_EVALUATEDCODEVISITOR_H
#define AMPVK_PLUGIN_CHECK_EVALUATEDCODEVISITOR_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace ampvk {

template <typename Derived>
class EvaluatedCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  explicit EvaluatedCodeVisitor(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return false; }

  // A constructor's member initializers, then the body.
  void traverseFunction(const clang::FunctionDecl *FD) {
    if (const auto *Ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(FD))
      for (const clang::CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          this->TraverseStmt(Init->getInit());
    this->TraverseStmt(FD->getBody());
  }

  // Called for each lambda written in the body, before its captures are visited.
  void nestedLambda(clang::LambdaExpr *) {}

  bool TraverseDecl(clang::Decl *D) {
    if (!D)
      return true;
    if (llvm::isa<clang::TagDecl, clang::FunctionDecl, clang::FunctionTemplateDecl,
                  clang::ClassTemplateDecl, clang::StaticAssertDecl, clang::TypedefNameDecl,
                  clang::UsingDecl, clang::UsingDirectiveDecl>(D))
      return true;
    return Base::TraverseDecl(D);
  }
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseCXXNoexceptExpr(clang::CXXNoexceptExpr *) { return true; }
  bool TraverseConstantExpr(clang::ConstantExpr *) { return true; }
  bool TraverseDecltypeTypeLoc(clang::DecltypeTypeLoc) { return true; }
  bool TraverseTypeOfExprTypeLoc(clang::TypeOfExprTypeLoc) { return true; }
  bool TraverseTemplateArgumentLoc(const clang::TemplateArgumentLoc &) { return true; }
  bool TraverseTypeLoc(clang::TypeLoc) { return true; } // types are judged by declarations
  bool TraverseLambdaExpr(clang::LambdaExpr *LE) {
    this->getDerived().nestedLambda(LE);
    for (clang::Expr *Init : LE->capture_inits())
      if (Init)
        this->TraverseStmt(Init);
    return true;
  }
  bool TraverseIfStmt(clang::IfStmt *S) {
    if (!S->isConstexpr() || !S->getCond())
      return Base::TraverseIfStmt(S);
    if (S->getInit())
      this->TraverseStmt(S->getInit());
    // A value-dependent condition: which branch exists is decided per
    // instantiation, and judged there.
    if (S->getCond()->isValueDependent())
      return true;
    if (std::optional<clang::Stmt *> Taken = S->getNondiscardedCase(Ctx))
      if (*Taken)
        this->TraverseStmt(*Taken);
    return true;
  }
  bool TraverseVarDecl(clang::VarDecl *VD) {
    // A constexpr variable's initializer is evaluated at compile time.
    if (VD->isConstexpr())
      return this->getDerived().VisitVarDecl(VD);
    return Base::TraverseVarDecl(VD);
  }

protected:
  clang::ASTContext &Ctx;
};

} // namespace ampvk

#endif
