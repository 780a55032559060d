//===- AmpAttributes.h - Reads the C++ AMP annotations <amp.h> leaves ----===//
//
// <amp.h> spells restrict(...), tile_static and its library hooks as
// annotate attributes whose spellings are the contract of
// include/ampvk/annotations.h. This is the one place in the plugin that reads
// them; LibraryContract.cpp checks that the headers speak the same contract.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_ATTRS_AMPATTRIBUTES_H
#define AMPVK_PLUGIN_ATTRS_AMPATTRIBUTES_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include "ampvk/annotations.h"

#include <optional>
#include <utility>

namespace ampvk {

// The annotations of ampvk/annotations.h.
enum class Annotation {
#define AMPVK_X(Enumerator, Spelling, IsPrivate) Enumerator,
  AMPVK_ANNOTATIONS(AMPVK_X)
#undef AMPVK_X
};
llvm::StringRef spellingOf(Annotation A);
// Only ampvk's headers may spell it.
bool isPrivate(Annotation A);
// The annotation an annotate() string spells, and its argument
// ("amp.intrinsic:buffer.element" is Intrinsic with "buffer.element");
// nothing for a string that spells none.
std::optional<std::pair<Annotation, llvm::StringRef>> parseAnnotation(llvm::StringRef S);
// Whether D carries the annotation A (arguments aside).
bool hasAnnotation(const clang::Decl *D, Annotation A);

enum RestrictionBits : unsigned {
  RestrictNone = 0,
  RestrictCpu = 1,
  RestrictAmp = 2,
};

struct RestrictionSpec {
  unsigned Bits = RestrictNone;
  bool Written = false;        // some restrict(...) annotation is present
  llvm::StringRef Unknown;     // first unknown specifier, if any
  bool Empty = false;          // restrict()
  clang::SourceLocation Loc;
};

// Calls F(specifiers, attribute, inherited) for each restrict(...) on D: the
// annotate attributes of the declaration and, for a function, the
// annotate_type attributes of its function type as written
// (plugin/check/RestrictExpansion.cpp says which form a use takes).
void forEachRestrictAnnotation(
    const clang::Decl *D,
    llvm::function_ref<void(llvm::StringRef, const clang::Attr *, bool)> F);

// The restrictions written on the function type TL is or points to (through
// pointers, references, member pointers, parentheses, typedefs and aliases):
// `int (*p)(int) restrict(amp)`, `typedef int F(int) restrict(cpu)`. Written
// is false when none is written (such a type is restrict(cpu)); nothing when
// TL is neither a function type nor leads to one as written (`auto`,
// `decltype`). Clang 19 keeps an annotate_type's argument only in the type
// as written (TypeLoc), never in the type, so this is the one way to read it.
std::optional<RestrictionSpec> getFunctionTypeRestrictions(clang::TypeLoc TL);

// The restriction specifiers written on FD (any redeclaration).
RestrictionSpec getRestrictions(const clang::FunctionDecl *FD);

// The restriction specifiers written on this one declaration (attributes
// Clang inherited from an earlier declaration do not count).
RestrictionSpec getRestrictionsOfDeclaration(const clang::FunctionDecl *D);

// The restrictions FD has: those written on it, or, when none are written and
// FD is defined inside a function (a lambda's operator(), a member of a local
// class), those of the enclosing function (C++ AMP: "restriction specifiers
// are applied recursively to all functions defined within its body"), or
// restrict(cpu).
unsigned getEffectiveRestrictions(const clang::FunctionDecl *FD);
inline bool isAmpRestricted(const clang::FunctionDecl *FD) {
  return getEffectiveRestrictions(FD) & RestrictAmp;
}

// True when FD may be called from code of the given restriction: FD has it
// (written or inherited, see above); a trivial special member runs no code
// and exists for both; a compiler-generated one (implicit or `= default`,
// nothing written) has what all the special members it calls have in common
// (C++ AMP §2.3.2).
bool isCallableFrom(const clang::FunctionDecl *FD, RestrictionBits Context);
// For a compiler-generated special member that is not callable from Context:
// the first function it calls that is not (for a note); null otherwise.
const clang::FunctionDecl *generatedMemberBlocker(const clang::FunctionDecl *FD,
                                                  RestrictionBits Context);
inline bool isAmpCallable(const clang::FunctionDecl *FD) {
  return isCallableFrom(FD, RestrictAmp);
}

bool isTileStatic(const clang::VarDecl *VD);

// The value of a variable of static storage (namespace scope, static data
// member, static local) that restrict(amp) code may use as an object: its
// type is const (for an array, its elements), neither volatile nor with
// mutable or volatile members, not a reference, and its initializer is a
// constant. Null for any other variable (C++ AMP allows no other global).
const clang::APValue *getAmpConstantValue(const clang::VarDecl *VD,
                                          const clang::ASTContext &Ctx);

// "buffer.element" for a function marked AMPVK_INTRINSIC("buffer.element").
llvm::StringRef getIntrinsicName(const clang::FunctionDecl *FD);

// The intrinsics of annotations.h (AMPVK_INTRINSIC_NAMES), by enumerator.
enum class IntrinsicId : unsigned {
#define AMPVK_X(Enumerator, Spelling) Enumerator,
  AMPVK_INTRINSIC_NAMES(AMPVK_X)
#undef AMPVK_X
};
// FD's intrinsic: none when FD is not one, or when it names one this plugin
// does not know (the library contract check reports those).
std::optional<IntrinsicId> getIntrinsic(const clang::FunctionDecl *FD);
// "buffer.element" for IntrinsicId::BufferElement.
llvm::StringRef intrinsicSpelling(IntrinsicId Id);

// "array_view", "array", "tiled_index" for classes marked AMPVK_CLASS(...),
// looking through template specializations.
llvm::StringRef getAmpClassName(const clang::CXXRecordDecl *RD);
llvm::StringRef getAmpClassName(clang::QualType T);
// concurrency::array and graphics::texture: kernels capture them by reference.
inline bool isCapturedByReference(clang::QualType T) {
  llvm::StringRef Name = getAmpClassName(T);
  return Name == "array" || Name == "texture";
}

bool isKernelImageTemplate(const clang::FunctionDecl *FD);

// The API name of a declaration marked AMPVK_NOT_YET("name") (directly, or
// through the template or class member it was instantiated from); a null
// StringRef if it is not marked.
llvm::StringRef getNotYetName(const clang::Decl *D);

} // namespace ampvk

#endif
