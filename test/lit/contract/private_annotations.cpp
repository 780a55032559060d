// User code cannot spell the annotations private to ampvk's headers: the
// plugin would take such a function or class for one of the library's hooks.
// restrict(...) and tile_static are the public ones.
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void my_barrier() AMPVK_INTRINSIC("barrier.all"); // expected-error {{the annotation 'amp.intrinsic:barrier.all' is private to ampvk's headers; C++ AMP code needs only restrict(...) and tile_static}}
class AMPVK_CLASS("array_view") my_view {};        // expected-error {{the annotation 'amp.class:array_view' is private to ampvk's headers; C++ AMP code needs only restrict(...) and tile_static}}
const char *image() __attribute__((annotate("amp.kernel_image"))); // expected-error {{the annotation 'amp.kernel_image' is private to ampvk's headers; C++ AMP code needs only restrict(...) and tile_static}}

// The user's own "amp." strings that spell nothing of ampvk's are theirs.
void tagged() __attribute__((annotate("amp.mine")));

int twice(int x) restrict(cpu, amp) { return 2 * x; }
