//===- ResolveCpuCalls.cpp ------------------------------------------------===//
#include "ResolveCpuCalls.h"

#include "attrs/RestrictionOverloads.h"
#include "check/CheckContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Sema/Initialization.h"
#include "clang/Sema/Overload.h"

#include <optional>

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

// The argument as the call spells it: for a class passed by value, the object
// copied into the parameter, not the copy.
Expr *writtenArgument(Expr *Arg) {
  Expr *E = Arg->IgnoreImplicit();
  if (auto *Copy = dyn_cast<CXXConstructExpr>(E))
    if (Copy->getNumArgs() == 1 && Copy->getConstructor()->isCopyOrMoveConstructor())
      return Copy->getArg(0)->IgnoreImplicit();
  return Arg->IgnoreImpCasts();
}

// A class whose copies the rewritten call may make without cleanups of its own.
bool isTriviallyDestroyed(QualType T) {
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return !RD || RD->hasTrivialDestructor();
}

// A call of a free or member function that Clang resolved to FD, which code of restriction
// Side cannot call, with no sibling of the same type that it can (`template
// <class T> bool f(T) restrict(cpu)` beside `bool f(float) restrict(amp)`):
// that side's own overload resolution, among the functions of FD's name and
// scope it may call, on the arguments as written with the call's explicit
// template arguments; parameters past the written arguments take the chosen
// function's default arguments. For the CPU side the result is a new call,
// returned for the caller to put in CE's place, and the amp side keeps CE's
// callee and arguments; for the amp side the AST stays as it is. Either way
// recordAmpSideCall says what the amp side calls. Null, and left to the
// checker's error, when the winner returns another type than CE (the
// enclosing expression was typed for CE) or an argument is a class with a
// non-trivial destructor.
CallExpr *resolveAcrossSignatures(CallExpr *CE, Sema &S, RestrictionBits Side) {
  if (isa<CXXOperatorCallExpr>(CE) || ampSideCall(CE))
    return nullptr;
  // f(args) or object.f(args), object->f(args).
  DeclRefExpr *Ref = nullptr;
  MemberExpr *Member = nullptr;
  FunctionDecl *FD = nullptr;
  if (isa<CXXMemberCallExpr>(CE)) {
    Member = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParens());
    auto *MD = Member ? dyn_cast<CXXMethodDecl>(Member->getMemberDecl()) : nullptr;
    if (!MD || MD->isStatic())
      return nullptr;
    FD = MD;
  } else {
    auto *Decay = dyn_cast<ImplicitCastExpr>(CE->getCallee());
    Ref = Decay ? dyn_cast<DeclRefExpr>(Decay->getSubExpr()->IgnoreParens()) : nullptr;
    FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  }
  if (!FD || (getEffectiveRestrictions(FD) & Side))
    return nullptr;
  const FunctionTemplateDecl *Uninstantiated = nullptr;
  if (findRestrictionSibling(FD, Side, &Uninstantiated) || Uninstantiated)
    return nullptr; // a sibling of the same type: VisitDeclRefExpr / ampCallee take it
  ASTContext &Ctx = S.getASTContext();
  llvm::SmallVector<Expr *, 4> Written;
  for (Expr *Arg : CE->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    if (!isTriviallyDestroyed(Arg->getType()))
      return nullptr;
    Written.push_back(writtenArgument(Arg));
  }
  TemplateArgumentListInfo ExplicitArgs;
  bool HasExplicitArgs =
      Member ? Member->hasExplicitTemplateArgs() : Ref->hasExplicitTemplateArgs();
  if (HasExplicitArgs)
    Member ? Member->copyTemplateArgumentsInto(ExplicitArgs)
           : Ref->copyTemplateArgumentsInto(ExplicitArgs);
  // The object of a member call, as overload resolution sees it.
  QualType ObjectType;
  Expr::Classification ObjectClass;
  if (Member) {
    Expr *Base = Member->getBase();
    ObjectType = Member->isArrow() ? Base->getType()->getPointeeType() : Base->getType();
    ObjectClass =
        Member->isArrow() ? Expr::Classification::makeSimpleLValue() : Base->Classify(Ctx);
  }
  SourceLocation Loc = CE->getBeginLoc();
  OverloadCandidateSet Candidates(Loc, OverloadCandidateSet::CSK_Normal);
  const DeclContext *DC = FD->getPrimaryTemplate()
                              ? FD->getPrimaryTemplate()->getDeclContext()
                              : FD->getDeclContext();
  for (NamedDecl *ND : DC->lookup(FD->getDeclName())) {
    NamedDecl *Under = ND->getUnderlyingDecl();
    DeclAccessPair Found = DeclAccessPair::make(ND, ND->getAccess());
    if (auto *FTD = dyn_cast<FunctionTemplateDecl>(Under)) {
      if (!(getEffectiveRestrictions(FTD->getTemplatedDecl()) & Side))
        continue;
      if (Member)
        S.AddMethodTemplateCandidate(FTD, Found, cast<CXXRecordDecl>(FTD->getDeclContext()),
                                     HasExplicitArgs ? &ExplicitArgs : nullptr, ObjectType,
                                     ObjectClass, Written, Candidates);
      else
        S.AddTemplateOverloadCandidate(FTD, Found, HasExplicitArgs ? &ExplicitArgs : nullptr,
                                       Written, Candidates);
    } else if (auto *G = dyn_cast<FunctionDecl>(Under)) {
      if (HasExplicitArgs || !(getEffectiveRestrictions(G) & Side))
        continue;
      auto *GM = dyn_cast<CXXMethodDecl>(G);
      if (Member && GM && !GM->isStatic())
        S.AddMethodCandidate(GM, Found, GM->getParent(), ObjectType, ObjectClass, Written,
                             Candidates);
      else if (!Member)
        S.AddOverloadCandidate(G, Found, Written, Candidates);
    }
  }
  OverloadCandidateSet::iterator Best;
  if (Candidates.BestViableFunction(S, Loc, Best) != OR_Success)
    return nullptr;
  FunctionDecl *Chosen = Best->Function;
  if (!Chosen || Chosen->getNumParams() < Written.size() ||
      !Ctx.hasSameType(Chosen->getCallResultType(), CE->getType()))
    return nullptr;
  for (ParmVarDecl *P : Chosen->parameters())
    if (!isTriviallyDestroyed(P->getType()))
      return nullptr;
  AmpSideCall Amp;
  if (Side == RestrictAmp) {
    for (unsigned I = 0; I < Chosen->getNumParams(); ++I) {
      ParmVarDecl *P = Chosen->getParamDecl(I);
      ExprResult R =
          I < Written.size()
              ? S.PerformCopyInitialization(InitializedEntity::InitializeParameter(Ctx, P),
                                            SourceLocation(), Written[I])
              : S.BuildCXXDefaultArgExpr(CE->getRParenLoc(), Chosen, P);
      if (R.isInvalid())
        return nullptr;
      Amp.Args.push_back(R.get());
    }
    S.MarkFunctionReferenced(Loc, Chosen);
    Amp.Callee = Chosen;
    recordAmpSideCall(CE, std::move(Amp));
    return nullptr;
  }
  ExprResult NewCall;
  if (Member) {
    MemberExpr *NewMember = S.BuildMemberExpr(
        Member->getBase(), Member->isArrow(), Member->getOperatorLoc(),
        Member->getQualifierLoc(), Member->getTemplateKeywordLoc(), Chosen,
        DeclAccessPair::make(Chosen, Chosen->getAccess()), /*HadMultipleCandidates=*/true,
        Member->getMemberNameInfo(), Ctx.BoundMemberTy, VK_PRValue, OK_Ordinary,
        HasExplicitArgs ? &ExplicitArgs : nullptr);
    NewCall = S.BuildCallToMemberFunction(nullptr, NewMember, Member->getEndLoc(), Written,
                                          CE->getRParenLoc());
  } else {
    DeclRefExpr *NewRef = S.BuildDeclRefExpr(Chosen, Chosen->getType(), VK_LValue,
                                             Ref->getNameInfo(), Ref->getQualifierLoc(),
                                             Ref->getFoundDecl(), Ref->getTemplateKeywordLoc(),
                                             HasExplicitArgs ? &ExplicitArgs : nullptr);
    NewCall =
        S.BuildResolvedCallExpr(NewRef, Chosen, Ref->getEndLoc(), Written, CE->getRParenLoc());
  }
  auto *New = dyn_cast_or_null<CallExpr>(NewCall.get());
  if (NewCall.isInvalid() || !New || !Ctx.hasSameType(New->getType(), CE->getType()) ||
      New->getValueKind() != CE->getValueKind())
    return nullptr;
  Amp.Callee = FD;
  Amp.Args.assign(CE->arg_begin(), CE->arg_end());
  recordAmpSideCall(New, std::move(Amp));
  return New;
}

