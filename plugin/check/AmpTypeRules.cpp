//===- AmpTypeRules.cpp - Types and declarations in restrict(amp) code ----===//
//
// C++ AMP v1.2 §2.4 / the seeds:
//  - no char, short, long long, long double, wchar_t, charN_t (or unsigned
//    variants); captured values also no bool, also inside captured classes;
//  - no volatile; no pointer to pointer; no function or member pointers;
//  - classes: no pointer or reference members (a concurrency::array reference
//    or pointer aside; array_view and tiled_index are the library's), no
//    bit-fields, every member 4-byte aligned; enums with an allowed
//    underlying type;
//  - captured classes: no virtual functions or bases, copyable by blitting;
//  - restrict(amp) function declarations: no '...', not virtual, no dynamic
//    exception specification (throw(...), including throw()).
//
//===----------------------------------------------------------------------===//
#include "AmpTypeRules.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

using namespace clang;
using namespace ampvk;

bool ampvk::isDisallowedScalar(QualType T, bool ForCapture) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  if (!BT)
    return false;
  switch (BT->getKind()) {
  case BuiltinType::Void:
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::Float:
  case BuiltinType::Double:
  case BuiltinType::NullPtr:
    return false;
  case BuiltinType::Bool:
    return ForCapture;
  default:
    return BT->isInteger() || BT->isFloatingPoint() || BT->isCharType() ||
           BT->isWideCharType() || BT->isChar16Type() || BT->isChar32Type() ||
           BT->isChar8Type();
  }
}

namespace {

// The %select{...}5 list of err_type_not_allowed: what is wrong with the type
// or with the member Problem::Path of it.
enum class TypeProblem {
  None,                 // (the type itself is not allowed)
  Volatile,             // ... is volatile
  Pointer,              // the type is a pointer
  PointerMember,        // member is a pointer or reference (Number: 1 a reference)
  FunctionPointer,      // it is a function pointer
  PointerToPointer,     // it is a pointer to a pointer
  VolatilePointee,      // it refers to volatile data
  MemberPointer,        // ... is a pointer to member
  EnumUnderlying,       // ... underlying type is Detail
  MemberScalar,         // member has type Detail
  ArrayByValue,         // ... concurrency::array by value
  Virtual,              // ... has virtual functions
  VirtualBase,          // ... has a virtual base class
  NotTriviallyCopyable, // ... has a user-provided Number (UserProvided)
  BitField,             // member is a bit-field
  Unaligned,            // member is at byte offset Number of Detail
  Empty,                // ... is an empty class
  NestedContainer,      // ... is a concurrency::Detail
  ReferenceToPointer,   // it is a reference to a pointer
};

struct Problem {
  bool Found = false;
  TypeProblem Why = TypeProblem::None;
  std::string Path;   // the member at fault ("a.b"); empty: the type itself
  std::string Detail; // a type or class name
  std::uint64_t Number = 0;
  const Decl *NoteDecl = nullptr;      // where the note goes, if any
  std::optional<std::string> NoteName; // "'NoteName' declared here"; none: "declared here"
};

class TypeWalker {
public:
  TypeWalker(ASTContext &Ctx, TypeContext TC) : Ctx(Ctx), TC(TC) {}

  Problem run(QualType T) {
    walk(T, /*Path=*/"", /*IsMember=*/false, /*Top=*/true);
    return P;
  }

private:
  // Captures and elements are bytes copied to the device: no bool, no
  // pointers, nothing virtual, copyable by blitting.
  bool capture() const { return TC != TypeContext::Amp; }
  bool element() const { return TC == TypeContext::Element; }

  std::string str(QualType T) {
    PrintingPolicy PP(Ctx.getLangOpts());
    return T.getAsString(PP);
  }

  // Records the first problem; a note goes to D (if any), named Note (if any).
  void found(const std::string &Path, TypeProblem Why, const Decl *D = nullptr,
             std::optional<std::string> Note = std::nullopt,
             const std::string &Detail = std::string(), std::uint64_t Number = 0) {
    if (P.Found)
      return;
    P.Found = true;
    P.Why = Why;
    P.Path = Path;
    P.Detail = Detail;
    P.Number = Number;
    P.NoteDecl = D;
    P.NoteName = Note;
  }

