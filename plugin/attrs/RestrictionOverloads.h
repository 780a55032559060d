//===- RestrictionOverloads.h - Overloads that differ only in restrict ----===//
//
// C++ AMP lets `int f() restrict(cpu)` and `int f() restrict(amp)` coexist and
// picks by the calling context. Clang sees one signature twice, so the
// plugin's restrict(amp) (amp only, RestrictExpansion.cpp) also carries
// `enable_if(1, ...)`, which makes it a distinct overload that Clang prefers.
// Every call therefore resolves to the amp-only function; CPU code is then
// pointed at its sibling (overload/ResolveCpuCalls.cpp), and restrict(amp)
// code (checker, emitter) looks through ampCallee().
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_ATTRS_RESTRICTIONOVERLOADS_H
#define AMPVK_PLUGIN_ATTRS_RESTRICTIONOVERLOADS_H

#include "AmpAttributes.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace ampvk {

// The overload of FD declared in the same scope with the same type (return
// type, parameters, qualifiers; for a template specialization, the
// specialization of a sibling template with the same arguments) that code of
// restriction Context may call, preferring one with exactly that restriction;
// null when there is none. A sibling template that has no specialization for
// FD's arguments yet goes to *Uninstantiated, when given.
const clang::FunctionDecl *
findRestrictionSibling(const clang::FunctionDecl *FD, RestrictionBits Context,
                       const clang::FunctionTemplateDecl **Uninstantiated = nullptr);

// A function of FD's scope and name, callable from Context, whose parameters
// match FD's but whose type does not (another return type, qualifiers): what
// the user may have meant as FD's sibling. Null when there is none.
const clang::FunctionDecl *findMistypedRestrictionSibling(const clang::FunctionDecl *FD,
                                                          RestrictionBits Context);

// The function restrict(amp) code runs for a call whose AST callee is FD: an
// amp-only sibling if there is one (the better match in amp code), else FD.
const clang::FunctionDecl *ampCallee(const clang::FunctionDecl *FD);

// A call the CPU side resolved again among the functions it may call
// (overload/ResolveCpuCalls.cpp) when Clang's one resolution chose an
// amp-only function with other parameters: the AST holds the CPU side's
// callee and arguments, this what the amp side calls them with.
struct AmpSideCall {
  const clang::FunctionDecl *Callee = nullptr;
  llvm::SmallVector<const clang::Expr *, 4> Args; // converted for Callee
};
void recordAmpSideCall(const clang::CallExpr *CE, AmpSideCall Call);
// The amp side of CE when the CPU side was resolved apart, else null.
const AmpSideCall *ampSideCall(const clang::CallExpr *CE);
// The function restrict(amp) code runs for CE (ampSideCall's, or ampCallee
// of its callee), and the arguments it passes.
const clang::FunctionDecl *ampCallee(const clang::CallExpr *CE,
                                     llvm::SmallVectorImpl<const clang::Expr *> *Args = nullptr);

// The argument amp code passes for parameter I of Callee, whose call has Arg
// there: Arg, except where Arg is another overload's default argument (CPU
// code's call was pointed at its restrict(cpu) sibling and took the sibling's
// default, overload/ResolveCpuCalls.cpp), where it is Callee's own default.
const clang::Expr *ampSideArgument(const clang::FunctionDecl *Callee, unsigned I,
                                   const clang::Expr *Arg);

} // namespace ampvk

#endif
