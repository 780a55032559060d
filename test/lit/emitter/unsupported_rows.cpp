// RUN: %ampxx -Xclang -verify %s
// Rows of plugin/diag/DiagnosticEmitKinds.def that take arguments or pick a
// %select alternative, each with its note at the kernel.
#include <amp.h>
using namespace concurrency;

// 2 GiB of captures: past the 32-bit offsets with which kernels address them.
struct Huge {
  int values[1 << 29];
};

void captures_over_two_gib(array_view<float, 1> v, const Huge &h) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-error {{a kernel whose captures need 2147483672 bytes is not supported: ampvk addresses a kernel's captured data with 32-bit offsets, so at most 2147483628 bytes fit}} expected-note {{while compiling this kernel for the device}}
    v[i] = float(h.values[i[0]]);
  });
}

// Its passing twin: a struct with a 4 KiB array, read at a thread-dependent
// index, in a rank-5 kernel whose folded extents follow it in the capture buffer.
struct Mid {
  int values[1024];
};

void captures_beside_folded_extents(array_view<float, 5> v, Mid m) {
  parallel_for_each(v.extent, [=](concurrency::index<5> i) restrict(amp) {
    v[i] = float(m.values[i[0] % 1024]);
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
