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

#include <optional>

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
// Where an object named by an expression can lie, as far as aliasing goes: in
// a local variable (or a by-value parameter), in the memory of an array_view
// or array, in a temporary of its own, or anywhere.
struct Place {
  enum Kind { Local, View, Fresh, Unknown } K = Unknown;
  const VarDecl *Var = nullptr; // for Local
};

bool isViewClass(QualType T) {
  if (T.isNull())
    return false;
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  llvm::StringRef Name = getAmpClassName(T);
  return Name == "array_view" || Name == "array";
}

// The places the object E names can be in (a glvalue ?: contributes both
// arms). Anything not understood is Unknown, which may alias anything.
void placesOf(const Expr *E, llvm::SmallVectorImpl<Place> &Out, unsigned Depth = 0) {
  if (!E || Depth > 32) {
    Out.push_back({});
    return;
  }
  E = E->IgnoreParens();
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return placesOf(FE->getSubExpr(), Out, Depth + 1);
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return placesOf(OVE->getSourceExpr(), Out, Depth + 1);
  if (isa<MaterializeTemporaryExpr>(E) || E->isPRValue()) {
    Out.push_back({Place::Fresh, nullptr}); // a new object nothing else names
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    placesOf(CO->getTrueExpr(), Out, Depth + 1);
    placesOf(CO->getFalseExpr(), Out, Depth + 1);
    return;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      return placesOf(Cast->getSubExpr(), Out, Depth + 1);
    default:
      break;
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (!ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()))
      return placesOf(ME->getBase(), Out, Depth + 1);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      return placesOf(Decay->getSubExpr(), Out, Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (!VD->getType()->isReferenceType()) {
        if (VD->hasLocalStorage()) {
          Out.push_back({Place::Local, VD});
          return;
        }
      } else if (!isa<ParmVarDecl>(VD) && VD->hasLocalStorage() && VD->getInit()) {
        // A reference is never reseated: it names what it was bound to.
        return placesOf(VD->getInit(), Out, Depth + 1);
      }
    }
  // An element of an array_view or array (`av[i]`, `av(i)`).
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E))
    if (Call->getNumArgs() > 0 && isViewClass(Call->getArg(0)->getType())) {
      Out.push_back({Place::View, nullptr});
      return;
    }
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    if (isViewClass(Call->getImplicitObjectArgument()->getType())) {
      Out.push_back({Place::View, nullptr});
      return;
    }
  Out.push_back({});
}

bool mayAlias(const Place &A, const Place &B) {
  if (A.K == Place::Fresh || B.K == Place::Fresh)
    return false;
  if (A.K == Place::Local && B.K == Place::Local)
    return A.Var == B.Var;
  // A local variable is never in the memory of a view.
  if ((A.K == Place::Local && B.K == Place::View) || (A.K == Place::View && B.K == Place::Local))
    return false;
  return true;
}

// Whether Decide says true of T or of any referenced type, array element,
// field or base within it. Decide answers for the type it is given, or
// std::nullopt to look further; an incomplete class, or nesting deeper than 16,
// counts as true.
template <typename DecideFn>
bool anyPart(QualType T, const DecideFn &Decide, unsigned Depth = 0) {
  if (T.isNull() || Depth > 16)
    return true;
  T = T.getCanonicalType();
  if (std::optional<bool> Answer = Decide(T))
    return *Answer;
  if (const auto *Ref = T->getAs<ReferenceType>())
    return anyPart(Ref->getPointeeType(), Decide, Depth + 1);
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    return anyPart(AT->getElementType(), Decide, Depth + 1);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (!RD->hasDefinition())
    return true;
  for (const FieldDecl *F : RD->fields())
    if (anyPart(F->getType(), Decide, Depth + 1))
      return true;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (anyPart(Base.getType(), Decide, Depth + 1))
      return true;
  return false;
}

// True when a value of type T can hold the address of an object (a pointer or
// reference, or a class with one): a callee could keep the address of the
// copy there, or reach the chosen object through it. Scalars, vectors and AMP
// classes hold no address of a local.
bool canHoldAddress(QualType T) {
  return anyPart(T, [](QualType P) -> std::optional<bool> {
    if (P->isPointerType() || P->isReferenceType() || P->isMemberPointerType())
      return true;
    const auto *RD = P->getAsCXXRecordDecl();
    if (RD && !getAmpClassName(RD).empty())
      return false;
    return std::nullopt;
  });
}

// True when a value of type T reaches memory it does not own (an array_view or
// array, or a class holding one): writes through it may land anywhere in a view.
bool reachesMemory(QualType T) {
  return anyPart(T, [](QualType P) -> std::optional<bool> {
    const auto *RD = P->getAsCXXRecordDecl();
    if (RD && !getAmpClassName(RD).empty())
      return true;
    return std::nullopt;
  });
}