// A call whose callee CPU code now reaches through its restrict(cpu) sibling
// but whose arguments still hold the amp overload's default arguments: the
// sibling's own, as C++ AMP's per-side resolution would have filled in.
template <typename CallT> void useSiblingDefaults(CallT *Call, FunctionDecl *Sibling, Sema &S) {
  for (unsigned I = 0; I < Call->getNumArgs() && I < Sibling->getNumParams(); ++I) {
    auto *Default = dyn_cast<CXXDefaultArgExpr>(Call->getArg(I));
    if (!Default || Default->getParam() == Sibling->getParamDecl(I))
      continue;
    ExprResult R = S.BuildCXXDefaultArgExpr(Default->getUsedLocation(), Sibling,
                                            Sibling->getParamDecl(I));
    if (!R.isInvalid())
      Call->setArg(I, R.get());
  }
}

// Puts each replaced expression's replacement in its parent's slot, in S and
// below; the replacements' own subexpressions are searched too.
void replaceSubexpressions(Stmt *S, const llvm::DenseMap<Stmt *, Stmt *> &Replaced) {
  if (!S)
    return;
  for (Stmt *&Child : S->children()) {
    if (!Child)
      continue;
    auto It = Replaced.find(Child);
    if (It != Replaced.end())
      Child = It->second;
    replaceSubexpressions(Child, Replaced);
  }
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

// The CPU side's references in one function body (or initializer). Calls
// resolved again for the CPU are new nodes, collected in Replaced for
// replaceSubexpressions to put in place.
class BodyResolver : public OwnBodyVisitor<BodyResolver> {
public:
  explicit BodyResolver(Sema *S) : S(S) {}
  bool VisitCallExpr(CallExpr *E) {
    if (!S)
      return true;
    if (CallExpr *New = resolveAcrossSignatures(E, *S, RestrictCpu))
      Replaced[E] = New;
    else if (llvm::any_of(E->arguments(), [](Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
      if (FunctionDecl *Sibling = cpuSibling(E->getDirectCallee(), E->getBeginLoc(), S))
        useSiblingDefaults(E, Sibling, *S);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getDecl(), E->getLocation(), S))
      E->setDecl(Sibling);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getConstructor(), E->getLocation(), S)) {
      if (S)
        useSiblingDefaults(E, Sibling, *S);
      E->*constructorMember() = cast<CXXConstructorDecl>(Sibling);
    }
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (FunctionDecl *Sibling = cpuSibling(E->getMemberDecl(), E->getMemberLoc(), S))
      E->setMemberDecl(Sibling);
    return true;
  }

  // Resolves Root's references and puts the new calls in place.
  void resolve(Stmt *Root) {
    TraverseStmt(Root);
    if (!Replaced.empty())
      replaceSubexpressions(Root, Replaced);
    Replaced.clear();
  }

private:
  Sema *S;
  llvm::DenseMap<Stmt *, Stmt *> Replaced;
};

} // namespace

void ampvk::resolveCpuCalls(Decl *D, Sema *S) {
  forEachFunctionIn(D, FunctionSet::Definitions, [&](const FunctionDecl *Const) {
    auto *FD = const_cast<FunctionDecl *>(Const);
    if (FD->isDependentContext())
      return;
    unsigned Restrictions = getEffectiveRestrictions(FD);
    // Calls built here are checked as if written in FD.
    std::optional<Sema::ContextRAII> InFD;
    if (S)
      InFD.emplace(*S, FD);
    if (S && (Restrictions & RestrictAmp) && FD->getBody())
      AmpSideResolver(*S).TraverseStmt(FD->getBody());
    if (!(Restrictions & RestrictCpu))
      return;
    BodyResolver R(S);
    if (auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          R.resolve(Init->getInit());
    R.resolve(FD->getBody());
  });
  forEachGlobalInitializer(D, [&](Expr *Init) { BodyResolver(S).resolve(Init); });
}
