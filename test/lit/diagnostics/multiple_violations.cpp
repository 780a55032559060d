// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// One compile reports every broken rule, each at its own line, and the kernel
// emitter (which would stop at the first construct it cannot compile) adds
// nothing once checking found errors. Nor does the tile analysis warn then
// (the race on 'total' below), though its errors (the barrier) still come.
#include <amp.h>
using namespace concurrency;

float host_log(float x); // expected-note {{'host_log' declared here without restrict(amp)}}
int depth(int n) restrict(amp) { return n ? depth(n - 1) : 0; } // expected-error {{restrict(amp) code cannot be recursive: 'depth' calls itself}}

void everything_at_once(array_view<float, 1> data, bool verbose) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}} expected-note {{'verbose' is captured implicitly because of this capture default}}
    tile_static float sum = 0.0f;          // expected-error {{a tile_static variable cannot have an initializer}}
    static int calls = 0;                  // expected-error {{restrict(amp) code cannot declare static variables}}
    short narrow = 1;                      // expected-error {{variable 'narrow' has type 'short', which cannot be used in restrict(amp) code}}
    float x = host_log(data[t.global]);    // expected-error {{restrict(amp) code cannot call 'host_log', which is not restrict(amp)}}
    if (verbose)                           // expected-error {{captured variable 'verbose' has type 'bool', which cannot be captured by a kernel}}
      x += 1.0f;
    const char *name = "kernel";           // expected-error {{variable 'name' has type 'const char *', which cannot be used in restrict(amp) code}} expected-error {{restrict(amp) code cannot use string literals}}
    int *p = new int;                      // expected-error {{restrict(amp) code cannot use 'new'}}
    if (t.local[0] == 0)                   // expected-note {{this condition depends on the thread's position in the tile}}
      t.barrier.wait();                    // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    tile_static float total;
    t.barrier.wait();
    total = x;                             // a race, but no warning after errors
    data[t.global] = x + sum + calls + narrow + depth(2) + *p + name[0] + total;
  });
}
