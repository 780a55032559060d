//===- Pointers.cpp - Pointer variables, arithmetic and comparison --------===//
//
// SPIR-V's logical addressing has no pointer values to store, so a pointer
// is what the kernel can compute (PointerValue): an object known at compile
// time (its root) and, for a pointer into an array, an element index. A
// pointer variable (a local, a parameter, a function's result) keeps its
// root at compile time and its index in an int Function variable, so it can
// be assigned, incremented, compared and passed on; a null pointer is the
// index NullIndex. A variable given pointers to two different objects is an
// error naming both (err_pointer_root_ambiguous), never a guess, as is the
// use of a pointer before (in source order) it is first given an object;
// a pointer declared without one takes the array that every assignment to it
// in its function names, when there is one (prebindPointer).
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "diag/AmpDiagnostics.h"

using namespace clang;
using namespace ampvk;
using spv::Op;

bool KernelEmitter::sameRoot(const PointerValue &A, const PointerValue &B) const {
  const LValue &X = A.Target, &Y = B.Target;
  if (A.IntoArray != B.IntoArray || X.K != Y.K || X.ConstOffset != Y.ConstOffset ||
      X.DynOffset != Y.DynOffset)
    return false;
  if (X.K == LValue::Capture)
    return true;
  return X.Ptr && Y.Ptr && PlaceIds.place(X.Ptr) == PlaceIds.place(Y.Ptr);
}

SpvId KernelEmitter::pointerIndex(const PointerValue &P) {
  if (P.Null)
    return B.constI32(NullIndex);
  return P.Index ? P.Index : B.constI32(0);
}

KernelEmitter::PointerVar *KernelEmitter::pointerVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  if (!DRE)
    return nullptr;
  auto It = frame().PointerVars.find(DRE->getDecl());
  return It == frame().PointerVars.end() ? nullptr : &It->second;
}

KernelEmitter::PointerVar KernelEmitter::newPointerVariable(llvm::StringRef Name) {
  PointerVar V;
  V.Name = Name.str();
  V.IndexVar = B.functionVariable(intType());
  if (!Name.empty())
    B.name(V.IndexVar, (Name + ".index").str());
  B.emitVoid(Op::OpStore, {V.IndexVar, B.constI32(NullIndex)});
  return V;
}

void KernelEmitter::assignPointer(PointerVar &V, const PointerValue &P, SourceLocation Loc) {
  if (failed())
    return;
  if (!P.Null) {
    if (!P.valid())
      return;
    if (!V.Bound) {
      V.Root = P;
      V.Root.Index = 0;
      V.Bound = true;
    } else if (!sameRoot(V.Root, P)) {
      unsupported(Loc, ampdiag::err_pointer_root_ambiguous)
          << static_cast<unsigned>(V.What) << V.Name;
      return;
    }
  }
  B.emitVoid(Op::OpStore, {V.IndexVar, pointerIndex(P)});
}

PointerValue KernelEmitter::readPointer(const PointerVar &V) {
  PointerValue P;
  if (!V.Bound) {
    // Only ever null so far: comparisons may use it, a dereference may not.
    P.Null = true;
    return P;
  }
  P = V.Root;
  P.Index = B.emit(Op::OpLoad, intType(), {V.IndexVar});
  return P;
}

PointerValue KernelEmitter::updatePointer(const Expr *E) {
  SourceLocation Loc = E->getExprLoc();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    PointerVar *V = pointerVariable(UO->getSubExpr());
    if (!V) {
      unsupported(Loc, UnsupportedConstruct::PointerIncrement);
      return PointerValue();
    }
    PointerValue Old = readPointer(*V);
    if (Old.Null || !Old.IntoArray) {
      unsupported(Loc, UnsupportedConstruct::PointerArithmeticOutsideArray);
      return PointerValue();
    }
    PointerValue New = Old;
    New.Index = B.emit(UO->isIncrementOp() ? Op::OpIAdd : Op::OpISub, intType(),
                       {Old.Index, B.constI32(1)});
    assignPointer(*V, New, Loc);
    return UO->isPrefix() ? New : Old;
  }
  const auto *BO = cast<BinaryOperator>(E);
  PointerVar *V = pointerVariable(BO->getLHS());
  if (!V) {
    unsupported(Loc, UnsupportedConstruct::PointerAssignment);
    return PointerValue();
  }
  if (BO->getOpcode() == BO_Assign) {
    PointerValue P = emitPointer(BO->getRHS());
    assignPointer(*V, P, Loc);
    return P;
  }
  // += and -=: an offset within the array.
  SpvId Off = toInt32(emitRValue(BO->getRHS()), BO->getRHS()->getType());
  PointerValue Old = readPointer(*V);
  if (!Off || failed())
    return PointerValue();
  if (Old.Null || !Old.IntoArray) {
    unsupported(Loc, UnsupportedConstruct::PointerArithmeticOutsideArray);
    return PointerValue();
  }
  PointerValue New = Old;
  New.Index = B.emit(BO->getOpcode() == BO_SubAssign ? Op::OpISub : Op::OpIAdd, intType(),
                     {Old.Index, Off});
  assignPointer(*V, New, Loc);
  return New;
}

