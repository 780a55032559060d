// glibc's BSD index() and concurrency::index. With ampvk's flags (%ampxx
// pre-includes hide_bsd_index.h) both include orders compile; without them,
// <cstring> before <amp.h> gets a warning that says what to do, and <amp.h>
// first still works.
// RUN: %ampxx -DCSTRING_FIRST -Xclang -verify=ok %s
// RUN: %ampxx -Xclang -verify=ok %s
// RUN: %ampxx-bare -Xclang -verify=ok %s
// RUN: %ampxx-bare -DCSTRING_FIRST -DONLY_QUALIFIED -Xclang -verify=bare %s
// ok-no-diagnostics
#ifdef CSTRING_FIRST
#include <cstring>
#include <amp.h>
// bare-warning@amp.h:* {{ampvk: <cstring>/<strings.h> was included before <amp.h>, so glibc's BSD function index() is global and 'index<N>' after 'using namespace concurrency' is ambiguous; include <amp.h> first, or compile with the flags of 'pkg-config --cflags ampvk' (they pre-include ampvk/detail/hide_bsd_index.h)}}
#else
#include <amp.h>
#include <cstring>
#endif
using namespace concurrency;

#ifdef ONLY_QUALIFIED
int f(const concurrency::index<1> &i) { return i[0]; }
#else
int f(const index<1> &i) { return i[0]; }
#endif
