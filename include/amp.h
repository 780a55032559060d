// <amp.h> for ampvk: C++ AMP (namespace Concurrency, alias concurrency) on Vulkan.
//
// Compile with $(pkg-config --cflags ampvk): it adds the ampvk plugin, which
// checks restrict(amp) code and compiles every parallel_for_each kernel to
// SPIR-V, and -fdeclspec for the properties (av.extent, t_idx.tile_extent).
//
// glibc's <strings.h> (included by <cstring>) declares a global function
// index() that would clash with concurrency::index after
// `using namespace concurrency;`; hide_bsd_index.h keeps it out, and says what
// to do when <cstring> came first without ampvk's flags.
#ifndef AMPVK_AMP_H
#define AMPVK_AMP_H

#include <ampvk/detail/hide_bsd_index.h>
#if defined(_STRINGS_H) && !defined(AMPVK_BSD_INDEX_HIDDEN)
#warning "ampvk: <cstring>/<strings.h> was included before <amp.h>, so glibc's BSD function index() is global and 'index<N>' after 'using namespace concurrency' is ambiguous; include <amp.h> first, or compile with the flags of 'pkg-config --cflags ampvk' (they pre-include ampvk/detail/hide_bsd_index.h)"
#endif
// The standard headers Microsoft's <amp.h> includes, which ported programs use
// without including them (no <cstring>: see hide_bsd_index.h).
#include <future>
#include <iterator>
#include <type_traits>
#include <vector>

#include <ampvk/detail/keywords.h>
#include <ampvk/exceptions.h>
#include <ampvk/detail/index.h>
#include <ampvk/detail/extent.h>
#include <ampvk/detail/tiled_index.h>
#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/array_view.h>
#include <ampvk/detail/array.h>
#include <ampvk/detail/copy.h>
#include <ampvk/detail/atomics.h>
#include <ampvk/detail/direct3d.h>
#include <ampvk/detail/direct3d_interop.h>
#include <ampvk/detail/parallel_for_each.h>

#endif