// p == q, p < q, ... and p - q. Pointers to different objects are unequal
// (unless both are null), as in C++; ordering them is unspecified in C++
// and an error here.
SpvId KernelEmitter::emitPointerBinary(const BinaryOperator *E) {
  SourceLocation Loc = E->getOperatorLoc();
  PointerValue L = emitPointer(E->getLHS());
  PointerValue R = emitPointer(E->getRHS());
  if (failed() || (!L.valid() && !L.Null) || (!R.valid() && !R.Null))
    return 0;
  const SpvId LI = pointerIndex(L), RI = pointerIndex(R);
  const bool Same = L.Null || R.Null || sameRoot(L, R);
  const BinaryOperatorKind Opc = E->getOpcode();
  if (Opc == BO_Sub) {
    if (!Same || L.Null || R.Null) {
      unsupported(Loc, ampdiag::err_pointer_different_objects) << 0;
      return 0;
    }
    SpvId Diff = B.emit(Op::OpISub, intType(), {LI, RI});
    return convertScalar(Diff, Ctx.IntTy, E->getType());
  }
  if (Opc == BO_EQ || Opc == BO_NE) {
    SpvId Eq;
    if (Same) {
      Eq = B.emit(Op::OpIEqual, boolType(), {LI, RI});
    } else {
      const SpvId Null = B.constI32(NullIndex);
      Eq = B.emit(Op::OpLogicalAnd, boolType(),
                  {B.emit(Op::OpIEqual, boolType(), {LI, Null}),
                   B.emit(Op::OpIEqual, boolType(), {RI, Null})});
    }
    return Opc == BO_EQ ? Eq : B.emit(Op::OpLogicalNot, boolType(), {Eq});
  }
  if (!Same) {
    unsupported(Loc, ampdiag::err_pointer_different_objects) << 1;
    return 0;
  }
  if (Opc != BO_LT && Opc != BO_LE && Opc != BO_GT && Opc != BO_GE) {
    unsupported(Loc, UnsupportedConstruct::PointerAsValue);
    return 0;
  }
  const Op Cmp = Opc == BO_LT   ? Op::OpSLessThan
                 : Opc == BO_LE ? Op::OpSLessThanEqual
                 : Opc == BO_GT ? Op::OpSGreaterThan
                                : Op::OpSGreaterThanEqual;
  return B.emit(Cmp, boolType(), {LI, RI});
}

SpvId KernelEmitter::pointerIsNotNull(const Expr *E) {
  PointerValue P = emitPointer(E);
  if (failed())
    return 0;
  if (!P.Null && !P.Index)
    return B.constBool(true); // &x, an array: never null
  return B.emit(Op::OpINotEqual, boolType(), {pointerIndex(P), B.constI32(NullIndex)});
}

PointerValue KernelEmitter::conditionalPointer(const ConditionalOperator *CO) {
  // Each arm stores into one variable, which gets the arms' common root.
  PointerVar Tmp = newPointerVariable("");
  Tmp.What = PointerVar::Conditional;
  emitConditionalBranches(CO, [&](const Expr *Arm) {
    assignPointer(Tmp, emitPointer(Arm), Arm->getExprLoc());
  });
  if (failed())
    return PointerValue();
  return readPointer(Tmp);
}

namespace {
// The local or tile_static array an assignment's value points into:
// `&a[k]`, `a`, `a + k`, `a - k`; null for anything else.
const VarDecl *arrayOfValue(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
      E = AS->getBase()->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
    E = (BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS())
            ->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->getType()->isConstantArrayType() ? VD : nullptr;
}

void findAssignments(const Stmt *S, const ValueDecl *Var,
                     llvm::SmallVectorImpl<const Expr *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
        DRE && DRE->getDecl() == Var)
      Out.push_back(BO->getRHS());
  for (const Stmt *Child : S->children())
    findAssignments(Child, Var, Out);
}
} // namespace

void KernelEmitter::prebindPointer(PointerVar &V, const ValueDecl *Var) {
  const FunctionDecl *FD = frame().FD;
  if (V.Bound || !FD || !FD->getBody())
    return;
  llvm::SmallVector<const Expr *, 4> Values;
  findAssignments(FD->getBody(), Var, Values);
  const VarDecl *Array = nullptr;
  for (const Expr *E : Values) {
    if (isa<CXXNullPtrLiteralExpr>(E->IgnoreParenImpCasts()) ||
        E->IgnoreParenImpCasts()->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      continue;
    const VarDecl *A = arrayOfValue(E);
    if (!A || (Array && A != Array))
      return; // another kind of object, or two arrays: bound at the assignment
    Array = A;
  }
  if (!Array)
    return;
  LValue Root;
  if (auto It = frame().Refs.find(Array); It != frame().Refs.end())
    Root = It->second;
  else if (auto TS = TileStatics.find(Array); TS != TileStatics.end())
    Root = TS->second;
  if (!Root.valid())
    return; // declared after the pointer: bound at the assignment
  V.Root.Target = Root;
  V.Root.IntoArray = true;
  V.Bound = true;
}
