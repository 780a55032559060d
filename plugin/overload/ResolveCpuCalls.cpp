//===- ResolveCpuCalls.cpp ------------------------------------------------===//
#include "ResolveCpuCalls.h"

#include "attrs/RestrictionOverloads.h"
#include "check/CheckContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Sema/Initialization.h"
#include "clang/Sema/Overload.h"

using namespace clang;
using namespace ampvk;

namespace {

// CXXConstructExpr has no setter for its constructor (Sema makes a new node),
// but its parents hold it in places without setters either (member
// initializers). An explicit instantiation may name a private member
// ([temp.spec.general]/6), which gives a pointer to it.
using ConstructorMember = CXXConstructorDecl *CXXConstructExpr::*;
ConstructorMember constructorMember();
template <ConstructorMember M> struct ConstructorAccess {
  friend ConstructorMember constructorMember() { return M; }
};
template struct ConstructorAccess<&CXXConstructExpr::Constructor>;

// The cpu sibling of a function CPU code refers to at Loc, when that
// function is amp only.
FunctionDecl *cpuSibling(ValueDecl *D, SourceLocation Loc, Sema *S) {
  auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  if (!FD || getEffectiveRestrictions(FD) != RestrictAmp)
    return nullptr;
  const FunctionTemplateDecl *Uninstantiated = nullptr;
  auto *Sibling = const_cast<FunctionDecl *>(
      findRestrictionSibling(FD, RestrictCpu, S ? &Uninstantiated : nullptr));
  if (!Sibling && Uninstantiated &&
      S->TemplateParameterListsAreEqual(
          const_cast<FunctionTemplateDecl *>(Uninstantiated)->getTemplateParameters(),
          FD->getPrimaryTemplate()->getTemplateParameters(), /*Complain=*/false,
          Sema::TPL_TemplateMatch)) {
    FunctionDecl *Spec = S->InstantiateFunctionDeclaration(
        const_cast<FunctionTemplateDecl *>(Uninstantiated), FD->getTemplateSpecializationArgs(),
        Loc);
    if (Spec && FD->getASTContext().hasSameType(Spec->getType(), FD->getType()))
      Sibling = Spec;
  }
  if (!Sibling)
    return nullptr;
  // Sema saw only the amp one referenced: instantiate the sibling's body if
  // it is a template's, and keep -Wunused-function quiet.
  if (S) {
    S->MarkFunctionReferenced(Loc, Sibling);
  } else {
    Sibling->setReferenced();
    Sibling->setIsUsed();
  }
  return Sibling;
}

// A free function's call that Clang resolved to FD, which code of restriction
// Side cannot call, with no sibling of the same type that it can (`template
// <class T> bool f(T) restrict(cpu)` beside `bool f(float) restrict(amp)`):
// that side's own overload resolution, among the functions of FD's name and
// scope it may call, on the arguments as written. For the CPU side the call
// is rewritten for the winner, and the amp side keeps FD and its arguments;
// for the amp side the AST stays as it is. Either way recordAmpSideCall says
// what the amp side calls. Left to the checker's error when the winner
// returns another type, when an argument or parameter is a class passed by
// value, with explicit template arguments or default arguments.
bool resolveAcrossSignatures(CallExpr *CE, Sema &S, RestrictionBits Side) {
  if (isa<CXXMemberCallExpr, CXXOperatorCallExpr>(CE) || ampSideCall(CE))
    return false;
  auto *Decay = dyn_cast<ImplicitCastExpr>(CE->getCallee());
  auto *Ref = Decay ? dyn_cast<DeclRefExpr>(Decay->getSubExpr()->IgnoreParens()) : nullptr;
  auto *FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  if (!FD || Ref->hasExplicitTemplateArgs() || (getEffectiveRestrictions(FD) & Side))
    return false;
  const FunctionTemplateDecl *Uninstantiated = nullptr;
  if (findRestrictionSibling(FD, Side, &Uninstantiated) || Uninstantiated)
    return false; // a sibling of the same type: VisitDeclRefExpr / ampCallee take it
  ASTContext &Ctx = S.getASTContext();
  llvm::SmallVector<Expr *, 4> Written;
  for (Expr *Arg : CE->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg) || Arg->getType()->isRecordType())
      return false;
    Written.push_back(Arg->IgnoreImpCasts());
  }
  SourceLocation Loc = CE->getBeginLoc();
  OverloadCandidateSet Candidates(Loc, OverloadCandidateSet::CSK_Normal);
  const DeclContext *DC = FD->getPrimaryTemplate()
                              ? FD->getPrimaryTemplate()->getDeclContext()
                              : FD->getDeclContext();
  for (NamedDecl *ND : DC->lookup(FD->getDeclName())) {
    NamedDecl *Under = ND->getUnderlyingDecl();
    if (auto *FTD = dyn_cast<FunctionTemplateDecl>(Under)) {
      if (getEffectiveRestrictions(FTD->getTemplatedDecl()) & Side)
        S.AddTemplateOverloadCandidate(FTD, DeclAccessPair::make(ND, AS_none), nullptr,
                                       Written, Candidates);
    } else if (auto *G = dyn_cast<FunctionDecl>(Under)) {
      if (getEffectiveRestrictions(G) & Side)
        S.AddOverloadCandidate(G, DeclAccessPair::make(ND, AS_none), Written, Candidates);
    }
  }
  OverloadCandidateSet::iterator Best;
  if (Candidates.BestViableFunction(S, Loc, Best) != OR_Success)
    return false;
  FunctionDecl *Chosen = Best->Function;
  if (!Chosen || Chosen->getNumParams() != CE->getNumArgs() ||
      !Ctx.hasSameType(Chosen->getCallResultType(), CE->getType()))
    return false;
  llvm::SmallVector<Expr *, 4> Converted;
  for (unsigned I = 0; I < Chosen->getNumParams(); ++I) {
    ParmVarDecl *P = Chosen->getParamDecl(I);
    if (P->getType()->isRecordType())
      return false;
    ExprResult R = S.PerformCopyInitialization(InitializedEntity::InitializeParameter(Ctx, P),
                                               SourceLocation(), Written[I]);
    if (R.isInvalid())
      return false;
    Converted.push_back(R.get());
  }
  S.MarkFunctionReferenced(Loc, Chosen);
  AmpSideCall Amp;
  if (Side == RestrictAmp) {
    Amp.Callee = Chosen;
    Amp.Args.assign(Converted.begin(), Converted.end());
    recordAmpSideCall(CE, std::move(Amp));
    return true;
  }
  Amp.Callee = FD;
  Amp.Args.assign(CE->arg_begin(), CE->arg_end());
  recordAmpSideCall(CE, std::move(Amp));
  Ref->setDecl(Chosen);
  Ref->setType(Chosen->getType());
  Decay->setType(Ctx.getPointerType(Chosen->getType()));
  for (unsigned I = 0; I < Converted.size(); ++I)
    CE->setArg(I, Converted[I]);
  return true;
}

