//===- TileInterpreterCalls.cpp - Calls and constructors ------------------===//
//
// A call the analysis can follow (a restrict(amp) definition, not recursive,
// not too deep) is interpreted in its body with the arguments' classes bound
// to its parameters, as the emitter inlines it. Any other call yields the
// class of its operands (at least Unknown when its body is not followed) and
// may have written through its non-const references and its object.
// Intrinsics are known by name: barriers synchronize tile_static memory.
//
//===----------------------------------------------------------------------===//
#include "attrs/RestrictionOverloads.h"
#include "TileInterpreter.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/ExprCXX.h"

#include <optional>

using namespace clang;
using namespace ampvk;
using namespace ampvk::tile;

Interpreter::Arg Interpreter::evalArg(const Expr *E, QualType ParamType, State &S) {
  Arg A;
  A.E = E;
  if (!ParamType.isNull() && ParamType->isReferenceType() && E->isGLValue()) {
    A.ByRef = true;
    A.Mutable = !ParamType.getNonReferenceType().isConstQualified();
    A.Place = evalLV(E, S);
    A.Value = peek(A.Place, S);
    return A;
  }
  A.Value = eval(E, S);
  return A;
}

void Interpreter::escapeArgs(llvm::ArrayRef<Arg> Args, State &S) {
  for (const Arg &A : Args)
    if (A.ByRef)
      escape(A.Place, S);
}

Interpreter::CallResult Interpreter::evalCall(const CallExpr *CE, State &S) {
  CallResult R;
  // In amp code a call of an overload set on restriction runs the amp one.
  llvm::SmallVector<const Expr *, 4> ArgExprs;
  const FunctionDecl *FD = ampCallee(CE, &ArgExprs);
  const Expr *Object = nullptr;
  bool ObjectIsPointer = false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    Object = MC->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      ObjectIsPointer = ME->isArrow();
  } else if (isa<CXXOperatorCallExpr>(CE) && FD && isa<CXXMethodDecl>(FD) &&
             !cast<CXXMethodDecl>(FD)->isStatic() && !ArgExprs.empty()) {
    Object = ArgExprs.front();
    ArgExprs.erase(ArgExprs.begin());
  }
  if (!FD) {
    // Through a pointer (an error already): only the operands count.
    Uni V = eval(CE->getCallee(), S);
    for (const Expr *A : ArgExprs)
      V |= eval(A, S);
    R.Ret = Uni::join(V, Uni(Level::Unknown));
    return R;
  }
  if (getIntrinsicName(FD).starts_with("atomic."))
    return evalAtomic(CE, getIntrinsicName(FD), S);
  // The object.
  LV ObjPlace;
  bool HasObjPlace = false;
  Uni ThisCls;
  if (Object) {
    if (ObjectIsPointer) {
      const Expr *P = Object->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(P)) {
        ObjPlace.K = LV::This;
        ObjPlace.Whole = false;
        HasObjPlace = true;
        ThisCls = peek(ObjPlace, S);
      } else {
        ThisCls = eval(Object, S);
      }
    } else if (Object->isGLValue()) {
      ObjPlace = evalLV(Object, S);
      HasObjPlace = true;
      ThisCls = peek(ObjPlace, S);
    } else {
      ThisCls = eval(Object, S);
    }
    if (isTiledIndex(Object->getType()))
      ThisCls = Uni(Level::Divergent, Object);
  }
  // The arguments.
  llvm::SmallVector<Arg, 4> Args;
  for (unsigned I = 0; I < ArgExprs.size(); ++I) {
    QualType PT = I < FD->getNumParams() ? FD->getParamDecl(I)->getType() : QualType();
    Args.push_back(evalArg(ampSideArgument(FD, I, ArgExprs[I]), PT, S));
  }
  Uni Operands = ThisCls;
  for (const Arg &A : Args)
    Operands |= A.Value;
  if (!S.Live)
    return R;

  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  llvm::StringRef Intrinsic = getIntrinsicName(FD);
  const FunctionDecl *Def = definitionOf(FD);
  bool CanInline = Intrinsic.empty() && Def && Def->getBody() && isAmpCallable(FD) &&
                   !Def->isDependentContext() && Frames.size() < 200 && Stack.size() < 24 &&
                   !onStack(Def);
  if (!CanInline)
    escapeArgs(Args, S);
  if (!Intrinsic.empty()) {
    if (Intrinsic.starts_with("barrier.")) {
      if (!quiet())
        for (TileListener *L : Listeners)
          L->onBarrier(CE, FD, S.Reach, Stack);
      for (auto &KV : S.Tiles) {
        if (KV.second.Unsynced)
          KV.second.Synced = true;
        KV.second.Unsynced = false;
        KV.second.UniformUnsynced = false;
        KV.second.forgetThreadAccesses();
      }
      return R;
    }
    if (Intrinsic.starts_with("fence."))
      return R;
    if (Intrinsic == "buffer.element") {
      R.HasLV = true;
      R.Place.K = LV::Global;
      R.Place.Addr = Operands;
      R.Ret = Uni::join(Uni(Level::Unknown), Operands);
      return R;
    }
    R.Ret = Operands;
    return R;
  }
  // Trivial assignment of a class: a copy.
  if (MD && MD->isTrivial() &&
      (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) && HasObjPlace &&
      !Args.empty()) {
    escapeArgs(Args, S);
    store(ObjPlace, Args[0].Value, CE, S, /*RMW=*/false);
    R.HasLV = true;
    R.Place = ObjPlace;
    R.Ret = Args[0].Value;
    return R;
  }
  if (!CanInline) {
    R.Ret = Def && Def->getBody() ? Uni::join(Operands, Uni(Level::Unknown)) : Operands;
    if (FD->getReturnType()->isReferenceType()) {
      R.HasLV = true;
      if (HasObjPlace && !isGlobalMemoryClass(Object->getType()))
        R.Place = ObjPlace;
      else
        R.Place.K = isGlobalMemoryClass(Object ? Object->getType() : QualType())
                        ? LV::Global
                        : LV::None;
      R.Place.Addr |= Operands;
      R.Place.Whole = false;
    }
    writeBack(Args, HasObjPlace ? &ObjPlace : nullptr, MD, Operands, S);
    return R;
  }
  return inlineCall(Def, CE->getExprLoc(), ThisCls, HasObjPlace ? &ObjPlace : nullptr,
                    Object ? Object->getType() : QualType(), Args, CE, S);
}

