//===- KernelFinder.cpp - The kernels a translation unit launches ---------===//
//
// Each kernel_image<K, Rank, T0, T1, T2> instantiation is one kernel: K is the
// lambda closure or functor, Rank the domain's rank, T0..T2 the tile extents
// (zero when not tiled). The launch location is the user's parallel_for_each
// call, found by the kernel type it instantiates.
//
//===----------------------------------------------------------------------===//
#include "kernel/Kernel.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace clang;
using namespace ampvk;

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  std::vector<FunctionDecl *> Images;
  llvm::DenseMap<const CXXRecordDecl *, const LambdaExpr *> Lambdas;
  // Kernel type -> the first call of parallel_for_each launching it.
  llvm::DenseMap<const Type *, SourceLocation> Launches;

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isTemplateInstantiation() && FD->hasBody() && isKernelImageTemplate(FD))
      if (std::find(Images.begin(), Images.end(), FD) == Images.end())
        Images.push_back(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    Lambdas.try_emplace(LE->getLambdaClass(), LE);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier() || FD->getName() != "parallel_for_each")
      return true;
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    if (!Args || Args->size() == 0)
      return true;
    const TemplateArgument &Last = Args->get(Args->size() - 1);
    if (Last.getKind() != TemplateArgument::Type)
      return true;
    Launches.try_emplace(Last.getAsType().getCanonicalType().getTypePtr(), CE->getExprLoc());
    return true;
  }
};

// Reads kernel_image<K, Rank, T0, T1, T2>; false if FD has another shape.
bool readTemplateArguments(const FunctionDecl *FD, Kernel &K, QualType &KernelType) {
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!Args || Args->size() != 5 || Args->get(0).getKind() != TemplateArgument::Type)
    return false;
  for (int I = 1; I < 5; ++I)
    if (Args->get(I).getKind() != TemplateArgument::Integral)
      return false;
  KernelType = Args->get(0).getAsType();
  K.KernelClass = KernelType->getAsCXXRecordDecl();
  K.Rank = static_cast<int>(Args->get(1).getAsIntegral().getExtValue());
  for (int I = 0; I < 3; ++I)
    K.Tile[I] = static_cast<int>(Args->get(2 + I).getAsIntegral().getExtValue());
  K.Tiled = K.Tile[0] != 0;
  return true;
}

void findCallOperator(ASTContext &Ctx, Kernel &K) {
  if (!K.KernelClass || K.KernelClass->isInvalidDecl())
    return;
  DeclarationName CallName = Ctx.DeclarationNames.getCXXOperatorName(OO_Call);
  const CXXMethodDecl *Only = nullptr;
  unsigned Methods = 0;
  bool Template = false;
  for (const NamedDecl *ND : K.KernelClass->lookup(CallName)) {
    if (isa<FunctionTemplateDecl>(ND)) {
      Template = true;
      K.CallOperatorDecls.push_back(ND);
    } else if (const auto *MD = dyn_cast<CXXMethodDecl>(ND)) {
      ++Methods;
      Only = MD;
      K.CallOperatorDecls.push_back(ND);
    }
  }
  if (Methods == 1 && !Template)
    K.CallOperator = Only;
}

} // namespace

std::vector<Kernel> ampvk::findKernels(ASTContext &Ctx) {
  Finder F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<Kernel> Kernels;
  for (FunctionDecl *FD : F.Images) {
    Kernel K;
    QualType KernelType;
    if (!readTemplateArguments(FD, K, KernelType))
      continue;
    K.ImageFunction = FD;
    auto It = F.Launches.find(KernelType.getCanonicalType().getTypePtr());
    K.LaunchLoc = It != F.Launches.end() ? It->second : FD->getPointOfInstantiation();
    if (K.KernelClass) {
      auto L = F.Lambdas.find(K.KernelClass);
      if (L != F.Lambdas.end())
        K.Lambda = L->second;
    }
    findCallOperator(Ctx, K);
    Kernels.push_back(std::move(K));
  }
  return Kernels;
}