// What one function body (or initializer) holds, not the bodies of lambdas
// and local classes written in it, which are functions of their own.
template <typename Derived> class OwnBodyVisitor : public RecursiveASTVisitor<Derived> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseDecl(Decl *D) {
    if (D && isa<TagDecl, FunctionDecl, FunctionTemplateDecl, ClassTemplateDecl>(D))
      return true;
    return RecursiveASTVisitor<Derived>::TraverseDecl(D);
  }
};

// The amp side of a function's calls, resolved again where Clang's one
// resolution chose a function amp code cannot call.
class AmpSideResolver : public OwnBodyVisitor<AmpSideResolver> {
public:
  explicit AmpSideResolver(Sema &S) : S(S) {}
  bool VisitCallExpr(CallExpr *E) {
    resolveAcrossSignatures(E, S, RestrictAmp);
    return true;
  }

private:
  Sema &S;
};

// The CPU side's references in one function body (or initializer).
class BodyResolver : public OwnBodyVisitor<BodyResolver> {
public:
  explicit BodyResolver(Sema *S) : S(S) {}
  bool VisitCallExpr(CallExpr *E) {
    if (S)
      resolveAcrossSignatures(E, *S, RestrictCpu);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getDecl(), E->getLocation(), S))
      E->setDecl(Sibling);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getConstructor(), E->getLocation(), S))
      E->*constructorMember() = cast<CXXConstructorDecl>(Sibling);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getMemberDecl(), E->getMemberLoc(), S))
      E->setMemberDecl(Sibling);
    return true;
  }

private:
  Sema *S;
};

} // namespace

void ampvk::resolveCpuCalls(Decl *D, Sema *S) {
  forEachFunctionIn(D, FunctionSet::Definitions, [&](const FunctionDecl *Const) {
    auto *FD = const_cast<FunctionDecl *>(Const);
    if (FD->isDependentContext())
      return;
    unsigned Restrictions = getEffectiveRestrictions(FD);
    if (S && (Restrictions & RestrictAmp) && FD->getBody())
      AmpSideResolver(*S).TraverseStmt(FD->getBody());
    if (!(Restrictions & RestrictCpu))
      return;
    BodyResolver R(S);
    if (auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          R.TraverseStmt(Init->getInit());
    R.TraverseStmt(FD->getBody());
  });
  forEachGlobalInitializer(D, [&](Expr *Init) { BodyResolver(S).TraverseStmt(Init); });
}