bool Interpreter::onStack(const FunctionDecl *FD) {
  for (const Frame &F : Frames)
    if (F.Kind == FrameKind::Function && F.FD == FD)
      return true;
  return false;
}

void Interpreter::writeBack(llvm::ArrayRef<Arg> Args, const LV *ObjPlace, const CXXMethodDecl *MD,
                            Uni V, State &S) {
  for (const Arg &A : Args)
    if (A.ByRef && A.Mutable)
      store(A.Place, V, nullptr, S, false, /*Weak=*/true);
  if (ObjPlace && MD && !MD->isConst() && !isa<CXXConstructorDecl>(MD))
    store(*ObjPlace, V, nullptr, S, false, /*Weak=*/true);
}

Interpreter::CallResult
Interpreter::inlineCall(const FunctionDecl *Def, SourceLocation Loc, Uni ThisCls,
                        const LV *ObjPlace, QualType ObjType, llvm::ArrayRef<Arg> Args,
                        const Expr *CallE, State &S) {
  CallResult R;
  Uni R0 = S.Reach;
  // Bind the parameters: the thread indexes of the arguments first, from the
  // caller's variables.
  llvm::SmallVector<std::optional<ThreadIndex>, 4> ArgIndexes;
  for (unsigned I = 0; I < Args.size(); ++I)
    ArgIndexes.push_back(!Args[I].ByRef && Args[I].E ? threadIndexOf(Args[I].E, S)
                                                     : std::nullopt);
  llvm::SmallVector<std::pair<const ValueDecl *, std::optional<Uni>>, 4> Saved;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    auto It = S.Vars.find(P);
    Saved.push_back({P, It == S.Vars.end() ? std::nullopt : std::optional<Uni>(It->second)});
    Uni V;
    if (I < Args.size())
      V = Args[I].Value;
    else if (P->hasDefaultArg() && P->getDefaultArg())
      V = eval(P->getDefaultArg(), S);
    S.Vars[P] = V;
    S.Indexes.erase(P);
    if (I < ArgIndexes.size() && ArgIndexes[I])
      S.Indexes[P] = *ArgIndexes[I];
  }
  Frames.push_back(Frame(FrameKind::Function));
  Frames.back().FD = Def;
  Frames.back().ThisCls = ThisCls;
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I)
    if (Args[I].ByRef && Args[I].Place.K == LV::Tile)
      Frames.back().TileRefs[Def->getParamDecl(I)] = Args[I].Place;
  Stack.push_back(CallSite{Def, Loc});
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def)) {
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      if (!Init->getInit())
        continue;
      Uni V = eval(Init->getInit(), S);
      Frames.back().ThisWrites |= Uni::join(V, S.Reach);
    }
  }
  exec(Def->getBody(), S);
  Frame F = std::move(Frames.back());
  Frames.pop_back();
  Stack.pop_back();
  S.joinWith(F.Returns);
  if (!S.Live) // a function that never returns (a loop without exit)
    S = F.Returns.Live ? F.Returns : State();
  S.Reach = R0;
  // Write back through non-const references and the object.
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I) {
    const Arg &A = Args[I];
    if (A.ByRef && A.Mutable)
      store(A.Place, varClass(S, Def->getParamDecl(I)), nullptr, S, false, /*Weak=*/true);
  }
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  if (ObjPlace && MD && !MD->isConst() && !isa<CXXConstructorDecl>(MD) &&
      !F.ThisWrites.uniform())
    store(*ObjPlace, F.ThisWrites, CallE, S, false, /*Weak=*/true);
  for (auto &KV : Saved) {
    if (KV.second)
      S.Vars[KV.first] = *KV.second;
    else
      S.Vars.erase(KV.first);
    S.Indexes.erase(KV.first);
  }
  if (isa<CXXConstructorDecl>(Def)) {
    R.Ret = Uni::join(ThisCls, F.ThisWrites);
    return R;
  }
  R.Ret = F.RetCls;
  if (Def->getReturnType()->isReferenceType()) {
    R.HasLV = true;
    LV P = F.HasRetLV ? F.RetLV : LV();
    if (P.K == LV::This && ObjPlace) {
      Uni A = P.Addr;
      P = *ObjPlace;
      P.Addr |= A;
      P.Whole = false;
    } else if (P.K == LV::This) {
      P.K = isGlobalMemoryClass(ObjType) ? LV::Global : LV::None;
    } else if (P.K == LV::Local) {
      // A reference parameter: the caller's argument.
      bool Mapped = false;
      for (unsigned I = 0; I < Args.size() && I < Def->getNumParams(); ++I)
        if (P.Root == Def->getParamDecl(I) && Args[I].ByRef) {
          Uni A = P.Addr;
          P = Args[I].Place;
          P.Addr |= A;
          P.Whole = false;
          Mapped = true;
        }
      if (!Mapped)
        P.K = LV::None;
    }
    R.Place = P;
  }
  return R;
}

Uni Interpreter::evalConstruct(const CXXConstructExpr *CE, State &S) {
  const auto *Ctor = cast<CXXConstructorDecl>(ampCallee(CE->getConstructor()));
  llvm::SmallVector<Arg, 4> Args;
  Uni Operands;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    QualType PT = Ctor && I < Ctor->getNumParams() ? Ctor->getParamDecl(I)->getType()
                                                   : QualType();
    Args.push_back(evalArg(ampSideArgument(Ctor, I, CE->getArg(I)), PT, S));
    Operands |= Args.back().Value;
  }
  if (!Ctor || !S.Live) {
    escapeArgs(Args, S);
    return Operands;
  }
  const FunctionDecl *Def = definitionOf(Ctor);
  if (!getIntrinsicName(Ctor).empty() || Ctor->isTrivial() || Ctor->isImplicit() ||
      Ctor->isDefaulted() || !Def || !Def->getBody() || !isAmpCallable(Ctor) || onStack(Def) ||
      Stack.size() >= 24) {
    escapeArgs(Args, S);
    return Operands;
  }
  CallResult R = inlineCall(Def, CE->getExprLoc(), Uni(), nullptr, QualType(), Args, CE, S);
  return Uni::join(R.Ret, Operands);
}
