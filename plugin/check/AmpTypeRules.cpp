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
#include "llvm/ADT/SmallPtrSet.h"

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

struct Problem {
  bool Found = false;
  std::string Why;              // after "which cannot ...: "
  const Decl *NoteDecl = nullptr;
  std::string NoteText;
};

class TypeWalker {
public:
  TypeWalker(ASTContext &Ctx, TypeContext TC) : Ctx(Ctx), TC(TC) {}

  Problem run(QualType T) {
    walk(T, /*Path=*/"", /*IsMember=*/false, /*Top=*/true);
    return P;
  }

private:
  bool capture() const { return TC == TypeContext::Capture; }

  std::string str(QualType T) {
    PrintingPolicy PP(Ctx.getLangOpts());
    return T.getAsString(PP);
  }

  void found(const std::string &Path, const std::string &What, const Decl *D = nullptr,
             const std::string &Note = std::string()) {
    if (P.Found)
      return;
    P.Found = true;
    P.Why = Path.empty() ? What : "member '" + Path + "' " + What;
    P.NoteDecl = D;
    P.NoteText = Note;
  }

  static bool isAmpArray(QualType T) { return getAmpClassName(T) == "array"; }

  void walk(QualType T, const std::string &Path, bool IsMember, bool Top,
            const FieldDecl *Field = nullptr) {
    if (P.Found || T.isNull() || T->isDependentType())
      return;
    auto Declared = [&](const std::string &What) {
      return Field ? "'" + Field->getName().str() + "' declared here" : What;
    };
    if (T.isVolatileQualified() ||
        (T->isReferenceType() && T.getNonReferenceType().isVolatileQualified())) {
      found(Path, Path.empty() ? "it is volatile" : "is volatile", Field, Declared(""));
      return;
    }
    if (T->isReferenceType() || T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      bool IsRef = T->isReferenceType();
      if (IsMember || capture()) {
        if (isAmpArray(Pointee))
          return; // concurrency::array& / array*: how arrays are captured
        if (IsRef && Top && capture())
          return; // captures by reference are the capture rules' business
        if (Path.empty())
          found(Path, capture() ? std::string("only a concurrency::array can be captured "
                                              "by pointer")
                                : std::string("it is a pointer member"));
        else
          found(Path,
                std::string("is ") + (IsRef ? "a reference" : "a pointer") +
                    (capture() ? "; only a concurrency::array can be captured by reference "
                                 "or pointer"
                               : "; classes used in restrict(amp) code cannot have pointer "
                                 "or reference members"),
                Field, Declared(""));
        return;
      }
      if (Pointee->isFunctionType()) {
        found(Path, "it is a function pointer");
        return;
      }
      if (!IsRef && Pointee->isPointerType()) {
        found(Path, "it is a pointer to a pointer");
        return;
      }
      if (Pointee.isVolatileQualified()) {
        found(Path, "it refers to volatile data");
        return;
      }
      walk(Pointee, Path, /*IsMember=*/false, /*Top=*/false);
      return;
    }
    if (T->isMemberPointerType()) {
      found(Path, std::string(Path.empty() ? "it is" : "is") + " a pointer to member", Field,
            Declared(""));
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
        found(Path,
              std::string(Path.empty() ? "its underlying type is '" : "has underlying type '") +
                  str(U) + "'",
              ED, "'" + ED->getName().str() + "' declared here");
      return;
    }
    if (isDisallowedScalar(T, capture())) {
      if (!Path.empty())
        found(Path, "has type '" + str(T) + "'", Field, Declared(""));
      else
        found(Path, "");
      return;
    }
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD)
      return;
    llvm::StringRef Amp = getAmpClassName(RD);
    if (Amp == "array") {
      if (capture())
        found(Path, std::string(Path.empty() ? "a" : "holds a") +
                        " concurrency::array by value; capture it by reference",
              Field, Declared(""));
      return;
    }
    if (!Amp.empty())
      return; // array_view, tiled_index: the library's own
    if (RD->isLambda())
      return; // a closure's members are its captures: CaptureRules judges them
    if (!isUsableRecord(RD) || !Visited.insert(RD).second)
      return;
    std::string Of = Path.empty() ? "it" : "member '" + Path + "'";
    if (capture()) {
      if (RD->isPolymorphic()) {
        found("", Of + " has virtual functions", RD,
              "'" + RD->getNameAsString() + "' declared here");
        return;
      }
      if (RD->getNumVBases()) {
        found("", Of + " has a virtual base class", RD,
              "'" + RD->getNameAsString() + "' declared here");
        return;
      }
      for (const CXXConstructorDecl *Ctor : RD->ctors())
        if ((Ctor->isCopyConstructor() || Ctor->isMoveConstructor()) &&
            Ctor->isUserProvided()) {
          found("", Of + " is not trivially copyable: it has a user-provided " +
                        (Ctor->isCopyConstructor() ? "copy" : "move") + " constructor",
                Ctor, "declared here");
          return;
        }
      if (const CXXDestructorDecl *Dtor = RD->getDestructor())
        if (Dtor->isUserProvided()) {
          found("", Of + " is not trivially copyable: it has a user-provided destructor",
                Dtor, "declared here");
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
        found(Sub, "is a bit-field", FD, "'" + FD->getNameAsString() + "' declared here");
        return;
      }
      uint64_t Bits = RL.getFieldOffset(FD->getFieldIndex());
      uint64_t Bytes = Bits / 8;
      if (!FD->isZeroSize(Ctx) && Bytes % 4 != 0) {
        found(Sub,
              "is not 4-byte aligned (it is at byte offset " + std::to_string(Bytes) +
                  " of '" + RD->getNameAsString() + "')",
              FD, "'" + FD->getNameAsString() + "' declared here");
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
                      SourceRange Range, const llvm::Twine &Subject, llvm::StringRef Tail) {
  if (T.isNull() || T->isDependentType())
    return true;
  Problem P = TypeWalker(C.Ctx, TC).run(T);
  if (!P.Found)
    return true;
  PrintingPolicy PP(C.Ctx.getLangOpts());
  std::string Which = !Tail.empty() ? Tail.str()
                      : TC == TypeContext::Capture
                          ? std::string("cannot be captured by a kernel")
                          : std::string("cannot be used in restrict(amp) code");
  std::string Msg = Subject.str() + " has type '" + T.getAsString(PP) + "', which " + Which;
  if (!P.Why.empty())
    Msg += ": " + P.Why;
  C.Diags.error(Loc, Msg, Range);
  if (P.NoteDecl && !P.NoteText.empty() && P.NoteDecl->getLocation().isValid())
    C.Diags.note(P.NoteDecl->getLocation(), P.NoteText);
  return false;
}

// Declarations of restrict(amp) functions: '...', virtual, exception
// specifications, parameter and return types.
namespace {
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
      C.Diags.error(FD->getLocation(),
                    "a restrict(amp) function cannot have a variable argument list ('...')");
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->isVirtual())
        C.Diags.error(MD->getLocation(), "a restrict(amp) function cannot be virtual");
    if (const auto *FPT = FD->getType()->getAs<FunctionProtoType>()) {
      ExceptionSpecificationType EST = FPT->getExceptionSpecType();
      if (EST == EST_Dynamic || EST == EST_DynamicNone || EST == EST_MSAny) {
        SourceRange R = FD->getExceptionSpecSourceRange();
        C.Diags.error(R.isValid() ? R.getBegin() : FD->getLocation(),
                      "a restrict(amp) function cannot have a dynamic exception "
                      "specification; remove it (or write noexcept)",
                      R);
      }
    }
    if (FD->isDependentContext())
      return;
    for (const ParmVarDecl *P : FD->parameters()) {
      if (P->isInvalidDecl())
        continue;
      checkType(C, P->getType(), TypeContext::Amp, P->getLocation(), P->getSourceRange(),
                "parameter" + (P->getName().empty() ? std::string()
                                                    : " '" + P->getNameAsString() + "'") +
                    " of " + Name);
    }
    QualType RT = FD->getReturnType();
    if (!RT->isUndeducedType() && !isa<CXXConstructorDecl>(FD) &&
        !isa<CXXDestructorDecl>(FD)) {
      SourceRange R = FD->getReturnTypeSourceRange();
      checkType(C, RT, TypeContext::Amp, R.isValid() ? R.getBegin() : FD->getLocation(), R,
                "the return type of " + Name);
    }
  }

private:
  CheckContext &C;
  llvm::DenseSet<const FunctionDecl *> Done;
};
} // namespace

void ampvk::checkAmpDeclarations(CheckContext &C) {
  DeclarationChecker Checker(C);
  forEachFunction(C.Ctx, FunctionSet::Declarations,
                  [&](const FunctionDecl *FD) { Checker.check(FD); });
}
