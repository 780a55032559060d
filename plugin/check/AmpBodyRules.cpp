//===- AmpBodyRules.cpp - Statements and expressions in restrict(amp) code -===//
//
// C++ AMP v1.2 §2.4 and Microsoft's "restrict (C++ AMP)": in a restrict(amp)
// function body there are no calls to functions that are not restrict(amp)
// (reported with the call chain by CallGraph.cpp), no virtual calls, no calls
// through function pointers, no goto or labels, no try/catch/throw, no
// dynamic_cast or typeid, no new/delete, no asm, no static/extern/thread_local
// locals (tile_static is the way to share memory), no access to global or
// static variables other than constants (const, with a constant initializer),
// no pointer <-> integer casts, no pointer arithmetic on bool*, no string
// literals, and only the types AmpTypeRules allows.
//
// Only code that runs is checked (EvaluatedCodeVisitor.h).
//
//===----------------------------------------------------------------------===//
#include "attrs/RestrictionOverloads.h"
#include "AmpTypeRules.h"
#include "CheckContext.h"
#include "EvaluatedCodeVisitor.h"

#include "attrs/AmpAttributes.h"

using namespace clang;
using namespace ampvk;

namespace {

// The %select lists of AmpBodyRules' rows, in their order.
enum class AmpConstruct {
  New,
  Delete,
  Throw,
  TryCatch,
  SehTry,
  DynamicCast,
  Goto,
  LabelAddress,
  Label,
  InlineAsm,
  StringLiteral,
  BoolPointerArithmetic,
};
enum class AmpLocalStorage { ThreadLocal, Static, Extern };
enum class GlobalKind { Global, StaticLocal, StaticDataMember };

class BodyChecker : public EvaluatedCodeVisitor<BodyChecker> {
public:
  BodyChecker(CheckContext &C, const FunctionDecl *FD)
      : EvaluatedCodeVisitor(C.Ctx), C(C), D(C.Diags), FD(FD),
        Pattern(FD->isDependentContext()) {}

  void run() { traverseFunction(FD); }

  void nestedLambda(LambdaExpr *LE) { checkLambdaCaptures(C, LE, /*IsKernel=*/false); }