  static bool isAmpArray(QualType T) { return isCapturedByReference(T); }

  void walk(QualType T, const std::string &Path, bool IsMember, bool Top,
            const FieldDecl *Field = nullptr) {
    if (P.Found || T.isNull() || T->isDependentType())
      return;
    std::string FieldName = Field ? Field->getName().str() : std::string();
    if (T.isVolatileQualified() ||
        (T->isReferenceType() && T.getNonReferenceType().isVolatileQualified())) {
      found(Path, TypeProblem::Volatile, Field, FieldName);
      return;
    }
    if (T->isReferenceType() || T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      bool IsRef = T->isReferenceType();
      if (IsMember || capture()) {
        if (isAmpArray(Pointee) && !element())
          return; // concurrency::array& / array*: how arrays are captured
        if (IsRef && Top && capture())
          return; // captures by reference are the capture rules' business
        if (Path.empty())
          found(Path, TypeProblem::Pointer);
        else
          found(Path, TypeProblem::PointerMember, Field, FieldName, "", IsRef);
        return;
      }
      if (Pointee->isFunctionType()) {
        found(Path, TypeProblem::FunctionPointer);
        return;
      }
      if (Pointee->isPointerType()) {
        found(Path, IsRef ? TypeProblem::ReferenceToPointer : TypeProblem::PointerToPointer);
        return;
      }
      if (Pointee.isVolatileQualified()) {
        found(Path, TypeProblem::VolatilePointee);
        return;
      }
      walk(Pointee, Path, /*IsMember=*/false, /*Top=*/false);
      return;
    }
    if (T->isMemberPointerType()) {
      found(Path, TypeProblem::MemberPointer, Field, FieldName);
      return;
    }
    if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      walk(AT->getElementType(), Path, IsMember, Top, Field);
      return;
    }
    if (const auto *ET = T->getAs<EnumType>()) {
      const EnumDecl *ED = ET->getDecl();
      QualType U = ED->getIntegerType();
      if (!U.isNull() && isDisallowedScalar(U, capture()))
        found(Path, TypeProblem::EnumUnderlying, ED, ED->getName().str(), str(U));
      return;
    }
    if (isDisallowedScalar(T, capture())) {
      if (!Path.empty())
        found(Path, TypeProblem::MemberScalar, Field, FieldName, str(T));
      else
        found(Path, TypeProblem::None);
      return;
    }
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD)
      return;
    llvm::StringRef Amp = getAmpClassName(RD);
    if (!Amp.empty() && element()) {
      found(Path, TypeProblem::NestedContainer, Field, FieldName,
            Amp == "tiled_index" ? "tiled_index" : Amp.str());
      return;
    }
    if (Amp == "array" || Amp == "texture") {
      if (capture())
        found(Path, TypeProblem::ArrayByValue, Field, FieldName,
              Amp == "array" ? "concurrency::array" : "concurrency::graphics::texture");
      return;
    }
    if (!Amp.empty())
      return; // array_view, tiled_index: the library's own
    if (RD->isLambda())
      return; // a closure's members are its captures: CaptureRules judges them
    if (!isUsableRecord(RD) || !Visited.insert(RD).second)
      return;
    if (element() && RD->isEmpty()) {
      found(Path, TypeProblem::Empty, RD, RD->getNameAsString());
      return;
    }
    if (capture()) {
      if (RD->isPolymorphic()) {
        found(Path, TypeProblem::Virtual, RD, RD->getNameAsString());
        return;
      }
      if (RD->getNumVBases()) {
        found(Path, TypeProblem::VirtualBase, RD, RD->getNameAsString());
        return;
      }
      for (const CXXConstructorDecl *Ctor : RD->ctors())
        if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
            Ctor->isUserProvided()) {
          found(Path, TypeProblem::NotTriviallyCopyable, Ctor, std::nullopt, "",
                unsigned(Ctor->isCopyConstructor() ? UserProvided::CopyConstructor
                                                   : UserProvided::MoveConstructor));
          return;
        }
      if (const CXXDestructorDecl *Dtor = RD->getDestructor())
        if (Dtor->isUserProvided()) {
          found(Path, TypeProblem::NotTriviallyCopyable, Dtor, std::nullopt, "",
                unsigned(UserProvided::Destructor));
          return;
        }
    }
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    for (const CXXBaseSpecifier &B : RD->bases()) {
      if (B.isVirtual())
        continue; // reported above for captures; layout is the compiler's
      walk(B.getType(), Path, /*IsMember=*/true, /*Top=*/false);
      if (P.Found)
        return;
    }
    for (const FieldDecl *FD : RD->fields()) {
      std::string Sub = Path.empty() ? FD->getNameAsString()
                                     : Path + "." + FD->getNameAsString();
      if (FD->isBitField()) {
        found(Sub, TypeProblem::BitField, FD, FD->getNameAsString());
        return;
      }
      uint64_t Bits = RL.getFieldOffset(FD->getFieldIndex());
      uint64_t Bytes = Bits / 8;
      if (!FD->isZeroSize(Ctx) && Bytes % 4 != 0) {
        found(Sub, TypeProblem::Unaligned, FD, FD->getNameAsString(), RD->getNameAsString(), Bytes);
        return;
      }
      walk(FD->getType(), Sub, /*IsMember=*/true, /*Top=*/false, FD);
      if (P.Found)
        return;
    }
  }

  ASTContext &Ctx;
  TypeContext TC;
  Problem P;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Visited;
};

} // namespace

