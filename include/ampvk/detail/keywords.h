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
// variable or a class. This definition, the one attribute that fits after a
// parameter list, is for tools that parse the headers without the plugin.
#ifndef restrict
#define restrict(...) __attribute__((annotate(AMPVK_SPELLING_RESTRICT #__VA_ARGS__)))
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
