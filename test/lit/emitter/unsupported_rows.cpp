// RUN: %ampxx -Xclang -verify %s
// Rows of plugin/diag/DiagnosticEmitKinds.def that take arguments or pick a
// %select alternative, each with its note at the kernel.
#include <amp.h>
using namespace concurrency;

struct Mid {
  float values[24];
};

void captures_beside_folded_extents(array_view<float, 5> v, Mid m) {
  parallel_for_each(v.extent, [=](concurrency::index<5> i) restrict(amp) { // expected-error {{a kernel whose captures need 152 bytes (ampvk passes captures as push constants; at most 104 bytes fit beside the extents of a rank-5 domain; capture fewer or smaller objects) is not supported in a kernel by ampvk yet}} expected-note {{while compiling this kernel for the device}}
    v[i] = m.values[i[0] % 24];
  });
}

void builtin(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    v[i] = __builtin_popcount(v[i]); // expected-error {{the builtin function '__builtin_popcount' is not supported in a kernel by ampvk yet}}
  });
}

void gnu_conditional(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    v[i] = v[i] ?: 3; // expected-error {{the GNU '?:' operator is not supported in a kernel by ampvk yet}}
  });
}

void conditional_object(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int x = 1, y = 2;
    (v[i] > 0 ? x : y) = 3; // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    v[i] = x;
  });
}
