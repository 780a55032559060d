//===- AmpTypeRules.h - Which types restrict(amp) code and kernels may use -===//
#ifndef AMPVK_PLUGIN_CHECK_AMPTYPERULES_H
#define AMPVK_PLUGIN_CHECK_AMPTYPERULES_H

#include "CheckContext.h"

#include "llvm/ADT/Twine.h"

namespace ampvk {

enum class TypeContext {
  Amp,     // a variable, parameter, return type or cast in restrict(amp) code
  Capture, // a value a kernel (or a lambda in amp code) captures, or a functor member
};

// Checks T; on a problem reports
//   "<Subject> has type 'T', which <cannot be used in restrict(amp) code |
//    cannot be captured by a kernel>[: <why>]"
// at Loc with a note at the member or declaration responsible. Returns true if
// T is fine. Dependent types are fine (checked once instantiated).
bool checkType(CheckContext &C, clang::QualType T, TypeContext Ctx, clang::SourceLocation Loc,
               clang::SourceRange Range, const llvm::Twine &Subject,
               llvm::StringRef Tail = llvm::StringRef());

// char, short, long long, long double, wchar_t, ... (bool only for captures).
bool isDisallowedScalar(clang::QualType T, bool ForCapture);

} // namespace ampvk

#endif
