// The C++ AMP keywords, spelled as Clang attributes so that the stock Clang
// parser accepts them and the ampvk plugin can find them in the AST. The
// spellings are the contract of ampvk/annotations.h.
#ifndef AMPVK_DETAIL_KEYWORDS_H
#define AMPVK_DETAIL_KEYWORDS_H

#include <ampvk/detail/namespace.h>

#include <ampvk/annotations.h>

// restrict(amp), restrict(cpu), restrict(cpu,amp). The ampvk plugin
// predefines `restrict` itself (plugin/check/RestrictExpansion.cpp): no
// #include is needed first, and it expands to the right attribute for each
// place, or to the plain identifier where `restrict` names a function, a
// variable or a class. This definition is for tools that parse the headers
// without the plugin (clangd, clang-tidy, clang++ -fsyntax-only), which need
// the code to parse and overloads on restriction to stay two declarations,
// nothing more. So a list with `cpu` expands to nothing, which parses in
// every position C++ AMP allows (after `mutable`, before `-> T`, after
// `noexcept`); restrict(amp) alone expands to an always-true enable_if, as
// the plugin's does, so that `f() restrict(cpu)` and `f() restrict(amp)` are
// two overloads, not a redeclaration. That GNU attribute does not parse after
// a lambda's `mutable` nor before a trailing return type: there, without the
// plugin, write the specifier through a macro the plugin's build defines
// (docs/features.md). The single argument `amp` is told from the rest by
// pasting it onto AMPVK_RESTRICT_PROBE_.
#ifndef restrict
#define AMPVK_RESTRICT_NONE(...)
#define AMPVK_RESTRICT_AMP_ONLY(...)                                                              \
  _Pragma("clang diagnostic push")                                                               \
  _Pragma("clang diagnostic ignored \"-Wgcc-compat\"")                                           \
  _Pragma("clang diagnostic ignored \"-Wignored-attributes\"")                                   \
  __attribute__((enable_if(1, "restrict(amp)"))) _Pragma("clang diagnostic pop")
#define AMPVK_RESTRICT_PROBE_amp ~, AMPVK_RESTRICT_AMP_ONLY
#define AMPVK_RESTRICT_SECOND(a, b, ...) b
#define AMPVK_RESTRICT_SECOND_OF(...) AMPVK_RESTRICT_SECOND(__VA_ARGS__)
#define AMPVK_RESTRICT_ONE(a)                                                                     \
  AMPVK_RESTRICT_SECOND_OF(AMPVK_RESTRICT_PROBE_##a, AMPVK_RESTRICT_NONE, ~)(a)
#define AMPVK_RESTRICT_PICK(_1, _2, _3, _4, name, ...) name
#define restrict(...)                                                                             \
  AMPVK_RESTRICT_PICK(__VA_ARGS__, AMPVK_RESTRICT_NONE, AMPVK_RESTRICT_NONE, AMPVK_RESTRICT_NONE, \
                      AMPVK_RESTRICT_ONE, ~)(__VA_ARGS__)
#endif

#define tile_static __attribute__((annotate(AMPVK_SPELLING_TILE_STATIC)))

// Library functions whose device meaning the plugin supplies. Their bodies are
// the host implementation.
#define AMPVK_INTRINSIC(name) __attribute__((annotate(AMPVK_SPELLING_INTRINSIC name)))
// Library classes the plugin treats specially (kernel captures, bindings).
#define AMPVK_CLASS(name) __attribute__((annotate(AMPVK_SPELLING_CLASS name)))
// C++ AMP API that ampvk declares but does not implement yet: naming it is a
// compile-time error "<what> is not supported by ampvk yet", never a generic
// "no member named" from Clang.
#define AMPVK_NOT_YET(what) __attribute__((annotate(AMPVK_SPELLING_NOT_YET what)))

namespace Concurrency {
namespace detail {
// Tells the plugin which contract these headers speak.
struct __attribute__((annotate(AMPVK_SPELLING_CONTRACT AMPVK_STRINGIZE_VALUE(
    AMPVK_CONTRACT_VERSION)))) contract_version;
} // namespace detail
} // namespace Concurrency

#endif
