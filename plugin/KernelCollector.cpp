//===- KernelCollector.cpp ------------------------------------------------===//
#include "KernelCollector.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace ampvk;

namespace {
class Finder : public RecursiveASTVisitor<Finder> {
public:
  std::vector<FunctionDecl *> Found;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isTemplateInstantiation() && FD->hasBody() && isKernelImageTemplate(FD))
      Found.push_back(FD);
    return true;
  }
};
} // namespace

std::vector<KernelSite> ampvk::collectKernels(ASTContext &Ctx, AmpDiagnostics &Diags) {
  Finder F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<KernelSite> Sites;
  for (FunctionDecl *FD : F.Found) {
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    if (!Args || Args->size() != 5)
      continue;
    KernelSite Site;
    Site.ImageFunction = FD;
    KernelRequest &R = Site.Request;
    R.Loc = FD->getPointOfInstantiation();
    R.KernelClass = Args->get(0).getAsType()->getAsCXXRecordDecl();
    R.Rank = static_cast<int>(Args->get(1).getAsIntegral().getExtValue());
    for (int I = 0; I < 3; ++I)
      R.Tile[I] = static_cast<int>(Args->get(2 + I).getAsIntegral().getExtValue());
    R.Tiled = R.Tile[0] != 0;
    // The kernel rules (a class, one operator(), not a template, ...) are
    // check/KernelSignatureRules.cpp's; kernels that break them are skipped.
    if (!R.KernelClass)
      continue;
    DeclarationName CallName = Ctx.DeclarationNames.getCXXOperatorName(OO_Call);
    bool Usable = true;
    for (NamedDecl *ND : R.KernelClass->lookup(CallName)) {
      auto *MD = dyn_cast<CXXMethodDecl>(ND);
      if (!MD || R.CallOperator) {
        Usable = false;
        break;
      }
      R.CallOperator = MD;
    }
    if (!Usable)
      continue;
    if (!R.CallOperator || !R.CallOperator->hasBody())
      continue;
    Sites.push_back(Site);
  }
  return Sites;
}