bool ampvk::checkType(CheckContext &C, QualType T, TypeContext TC, SourceLocation Loc,
                      SourceRange Range, TypeSubject Subject, llvm::StringRef Name,
                      llvm::StringRef Function) {
  if (T.isNull() || T->isDependentType())
    return true;
  Problem P = TypeWalker(C.Ctx, TC).run(T);
  if (!P.Found)
    return true;
  C.Diags.report(Loc, ampdiag::err_type_not_allowed)
      << Subject << Name << Function << T << TC << P.Why << !P.Path.empty()
      << P.Path << P.Detail << P.Number << Range;
  if (P.NoteDecl && P.NoteDecl->getLocation().isValid()) {
    if (!P.NoteName)
      C.Diags.report(P.NoteDecl->getLocation(), ampdiag::note_declared_here_unnamed);
    else
      C.Diags.report(P.NoteDecl->getLocation(), ampdiag::note_declared_here)
          << "'" + *P.NoteName + "'";
  }
  return false;
}

// Declarations of restrict(amp) functions: '...', virtual, exception
// specifications, parameter and return types.
namespace {
// The %select of err_amp_function_declaration.
enum class AmpFunctionProblem { Variadic, Virtual, DynamicExceptionSpec, Volatile, ExternCBoth };

class DeclarationChecker {
public:
  explicit DeclarationChecker(CheckContext &C) : C(C) {}

