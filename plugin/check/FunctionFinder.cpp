//===- FunctionFinder.cpp - Every function the program declares -----------===//
//
// The functions the rules judge: every declaration (or definition) written in
// the translation unit, template instantiations and generic lambdas'
// specializations included; not the compiler's implicit members, which the
// user did not write. Definitions exclude defaulted functions too: they have
// no body of the user's to judge.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;

// A definition with a body the user wrote (not a defaulted one).
static bool isJudgedDefinition(const FunctionDecl *FD) {
  return FD->doesThisDeclarationHaveABody() && !FD->isDefaulted();
}

namespace {

class FunctionFinder : public RecursiveASTVisitor<FunctionFinder> {
public:
  FunctionFinder(FunctionSet Set, llvm::function_ref<void(const FunctionDecl *)> Found)
      : Set(Set), Found(Found) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    add(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (CXXMethodDecl *Op = LE->getCallOperator()) {
      add(Op);
      if (FunctionTemplateDecl *FTD = Op->getDescribedFunctionTemplate())
        for (FunctionDecl *Spec : FTD->specializations())
          add(Spec);
    }
    return true;
  }

private:
  void add(const FunctionDecl *FD) {
    if (FD->isImplicit() || FD->isInvalidDecl())
      return;
    if (Set == FunctionSet::Definitions && !isJudgedDefinition(FD))
      return;
    Found(FD);
  }
  FunctionSet Set;
  llvm::function_ref<void(const FunctionDecl *)> Found;
};

// Variables outside function bodies; the bodies are not entered.
class GlobalInitializerFinder : public RecursiveASTVisitor<GlobalInitializerFinder> {
public:
  explicit GlobalInitializerFinder(llvm::function_ref<void(Expr *)> Found) : Found(Found) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseFunctionDecl(FunctionDecl *) { return true; }
  bool TraverseCXXMethodDecl(CXXMethodDecl *) { return true; }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *) { return true; }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *) { return true; }
  bool TraverseCXXConversionDecl(CXXConversionDecl *) { return true; }
  bool TraverseFunctionTemplateDecl(FunctionTemplateDecl *) { return true; }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasGlobalStorage() && !VD->isLocalVarDeclOrParm() && VD->getInit() &&
        !VD->getDeclContext()->isDependentContext() && !VD->isInvalidDecl())
      Found(VD->getInit());
    return true;
  }

private:
  llvm::function_ref<void(Expr *)> Found;
};

} // namespace

void ampvk::forEachGlobalInitializer(const Decl *D, llvm::function_ref<void(Expr *)> Found) {
  GlobalInitializerFinder(Found).TraverseDecl(const_cast<Decl *>(D));
}

void ampvk::forEachFunctionIn(const Decl *D, FunctionSet Set,
                              llvm::function_ref<void(const FunctionDecl *)> Found) {
  FunctionFinder(Set, Found).TraverseDecl(const_cast<Decl *>(D));
}

const std::vector<const FunctionDecl *> &CheckContext::functions(FunctionSet Set) {
  if (!FunctionsFound) {
    forEachFunctionIn(Ctx.getTranslationUnitDecl(), FunctionSet::Declarations,
                      [&](const FunctionDecl *FD) {
      Declarations.push_back(FD);
      if (isJudgedDefinition(FD))
        Definitions.push_back(FD);
    });
    FunctionsFound = true;
  }
  return Set == FunctionSet::Definitions ? Definitions : Declarations;
}
