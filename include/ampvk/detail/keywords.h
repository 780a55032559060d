// The C++ AMP keywords, spelled as Clang attributes so that the stock Clang
// parser accepts them and the ampvk plugin can find them in the AST.
#ifndef AMPVK_DETAIL_KEYWORDS_H
#define AMPVK_DETAIL_KEYWORDS_H

// restrict(amp), restrict(cpu), restrict(cpu,amp). C++ has no `restrict`
// keyword, and no system header spells `restrict(`, so a function-like macro
// is safe. Write `restrict(amp) mutable`, not `mutable restrict(amp)`.
#define restrict(...) __attribute__((annotate("amp.restrict:" #__VA_ARGS__)))

#define tile_static __attribute__((annotate("amp.tile_static")))

// Library functions whose device meaning the plugin supplies. Their bodies are
// the host implementation.
#define AMPVK_INTRINSIC(name) __attribute__((annotate("amp.intrinsic:" name)))
// Library classes the plugin treats specially (kernel captures, bindings).
#define AMPVK_CLASS(name) __attribute__((annotate("amp.class:" name)))

#endif