  void check(const FunctionDecl *FD) {
    if (!Done.insert(FD).second || !isAmpRestricted(FD) || !getIntrinsicName(FD).empty())
      return;
    // Every declaration has the same restrictions (checked elsewhere); judge
    // the declarations Clang sees, once per source location.
    std::string Name = describeFunction(FD);
    if (FD->isVariadic())
      C.Diags.report(FD->getLocation(), ampdiag::err_amp_function_declaration)
          << AmpFunctionProblem::Variadic;
    // C++ AMP 2.3: a function with several restrictions has a symbol per
    // restriction, which C linkage cannot give.
    if (FD->isExternC() && getEffectiveRestrictions(FD) == (RestrictCpu | RestrictAmp))
      C.Diags.report(FD->getLocation(), ampdiag::err_amp_function_declaration)
          << AmpFunctionProblem::ExternCBoth;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
      if (MD->isVirtual())
        C.Diags.report(MD->getLocation(), ampdiag::err_amp_function_declaration)
            << AmpFunctionProblem::Virtual;
      if (MD->isVolatile())
        C.Diags.report(MD->getLocation(), ampdiag::err_amp_function_declaration)
            << AmpFunctionProblem::Volatile;
    }
    if (const auto *FPT = FD->getType()->getAs<FunctionProtoType>()) {
      ExceptionSpecificationType EST = FPT->getExceptionSpecType();
      if (EST == EST_Dynamic || EST == EST_DynamicNone || EST == EST_MSAny) {
        SourceRange R = FD->getExceptionSpecSourceRange();
        C.Diags.report(R.isValid() ? R.getBegin() : FD->getLocation(),
                       ampdiag::err_amp_function_declaration)
            << AmpFunctionProblem::DynamicExceptionSpec << R;
      }
    }
    // The library's own signatures are right by construction; where they
    // name a user's type (array_view<T>::operator[] returns T&), the element
    // type check (checkElementTypes) has judged it once.
    if (FD->isDependentContext() || C.isLibraryLocation(FD->getLocation()))
      return;
    for (const ParmVarDecl *P : FD->parameters()) {
      if (P->isInvalidDecl())
        continue;
      checkType(C, P->getType(), TypeContext::Amp, P->getLocation(), P->getSourceRange(),
                P->getName().empty() ? TypeSubject::UnnamedParameter : TypeSubject::Parameter,
                P->getName(), Name);
    }
    QualType RT = FD->getReturnType();
    if (!RT->isUndeducedType() && !isa<CXXConstructorDecl>(FD) &&
        !isa<CXXDestructorDecl>(FD)) {
      SourceRange R = FD->getReturnTypeSourceRange();
      checkType(C, RT, TypeContext::Amp, R.isValid() ? R.getBegin() : FD->getLocation(), R,
                TypeSubject::ReturnType, "", Name);
    }
  }

private:
  CheckContext &C;
  llvm::DenseSet<const FunctionDecl *> Done;
};
} // namespace

void ampvk::checkAmpDeclarations(CheckContext &C) {
  DeclarationChecker Checker(C);
  for (const FunctionDecl *FD : C.functions(FunctionSet::Declarations))
    Checker.check(FD);
}

namespace {
// The array<T,N> / array_view<T,N> specializations of the translation unit,
// the first instantiated of each element type (array_view<const T> is T).
class ContainerFinder : public RecursiveASTVisitor<ContainerFinder> {
public:
  explicit ContainerFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *Spec) {
    llvm::StringRef Amp = getAmpClassName(Spec);
    if ((Amp != "array" && Amp != "array_view") || Spec->isInvalidDecl() ||
        !Spec->hasDefinition() || Spec->getTemplateArgs().size() < 1 ||
        Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return true;
    QualType T = Spec->getTemplateArgs()[0].getAsType().getUnqualifiedType();
    SourceLocation Loc = Spec->getPointOfInstantiation();
    if (Loc.isInvalid())
      Loc = Spec->getLocation();
    auto [It, New] = First.try_emplace(Ctx.getCanonicalType(T).getTypePtr(), Found{T, Spec, Loc});
    if (!New && Ctx.getSourceManager().isBeforeInTranslationUnit(Loc, It->second.Loc))
      It->second = Found{T, Spec, Loc};
    return true;
  }

  struct Found {
    QualType Element;
    const ClassTemplateSpecializationDecl *Spec;
    SourceLocation Loc;
  };
  llvm::MapVector<const Type *, Found> First;

private:
  ASTContext &Ctx;
};
} // namespace

void ampvk::checkElementTypes(CheckContext &C) {
  ContainerFinder Finder(C.Ctx);
  Finder.TraverseDecl(C.Ctx.getTranslationUnitDecl());
  PrintingPolicy PP(C.Ctx.getLangOpts());
  for (const auto &Entry : Finder.First) {
    const ContainerFinder::Found &F = Entry.second;
    checkType(C, F.Element, TypeContext::Element, F.Loc, SourceRange(), TypeSubject::ElementType,
              C.Ctx.getRecordType(F.Spec).getAsString(PP));
  }
}
