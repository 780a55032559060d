//===- TileInterpreterExprs.cpp - Expressions and the places they name ----===//
//
// eval() gives an expression's class; evalLV() gives the place an lvalue
// names (an LV), so that a load or store can tell a local from tile_static or
// global memory. tiled_index::local/global are where Divergent values start.
//
//===----------------------------------------------------------------------===//
#include "TileInterpreter.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ampvk;
using namespace ampvk::tile;

LV Interpreter::evalLV(const Expr *E, State &S) {
  LV Out;
  if (!E || !step() || E->containsErrors()) {
    Out.Addr = Uni(Level::Unknown);
    return Out;
  }
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD) {
      Out.K = LV::None;
      Out.Addr = Uni();
      Out.Value = Uni();
      return Out;
    }
    if (isTileStatic(VD)) {
      Out.K = LV::Tile;
      Out.Root = VD;
      return Out;
    }
    if (VD->hasGlobalStorage() && !VD->isStaticLocal()) {
      Out.K = LV::Global;
      if (VD->getType().isConstQualified())
        Out.K = LV::Field, Out.Value = Uni();
      return Out;
    }
    // A reference parameter bound to tile_static memory.
    const Frame &Fn = function();
    auto Bound = Fn.TileRefs.find(VD);
    if (Bound != Fn.TileRefs.end())
      return Bound->second;
    Out.K = LV::Local;
    Out.Root = VD;
    return Out;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = ME->getBase();
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
      if (isTiledIndex(Base->getType())) {
        // Evaluate the base for its effects, then judge by the member.
        if (ME->isArrow())
          eval(Base, S);
        llvm::StringRef N = FD->getName();
        Out.K = LV::Field;
        Out.Value = (N == "local" || N == "global") ? Uni(Level::Divergent, ME) : Uni();
        return Out;
      }
      LV B;
      if (ME->isArrow()) {
        if (isa<CXXThisExpr>(Base->IgnoreParenImpCasts())) {
          B.K = LV::This;
        } else {
          Uni P = eval(Base, S);
          B.K = LV::None;
          B.Addr = P;
        }
      } else if (Base->isGLValue()) {
        B = evalLV(Base, S);
      } else {
        Uni V = eval(Base, S);
        B.K = LV::Field;
        B.Value = V;
      }
      B.Whole = false;
      return B;
    }
    if (isa<VarDecl>(ME->getMemberDecl())) { // a static data member
      eval(Base, S);
      Out.K = LV::Global;
      return Out;
    }
    eval(Base, S);
    return Out;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase()->IgnoreParens();
    Uni Idx = eval(AS->getIdx(), S);
    LV B;
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Base);
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
      B = evalLV(ICE->getSubExpr(), S);
    } else {
      Uni P = eval(Base, S);
      B.K = LV::None;
      B.Addr = P;
    }
    B.Addr |= Idx;
    B.Whole = false;
    return B;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref) {
      const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(Sub)) {
        Out.K = LV::This;
        Out.Whole = false;
        return Out;
      }
      if (const auto *Addr = dyn_cast<UnaryOperator>(Sub);
          Addr && Addr->getOpcode() == UO_AddrOf)
        return evalLV(Addr->getSubExpr(), S);
      Uni P = eval(UO->getSubExpr(), S);
      Out.K = LV::None;
      Out.Addr = P;
      return Out;
    }
    if (UO->isIncrementDecrementOp() && UO->isPrefix()) {
      LV Place = evalLV(UO->getSubExpr(), S);
      Uni Old = load(Place, UO, S);
      store(Place, Old, UO, S, /*RMW=*/true);
      return Place;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      evalAssign(BO, S);
      return evalLVNoEffects(BO->getLHS(), S);
    }
    if (BO->getOpcode() == BO_Comma) {
      eval(BO->getLHS(), S);
      return evalLV(BO->getRHS(), S);
    }
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_NoOp:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived:
    case CK_LValueBitCast:
      return evalLV(ICE->getSubExpr(), S);
    default:
      break;
    }
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    if (CE->isGLValue())
      return evalLV(CE->getSubExpr(), S);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    Out.K = LV::Field;
    Out.Value = eval(MT->getSubExpr(), S);
    return Out;
  }
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E)) {
    if (const Expr *Src = OV->getSourceExpr())
      return Src->isGLValue() ? evalLV(Src, S) : LV{LV::Field, nullptr, Uni(), eval(Src, S)};
    return Out;
  }
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const Expr *R = evalPseudoObjectEffects(PO, S))
      return R->isGLValue() ? evalLV(R, S) : LV{LV::Field, nullptr, Uni(), eval(R, S)};
    return Out;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    CallResult R = evalCall(Call, S);
    if (R.HasLV)
      return R.Place;
    Out.K = LV::Field;
    Out.Value = R.Ret;
    return Out;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Uni V = evalConditional(CO, S);
    Out.K = LV::None;
    Out.Addr = V;
    return Out;
  }
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return evalLV(FE->getSubExpr(), S);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return evalLV(BT->getSubExpr(), S);
  // Anything else: its value, at an unknown place.
  Out.K = LV::None;
  Out.Addr = eval(E, S);
  return Out;
}