  bool TraverseCXXTypeidExpr(CXXTypeidExpr *E) {
    D.report(E->getExprLoc(), ampdiag::err_amp_typeid) << E->getSourceRange();
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (isa<ParmVarDecl>(VD) || VD->isInvalidDecl())
      return true;
    bool TileStatic = isTileStatic(VD);
    if (VD->getTSCSpec() != TSCS_unspecified)
      D.report(VD->getLocation(), ampdiag::err_amp_local_storage) << AmpLocalStorage::ThreadLocal;
    else if (VD->isStaticLocal() && !TileStatic)
      D.report(VD->getLocation(), ampdiag::err_amp_local_storage) << AmpLocalStorage::Static;
    else if (VD->hasExternalStorage())
      D.report(VD->getLocation(), ampdiag::err_amp_local_storage) << AmpLocalStorage::Extern;
    if (!VD->getType()->isDependentType())
      checkType(C, VD->getType(), TypeContext::Amp, VD->getLocation(),
                VD->getTypeSourceInfo() ? VD->getTypeSourceInfo()->getTypeLoc().getSourceRange()
                                        : SourceRange(),
                TypeSubject::Variable, VD->getName());
    // The destructor runs when the variable goes out of scope.
    if (!Pattern && !TileStatic && !VD->getType()->isReferenceType())
      if (const CXXRecordDecl *RD =
              C.Ctx.getBaseElementType(VD->getType())->getAsCXXRecordDecl())
        if (isUsableRecord(RD))
          if (const CXXDestructorDecl *Dtor = RD->getDestructor())
            if (!Dtor->isTrivial())
              callee(Dtor, VD->getLocation(), SourceRange(), NonAmpCallee::LocalDestructor,
                     RD->getNameAsString(), VD->getNameAsString());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (CE->isTypeDependent() || CE->containsErrors())
      return true;
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (isa<CXXPseudoDestructorExpr>(Callee))
      return true;
    // The CPU side of a restrict(cpu, amp) function calls the restrict(cpu)
    // overload (overload/ResolveCpuCalls.cpp); this side runs the amp one.
    const FunctionDecl *Target = ampCallee(CE);
    if (!Target) {
      if (isa<CXXMemberCallExpr>(CE) || isa<BinaryOperator>(Callee))
        D.report(CE->getExprLoc(), ampdiag::err_amp_indirect_call) << 1 << CE->getSourceRange();
      else if (!Callee->getType()->isDependentType())
        D.report(CE->getExprLoc(), ampdiag::err_amp_indirect_call) << 0 << CE->getSourceRange();
      return true;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (MD && MD->isVirtual() && ME && ME->performsVirtualDispatch(C.Ctx.getLangOpts())) {
        D.report(CE->getExprLoc(), ampdiag::err_amp_virtual_call)
            << MD->getNameAsString() << CE->getSourceRange();
        D.report(MD->getLocation(), ampdiag::note_declared_here)
            << "'" + MD->getNameAsString() + "'";
        return true;
      }
    }
    if (isPrintCall(Target) && !CE->isValueDependent())
      checkPrintCall(C, CE, PrintStrings);
    callee(Target, CE->getExprLoc(), CE->getSourceRange(), NonAmpCallee::Function,
           describeFunction(Target));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (E->isTypeDependent() || E->containsErrors())
      return true;
    if (const auto *Ctor = cast_or_null<CXXConstructorDecl>(ampCallee(E->getConstructor())))
      callee(Ctor, E->getExprLoc(), E->getSourceRange(), NonAmpCallee::Constructor,
             qualified(Ctor));
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    if (const CXXTemporary *T = E->getTemporary())
      if (const CXXDestructorDecl *Dtor = T->getDestructor())
        if (!Dtor->isTrivial())
          callee(Dtor, E->getExprLoc(), E->getSourceRange(), NonAmpCallee::TemporaryDestructor,
                 qualified(Dtor));
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    D.report(E->getBeginLoc(), ampdiag::err_amp_construct)
        << AmpConstruct::New << E->getSourceRange();
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    D.report(E->getBeginLoc(), ampdiag::err_amp_construct)
        << AmpConstruct::Delete << E->getSourceRange();
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    D.report(E->getThrowLoc(), ampdiag::err_amp_construct)
        << AmpConstruct::Throw << E->getSourceRange();
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    D.report(S->getTryLoc(), ampdiag::err_amp_construct) << AmpConstruct::TryCatch;
    return true;
  }
  bool VisitSEHTryStmt(SEHTryStmt *S) {
    D.report(S->getTryLoc(), ampdiag::err_amp_construct) << AmpConstruct::SehTry;
    return true;
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    D.report(E->getExprLoc(), ampdiag::err_amp_construct)
        << AmpConstruct::DynamicCast << E->getSourceRange();
    return true;
  }
  bool VisitGotoStmt(GotoStmt *S) {
    D.report(S->getGotoLoc(), ampdiag::err_amp_construct) << AmpConstruct::Goto;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    D.report(S->getGotoLoc(), ampdiag::err_amp_construct) << AmpConstruct::Goto;
    return true;
  }
  bool VisitAddrLabelExpr(AddrLabelExpr *E) {
    D.report(E->getExprLoc(), ampdiag::err_amp_construct) << AmpConstruct::LabelAddress;
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    D.report(S->getIdentLoc(), ampdiag::err_amp_construct) << AmpConstruct::Label;
    return true;
  }
  // Not descending: the assembler strings are no string literals of the program.
  bool TraverseGCCAsmStmt(GCCAsmStmt *S) { return reportAsm(S); }
  bool TraverseMSAsmStmt(MSAsmStmt *S) { return reportAsm(S); }
  bool reportAsm(AsmStmt *S) {
    D.report(S->getAsmLoc(), ampdiag::err_amp_construct) << AmpConstruct::InlineAsm;
    return true;
  }
  bool VisitStringLiteral(StringLiteral *S) {
    if (PrintStrings.count(S))
      return true; // direct3d_printf's format and %s arguments
    D.report(S->getBeginLoc(), ampdiag::err_amp_construct)
        << AmpConstruct::StringLiteral << S->getSourceRange();
    return true;
  }
  bool TraversePredefinedExpr(PredefinedExpr *E) {
    D.report(E->getLocation(), ampdiag::err_amp_predefined_name)
        << PredefinedExpr::getIdentKindName(E->getIdentKind());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (!VD || !VD->hasGlobalStorage() || isTileStatic(VD))
      return true;
    if (E->isNonOdrUse() != NOUR_None || E->isValueDependent())
      return true;
    // In a template's pattern, a static member of a class template is
    // judged in the instantiations.
    if (Pattern && VD->getDeclContext()->isDependentContext())
      return true;
    if (VD->isStaticLocal() || VD->isLocalExternDecl())
      if (const auto *Owner = dyn_cast_or_null<FunctionDecl>(VD->getLexicalDeclContext()))
        if (isAmpRestricted(Owner))
          return true; // its declaration is the error
    // C++ AMP forbids only globals that are not constants: a const object
    // with a constant initializer (scalar, array or class) can be used.
    if (getAmpConstantValue(VD, C.Ctx))
      return true;
    GlobalKind Kind = VD->isStaticDataMember() ? GlobalKind::StaticDataMember
                      : VD->isStaticLocal()    ? GlobalKind::StaticLocal
                                               : GlobalKind::Global;
    D.report(E->getLocation(), ampdiag::err_amp_global_variable)
        << Kind << VD->getNameAsString() << E->getSourceRange();
    D.report(VD->getLocation(), ampdiag::note_declared_here) << "'" + VD->getNameAsString() + "'";
    return true;
  }

