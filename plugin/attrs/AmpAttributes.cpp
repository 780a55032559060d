//===- AmpAttributes.cpp --------------------------------------------------===//
#include "AmpAttributes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/SmallVector.h"

#include <iterator>

using namespace clang;
using namespace ampvk;

namespace {
struct AnnotationInfo {
  const char *Spelling;
  bool Private;
};
const AnnotationInfo Annotations[] = {
#define AMPVK_X(Enumerator, Spelling, IsPrivate) {Spelling, IsPrivate},
    AMPVK_ANNOTATIONS(AMPVK_X)
#undef AMPVK_X
};
} // namespace

llvm::StringRef ampvk::spellingOf(Annotation A) {
  return Annotations[static_cast<unsigned>(A)].Spelling;
}

bool ampvk::isPrivate(Annotation A) { return Annotations[static_cast<unsigned>(A)].Private; }

std::optional<std::pair<Annotation, llvm::StringRef>>
ampvk::parseAnnotation(llvm::StringRef S) {
  for (unsigned I = 0; I < sizeof(Annotations) / sizeof(Annotations[0]); ++I) {
    llvm::StringRef Spelling = Annotations[I].Spelling;
    bool TakesArgument = Spelling.ends_with(":");
    if (TakesArgument ? S.starts_with(Spelling) : S == Spelling)
      return std::make_pair(static_cast<Annotation>(I), S.drop_front(Spelling.size()));
  }
  return std::nullopt;
}

// The argument of the first annotation A on D; a null StringRef if none (an
// empty argument is a non-null empty string).
static llvm::StringRef annotationArgument(const Decl *D, Annotation A) {
  for (const auto *Attr : D->specific_attrs<AnnotateAttr>()) {
    auto P = parseAnnotation(Attr->getAnnotation());
    if (P && P->first == A)
      return P->second.empty() ? llvm::StringRef("", 0) : P->second;
  }
  return llvm::StringRef();
}

bool ampvk::hasAnnotation(const Decl *D, Annotation A) {
  return annotationArgument(D, A).data() != nullptr;
}

static void addSpecifiers(RestrictionSpec &Spec, const Attr *A, llvm::StringRef S) {
  Spec.Written = true;
  if (Spec.Loc.isInvalid())
    Spec.Loc = A->getLocation();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.split(Parts, ',');
  bool Any = false;
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    Any = true;
    if (P == "amp")
      Spec.Bits |= RestrictAmp;
    else if (P == "cpu")
      Spec.Bits |= RestrictCpu;
    else if (Spec.Unknown.empty())
      Spec.Unknown = P;
  }
  if (!Any)
    Spec.Empty = true;
}

void ampvk::forEachRestrictAnnotation(
    const Decl *D, llvm::function_ref<void(llvm::StringRef, const Attr *, bool)> F) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
    auto P = parseAnnotation(A->getAnnotation());
    if (P && P->first == Annotation::Restrict)
      F(P->second, A, A->isInherited());
  }
  // The form restrict(...) takes where Clang accepts no GNU attribute (after
  // `mutable`, before `->`) sits on the function type as written; the type
  // itself may since have lost the sugar (a deduced return type).
  const auto *FD = dyn_cast<FunctionDecl>(D);
  const TypeSourceInfo *TSI = FD ? FD->getTypeSourceInfo() : nullptr;
  if (!TSI)
    return;
  for (TypeLoc TL = TSI->getTypeLoc(); !TL.isNull();) {
    if (auto ATL = TL.getAs<AttributedTypeLoc>()) {
      if (const auto *A = dyn_cast_or_null<AnnotateTypeAttr>(ATL.getAttr())) {
        auto P = parseAnnotation(A->getAnnotation());
        if (P && P->first == Annotation::Restrict)
          F(P->second, A, false);
      }
      TL = ATL.getModifiedLoc();
    } else if (auto MTL = TL.getAs<MacroQualifiedTypeLoc>()) {
      TL = MTL.getInnerLoc();
    } else if (auto PTL = TL.getAs<ParenTypeLoc>()) {
      TL = PTL.getInnerLoc();
    } else {
      break;
    }
  }
}

