//===- ResolveCpuCalls.h - CPU code calls the restrict(cpu) overload -------===//
//
// Clang resolves every call of an overload set {f restrict(cpu), f
// restrict(amp)} to the amp one (attrs/RestrictionOverloads.h says why). In
// code that runs on the CPU (restrict(cpu) functions, the CPU side of
// restrict(cpu, amp) functions, initializers of globals) this points each such
// reference at the sibling the CPU runs, before CodeGen sees it: the plugin
// calls this from HandleTopLevelDecl for each declaration as it is parsed
// (CodeGen emits a non-inline function right after) and for each template
// instantiation's definition, which Sema passes there too. So a call sees the
// siblings declared before the declaration that contains it, as C++'s own
// overload resolution does; nothing is changed after CodeGen has seen it.
// Where the side's candidates have other signatures than Clang's choice (a
// template beside a non-template), a free function's call is resolved again
// for that side: CPU code's call is rewritten, amp code's choice is recorded
// (attrs/RestrictionOverloads.h, AmpSideCall).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_OVERLOAD_RESOLVECPUCALLS_H
#define AMPVK_PLUGIN_OVERLOAD_RESOLVECPUCALLS_H

#include "clang/AST/Decl.h"
#include "clang/Sema/Sema.h"

namespace ampvk {

// S, while Sema can still instantiate templates (during parsing and
// instantiation), instantiates the restrict(cpu) overloads CPU code now calls;
// null afterwards.
void resolveCpuCalls(clang::Decl *D, clang::Sema *S);

} // namespace ampvk

#endif
