//===- CpuCallRules.cpp - CPU code calling restrict(amp)-only functions ---===//
//
// A function that is restrict(amp) only exists on the accelerator: CPU code
// (restrict(cpu), no restriction, or the CPU side of restrict(cpu, amp))
// cannot call it, as Microsoft's compiler rejected it (C3930). Clang would
// compile the call for the host without a word, and the restrict(amp) body
// would then run on the CPU where tile_static, barriers and the other amp-only
// parts of <amp.h> mean nothing.
//
// Function templates are judged in their instantiations, where the callee is
// known.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "EvaluatedCodeVisitor.h"

#include "attrs/AmpAttributes.h"

using namespace clang;
using namespace ampvk;

namespace {

class CpuBodyChecker : public EvaluatedCodeVisitor<CpuBodyChecker> {
public:
  CpuBodyChecker(CheckContext &C, const FunctionDecl *FD)
      : EvaluatedCodeVisitor(C.Ctx), D(C.Diags), FD(FD) {}

  void run() { traverseFunction(FD); }

  bool VisitCallExpr(CallExpr *CE) {
    if (!CE->isTypeDependent() && !CE->containsErrors())
      if (const FunctionDecl *Target = CE->getDirectCallee())
        check(Target, CE->getExprLoc(), CE->getSourceRange());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (!E->isTypeDependent() && !E->containsErrors())
      if (const CXXConstructorDecl *Ctor = E->getConstructor())
        check(Ctor, E->getExprLoc(), E->getSourceRange());
    return true;
  }

private:
  void check(const FunctionDecl *Target, SourceLocation Loc, SourceRange Range) {
    if (Target->isInvalidDecl() || isCallableFrom(Target, RestrictCpu))
      return;
    // err_cpu_call_amp_only's %select: a function or a constructor.
    bool Ctor = isa<CXXConstructorDecl>(Target);
    std::string Name = Ctor ? Target->getQualifiedNameAsString() : describeFunction(Target);
    D.report(Loc, ampdiag::err_cpu_call_amp_only) << isAmpRestricted(FD) << Ctor << Name << Range;
    D.report(Target->getLocation(), ampdiag::note_cpu_call_declared) << Ctor << Name;
  }

  AmpDiagnostics &D;
  const FunctionDecl *FD;
};

} // namespace

void ampvk::checkCpuCalls(CheckContext &C) {
  forEachFunction(C.Ctx, FunctionSet::Definitions, [&](const FunctionDecl *FD) {
    if (!FD->isDependentContext() && (getEffectiveRestrictions(FD) & RestrictCpu))
      CpuBodyChecker(C, FD).run();
  });
}