std::optional<RestrictionSpec> ampvk::getFunctionTypeRestrictions(TypeLoc TL) {
  RestrictionSpec Spec;
  for (int Depth = 0; !TL.isNull() && Depth < 64; ++Depth) {
    if (auto ATL = TL.getAs<AttributedTypeLoc>()) {
      if (const auto *A = dyn_cast_or_null<AnnotateTypeAttr>(ATL.getAttr())) {
        auto P = parseAnnotation(A->getAnnotation());
        if (P && P->first == Annotation::Restrict)
          addSpecifiers(Spec, A, P->second);
      }
      TL = ATL.getModifiedLoc();
    } else if (auto QTL = TL.getAs<QualifiedTypeLoc>()) {
      TL = QTL.getUnqualifiedLoc();
    } else if (auto PTL = TL.getAs<ParenTypeLoc>()) {
      TL = PTL.getInnerLoc();
    } else if (auto MTL = TL.getAs<MacroQualifiedTypeLoc>()) {
      TL = MTL.getInnerLoc();
    } else if (auto ETL = TL.getAs<ElaboratedTypeLoc>()) {
      TL = ETL.getNamedTypeLoc();
    } else if (auto PtrTL = TL.getAs<PointerTypeLoc>()) {
      TL = PtrTL.getPointeeLoc();
    } else if (auto RTL = TL.getAs<ReferenceTypeLoc>()) {
      TL = RTL.getPointeeLoc();
    } else if (auto MPTL = TL.getAs<MemberPointerTypeLoc>()) {
      TL = MPTL.getPointeeLoc();
    } else if (auto TTL = TL.getAs<TypedefTypeLoc>()) {
      const TypeSourceInfo *TSI = TTL.getTypedefNameDecl()->getTypeSourceInfo();
      if (!TSI)
        return std::nullopt;
      TL = TSI->getTypeLoc();
    } else if (TL.getAs<FunctionTypeLoc>()) {
      return Spec;
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

RestrictionSpec ampvk::getRestrictions(const FunctionDecl *FD) {
  RestrictionSpec Spec;
  for (const FunctionDecl *Redecl : FD->redecls())
    forEachRestrictAnnotation(Redecl, [&](llvm::StringRef S, const Attr *A, bool) {
      addSpecifiers(Spec, A, S);
    });
  // A function template instantiation carries its pattern's attributes, but
  // look at the pattern too in case an attribute was not instantiated.
  if (!Spec.Written)
    if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
      if (Pattern != FD)
        return getRestrictions(Pattern);
  return Spec;
}

RestrictionSpec ampvk::getRestrictionsOfDeclaration(const FunctionDecl *D) {
  RestrictionSpec Spec;
  forEachRestrictAnnotation(D, [&](llvm::StringRef S, const Attr *A, bool Inherited) {
    if (!Inherited)
      addSpecifiers(Spec, A, S);
  });
  return Spec;
}

unsigned ampvk::getEffectiveRestrictions(const FunctionDecl *FD) {
  for (int Depth = 0; FD && Depth < 64; ++Depth) {
    RestrictionSpec Spec = getRestrictions(FD);
    if (Spec.Written)
      return Spec.Bits;
    const FunctionDecl *Enclosing = nullptr;
    for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
      if ((Enclosing = dyn_cast<FunctionDecl>(DC)))
        break;
    FD = Enclosing;
  }
  return RestrictCpu;
}

namespace {
constexpr unsigned AnyRestriction = RestrictCpu | RestrictAmp;

// The functions a generated special member's initializers and body call.
class GeneratedCalls : public RecursiveASTVisitor<GeneratedCalls> {
public:
  explicit GeneratedCalls(llvm::SmallVectorImpl<const FunctionDecl *> &Out) : Out(Out) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    add(E->getConstructor());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    add(E->getDirectCallee());
    return true;
  }
  void add(const FunctionDecl *FD) {
    if (FD)
      Out.push_back(FD);
  }

private:
  llvm::SmallVectorImpl<const FunctionDecl *> &Out;
};

// What a defined generated special member calls: the special members of its
// bases and members. A destructor's calls are not in the AST.
void generatedCallees(const FunctionDecl *Def,
                      llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  GeneratedCalls Calls(Out);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit())
        Calls.TraverseStmt(Init->getInit());
  if (Def->getBody())
    Calls.TraverseStmt(Def->getBody());
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(Def)) {
    const CXXRecordDecl *RD = Dtor->getParent();
    auto Destroy = [&](QualType T) {
      if (const CXXRecordDecl *Sub =
              T.isNull() ? nullptr : T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
        if (Sub->hasDefinition())
          Calls.add(Sub->getDestructor());
    };
    for (const CXXBaseSpecifier &B : RD->bases())
      Destroy(B.getType());
    for (const FieldDecl *F : RD->fields())
      Destroy(F->getType());
  }
}

bool isGenerated(const FunctionDecl *FD) { return FD->isImplicit() || FD->isDefaulted(); }

unsigned restrictionsOf(const FunctionDecl *FD, int Depth);

// C++ AMP §2.3.2: a special member function the compiler generates (implicit
// or `= default`) has the restrictions that every special member it calls,
// of the bases and members, has in common. One that is not defined (never
// used, or deleted) runs nothing here.
unsigned generatedRestrictions(const FunctionDecl *FD, int Depth) {
  RestrictionSpec Written = getRestrictions(FD); // `S() restrict(amp) = default;`
  if (Written.Written)
    return Written.Bits;
  const FunctionDecl *Def = nullptr;
  if (Depth > 16 || !FD->isDefined(Def) || Def->isDeleted())
    return AnyRestriction;
  llvm::SmallVector<const FunctionDecl *, 8> Callees;
  generatedCallees(Def, Callees);
  unsigned Bits = AnyRestriction;
  for (const FunctionDecl *Callee : Callees)
    Bits &= restrictionsOf(Callee, Depth + 1);
  return Bits;
}

// What a call to FD allows: a trivial special member runs no code, a
// generated one is inferred, anything else has what it says.
unsigned restrictionsOf(const FunctionDecl *FD, int Depth) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->isTrivial())
      return AnyRestriction;
  if (isGenerated(FD))
    return generatedRestrictions(FD, Depth);
  return getEffectiveRestrictions(FD);
}
} // namespace

