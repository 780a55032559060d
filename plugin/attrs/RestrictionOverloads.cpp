//===- RestrictionOverloads.cpp -------------------------------------------===//
#include "RestrictionOverloads.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;
using namespace ampvk;

namespace {

// The specialization of Sibling for the arguments of Spec, if it exists.
const FunctionDecl *sameSpecialization(const FunctionTemplateDecl *Sibling,
                                       const FunctionDecl *Spec) {
  const TemplateArgumentList *Args = Spec->getTemplateSpecializationArgs();
  if (!Args)
    return nullptr;
  void *InsertPos = nullptr;
  return const_cast<FunctionTemplateDecl *>(Sibling)->findSpecialization(Args->asArray(),
                                                                         InsertPos);
}

} // namespace

const FunctionDecl *
ampvk::findRestrictionSibling(const FunctionDecl *FD, RestrictionBits Context,
                              const FunctionTemplateDecl **Uninstantiated) {
  const ASTContext &Ctx = FD->getASTContext();
  const FunctionTemplateDecl *Primary = FD->getPrimaryTemplate();
  const DeclContext *DC = FD->getDeclContext();
  if (!FD->getDeclName() || FD->isImplicit())
    return nullptr;
  const FunctionDecl *Best = nullptr;
  for (const NamedDecl *ND : DC->lookup(FD->getDeclName())) {
    const FunctionDecl *G = nullptr;
    if (Primary) {
      const auto *FTD = dyn_cast<FunctionTemplateDecl>(ND);
      if (!FTD || FTD->getCanonicalDecl() == Primary->getCanonicalDecl())
        continue;
      G = sameSpecialization(FTD, FD);
      if (!G && Uninstantiated &&
          (getEffectiveRestrictions(FTD->getTemplatedDecl()) & Context))
        *Uninstantiated = FTD;
    } else {
      G = dyn_cast<FunctionDecl>(ND);
    }
    if (!G || G->getCanonicalDecl() == FD->getCanonicalDecl() || G->isInvalidDecl())
      continue;
    if (!Ctx.hasSameType(G->getType(), FD->getType()))
      continue;
    unsigned Bits = getEffectiveRestrictions(G);
    if (!(Bits & Context))
      continue;
    if (!Best || Bits == unsigned(Context))
      Best = G;
  }
  return Best;
}

const FunctionDecl *ampvk::ampCallee(const FunctionDecl *FD) {
  if (!FD || getEffectiveRestrictions(FD) == RestrictAmp)
    return FD;
  const FunctionDecl *Sibling = findRestrictionSibling(FD, RestrictAmp);
  if (Sibling && getEffectiveRestrictions(Sibling) == RestrictAmp)
    return Sibling;
  return FD;
}

namespace {
llvm::DenseMap<const CallExpr *, AmpSideCall> &ampSideCalls() {
  static llvm::DenseMap<const CallExpr *, AmpSideCall> Calls;
  return Calls;
}
} // namespace

void ampvk::recordAmpSideCall(const CallExpr *CE, AmpSideCall Call) {
  ampSideCalls()[CE] = std::move(Call);
}

const AmpSideCall *ampvk::ampSideCall(const CallExpr *CE) {
  auto It = ampSideCalls().find(CE);
  return It == ampSideCalls().end() ? nullptr : &It->second;
}

const FunctionDecl *ampvk::ampCallee(const CallExpr *CE,
                                     llvm::SmallVectorImpl<const Expr *> *Args) {
  if (const AmpSideCall *Side = ampSideCall(CE)) {
    if (Args)
      Args->assign(Side->Args.begin(), Side->Args.end());
    return Side->Callee;
  }
  if (Args)
    Args->assign(CE->arg_begin(), CE->arg_end());
  return ampCallee(CE->getDirectCallee());
}

const Expr *ampvk::ampSideArgument(const FunctionDecl *Callee, unsigned I, const Expr *Arg) {
  const auto *Default = dyn_cast_or_null<CXXDefaultArgExpr>(Arg);
  if (!Default || !Callee || I >= Callee->getNumParams())
    return Arg;
  const auto *Owner = dyn_cast<FunctionDecl>(Default->getParam()->getDeclContext());
  const ParmVarDecl *P = Callee->getParamDecl(I);
  if (!Owner || Owner->getCanonicalDecl() == Callee->getCanonicalDecl() ||
      !P->hasDefaultArg() || P->hasUninstantiatedDefaultArg() || P->hasUnparsedDefaultArg())
    return Arg;
  return P->getDefaultArg();
}

const FunctionDecl *ampvk::findMistypedRestrictionSibling(const FunctionDecl *FD,
                                                          RestrictionBits Context) {
  const ASTContext &Ctx = FD->getASTContext();
  if (!FD->getDeclName() || FD->isImplicit() || FD->getPrimaryTemplate())
    return nullptr;
  for (const NamedDecl *ND : FD->getDeclContext()->lookup(FD->getDeclName())) {
    const auto *G = dyn_cast<FunctionDecl>(ND);
    if (!G || G->getCanonicalDecl() == FD->getCanonicalDecl() || G->isInvalidDecl() ||
        !(getEffectiveRestrictions(G) & Context) || G->getNumParams() != FD->getNumParams() ||
        Ctx.hasSameType(G->getType(), FD->getType()))
      continue;
    bool SameParams = true;
    for (unsigned I = 0; I < G->getNumParams(); ++I)
      SameParams &= Ctx.hasSameType(G->getParamDecl(I)->getType(), FD->getParamDecl(I)->getType());
    if (SameParams)
      return G;
  }
  return nullptr;
}
