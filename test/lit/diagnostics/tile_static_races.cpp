// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Beyond Microsoft's compiler (warnings, precise rather than exhaustive):
//  - a data race on tile_static memory: every thread of the tile updates the
//    same place, with no atomic and no thread-dependent guard;
//  - a tile_static place every thread reads before any write reaches it
//    through a barrier.
#include <amp.h>
using namespace concurrency;

void races(array_view<float, 2> m, array_view<float, 1> out) {
  parallel_for_each(m.extent.tile<2, 2>(), [=](tiled_index<2, 2> t) restrict(amp) {
    tile_static float total;                 // expected-note 3 {{'total' declared here}}
    total += m[t];                           // expected-warning {{data race: every thread of the tile updates tile_static variable 'total' here at the same time}} expected-warning {{tile_static variable 'total' is read here before any thread of the tile has written it (tile_static variables are not initialized)}}
    t.barrier.wait();
    total = m[t.global];                     // expected-warning {{data race: every thread of the tile writes its own value to tile_static variable 'total' here and only one survives}}
    t.barrier.wait();
    if (t.local[0] == 0 && t.local[1] == 0)  // legal: one thread updates it
      total += 1.0f;
    t.barrier.wait();
    total = 0.0f;                            // legal: every thread writes the same value
    t.barrier.wait();

    tile_static int counter;                 // expected-note {{'counter' declared here}}
    counter = 0;
    t.barrier.wait();
    ++counter;                               // expected-warning {{data race: every thread of the tile updates tile_static variable 'counter' here at the same time}}
    t.barrier.wait();

    // Each thread its own element: no race.
    tile_static float cells[2][2];
    cells[t.local[0]][t.local[1]] = m[t];
    cells[t.local[0]][t.local[1]] += 1.0f;   // expected-note {{written here}}
    float own = cells[t.local[0]][t.local[1]]; // legal: reads its own write
    float early = cells[0][0];               // expected-warning {{tile_static variable 'cells' is read here, but what the other threads of the tile wrote to it is not visible yet; call the tile's barrier.wait() between the writes and this read}}
    t.barrier.wait();
    float sum = cells[0][0] + cells[0][1] + cells[1][0] + cells[1][1]; // legal: after the barrier
    m[t] = own + early + sum;
  });
}

void uninitialized(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int never;                   // expected-note {{'never' declared here}}
    v[t.global] = never;                     // expected-warning {{tile_static variable 'never' is read here before any thread of the tile has written it}}

    tile_static int flag;
    if (t.local[0] == 0)
      flag = v[0];                           // expected-note {{written here}}
    int too_soon = flag;                     // expected-warning {{tile_static variable 'flag' is read here, but what the other threads of the tile wrote to it is not visible yet}}
    t.barrier.wait();
    int in_time = flag;                      // legal

    // Reads at thread-dependent places are not judged (the analysis cannot
    // tell whose write they see).
    tile_static int data[64];
    data[63 - t.local[0]] = t.local[0];
    int mine = data[t.local[0]];
    // A variable whose address is passed on is not judged any more.
    tile_static int shared;
    int *p = &shared;
    *p = 1;
    int via = shared;
    v[t.global] += too_soon + in_time + mine + via;
  });
}

// A reduction in the usual shape: no warning.
void reduction(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(in.extent.tile<128>(), [=](tiled_index<128> t) restrict(amp) {
    tile_static int partial[128];
    int l = t.local[0];
    partial[l] = in[t.global];
    t.barrier.wait();
    for (int stride = 64; stride > 0; stride /= 2) {
      if (l < stride)
        partial[l] += partial[l + stride];
      t.barrier.wait();
    }
    if (l == 0)
      out[t.tile[0]] = partial[0];
  });
}