const FunctionDecl *ampvk::generatedMemberBlocker(const FunctionDecl *FD,
                                                  RestrictionBits Context) {
  const FunctionDecl *Def = nullptr;
  if (!isGenerated(FD) || getRestrictions(FD).Written || !FD->isDefined(Def))
    return nullptr;
  llvm::SmallVector<const FunctionDecl *, 8> Callees;
  generatedCallees(Def, Callees);
  for (const FunctionDecl *Callee : Callees)
    if (!(restrictionsOf(Callee, 1) & Context))
      return Callee;
  return nullptr;
}

bool ampvk::isCallableFrom(const FunctionDecl *FD, RestrictionBits Context) {
  return restrictionsOf(FD, 0) & Context;
}

bool ampvk::isTileStatic(const VarDecl *VD) {
  return hasAnnotation(VD, Annotation::TileStatic);
}

const APValue *ampvk::getAmpConstantValue(const VarDecl *VD, const ASTContext &Ctx) {
  if (!VD->hasGlobalStorage() || isTileStatic(VD))
    return nullptr;
  QualType T = VD->getType();
  if (T->isDependentType() || T->isReferenceType())
    return nullptr;
  QualType Elem = Ctx.getBaseElementType(T);
  if (!Elem.isConstQualified() || Elem.isVolatileQualified())
    return nullptr;
  if (const auto *RD = Elem->getAsCXXRecordDecl())
    if (!RD->hasDefinition() || RD->hasMutableFields() || RD->hasVolatileMember())
      return nullptr;
  const VarDecl *Def = nullptr;
  const Expr *Init = VD->getAnyInitializer(Def);
  if (!Init || !Def || Init->isValueDependent())
    return nullptr;
  return Def->evaluateValue();
}

llvm::StringRef ampvk::getIntrinsicName(const FunctionDecl *FD) {
  for (const FunctionDecl *Redecl : FD->redecls()) {
    llvm::StringRef Name = annotationArgument(Redecl, Annotation::Intrinsic);
    if (Name.data())
      return Name;
  }
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    if (Pattern != FD)
      return getIntrinsicName(Pattern);
  return llvm::StringRef();
}

static const char *const IntrinsicSpellings[] = {
#define AMPVK_X(Enumerator, Spelling) Spelling,
    AMPVK_INTRINSIC_NAMES(AMPVK_X)
#undef AMPVK_X
};

std::optional<IntrinsicId> ampvk::getIntrinsic(const FunctionDecl *FD) {
  llvm::StringRef Name = getIntrinsicName(FD);
  if (Name.empty())
    return std::nullopt;
  for (unsigned I = 0; I < std::size(IntrinsicSpellings); ++I)
    if (Name == IntrinsicSpellings[I])
      return static_cast<IntrinsicId>(I);
  return std::nullopt;
}

llvm::StringRef ampvk::intrinsicSpelling(IntrinsicId Id) {
  return IntrinsicSpellings[static_cast<unsigned>(Id)];
}

llvm::StringRef ampvk::getAmpClassName(const CXXRecordDecl *RD) {
  if (!RD)
    return llvm::StringRef();
  llvm::StringRef Name = annotationArgument(RD, Annotation::Class);
  if (Name.data())
    return Name;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (const ClassTemplateDecl *TD = Spec->getSpecializedTemplate())
      return annotationArgument(TD->getTemplatedDecl(), Annotation::Class);
  return llvm::StringRef();
}

llvm::StringRef ampvk::getAmpClassName(QualType T) {
  // Callers pass the types of whatever they look at, and after an error some
  // of those (the object of a call that was rejected, a missing argument) are
  // null.
  if (T.isNull())
    return llvm::StringRef();
  return getAmpClassName(T.getNonReferenceType()->getAsCXXRecordDecl());
}

bool ampvk::isKernelImageTemplate(const FunctionDecl *FD) {
  if (hasAnnotation(FD, Annotation::KernelImage))
    return true;
  if (const FunctionTemplateDecl *TD = FD->getPrimaryTemplate())
    return hasAnnotation(TD->getTemplatedDecl(), Annotation::KernelImage);
  return false;
}

llvm::StringRef ampvk::getNotYetName(const Decl *D) {
  for (int Depth = 0; D && Depth < 8; ++Depth) {
    llvm::StringRef Name = annotationArgument(D, Annotation::NotYet);
    if (Name.data())
      return Name;
    const Decl *From = nullptr;
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      From = FD->getTemplateInstantiationPattern();
    else if (const auto *RD = dyn_cast<CXXRecordDecl>(D))
      From = RD->getTemplateInstantiationPattern();
    if (From == D)
      break;
    D = From;
  }
  return llvm::StringRef();
}
