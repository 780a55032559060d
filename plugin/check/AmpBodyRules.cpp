//===- AmpBodyRules.cpp - Statements and expressions in restrict(amp) code -===//
//
// C++ AMP v1.2 §2.4 and Microsoft's "restrict (C++ AMP)": in a restrict(amp)
// function body there are no calls to functions that are not restrict(amp)
// (reported with the call chain by CallGraph.cpp), no virtual calls, no calls
// through function pointers, no goto or labels, no try/catch/throw, no
// dynamic_cast or typeid, no new/delete, no asm, no static/extern/thread_local
// locals (tile_static is the way to share memory), no access to global or
// static variables other than integral constants, no pointer <-> integer
// casts, no pointer arithmetic on bool*, no string literals, and only the
// types AmpTypeRules allows.
//
// Only code that runs is checked (EvaluatedCodeVisitor.h).
//
//===----------------------------------------------------------------------===//
#include "AmpTypeRules.h"
#include "CheckContext.h"
#include "EvaluatedCodeVisitor.h"

#include "attrs/AmpAttributes.h"

using namespace clang;
using namespace ampvk;

namespace {

class BodyChecker : public EvaluatedCodeVisitor<BodyChecker> {
public:
  BodyChecker(CheckContext &C, const FunctionDecl *FD)
      : EvaluatedCodeVisitor(C.Ctx), C(C), D(C.Diags), FD(FD),
        Pattern(FD->isDependentContext()) {}

  void run() { traverseFunction(FD); }

  void nestedLambda(LambdaExpr *LE) { checkLambdaCaptures(C, LE, /*IsKernel=*/false); }

  bool TraverseCXXTypeidExpr(CXXTypeidExpr *E) {
    D.error(E->getExprLoc(), "typeid cannot be used in restrict(amp) code", E->getSourceRange());
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (isa<ParmVarDecl>(VD) || VD->isInvalidDecl())
      return true;
    bool TileStatic = isTileStatic(VD);
    if (VD->getTSCSpec() != TSCS_unspecified)
      D.error(VD->getLocation(), "restrict(amp) code cannot declare thread_local variables");
    else if (VD->isStaticLocal() && !TileStatic)
      D.error(VD->getLocation(), "restrict(amp) code cannot declare static variables; use "
                                 "tile_static for memory shared by the threads of a tile");
    else if (VD->hasExternalStorage())
      D.error(VD->getLocation(), "restrict(amp) code cannot declare extern variables");
    if (!VD->getType()->isDependentType())
      checkType(C, VD->getType(), TypeContext::Amp, VD->getLocation(),
                VD->getTypeSourceInfo() ? VD->getTypeSourceInfo()->getTypeLoc().getSourceRange()
                                        : SourceRange(),
                "variable '" + VD->getNameAsString() + "'");
    // The destructor runs when the variable goes out of scope.
    if (!Pattern && !TileStatic && !VD->getType()->isReferenceType())
      if (const CXXRecordDecl *RD =
              C.Ctx.getBaseElementType(VD->getType())->getAsCXXRecordDecl())
        if (isUsableRecord(RD))
          if (const CXXDestructorDecl *Dtor = RD->getDestructor())
            if (!Dtor->isTrivial())
              callee(Dtor, VD->getLocation(), SourceRange(),
                     "the destructor of '" + RD->getNameAsString() + "' (run when '" +
                         VD->getNameAsString() + "' goes out of scope)");
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (CE->isTypeDependent() || CE->containsErrors())
      return true;
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (isa<CXXPseudoDestructorExpr>(Callee))
      return true;
    const FunctionDecl *Target = CE->getDirectCallee();
    if (!Target) {
      if (isa<CXXMemberCallExpr>(CE) || isa<BinaryOperator>(Callee))
        D.error(CE->getExprLoc(),
                "restrict(amp) code cannot call through a pointer to member function",
                CE->getSourceRange());
      else if (!Callee->getType()->isDependentType())
        D.error(CE->getExprLoc(), "restrict(amp) code cannot call through a function pointer",
                CE->getSourceRange());
      return true;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (MD && MD->isVirtual() && ME && ME->performsVirtualDispatch(C.Ctx.getLangOpts())) {
        D.error(CE->getExprLoc(),
                "restrict(amp) code cannot make virtual calls ('" + MD->getNameAsString() +
                    "' is virtual)",
                CE->getSourceRange());
        D.note(MD->getLocation(), "'" + MD->getNameAsString() + "' declared here");
        return true;
      }
    }
    callee(Target, CE->getExprLoc(), CE->getSourceRange(), describeFunction(Target));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (E->isTypeDependent() || E->containsErrors())
      return true;
    if (const CXXConstructorDecl *Ctor = E->getConstructor())
      callee(Ctor, E->getExprLoc(), E->getSourceRange(),
             "the constructor '" + qualified(Ctor) + "'");
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    if (const CXXTemporary *T = E->getTemporary())
      if (const CXXDestructorDecl *Dtor = T->getDestructor())
        if (!Dtor->isTrivial())
          callee(Dtor, E->getExprLoc(), E->getSourceRange(),
                 "the destructor '" + qualified(Dtor) + "' (of a temporary)");
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    D.error(E->getBeginLoc(), "restrict(amp) code cannot use 'new'", E->getSourceRange());
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    D.error(E->getBeginLoc(), "restrict(amp) code cannot use 'delete'", E->getSourceRange());
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    D.error(E->getThrowLoc(), "restrict(amp) code cannot throw exceptions",
            E->getSourceRange());
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    D.error(S->getTryLoc(), "restrict(amp) code cannot use try/catch");
    return true;
  }
  bool VisitSEHTryStmt(SEHTryStmt *S) {
    D.error(S->getTryLoc(), "restrict(amp) code cannot use __try");
    return true;
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    D.error(E->getExprLoc(), "restrict(amp) code cannot use dynamic_cast",
            E->getSourceRange());
    return true;
  }
  bool VisitGotoStmt(GotoStmt *S) {
    D.error(S->getGotoLoc(), "restrict(amp) code cannot use goto");
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    D.error(S->getGotoLoc(), "restrict(amp) code cannot use goto");
    return true;
  }
  bool VisitAddrLabelExpr(AddrLabelExpr *E) {
    D.error(E->getExprLoc(), "restrict(amp) code cannot take the address of a label");
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    D.error(S->getIdentLoc(), "restrict(amp) code cannot have labels");
    return true;
  }
  // Not descending: the assembler strings are no string literals of the program.
  bool TraverseGCCAsmStmt(GCCAsmStmt *S) { return reportAsm(S); }
  bool TraverseMSAsmStmt(MSAsmStmt *S) { return reportAsm(S); }
  bool reportAsm(AsmStmt *S) {
    D.error(S->getAsmLoc(), "restrict(amp) code cannot contain inline assembly");
    return true;
  }
  bool VisitStringLiteral(StringLiteral *S) {
    D.error(S->getBeginLoc(), "restrict(amp) code cannot use string literals",
            S->getSourceRange());
    return true;
  }
  bool TraversePredefinedExpr(PredefinedExpr *E) {
    D.error(E->getLocation(), "restrict(amp) code cannot use string literals ('" +
                                  PredefinedExpr::getIdentKindName(E->getIdentKind()) + "')");
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
    QualType T = VD->getType();
    if (!T->isDependentType() && T->isIntegralOrEnumerationType() &&
        VD->isUsableInConstantExpressions(C.Ctx))
      return true;
    std::string Kind = VD->isStaticDataMember() ? "static data member"
                       : VD->isStaticLocal()    ? "static variable"
                                                : "global variable";
    D.error(E->getLocation(),
            "restrict(amp) code cannot use the " + Kind + " '" + VD->getNameAsString() +
                "' (only integral constants can be used; pass the value in instead)",
            E->getSourceRange());
    D.note(VD->getLocation(), "'" + VD->getNameAsString() + "' declared here");
    return true;
  }

