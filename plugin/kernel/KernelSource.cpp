//===- KernelSource.cpp ---------------------------------------------------===//
#include "kernel/KernelSource.h"

#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace ampvk;

namespace {

// Names with their template arguments, as diagnostics print them.
std::string nameOf(const ASTContext &Ctx, const NamedDecl *D) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  D->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  return OS.str();
}

// The function a lambda is written in, through enclosing lambdas.
const NamedDecl *enclosingFunction(const CXXRecordDecl *LambdaClass) {
  for (const DeclContext *DC = LambdaClass->getDeclContext(); DC; DC = DC->getParent()) {
    const auto *FD = dyn_cast<FunctionDecl>(DC);
    if (!FD)
      continue;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda())
      continue;
    return FD;
  }
  return nullptr;
}

} // namespace

KernelSource ampvk::kernelSource(const ASTContext &Ctx, const Kernel &K) {
  KernelSource S;
  SourceLocation Loc = K.Lambda ? K.Lambda->getBeginLoc() : K.LaunchLoc;
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isValid()) {
    S.File = P.getFilename();
    S.Line = P.getLine();
    S.Column = P.getColumn();
  }
  const NamedDecl *Named = nullptr;
  if (K.Lambda)
    Named = enclosingFunction(K.Lambda->getLambdaClass());
  else if (K.KernelClass)
    Named = K.KernelClass;
  if (Named)
    S.Function = nameOf(Ctx, Named);
  else if (K.Lambda)
    S.Function = "(lambda at namespace scope)";
  return S;
}