  bool VisitCastExpr(CastExpr *E) {
    if (E->getCastKind() == CK_PointerToIntegral || E->getCastKind() == CK_IntegralToPointer)
      D.report(E->getExprLoc(), ampdiag::err_amp_pointer_integer_cast)
          << (E->getCastKind() == CK_IntegralToPointer) << E->getSourceRange();
    if (const auto *EC = dyn_cast<ExplicitCastExpr>(E))
      if (!EC->getTypeAsWritten()->isDependentType())
        checkType(C, EC->getTypeAsWritten(), TypeContext::Amp, E->getExprLoc(), E->getSourceRange(),
                  TypeSubject::Cast);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    BinaryOperatorKind Op = E->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_AddAssign && Op != BO_SubAssign)
      return true;
    if (isBoolPointer(E->getLHS()) || isBoolPointer(E->getRHS()))
      D.report(E->getOperatorLoc(), ampdiag::err_amp_construct)
          << AmpConstruct::BoolPointerArithmetic << E->getSourceRange();
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp() && isBoolPointer(E->getSubExpr()))
      D.report(E->getOperatorLoc(), ampdiag::err_amp_construct)
          << AmpConstruct::BoolPointerArithmetic << E->getSourceRange();
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    const Expr *Base = E->getBase()->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Base))
      if (ICE->getCastKind() == CK_ArrayToPointerDecay)
        return true; // indexing an array of bool is fine
    if (isBoolPointer(Base))
      D.report(E->getExprLoc(), ampdiag::err_amp_construct)
          << AmpConstruct::BoolPointerArithmetic << E->getSourceRange();
    return true;
  }

private:
  static bool isBoolPointer(const Expr *E) {
    QualType T = E->getType();
    if (T.isNull() || !T->isPointerType())
      return false;
    return T->getPointeeType()->isBooleanType();
  }

  static std::string qualified(const FunctionDecl *F) { return F->getQualifiedNameAsString(); }

  // Name and Var as NonAmpCall has them.
  void callee(const FunctionDecl *Target, SourceLocation Loc, SourceRange Range, NonAmpCallee What,
              const std::string &Name, const std::string &Var = "") {
    if (Target->isInvalidDecl())
      return;
    if (!Pattern)
      C.Calls[FD].push_back(CallEdge{Target, Loc, Range});
    if (isAmpCallable(Target))
      return;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Target))
      if (MD->getParent()->isLambda() && Pattern)
        return;
    CheckContext::NonAmpCall NC;
    NC.Caller = FD;
    NC.Callee = Target;
    NC.Loc = Loc;
    NC.Range = Range;
    NC.What = What;
    NC.Name = Name;
    NC.Var = Var;
    C.NonAmpCalls.push_back(NC);
  }

  CheckContext &C;
  AmpDiagnostics &D;
  const FunctionDecl *FD;
  bool Pattern; // a template's pattern: only what does not depend on it
  // String literals a direct3d_printf call holds, visited after the call.
  llvm::SmallPtrSet<const StringLiteral *, 4> PrintStrings;
};

} // namespace

void ampvk::collectAmpFunctions(CheckContext &C) {
  for (const Kernel &K : C.Kernels)
    if (K.CallOperator && K.CallOperator->hasBody() && isAmpRestricted(K.CallOperator))
      C.AmpFunctions.insert(K.CallOperator);
  for (const FunctionDecl *FD : C.functions(FunctionSet::Definitions))
    if (isAmpRestricted(FD) && getIntrinsicName(FD).empty())
      C.AmpFunctions.insert(FD);
}

void ampvk::checkAmpBodies(CheckContext &C) {
  for (unsigned I = 0; I < C.AmpFunctions.size(); ++I) {
    const FunctionDecl *FD = C.AmpFunctions[I];
    if (!FD->getBody())
      continue;
    BodyChecker(C, FD).run();
  }
}