// Whether a call that gets the chosen object `Sel` through references to const
// only (parameters `const T &`, or a const `this`) could tell it from a copy.
//
// Through a reference to const the callee cannot modify the object (no const
// casts in kernels), so a copy made before the call holds, for the whole call,
// the very value the object holds. The copy shows only when the callee can
// modify the object some other way during the call and then reads it through
// the reference (or keeps the reference past the call, which the callers
// check): through a non-const `this` or a non-const reference or pointer
// argument naming the same object or one that contains it, or through a view.
// So such a path is allowed only where it provably names another object, and
// where nothing the callee writes can keep the address of the copy.
bool callCanTellCopy(const FunctionDecl *FD, const Expr *Object,
                     llvm::ArrayRef<const Expr *> Args, const Expr *Sel) {
  if (!FD || FD->isVariadic())
    return true;
  if (canHoldAddress(Sel->getType()))
    return true;
  llvm::SmallVector<Place, 4> SelPlaces;
  placesOf(Sel, SelPlaces);
  bool SelOnlyLocal = llvm::all_of(SelPlaces, [](const Place &P) {
    return P.K == Place::Local || P.K == Place::Fresh;
  });
  // A path along which the callee may write, naming `Path` (an object; or,
  // for a pointer, what it points to, when it is `&x`).
  auto writePathMeets = [&](const Expr *Path, QualType Target, bool IsPointer) {
    if (canHoldAddress(Target) || reachesMemory(Target))
      return true;
    llvm::SmallVector<Place, 4> PathPlaces;
    if (!IsPointer)
      placesOf(Path, PathPlaces);
    else if (const auto *UO = dyn_cast<UnaryOperator>(Path->IgnoreParenImpCasts());
             UO && UO->getOpcode() == UO_AddrOf)
      placesOf(UO->getSubExpr(), PathPlaces);
    else
      PathPlaces.push_back({});
    for (const Place &A : SelPlaces)
      for (const Place &B : PathPlaces)
        if (mayAlias(A, B))
          return true;
    return false;
  };

  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance()) {
    if (!Object)
      return true;
    QualType ObjType = Object->getType();
    bool IsPointer = ObjType->isPointerType();
    if (IsPointer)
      ObjType = ObjType->getPointeeType();
    if (Object == Sel) {
      if (!MD->isConst())
        return true; // the callee modifies the chosen object itself
    } else if (!MD->isConst() && writePathMeets(Object, ObjType, IsPointer)) {
      return true;
    } else if (MD->isConst() &&
               (canHoldAddress(ObjType) || (reachesMemory(ObjType) && !SelOnlyLocal))) {
      return true; // a const `this` still reaches what it points to (a lambda's captures)
    }
  }
  for (unsigned I = 0; I < Args.size(); ++I) {
    if (I >= FD->getNumParams())
      return true;
    QualType T = FD->getParamDecl(I)->getType();
    const Expr *Arg = Args[I];
    if (Arg == Sel) {
      if (!T->isReferenceType() || !T->getPointeeType().isConstQualified())
        return true; // a non-const reference: the callee may modify it
      continue;
    }
    if (T->isReferenceType()) {
      QualType Pointee = T->getPointeeType();
      if (!Pointee.isConstQualified()) {
        if (writePathMeets(Arg, Pointee, /*IsPointer=*/false))
          return true;
        continue;
      }
      T = Pointee;
    }
    if (T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      if (Pointee.isConstQualified() ? canHoldAddress(Pointee) || reachesMemory(Pointee)
                                     : writePathMeets(Arg, Pointee, /*IsPointer=*/true))
        return true;
      continue;
    }
    // By value, or a reference to const: the callee cannot write the argument,
    // but whatever it points to or views it can.
    if (canHoldAddress(T) || (reachesMemory(T) && !SelOnlyLocal))
      return true;
  }
  return false;
}

// True when FD hands back an address (a reference or a pointer), possibly that
// of a parameter: then how the call is used decides as well.
bool returnsAddress(const FunctionDecl *FD) {
  if (isa<CXXConstructorDecl>(FD))
    return false;
  QualType R = FD->getReturnType();
  return R->isReferenceType() || R->isPointerType() || canHoldAddress(R);
}

// True when Parent runs the expression Child for its side effects only (an
// expression statement), so that its value, and any reference it yields, is
// dropped.
bool discards(const Stmt *Parent, const Stmt *Child) {
  if (isa<CompoundStmt>(Parent))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return Child == If->getThen() || Child == If->getElse();
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return Child == For->getInc() || Child == For->getBody();
  if (const auto *While = dyn_cast<WhileStmt>(Parent))
    return Child == While->getBody();
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Child == Do->getBody();
  return false;
}