LV Interpreter::evalLVNoEffects(const Expr *E, State &S) {
  ++Quiet;
  State Copy = S;
  LV Place = evalLV(E, Copy);
  --Quiet;
  return Place;
}

const Expr *Interpreter::evalPseudoObjectEffects(const PseudoObjectExpr *E, State &S) {
  // Opaque values are evaluated where they are used (from their source), so
  // only the other semantic expressions need running here.
  const Expr *Result = E->getResultExpr();
  for (const Expr *Sem : E->semantics())
    if (Sem != Result && !isa<OpaqueValueExpr>(Sem))
      eval(Sem, S);
  return Result;
}

Uni Interpreter::evalAssign(const BinaryOperator *BO, State &S) {
  if (BO->containsErrors())
    return Uni(Level::Unknown);
  if (BO->getOpcode() == BO_Assign) {
    Uni V = eval(BO->getRHS(), S);
    LV Place = evalLV(BO->getLHS(), S);
    store(Place, V, BO, S, /*RMW=*/false);
    if (Place.K == LV::Local && Place.Whole)
      setThreadIndex(Place.Root, BO->getRHS(), S);
    return V;
  }
  LV Place = evalLV(BO->getLHS(), S);
  Uni Old = load(Place, BO->getLHS(), S);
  Uni R = eval(BO->getRHS(), S);
  Uni V = Uni::join(Old, R);
  store(Place, V, BO, S, /*RMW=*/true);
  return V;
}

Uni Interpreter::evalConditional(const AbstractConditionalOperator *CO, State &S) {
  Uni Cond = eval(CO->getCond(), S);
  if (!Cond.uniform())
    Cond.Cause = CO->getCond();
  Uni R0 = S.Reach;
  State A = S, B = S;
  A.Reach = B.Reach = Uni::join(R0, Cond);
  Uni VA = eval(CO->getTrueExpr(), A);
  Uni VB = eval(CO->getFalseExpr(), B);
  State Out = State::dead();
  Out.joinWith(A);
  Out.joinWith(B);
  if (Out.Live)
    Out.Reach = R0;
  else
    Out = S;
  S = std::move(Out);
  return Uni::join(Cond, Uni::join(VA, VB));
}

