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

// The template arguments of the launch's extent or tiled_extent.
std::string launchArgs(const Kernel &K) {
  return K.Tiled ? tileArgs(K) : std::to_string(K.Rank);
}

// The %select of err_kernel_param_type.
enum class KernelParamHint { None, NeedsTiledLaunch, NeedsTiledIndex };

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
  if (!NS || !NS->getIdentifier() || NS->getName() != "Concurrency")
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
    // A class Clang rejected (a lambda capturing a variable of an invalid
    // type, say) was already reported by Clang.
    if (K.KernelClass && K.KernelClass->isInvalidDecl() && C.HadHardErrorsBefore)
      continue;
    if (!K.KernelClass || K.KernelClass->isInvalidDecl()) {
      D.report(K.LaunchLoc, ampdiag::err_kernel_not_callable);
      continue;
    }
    const CXXRecordDecl *RD = K.KernelClass;
    const CXXMethodDecl *Op = nullptr;
    bool Bad = false;
    for (const NamedDecl *ND : K.CallOperatorDecls) {
      if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(ND)) {
        D.report(FTD->getLocation(), ampdiag::err_kernel_template)
            << (K.Lambda != nullptr) << expectedParam(K);
        D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
        Bad = true;
        break;
      }
      const auto *MD = dyn_cast<CXXMethodDecl>(ND);
      if (!MD)
        continue;
      if (Op) {
        D.report(MD->getLocation(), ampdiag::err_kernel_overloaded);
        D.report(Op->getLocation(), ampdiag::note_declared_here) << "other operator()";
        D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
        Bad = true;
        break;
      }
      Op = MD;
    }
    if (Bad)
      continue;
    if (!Op) {
      D.report(K.LaunchLoc, ampdiag::err_kernel_no_call_operator)
          << typeName(C.Ctx, C.Ctx.getRecordType(RD));
      continue;
    }
    if (Op->isInvalidDecl())
      continue;
    bool Ok = true;
    if (!(getEffectiveRestrictions(Op) & RestrictAmp)) {
      D.report(Op->getLocation(), ampdiag::err_kernel_not_amp) << (K.Lambda != nullptr);
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
      Ok = false;
    }
    if (Op->isStatic()) {
      D.report(Op->getLocation(), ampdiag::err_kernel_static);
      Ok = false;
    }
    QualType RT = Op->getReturnType();
    if (!RT->isDependentType() && !RT->isVoidType() && !RT->isUndeducedAutoType()) {
      SourceRange R = Op->getReturnTypeSourceRange();
      D.report(R.isValid() ? R.getBegin() : Op->getLocation(), ampdiag::err_kernel_return_type)
          << typeName(C.Ctx, RT) << R;
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
      Ok = false;
    }
    // The parameter: exactly one without a default argument.
    unsigned Required = 0;
    for (const ParmVarDecl *P : Op->parameters())
      if (!P->hasDefaultArg())
        ++Required;
    if (Op->getNumParams() == 0 || Required > 1) {
      D.report(Op->getLocation(), ampdiag::err_kernel_param_count)
          << K.Tiled << launchArgs(K) << expectedParam(K);
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
      Ok = false;
    } else {
      const ParmVarDecl *P = Op->getParamDecl(0);
      if (!P->getType()->isDependentType() && !paramFits(K, P->getType())) {
        KernelParamHint Why = KernelParamHint::None;
        QualType PT = P->getType().getNonReferenceType().getUnqualifiedType();
        if (getAmpClassName(PT) == "tiled_index" && !K.Tiled)
          Why = KernelParamHint::NeedsTiledLaunch;
        else if (K.Tiled && getAmpClassName(PT) != "tiled_index")
          Why = KernelParamHint::NeedsTiledIndex;
        D.report(P->getLocation(), ampdiag::err_kernel_param_type)
            << K.Tiled << launchArgs(K) << expectedParam(K) << typeName(C.Ctx, P->getType()) << Why
            << P->getSourceRange();
        D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
        Ok = false;
      }
    }
    if (!Op->hasBody()) {
      D.report(Op->getLocation(), ampdiag::err_kernel_undefined);
      D.report(K.LaunchLoc, ampdiag::note_kernel_launched_here);
      Ok = false;
    }
    if (Ok)
      C.ValidKernels.insert(&K);
  }
}