// Every occurrence of OVE in the expressions of PO that run (its semantic
// form), with the node each occurs in (null: the occurrence is itself one of
// those expressions).
void opaqueUses(const PseudoObjectExpr *PO, const OpaqueValueExpr *OVE,
                llvm::SmallVectorImpl<std::pair<const Expr *, const Expr *>> &Uses) {
  llvm::SmallVector<std::pair<const Stmt *, const Stmt *>, 16> Work; // node, parent
  for (const Expr *Sem : PO->semantics()) {
    if (Sem == OVE)
      continue; // where it is bound, not a use
    if (const auto *Bound = dyn_cast<OpaqueValueExpr>(Sem))
      Work.push_back({Bound->getSourceExpr(), nullptr});
    else
      Work.push_back({Sem, nullptr});
  }
  while (!Work.empty()) {
    auto [Node, Parent] = Work.pop_back_val();
    if (!Node)
      continue;
    if (Node == OVE) {
      Uses.push_back({OVE, dyn_cast_or_null<Expr>(Parent)});
      continue;
    }
    for (const Stmt *Child : Node->children())
      Work.push_back({Child, Node});
  }
}
} // namespace

bool KernelEmitter::isOnlyRead(const Expr *E) {
  return isOnlyReadFrom(E, nullptr, Frames.size() - 1);
}

bool KernelEmitter::isOnlyReadFrom(const Expr *E, const Expr *KnownParent,
                                   unsigned FrameIndex) {
  // FrameIndex: the function that contains Cur.
  const Expr *Cur = E;
  while (true) {
    llvm::SmallVector<DynTypedNode, 2> Parents;
    if (KnownParent) {
      // An opaque value occurs in several places; the caller says which.
      Parents.push_back(DynTypedNode::create(*KnownParent));
      KnownParent = nullptr;
    } else {
      // An element of an initializer list has the list as written (its
      // syntactic form, nested lists included) among its parents, beside the
      // conversion Sema added around it in the list it completed (the read).
      // When such a conversion is there, it says how the element is used.
      DynTypedNodeList AllParents = Ctx.getParents(*Cur);
      for (const DynTypedNode &Parent : AllParents)
        if (!Parent.get<InitListExpr>())
          Parents.push_back(Parent);
      if (Parents.empty())
        Parents.assign(AllParents.begin(), AllParents.end());
    }
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
    if (!P) {
      // An expression statement drops what it yields; a declaration or another
      // statement may keep a reference.
      const Stmt *S = Parents[0].get<Stmt>();
      return S && discards(S, Cur);
    }
    if (isa<ParenExpr>(P) || isa<ExprWithCleanups>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *PO = dyn_cast<PseudoObjectExpr>(P)) {
      // `v.x &= c ? a : b` (a __declspec(property)): Clang binds the operand
      // to an opaque value, and the expressions that run use that value.
      if (Cur == PO->getResultExpr()) {
        Cur = P;
        continue;
      }
      const OpaqueValueExpr *Bound = nullptr;
      for (const Expr *Sem : PO->semantics())
        if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Sem); OVE && OVE->getSourceExpr() == Cur)
          Bound = OVE;
      if (!Bound)
        return false;
      // `v.x++`'s result is the opaque value holding the old value.
      if (Bound == PO->getResultExpr() && !isOnlyReadFrom(PO, nullptr, FrameIndex))
        return false;
      llvm::SmallVector<std::pair<const Expr *, const Expr *>, 4> Uses;
      opaqueUses(PO, Bound, Uses);
      for (auto [Use, UseParent] : Uses) {
        bool Read = UseParent ? isOnlyReadFrom(Use, UseParent, FrameIndex)
                              : Use == PO->getResultExpr() &&
                                    isOnlyReadFrom(PO, nullptr, FrameIndex);
        if (!Read)
          return false;
      }
      return true;
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
      // The object of a member call: the call is the member's parent.
      const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
      DynTypedNodeList CallParents = Ctx.getParents(*ME);
      const auto *Call = CallParents.size() == 1 ? CallParents[0].get<CXXMemberCallExpr>()
                                                 : nullptr;
      if (!MD || !Call || Call->getCallee()->IgnoreParens() != ME)
        return false;
      if (callCanTellCopy(MD, Cur, llvm::ArrayRef(Call->getArgs(), Call->getNumArgs()), Cur))
        return false;
      if (!returnsAddress(MD))
        return true;
      Cur = Call; // `(c ? p : q).self()` may hand the copy back
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      // A copy or move constructor reads its source once, into a new object.
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor())
        return true;
      // The new object must not be able to keep the copy's address.
      return !canHoldAddress(CE->getType()) &&
             !callCanTellCopy(Ctor, nullptr, llvm::ArrayRef(CE->getArgs(), CE->getNumArgs()),
                              Cur);
    }
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD)
        return false;
      llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
      const Expr *Object = nullptr;
      if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance()) {
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
          Object = MC->getImplicitObjectArgument();
        } else if (isa<CXXOperatorCallExpr>(Call) && !Args.empty()) {
          Object = Args.front(); // the object of a member operator
          Args = Args.drop_front();
        } else {
          return false;
        }
      }
      if (callCanTellCopy(FD, Object, Args, Cur))
        return false;
      if (!returnsAddress(FD))
        return true;
      Cur = P; // `maxOf(c ? a : b, x)` may hand the copy back
      continue;
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