Uni Interpreter::eval(const Expr *E, State &S) {
  if (!E || !S.Live || !step())
    return Uni();
  if (E->containsErrors())
    return Uni(Level::Unknown); // Clang reported it; judge nothing in it
  E = E->IgnoreParens();
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::StringLiteralClass:
  case Stmt::CXXScalarValueInitExprClass:
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::TypeTraitExprClass:
  case Stmt::CXXNoexceptExprClass:
  case Stmt::ConstantExprClass:
  case Stmt::SizeOfPackExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::CXXTypeidExprClass:
  case Stmt::PredefinedExprClass:
  case Stmt::GNUNullExprClass:
    return Uni();
  default:
    break;
  }
  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(DRE->getDecl()) || isa<FunctionDecl>(DRE->getDecl()) ||
          DRE->isNonOdrUse() == NOUR_Constant)
        return Uni();
    }
    if (E->isGLValue())
      return load(evalLV(E, S), E, S);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return eval(ME->getBase(), S);
    Uni V;
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        V |= eval(CE, S);
    return V;
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_AtomicToNonAtomic:
      return load(evalLV(ICE->getSubExpr(), S), ICE->getSubExpr(), S);
    case CK_ArrayToPointerDecay: {
      LV Place = evalLV(ICE->getSubExpr(), S);
      escape(Place, S);
      return Place.Addr;
    }
    default:
      if (ICE->getSubExpr()->isGLValue() && !E->isGLValue() &&
          ICE->getCastKind() != CK_FunctionToPointerDecay &&
          ICE->getCastKind() != CK_BuiltinFnToFnPtr) {
        LV Place = evalLV(ICE->getSubExpr(), S);
        return peek(Place, S);
      }
      return eval(ICE->getSubExpr(), S);
    }
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    if (CE->getSubExpr()->isGLValue() && !E->isGLValue())
      return load(evalLV(CE->getSubExpr(), S), CE->getSubExpr(), S);
    return eval(CE->getSubExpr(), S);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_AddrOf: {
      if (!UO->getSubExpr()->isGLValue())
        return eval(UO->getSubExpr(), S);
      LV Place = evalLV(UO->getSubExpr(), S);
      escape(Place, S);
      return Place.Addr;
    }
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      LV Place = evalLV(UO->getSubExpr(), S);
      Uni Old = load(Place, UO->getSubExpr(), S);
      store(Place, Old, UO, S, /*RMW=*/true);
      return Old;
    }
    case UO_Deref:
      return load(evalLV(UO, S), UO, S);
    default:
      return eval(UO->getSubExpr(), S);
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return evalAssign(BO, S);
    if (BO->getOpcode() == BO_Comma) {
      eval(BO->getLHS(), S);
      return eval(BO->getRHS(), S);
    }
    if (BO->isLogicalOp()) {
      Uni L = eval(BO->getLHS(), S);
      if (!L.uniform())
        L.Cause = BO->getLHS();
      Uni R0 = S.Reach;
      State Pre = S;
      S.Reach = Uni::join(R0, L);
      Uni R = eval(BO->getRHS(), S);
      S.joinWith(Pre);
      if (S.Live)
        S.Reach = R0;
      return Uni::join(L, R);
    }
    Uni L = eval(BO->getLHS(), S);
    return Uni::join(L, eval(BO->getRHS(), S));
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return evalConditional(CO, S);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    CallResult R = evalCall(Call, S);
    if (R.HasLV && !E->isGLValue())
      return peek(R.Place, S);
    return R.Ret;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(CE, S);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MT->getSubExpr(), S);
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return eval(FE->getSubExpr(), S);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(BT->getSubExpr(), S);
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DA->getExpr(), S);
  if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(DI->getExpr(), S);
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
    return OV->getSourceExpr() ? eval(OV->getSourceExpr(), S) : Uni();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    const Expr *R = evalPseudoObjectEffects(PO, S);
    return R ? eval(R, S) : Uni();
  }
  if (isa<CXXThisExpr>(E))
    return function().ThisCls;
  if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    Uni V;
    for (const Expr *Init : LE->capture_inits())
      if (Init)
        V |= eval(Init, S);
    return V;
  }
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    exec(SE->getSubStmt(), S);
    return Uni(Level::Unknown);
  }
  // Everything else: a function of its operands.
  Uni V;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      V |= eval(CE, S);
  return V;
}
