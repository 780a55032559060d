// An atomic on a value the kernel captured by copy: in a lambda that is not
// mutable the copy is const, and no atomic takes a pointer to const, so Clang
// itself rejects the call (see atomics_private_memory.cpp for the mutable
// case, an ampvk error).
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void capturedConst(array_view<int, 1> v, int limit) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    // The captured copy is const in a lambda that is not mutable: no overload takes it.
    v[i] = atomic_fetch_inc(&limit); // expected-error {{no matching function for call to 'atomic_fetch_inc'}}
    // expected-note@*:* 2 {{candidate function not viable}}
  });
}

