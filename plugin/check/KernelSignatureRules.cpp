//===- KernelSignatureRules.cpp - What a kernel must look like ------------===//
//
// The kernel of parallel_for_each is a lambda or functor whose operator() is
// restrict(amp), not overloaded, not a template, returns void, is defined in
// this translation unit and takes index<N> (N = the extent's rank) or, for a
// tiled_extent<D0, D1, D2>, tiled_index<D0, D1, D2>. The tile limits are
// static_asserts in <amp.h> (tiled_extent's constructors).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;
using namespace ampvk;

namespace {

std::string typeName(ASTContext &Ctx, QualType T) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressScope = false;
  P.FullyQualifiedName = false;
  return T.getAsString(P);
}

std::string tileArgs(const Kernel &K) {
  std::string S;
  for (int I = 0; I < 3 && K.Tile[I]; ++I)
    S += (I ? ", " : "") + std::to_string(K.Tile[I]);
  return S;
}

std::string expectedParam(const Kernel &K) {
  if (K.Tiled)
    return "tiled_index<" + tileArgs(K) + ">";
  return "index<" + std::to_string(K.Rank) + ">";
}

std::string launchedOver(const Kernel &K) {
  if (K.Tiled)
    return "a tiled_extent<" + tileArgs(K) + ">";
  return "an extent<" + std::to_string(K.Rank) + ">";
}

// Does the kernel's parameter type fit the launch?
bool paramFits(const Kernel &K, QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec)
    return false;
  const ClassTemplateDecl *TD = Spec->getSpecializedTemplate();
  if (!TD || !TD->getDeclContext()->isNamespace())
    return false;
  const auto *NS = dyn_cast<NamespaceDecl>(TD->getDeclContext());
  if (!NS || !NS->getIdentifier() || NS->getName() != "concurrency")
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  auto IntArg = [&](unsigned I) -> long long {
    if (I >= Args.size() || Args[I].getKind() != TemplateArgument::Integral)
      return -1;
    return Args[I].getAsIntegral().getExtValue();
  };
  if (K.Tiled) {
    if (getAmpClassName(Spec) != "tiled_index")
      return false;
    for (unsigned I = 0; I < 3; ++I)
      if (IntArg(I) != K.Tile[I])
        return false;
    return true;
  }
  return TD->getName() == "index" && IntArg(0) == K.Rank;
}

} // namespace

void ampvk::checkKernelSignatures(CheckContext &C) {
  AmpDiagnostics &D = C.Diags;
  for (const Kernel &K : C.Kernels) {
    if (!K.KernelClass || K.KernelClass->isInvalidDecl()) {
      D.error(K.LaunchLoc, "the kernel of parallel_for_each must be a lambda or a class "
                           "with operator()");
      continue;
    }
    const CXXRecordDecl *RD = K.KernelClass;
    const CXXMethodDecl *Op = nullptr;
    bool Bad = false;
    for (const NamedDecl *ND : K.CallOperatorDecls) {
      if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(ND)) {
        D.error(FTD->getLocation(),
                K.Lambda ? "the kernel of parallel_for_each cannot be a generic lambda; "
                           "give its parameter a type (" + expectedParam(K) + ")"
                         : "a kernel's operator() cannot be a template");
        D.note(K.LaunchLoc, "kernel launched here");
        Bad = true;
        break;
      }
      const auto *MD = dyn_cast<CXXMethodDecl>(ND);
      if (!MD)
        continue;
      if (Op) {
        D.error(MD->getLocation(), "a kernel's operator() cannot be overloaded");
        D.note(Op->getLocation(), "other operator() declared here");
        D.note(K.LaunchLoc, "kernel launched here");
        Bad = true;
        break;
      }
      Op = MD;
    }
    if (Bad)
      continue;
    if (!Op) {
      D.error(K.LaunchLoc, "the kernel of parallel_for_each must have an operator(); '" +
                               typeName(C.Ctx, C.Ctx.getRecordType(RD)) + "' has none");
      continue;
    }
    if (Op->isInvalidDecl())
      continue;
    bool Ok = true;
    if (!(getEffectiveRestrictions(Op) & RestrictAmp)) {
      D.error(Op->getLocation(),
              K.Lambda ? "the kernel lambda must be restrict(amp): write 'restrict(amp)' "
                         "after its parameter list"
                       : "a kernel's operator() must be restrict(amp)");
      D.note(K.LaunchLoc, "kernel launched here");
      Ok = false;
    }
    if (Op->isStatic()) {
      D.error(Op->getLocation(), "a kernel's operator() cannot be static");
      Ok = false;
    }
    QualType RT = Op->getReturnType();
    if (!RT->isDependentType() && !RT->isVoidType() && !RT->isUndeducedAutoType()) {
      SourceRange R = Op->getReturnTypeSourceRange();
      D.error(R.isValid() ? R.getBegin() : Op->getLocation(),
              "a kernel must return void, not '" + typeName(C.Ctx, RT) + "'", R);
      D.note(K.LaunchLoc, "kernel launched here");
      Ok = false;
    }
    // The parameter: exactly one without a default argument.
    unsigned Required = 0;
    for (const ParmVarDecl *P : Op->parameters())
      if (!P->hasDefaultArg())
        ++Required;
    if (Op->getNumParams() == 0 || Required > 1) {
      D.error(Op->getLocation(), "a kernel launched over " + launchedOver(K) +
                                     " must take one parameter of type '" +
                                     expectedParam(K) + "'");
      D.note(K.LaunchLoc, "kernel launched here");
      Ok = false;
    } else {
      const ParmVarDecl *P = Op->getParamDecl(0);
      if (!P->getType()->isDependentType() && !paramFits(K, P->getType())) {
        std::string Why;
        QualType PT = P->getType().getNonReferenceType().getUnqualifiedType();
        if (getAmpClassName(PT) == "tiled_index" && !K.Tiled)
          Why = "; a tiled_index needs a tiled launch (extent.tile<...>())";
        else if (K.Tiled && getAmpClassName(PT) != "tiled_index")
          Why = "; a tiled launch passes a tiled_index whose tile extents match the "
                "tiled_extent's";
        D.error(P->getLocation(),
                "a kernel launched over " + launchedOver(K) + " must take '" +
                    expectedParam(K) + "', not '" + typeName(C.Ctx, P->getType()) + "'" + Why,
                P->getSourceRange());
        D.note(K.LaunchLoc, "kernel launched here");
        Ok = false;
      }
    }
    if (!Op->hasBody()) {
      D.error(Op->getLocation(), "a kernel's operator() must be defined in the translation "
                                 "unit that launches it");
      D.note(K.LaunchLoc, "kernel launched here");
      Ok = false;
    }
    if (Ok)
      C.ValidKernels.insert(&K);
  }
}
