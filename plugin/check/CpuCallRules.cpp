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
// A function type may carry restrictions of its own (`int (*p)(int)
// restrict(amp)`, C++ AMP 2.1/2.3; without restrict(...) it is restrict(cpu)).
// A pointer may only lead to a function that has every restriction its type
// names, and CPU code cannot call through one whose type is restrict(amp)
// only. Clang 19 keeps an annotate_type's argument only in the type as
// written, so the restrictions are read from the declarations involved: the
// variable, member, parameter or return type, the cast's type; a copy made
// with `auto` takes its initializer's.
//
//===----------------------------------------------------------------------===//
#include "attrs/RestrictionOverloads.h"
#include "CheckContext.h"
#include "EvaluatedCodeVisitor.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace ampvk;

namespace {

// The restrictions a function type as written gives: its bits (restrict(cpu)
// when none are written) and whether any were written.
struct TypeRestriction {
  unsigned Bits;
  bool Written;
};

// %select index of err_function_pointer_restriction.
unsigned restrictionIndex(unsigned Bits) { return Bits - 1; }

class CpuBodyChecker : public EvaluatedCodeVisitor<CpuBodyChecker> {
public:
  CpuBodyChecker(CheckContext &C, const FunctionDecl *FD)
      : EvaluatedCodeVisitor(C.Ctx), C(C), D(C.Diags), FD(FD) {}

  void run() { traverseFunction(FD); }
  void runOnInitializer(Expr *Init) { TraverseStmt(Init); }
  void runOnGlobal(VarDecl *VD) {
    VisitVarDecl(VD);
    TraverseStmt(VD->getInit());
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->getInit() || VD->isInvalidDecl())
      return true;
    if (VD->getType()->getContainedAutoType()) {
      // `auto q = p;` keeps p's restrictions.
      if (std::optional<TypeRestriction> R = sourceRestriction(VD->getInit()))
        if (R->Written)
          Deduced[VD] = *R;
      return true;
    }
    checkConversion(restrictionOf(VD->getTypeSourceInfo()), VD->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign && !BO->isTypeDependent())
      checkConversion(restrictionOfDeclared(BO->getLHS()), BO->getRHS());
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *RS) {
    if (FD && RS->getRetValue())
      if (const TypeSourceInfo *TSI = FD->getTypeSourceInfo())
        if (auto FTL = TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>())
          checkConversion(restrictionOf(FTL.getReturnLoc()), RS->getRetValue());
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (CE->isTypeDependent() || CE->containsErrors())
      return true;
    if (const FunctionDecl *Target = CE->getDirectCallee()) {
      Callees.insert(CE->getCallee()->IgnoreParenImpCasts());
      check(Target, CE->getExprLoc(), CE->getSourceRange());
      unsigned Skip = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Target) ? 1 : 0;
      for (unsigned I = Skip; I < CE->getNumArgs() && I - Skip < Target->getNumParams(); ++I)
        checkConversion(restrictionOf(Target->getParamDecl(I - Skip)->getTypeSourceInfo()),
                        CE->getArg(I));
      return true;
    }
    // A call through a pointer (or reference) to a function.
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Callee))
      if (UO->getOpcode() == UO_Deref)
        Callee = UO->getSubExpr()->IgnoreParenImpCasts();
    std::optional<TypeRestriction> R = restrictionOfDeclared(Callee);
    if (R && !(R->Bits & RestrictCpu))
      D.report(CE->getExprLoc(), ampdiag::err_cpu_call_through_amp_pointer)
          << (FD && isAmpRestricted(FD)) << describeDeclared(Callee)
          << CE->getCallee()->getSourceRange();
    return true;
  }
  // Visited after the call that contains it (pre-order), so a callee is known.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *Target = dyn_cast<FunctionDecl>(E->getDecl());
    // <amp.h> names a kernel's operator() to instantiate it, never to call it.
    if (!Target || Callees.count(E) || Converted.count(E) || E->containsErrors() ||
        Target->isInvalidDecl() ||
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
  static const Expr *functionDesignator(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_AddrOf)
        E = UO->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (isa<FunctionDecl>(DRE->getDecl()))
        return DRE;
    return nullptr;
  }

  // The variable, member or parameter E names, through implicit conversions.
  static const ValueDecl *declaredEntity(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->getMemberDecl();
    return nullptr;
  }

  std::optional<TypeRestriction> restrictionOfDeclared(const Expr *E) {
    const ValueDecl *VD = declaredEntity(E);
    if (!VD || isa<FunctionDecl>(VD))
      return std::nullopt;
    auto It = Deduced.find(VD);
    if (It != Deduced.end())
      return It->second;
    const auto *DD = dyn_cast<DeclaratorDecl>(VD);
    return DD ? restrictionOf(DD->getTypeSourceInfo()) : std::nullopt;
  }

  static std::string describeDeclared(const Expr *E) {
    const ValueDecl *VD = declaredEntity(E);
    return VD ? "'" + VD->getNameAsString() + "'" : std::string("this pointer");
  }
  // For err_function_pointer_restriction's %0.
  static std::string describePointer(const Expr *E) {
    if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts()))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return "the pointer " + describeFunction(Callee) + " returns";
    return declaredEntity(E) ? "the pointer " + describeDeclared(E) : "this pointer";
  }

  // What the source of a conversion to a pointer to function has: a function
  // (with its overloads on restriction), or a pointer as declared.
  std::optional<TypeRestriction> sourceRestriction(const Expr *E) {
    if (const Expr *F = functionDesignator(E)) {
      const auto *Fn = cast<FunctionDecl>(cast<DeclRefExpr>(F)->getDecl());
      unsigned Bits = getEffectiveRestrictions(Fn);
      if (findRestrictionSibling(Fn, RestrictCpu))
        Bits |= RestrictCpu;
      if (findRestrictionSibling(Fn, RestrictAmp))
        Bits |= RestrictAmp;
      return TypeRestriction{Bits, true};
    }
    const Expr *S = E->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(S))
      return restrictionOf(Cast->getTypeInfoAsWritten());
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (const TypeSourceInfo *TSI = Callee->getTypeSourceInfo())
          if (auto FTL = TSI->getTypeLoc().getAsAdjusted<FunctionTypeLoc>())
            return restrictionOf(FTL.getReturnLoc());
    return restrictionOfDeclared(S);
  }

  static std::optional<TypeRestriction> restrictionOf(TypeLoc TL) {
    std::optional<RestrictionSpec> Spec = getFunctionTypeRestrictions(TL);
    if (!Spec || (Spec->Written && !Spec->Bits))
      return std::nullopt;
    return TypeRestriction{Spec->Written ? Spec->Bits : unsigned(RestrictCpu), Spec->Written};
  }
  static std::optional<TypeRestriction> restrictionOf(const TypeSourceInfo *TSI) {
    return TSI ? restrictionOf(TSI->getTypeLoc()) : std::nullopt;
  }

  // Src converted to a pointer (or reference) to a function type with the
  // restrictions Dest.
  void checkConversion(std::optional<TypeRestriction> Dest, const Expr *Src) {
    if (!Dest || !Src || Src->isTypeDependent() || Src->containsErrors())
      return;
    const Expr *Function = functionDesignator(Src);
    // A function whose address only a restrict(amp) pointer keeps is not a
    // CPU use of it; with a restriction written, this rule speaks for it.
    if (Function && Dest->Written)
      Converted.insert(Function);
    std::optional<TypeRestriction> From = sourceRestriction(Src);
    if (!From || !(Dest->Bits & ~From->Bits))
      return;
    // Neither side written: restrict(cpu) on both, or an amp-only function
    // whose address err_cpu_address_amp_only reports.
    if (!Dest->Written && (Function || !From->Written))
      return;
    std::string What =
        Function ? describeFunction(cast<FunctionDecl>(cast<DeclRefExpr>(Function)->getDecl()))
                 : describePointer(Src);
    D.report(Src->getExprLoc(), ampdiag::err_function_pointer_restriction)
        << What << restrictionIndex(From->Bits) << restrictionIndex(Dest->Bits)
        << Src->getSourceRange();
  }

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
  llvm::SmallPtrSet<const Expr *, 8> Converted; // functions converted to a restricted type
  llvm::DenseMap<const ValueDecl *, TypeRestriction> Deduced; // `auto` copies
};

