// RUN: %ampxx -Xclang -verify %s
// The tile analysis follows every call into its body, as the emitter inlines
// it, and has a step budget: a kernel whose calls double at each of 14
// levels (16,384 calls of f0) exhausts it and gets a warning saying its
// barriers and tile_static accesses were not checked, never silence. Such a
// kernel is beyond the emitter's limit on inlined calls too. Loops do not
// multiply the analysis's work (deep_nest_uniform_barrier.cpp).
#include <amp.h>
using namespace concurrency;
int f0(int x) restrict(amp) {
  x = x * 3 + 0; if (x > 1000) x -= 999;
  x = x * 3 + 1; if (x > 1000) x -= 999;
  x = x * 3 + 2; if (x > 1000) x -= 999;
  x = x * 3 + 3; if (x > 1000) x -= 999;
  x = x * 3 + 4; if (x > 1000) x -= 999;
  x = x * 3 + 5; if (x > 1000) x -= 999;
  x = x * 3 + 6; if (x > 1000) x -= 999;
  x = x * 3 + 7; if (x > 1000) x -= 999;
  x = x * 3 + 8; if (x > 1000) x -= 999;
  x = x * 3 + 9; if (x > 1000) x -= 999;
  x = x * 3 + 10; if (x > 1000) x -= 999;
  x = x * 3 + 11; if (x > 1000) x -= 999;
  return x;
}
int f1(int x) restrict(amp) { return f0(f0(x)); }
int f2(int x) restrict(amp) { return f1(f1(x)); }
int f3(int x) restrict(amp) { return f2(f2(x)); }
int f4(int x) restrict(amp) { return f3(f3(x)); }
int f5(int x) restrict(amp) { return f4(f4(x)); } // expected-error {{a kernel that inlines more than 10000 function calls (ampvk inlines every call into the kernel; this one is the first over the limit) is not supported in a kernel by ampvk yet}}
int f6(int x) restrict(amp) { return f5(f5(x)); }
int f7(int x) restrict(amp) { return f6(f6(x)); }
int f8(int x) restrict(amp) { return f7(f7(x)); }
int f9(int x) restrict(amp) { return f8(f8(x)); }
int f10(int x) restrict(amp) { return f9(f9(x)); }
int f11(int x) restrict(amp) { return f10(f10(x)); }
int f12(int x) restrict(amp) { return f11(f11(x)); }
int f13(int x) restrict(amp) { return f12(f12(x)); }
int f14(int x) restrict(amp) { return f13(f13(x)); }
void deep(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-warning {{ampvk's barrier and tile_static race checks stopped on this tiled kernel after 400000 steps (nested loops and calls multiply them); its barriers and tile_static accesses are not checked}} expected-note {{while compiling this kernel for the device}}
    tile_static int s[64];
    s[t.local[0]] = f14(av[t.global]);
    t.barrier.wait();
    av[t.global] = s[(t.local[0] + 1) % 64];
  });
}