  bool VisitCastExpr(CastExpr *E) {
    if (E->getCastKind() == CK_PointerToIntegral || E->getCastKind() == CK_IntegralToPointer)
      D.error(E->getExprLoc(),
              E->getCastKind() == CK_PointerToIntegral
                  ? "restrict(amp) code cannot convert a pointer to an integer"
                  : "restrict(amp) code cannot convert an integer to a pointer",
              E->getSourceRange());
    if (const auto *EC = dyn_cast<ExplicitCastExpr>(E))
      if (!EC->getTypeAsWritten()->isDependentType())
        checkType(C, EC->getTypeAsWritten(), TypeContext::Amp, E->getExprLoc(),
                  E->getSourceRange(), "the cast");
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    BinaryOperatorKind Op = E->getOpcode();
    if (Op != BO_Add && Op != BO_Sub && Op != BO_AddAssign && Op != BO_SubAssign)
      return true;
    if (isBoolPointer(E->getLHS()) || isBoolPointer(E->getRHS()))
      D.error(E->getOperatorLoc(), "restrict(amp) code cannot do pointer arithmetic on bool*",
              E->getSourceRange());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp() && isBoolPointer(E->getSubExpr()))
      D.error(E->getOperatorLoc(), "restrict(amp) code cannot do pointer arithmetic on bool*",
              E->getSourceRange());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    const Expr *Base = E->getBase()->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Base))
      if (ICE->getCastKind() == CK_ArrayToPointerDecay)
        return true; // indexing an array of bool is fine
    if (isBoolPointer(Base))
      D.error(E->getExprLoc(), "restrict(amp) code cannot do pointer arithmetic on bool*",
              E->getSourceRange());
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

  void callee(const FunctionDecl *Target, SourceLocation Loc, SourceRange Range,
              const std::string &What) {
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
    NC.Message = "restrict(amp) code cannot call " + What + ", which is not restrict(amp)";
    C.NonAmpCalls.push_back(NC);
  }

  CheckContext &C;
  AmpDiagnostics &D;
  const FunctionDecl *FD;
  bool Pattern; // a template's pattern: only what does not depend on it
};

} // namespace

void ampvk::collectAmpFunctions(CheckContext &C) {
  for (const Kernel &K : C.Kernels)
    if (K.CallOperator && K.CallOperator->hasBody() && isAmpRestricted(K.CallOperator))
      C.AmpFunctions.insert(K.CallOperator);
  forEachFunction(C.Ctx, FunctionSet::Definitions, [&](const FunctionDecl *FD) {
    if (isAmpRestricted(FD) && getIntrinsicName(FD).empty())
      C.AmpFunctions.insert(FD);
  });
}

void ampvk::checkAmpBodies(CheckContext &C) {
  for (unsigned I = 0; I < C.AmpFunctions.size(); ++I) {
    const FunctionDecl *FD = C.AmpFunctions[I];
    if (!FD->getBody())
      continue;
    BodyChecker(C, FD).run();
  }
}
