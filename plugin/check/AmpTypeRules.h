//===- AmpTypeRules.h - Which types restrict(amp) code and kernels may use -===//
#ifndef AMPVK_PLUGIN_CHECK_AMPTYPERULES_H
#define AMPVK_PLUGIN_CHECK_AMPTYPERULES_H

#include "CheckContext.h"

#include "llvm/ADT/StringRef.h"

namespace ampvk {

// The enums below are %select lists of err_type_not_allowed, in their order.
enum class TypeContext {
  Amp,           // a variable, parameter, return type or cast in restrict(amp) code
  Capture,       // a value a kernel captures, or a functor member
  LambdaCapture, // a value a lambda in restrict(amp) code captures
  Element,       // T of array<T,N> / array_view<T,N>
};

// What the message calls the thing whose type it is; Name and Function of
// checkType fill in the ones that name something.
enum class TypeSubject {
  CapturedThis,     // captured '*this'
  CapturedVariable, // captured variable 'Name'
  KernelBase,       // base class of kernel class 'Name'
  KernelMember,     // kernel member 'Name'
  Parameter,        // parameter 'Name' of Function
  UnnamedParameter, // parameter of Function
  ReturnType,       // the return type of Function
  Variable,         // variable 'Name'
  Cast,             // the cast
  ElementType,      // the element type of 'Name' (an array or array_view type)
};

// A user-provided special member that keeps a class from being copied by
// blitting (also err_kernel_class_not_trivially_copyable's list).
enum class UserProvided { CopyConstructor, MoveConstructor, Destructor };

// Checks T; on a problem reports err_type_not_allowed,
//   "<Subject> has type 'T', which <cannot be used in restrict(amp) code |
//    cannot be captured by ...>[: <why>]"
// at Loc with a note at the member or declaration responsible. Function is
// the function as describeFunction() names it. Returns true if T is fine.
// Dependent types are fine (checked once instantiated).
bool checkType(CheckContext &C, clang::QualType T, TypeContext Ctx, clang::SourceLocation Loc,
               clang::SourceRange Range, TypeSubject Subject,
               llvm::StringRef Name = llvm::StringRef(),
               llvm::StringRef Function = llvm::StringRef());

// char, short, long long, long double, wchar_t, ... (bool only for captures).
bool isDisallowedScalar(clang::QualType T, bool ForCapture);

} // namespace ampvk

#endif
