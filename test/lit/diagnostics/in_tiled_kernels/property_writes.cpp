// RUN: %ampxx -ferror-limit=0 -fplugin-arg-ampvk-Wno-tile-static-constructor -Xclang -verify %s
// A write through a __declspec(property) (the setter call Clang builds for
// `v.x = e`) is a write for the tile_static race analysis, as the same write
// through a member is.
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

void writes(array_view<float, 1> m) {
  parallel_for_each(m.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static float_4 v; // expected-note {{'v' declared here}}
    v.x = m[t.global];     // expected-warning {{data race: every thread of the tile writes its own value to tile_static variable 'v' here and only one survives}}
    t.barrier.wait();
    if (t.local[0] == 0) // legal: one thread writes
      v.z = m[t.global];
    v.w = 2.0f;          // legal: every thread writes the same value
    t.barrier.wait();
    m[t.global] = v.x + v.y + v.z + v.w;
  });
}
