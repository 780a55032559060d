// Headers from another ampvk version: one clear error naming the mismatch, and
// nothing else is checked or compiled (include/ampvk/annotations.h).
// RUN: %ampxx-noinclude -I%S/Inputs/v0 -DHEADER=1 -Xclang -verify=v0 %s
// RUN: %ampxx-noinclude -I%S/Inputs/no_contract -DHEADER=1 -Xclang -verify=missing %s
// RUN: %ampxx-noinclude -I%S/Inputs/unknown_names -DHEADER=1 -Xclang -verify=names %s
// RUN: %ampxx-noinclude -I%S/Inputs/layout -DHEADER=1 -Xclang -verify=layout %s
#include <ampvk/detail/keywords.h>

// v0-error@ampvk/detail/keywords.h:4 {{ampvk header/plugin mismatch: the C++ AMP headers included here speak contract version 0 and this plugin speaks version 4; compile with the headers installed with this plugin (pkg-config --cflags ampvk)}}
// missing-error@ampvk/detail/keywords.h:3 {{ampvk header/plugin mismatch: the C++ AMP headers included here declare no contract version (this plugin speaks version 4); compile with the headers installed with this plugin (pkg-config --cflags ampvk)}}
// names-error@ampvk/detail/keywords.h:6 {{ampvk header/plugin mismatch: the C++ AMP headers declare the intrinsic 'barrier.sideways', which this plugin does not know; compile with the headers installed with this plugin (pkg-config --cflags ampvk)}}
// names-error@ampvk/detail/keywords.h:7 {{ampvk header/plugin mismatch: the C++ AMP headers mark a class as 'texture_cube', which this plugin does not know; compile with the headers installed with this plugin (pkg-config --cflags ampvk)}}
// names-error@ampvk/detail/keywords.h:8 {{ampvk header/plugin mismatch: the C++ AMP headers use the annotation 'amp.hook', which this plugin does not know; compile with the headers installed with this plugin (pkg-config --cflags ampvk)}}
// layout-error@ampvk/detail/keywords.h:7 {{ampvk header/plugin mismatch: concurrency::array_view does not start with its runtime buffer pointer, as this plugin expects; compile with the headers installed with this plugin (pkg-config --cflags ampvk)}}

// A restrict(amp) error below would be reported if checking went on.
int host_only(int x) { return x; }
int amp_fn(int x) __attribute__((annotate("amp.restrict:amp"))) { return host_only(x); }
