//===- Conditionals.cpp - ?: and its class-typed forms --------------------===//
//
// The conditional operator as a value (OpSelect when both arms are cheap and
// cannot fault, else branches), as a place, and for class types, which are
// copied only where a copy could be observed.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"
#include "attrs/AmpAttributes.h"

#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

const ConditionalOperator *
KernelEmitter::plainConditional(const AbstractConditionalOperator *E) {
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return CO;
  unsupported(E->getExprLoc(), UnsupportedConstruct::GnuConditional);
  return nullptr;
}


void KernelEmitter::emitConditionalBranches(const ConditionalOperator *CO,
                                            llvm::function_ref<void(const Expr *)> Arm) {
  // Only the chosen arm is evaluated, as C++ requires.
  SpvId C = emitCondition(CO->getCond());
  if (!C)
    return;
  SpvId Then = B.newLabel(), Else = B.newLabel(), Merge = B.newLabel();
  B.emitVoid(Op::OpSelectionMerge,
             {Merge, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
  B.emitVoid(Op::OpBranchConditional, {C, Then, Else});
  Lifetimes.enterConditional();
  B.beginBlock(Then);
  Arm(CO->getTrueExpr());
  B.emitVoid(Op::OpBranch, {Merge});
  B.beginBlock(Else);
  Arm(CO->getFalseExpr());
  B.emitVoid(Op::OpBranch, {Merge});
  Lifetimes.leaveConditional();
  B.beginBlock(Merge);
}

LValue KernelEmitter::emitConditionalCopy(const ConditionalOperator *CO) {
  // Both arms through a variable: works for every type, and the optimizer turns
  // it into OpSelect or a phi.
  LValue Result = localVariable(CO->getType(), CO->getExprLoc(), "");
  if (!Result.valid())
    return Result;
  emitConditionalBranches(CO, [&](const Expr *Arm) { emitInitInto(Result, Arm); });
  return Result;
}

SpvId KernelEmitter::emitConditional(const AbstractConditionalOperator *E) {
  const ConditionalOperator *CO = plainConditional(E);
  if (!CO)
    return 0;
  if (E->getType()->isVoidType()) {
    // `c ? f() : g()` with void calls: only the side effects matter.
    emitConditionalBranches(CO, [&](const Expr *Arm) { emitDiscarded(Arm); });
    return 0;
  }
  return load(emitConditionalCopy(CO), E->getExprLoc());
}

namespace {
// True when a call cannot tell its const-reference arguments (or a const
// `this`) from copies: it has no other way to reach, and so to modify, the
// objects they refer to.
bool cannotObserveCopies(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->isInstance() && !MD->isConst())
      return false;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    if (T->isPointerType())
      return false;
    if (!T->isReferenceType())
      continue;
    QualType Pointee = T->getPointeeType();
    // An array_view or array reaches memory even when it is const.
    if (!Pointee.isConstQualified() || !getAmpClassName(Pointee).empty())
      return false;
  }
  return true;
}

// True when argument `Arg` (one of `Args`) binds to a parameter of FD that is a
// reference to const.
bool bindsConstRefParam(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args,
                        const Expr *Arg) {
  if (!FD)
    return false;
  for (unsigned I = 0; I < Args.size() && I < FD->getNumParams(); ++I)
    if (Args[I] == Arg) {
      QualType T = FD->getParamDecl(I)->getType();
      return T->isReferenceType() && T->getPointeeType().isConstQualified();
    }
  return false;
}
} // namespace

bool KernelEmitter::isOnlyRead(const Expr *E) {
  const Expr *Cur = E;
  unsigned FrameIndex = Frames.size() - 1; // the function that contains Cur
  while (true) {
    // An element of an initializer list has the list as written (its syntactic
    // form, nested lists included) among its parents, beside the conversion
    // Sema added around it in the list it completed (the read). When such a
    // conversion is there, it says how the element is used.
    DynTypedNodeList AllParents = Ctx.getParents(*Cur);
    llvm::SmallVector<DynTypedNode, 2> Parents;
    for (const DynTypedNode &Parent : AllParents)
      if (!Parent.get<InitListExpr>())
        Parents.push_back(Parent);
    if (Parents.empty())
      Parents.assign(AllParents.begin(), AllParents.end());
    if (Parents.size() != 1)
      return false;
    if (Parents[0].get<ReturnStmt>()) {
      // Returned by const reference (`return a < b ? b : a;` in a max()):
      // how the call is used decides.
      const Frame &F = *Frames[FrameIndex];
      if (F.IsKernel || !F.Site || FrameIndex == 0 || !F.RetType->isReferenceType() ||
          !F.RetType->getPointeeType().isConstQualified())
        return false;
      Cur = F.Site;
      --FrameIndex;
      continue;
    }
    const Expr *P = Parents[0].get<Expr>();
    if (!P)
      return false; // a declaration or statement may keep a reference
    if (isa<ParenExpr>(P) || isa<ExprWithCleanups>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (CO->getCond() == Cur)
        return true;
      Cur = P; // an arm: the enclosing conditional's use decides
      continue;
    }
    if (const auto *Cast = dyn_cast<CastExpr>(P)) {
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
      case CK_ToVoid:
        return true;
      case CK_NoOp:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
        if (!Cast->isGLValue())
          return false;
        Cur = P;
        continue;
      default:
        return false;
      }
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->isArrow())
        return false;
      if (isa<FieldDecl>(ME->getMemberDecl())) {
        Cur = P;
        continue;
      }
      // The object of a member call.
      return cannotObserveCopies(dyn_cast<CXXMethodDecl>(ME->getMemberDecl()));
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      // A copy or move constructor reads its source once, into a new object.
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor())
        return true;
      return cannotObserveCopies(Ctor) &&
             bindsConstRefParam(Ctor, llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()), Cur);
    }
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
      if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
          MD && MD->isInstance() && isa<CXXOperatorCallExpr>(Call)) {
        if (Args.front() == Cur)
          return cannotObserveCopies(MD); // the object of a member operator
        Args = Args.drop_front();
      }
      return cannotObserveCopies(FD) && bindsConstRefParam(FD, Args, Cur);
    }
    return false;
  }
}

LValue KernelEmitter::emitConditionalLValue(const AbstractConditionalOperator *E) {
  const ConditionalOperator *CO = plainConditional(E);
  if (!CO)
    return LValue();
  // SPIR-V's logical addressing cannot choose between two pointers at run time
  // (that needs VariablePointers). When the result is only read, a copy of the
  // chosen object is indistinguishable from the object itself.
  if (isOnlyRead(E))
    return emitConditionalCopy(CO);
  unsupported(E->getExprLoc(), UnsupportedConstruct::ConditionalObjectReference);
  return LValue();
}
