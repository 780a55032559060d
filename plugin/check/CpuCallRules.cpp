//===- CpuCallRules.cpp - CPU code calling restrict(amp)-only functions ---===//
//
// A function that is restrict(amp) only exists on the accelerator: CPU code
// (restrict(cpu), no restriction, or the CPU side of restrict(cpu, amp))
// cannot call it, as Microsoft's compiler rejected it (C3930). Clang would
// compile the call for the host without a word, and the restrict(amp) body
// would then run on the CPU where tile_static, barriers and the other amp-only
// parts of <amp.h> mean nothing.
//
// Taking its address in CPU code (`&f`, `p = f`, a member function pointer) is
// the same mistake: the pointer would lead to a function that exists only on
// the accelerator. That is checked in function bodies and in the initializers
// of namespace-scope and static variables.
//
// Function templates are judged in their instantiations, where the callee is
// known.
//
//===----------------------------------------------------------------------===//
#include "attrs/RestrictionOverloads.h"
#include "CheckContext.h"
#include "EvaluatedCodeVisitor.h"

#include "attrs/AmpAttributes.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace ampvk;

namespace {

class CpuBodyChecker : public EvaluatedCodeVisitor<CpuBodyChecker> {
public:
  CpuBodyChecker(CheckContext &C, const FunctionDecl *FD)
      : EvaluatedCodeVisitor(C.Ctx), C(C), D(C.Diags), FD(FD) {}

  void run() { traverseFunction(FD); }
  void runOnInitializer(Expr *Init) { TraverseStmt(Init); }

  bool VisitCallExpr(CallExpr *CE) {
    if (!CE->isTypeDependent() && !CE->containsErrors())
      if (const FunctionDecl *Target = CE->getDirectCallee()) {
        Callees.insert(CE->getCallee()->IgnoreParenImpCasts());
        check(Target, CE->getExprLoc(), CE->getSourceRange());
      }
    return true;
  }
  // Visited after the call that contains it (pre-order), so a callee is known.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *Target = dyn_cast<FunctionDecl>(E->getDecl());
    // <amp.h> names a kernel's operator() to instantiate it, never to call it.
    if (!Target || Callees.count(E) || E->containsErrors() || Target->isInvalidDecl() ||
        C.isLibraryLocation(E->getExprLoc()) || isCallableFrom(Target, RestrictCpu))
      return true;
    std::string Name = describeFunction(Target);
    D.report(E->getExprLoc(), ampdiag::err_cpu_address_amp_only)
        << (FD && isAmpRestricted(FD)) << Name << E->getSourceRange();
    D.report(Target->getLocation(), ampdiag::note_cpu_call_declared) << 0 << Name;
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
    D.report(Loc, ampdiag::err_cpu_call_amp_only)
        << (FD && isAmpRestricted(FD)) << Ctor << Name << Range;
    if (const FunctionDecl *Blocker = generatedMemberBlocker(Target, RestrictCpu))
      D.report(Blocker->getLocation(), ampdiag::note_generated_member_calls)
          << describeFunction(Target) << describeFunction(Blocker) << 0;
    else
      D.report(Target->getLocation(), ampdiag::note_cpu_call_declared) << Ctor << Name;
    if (const FunctionDecl *Near = findMistypedRestrictionSibling(Target, RestrictCpu)) {
      const PrintingPolicy &PP = Target->getASTContext().getPrintingPolicy();
      D.report(Near->getLocation(), ampdiag::note_restriction_overload_type)
          << describeFunction(Near) << "'" + Near->getType().getAsString(PP) + "'"
          << "'" + Target->getType().getAsString(PP) + "'";
    }
  }

  CheckContext &C;
  AmpDiagnostics &D;
  const FunctionDecl *FD; // null for a variable's initializer
  llvm::SmallPtrSet<const Expr *, 8> Callees;
};

} // namespace

void ampvk::checkCpuCalls(CheckContext &C) {
  forEachFunction(C.Ctx, FunctionSet::Definitions, [&](const FunctionDecl *FD) {
    if (!FD->isDependentContext() && (getEffectiveRestrictions(FD) & RestrictCpu))
      CpuBodyChecker(C, FD).run();
  });
  forEachGlobalInitializer(C.Ctx.getTranslationUnitDecl(), [&](Expr *Init) {
    CpuBodyChecker(C, nullptr).runOnInitializer(Init);
  });
}
