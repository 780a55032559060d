//===- Destructors.cpp - Scopes, temporaries and their destructors --------===//
//
// Objects end as C++ says they do (C++17 [class.dtor], [class.temporary]):
//   - a variable at the end of its block, and on every break, continue or
//     return that leaves the block, last made first;
//   - a temporary at the end of its full-expression, or with the reference
//     it is bound to;
//   - an argument passed by value at the end of the caller's full-expression
//     (the Itanium C++ ABI, which the host side of the program follows);
//   - a destructor's members, then its bases, in reverse order, after its
//     body; explicit calls `t.~T()` run all of that where they are written.
// A named return value lives in the return slot (NRVO, as Clang does it on
// the host), so it is not destroyed by the return that returns it.
//
// Each scope collects its objects (CleanupStack.h); the code of a destructor is
// emitted (inlined) at every exit of the scope. A temporary made in one arm
// of ?:, && or || has a flag that says whether it exists. Types whose
// destructor is trivial are never recorded, so they cost nothing.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "attrs/AmpAttributes.h"
#include "attrs/RestrictionOverloads.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

bool KernelEmitter::hasDestructor(QualType T) const {
  return T.isDestructedType() == QualType::DK_cxx_destructor;
}

unsigned KernelEmitter::openScope(bool FullExpression) {
  return Lifetimes.open(FullExpression);
}

void KernelEmitter::dropScopes(unsigned Depth) { Lifetimes.drop(Depth); }

void KernelEmitter::closeScope(unsigned Depth) {
  if (!failed() && !B.isTerminated())
    emitCleanupsFrom(Depth);
  Lifetimes.drop(Depth);
}

void KernelEmitter::emitCleanupsFrom(unsigned Depth, const VarDecl *Skip) {
  if (Depth >= Lifetimes.depth())
    return;
  // Destructors inline code that opens scopes of its own above these and
  // closes them again, so entries are copied before each is emitted.
  for (std::size_t I = Lifetimes.objectCount(); I-- > Lifetimes.firstObject(Depth);) {
    if (failed())
      return;
    Cleanup C = Lifetimes.object(I);
    if (Skip && C.Var == Skip)
      continue;
    if (!C.AliveFlag) {
      destroyObject(C.Object, C.Loc);
      continue;
    }
    SpvId Alive = B.emit(Op::OpLoad, boolType(), {C.AliveFlag});
    SpvId Run = B.newLabel(), Merge = B.newLabel();
    B.emitVoid(Op::OpSelectionMerge,
               {Merge, static_cast<std::uint32_t>(spv::SelectionControlMask::MaskNone)});
    B.emitVoid(Op::OpBranchConditional, {Alive, Run, Merge});
    B.beginBlock(Run);
    destroyObject(C.Object, C.Loc);
    // Cleared again: the next iteration of an enclosing loop starts anew.
    B.emitVoid(Op::OpStore, {C.AliveFlag, B.constBool(false)});
    B.emitVoid(Op::OpBranch, {Merge});
    B.beginBlock(Merge);
  }
}

void KernelEmitter::pushCleanup(const LValue &Obj, SourceLocation Loc, const VarDecl *Var,
                                bool Extended) {
  if (failed() || !Obj.valid() || !hasDestructor(Obj.Type))
    return;
  if (Lifetimes.empty()) {
    internalError(Loc, "an object with a destructor outside every scope");
    return;
  }
  const unsigned Target = Lifetimes.ownerScope(Extended);
  Cleanup C;
  C.Object = Obj;
  C.Loc = Loc;
  C.Var = Var;
  if (Lifetimes.madeConditionally(Target)) {
    C.AliveFlag = B.functionVariable(boolType(), B.constBool(false));
    B.name(C.AliveFlag, "alive");
    B.emitVoid(Op::OpStore, {C.AliveFlag, B.constBool(true)});
  }
  Lifetimes.push(Target, C);
}

LValue KernelEmitter::materialize(QualType T, const Expr *Init, bool Extended) {
  LValue Tmp = temporary(T, Init);
  pushCleanup(Tmp, Init->getExprLoc(), nullptr, Extended);
  return Tmp;
}

void KernelEmitter::destroyObject(const LValue &Obj, SourceLocation Loc) {
  if (failed() || !hasDestructor(Obj.Type))
    return;
  if (const auto *AT = Ctx.getAsConstantArrayType(Obj.Type)) {
    // Elements are destroyed last first.
    std::uint64_t Size = AT->getSize().getZExtValue();
    emitCountedLoop(std::uint64_t(0), Size, [&](SpvId I) {
      SpvId Last =
          B.emit(Op::OpISub, intType(), {B.constI32(static_cast<std::int32_t>(Size) - 1), I});
      destroyObject(element(Obj, Last, Loc), Loc);
    });
    return;
  }
  const CXXRecordDecl *RD = Obj.Type->getAsCXXRecordDecl();
  const CXXDestructorDecl *Dtor = RD ? RD->getDestructor() : nullptr;
  if (!Dtor) {
    internalError(Loc, "a destructed type without a destructor");
    return;
  }
  PointerValue This;
  This.Target = Obj;
  const FunctionDecl *Def = nullptr;
  if (!Dtor->hasBody(Def) && Dtor->isDefaulted() && getIntrinsicName(Dtor).empty()) {
    // An implicit destructor Sema has not defined: only members and bases.
    destroyMembersAndBases(Obj, RD, Loc);
    return;
  }
  inlineCall(Dtor, &This, {}, Loc);
}

void KernelEmitter::destroyMembersAndBases(const LValue &Obj, const CXXRecordDecl *RD,
                                           SourceLocation Loc) {
  llvm::SmallVector<const FieldDecl *, 8> Fields(RD->fields());
  for (auto It = Fields.rbegin(); It != Fields.rend() && !failed(); ++It)
    if (hasDestructor((*It)->getType()))
      destroyObject(field(Obj, *It, Loc), Loc);
  llvm::SmallVector<const CXXBaseSpecifier *, 4> Bases;
  for (const CXXBaseSpecifier &BS : RD->bases())
    Bases.push_back(&BS);
  for (auto It = Bases.rbegin(); It != Bases.rend() && !failed(); ++It)
    if (hasDestructor((*It)->getType()))
      destroyObject(baseClass(Obj, (*It)->getType()->getAsCXXRecordDecl(), Loc), Loc);
}

KernelEmitter::CallResult KernelEmitter::emitDestructorCall(const CXXMemberCallExpr *E,
                                                            const CXXDestructorDecl *Dtor) {
  bool IsArrow = false;
  if (const auto *ME = dyn_cast<MemberExpr>(E->getCallee()->IgnoreParens()))
    IsArrow = ME->isArrow();
  PointerValue This = objectArgument(E->getImplicitObjectArgument(), IsArrow);
  if (!This.valid() || Dtor->isTrivial())
    return {};
  LValue Obj = deref(This, E->getExprLoc());
  // `p->~T()` through a T* to a larger object would need a virtual
  // destructor, which restrict(amp) code cannot have: the static type is it.
  Obj.Type = Ctx.getRecordType(Dtor->getParent());
  destroyObject(Obj, E->getExprLoc());
  return {};
}

void KernelEmitter::emitPseudoDestructorCall(const CXXPseudoDestructorExpr *E) {
  // `i.~I()` on a scalar ends nothing; only the object expression runs.
  if (E->isArrow())
    emitPointer(E->getBase());
  else
    emitDiscarded(E->getBase());
}