// Namespace-scope and static member variables (their initializers are
// checked by forEachGlobalInitializer; this is for their declared types).
class GlobalPointerFinder : public RecursiveASTVisitor<GlobalPointerFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool TraverseStmt(Stmt *) { return true; } // function bodies: CpuBodyChecker
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && !VD->isLocalVarDeclOrParm() && !VD->isInvalidDecl() &&
        !VD->getDeclContext()->isDependentContext() &&
        getFunctionTypeRestrictions(VD->getTypeSourceInfo()
                                        ? VD->getTypeSourceInfo()->getTypeLoc()
                                        : TypeLoc()))
      Found.push_back(VD);
    return true;
  }
  std::vector<VarDecl *> Found;
};

} // namespace

void ampvk::checkCpuCalls(CheckContext &C) {
  for (const FunctionDecl *FD : C.functions(FunctionSet::Definitions))
    if (!FD->isDependentContext() && (getEffectiveRestrictions(FD) & RestrictCpu))
      CpuBodyChecker(C, FD).run();
  // A global of function pointer type: its conversion (and the exemption of
  // a restrict(amp) pointer from the address rule) needs the declaration.
  GlobalPointerFinder Globals;
  Globals.TraverseDecl(C.Ctx.getTranslationUnitDecl());
  llvm::SmallPtrSet<const Expr *, 8> Done;
  for (VarDecl *VD : Globals.Found) {
    CpuBodyChecker(C, nullptr).runOnGlobal(VD);
    Done.insert(VD->getInit());
  }
  forEachGlobalInitializer(C.Ctx.getTranslationUnitDecl(), [&](Expr *Init) {
    if (!Done.count(Init))
      CpuBodyChecker(C, nullptr).runOnInitializer(Init);
  });
}
