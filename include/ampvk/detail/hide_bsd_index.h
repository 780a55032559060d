// Keeps glibc's legacy BSD function index() (<strings.h>) out of the global
// namespace, so that `using namespace concurrency;` + `index<1>` is not
// ambiguous in programs that also include <cstring> or <string.h>, as it never
// was with Microsoft's compiler.
//
// <strings.h> is read here once with the name `index` spelled differently; its
// include guard then keeps <cstring> from declaring `::index` again. The
// function stays callable as strchr(), which it always was an alias of (POSIX
// dropped index() in 2008). Nothing else of <strings.h> changes.
//
// <amp.h> includes this first. For a program that includes <cstring> before
// <amp.h>, the flags of `pkg-config --cflags ampvk` and of the CMake target
// ampvk::ampvk pre-include this file (-include), so either order works.
#ifndef AMPVK_DETAIL_HIDE_BSD_INDEX_H
#define AMPVK_DETAIL_HIDE_BSD_INDEX_H

#if defined(__has_include)
#if __has_include(<strings.h>) && !defined(_STRINGS_H)
#define AMPVK_BSD_INDEX_HIDDEN 1
#pragma push_macro("index")
#undef index
#define index ampvk_bsd_index_hidden_by_amp_h
#include <strings.h>
#pragma pop_macro("index")
#endif
#endif

#endif
