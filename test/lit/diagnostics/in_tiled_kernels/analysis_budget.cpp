// RUN: %ampxx -Xclang -verify %s
// The tile analysis has a step budget; a kernel whose nested loops exhaust it
// gets a warning saying its barriers and tile_static accesses were not checked,
// never silence.
#include <amp.h>
using namespace concurrency;
void deep(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-warning {{ampvk's barrier and tile_static race checks stopped on this tiled kernel after 400000 steps (nested loops and calls multiply them); its barriers and tile_static accesses are not checked}}
    tile_static int s[64];
    int x = 0;
    for (int a = 0; a < 4; ++a) for (int b = 0; b < 4; ++b) for (int c = 0; c < 4; ++c)
    for (int d = 0; d < 4; ++d) for (int e = 0; e < 4; ++e) for (int f = 0; f < 4; ++f)
    for (int g = 0; g < 4; ++g) for (int h = 0; h < 4; ++h) for (int k = 0; k < 4; ++k)
    for (int l = 0; l < 4; ++l) for (int m = 0; m < 4; ++m) for (int n = 0; n < 4; ++n) {
      s[t.local[0]] = x; x = x + av[t.global] + a + b + c + d + e + f + g + h + k + l + m + n;
      t.barrier.wait();
    }
    av[t.global] = x + s[0];
  });
}
