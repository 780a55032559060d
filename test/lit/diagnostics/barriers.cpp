// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Barriers must be reached by every thread of a tile (C++ AMP §8.1.1). Under
// control flow that depends on the thread's position in the tile (local,
// global, values computed from them, an early exit only some threads take):
// an error, as Microsoft's compiler made it (C3561). Under control flow that
// is not provably uniform (a value read from memory): a warning. Uniform:
// literals, template parameters, captured values, tile/tile_origin, tile_static
// memory read after a barrier, and expressions of those.
#include <amp.h>
using namespace concurrency;

void wait_in_helper(const tiled_index<64> &t) restrict(amp) {
  t.barrier.wait(); // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile; every thread of a tile must reach the same barriers}}
}
int clamp_positive(int x) restrict(amp) {
  if (x < 0)
    return 0; // an early return inside a helper ends at the helper's caller
  return x;
}

template <int N> void unrolled(const tiled_index<64> &t) restrict(amp) {
  for (int i = 0; i < N; ++i) // N is a template parameter: uniform
    t.barrier.wait();
}

void kernels(array_view<int, 1> data, int count) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    int l = t.local[0];
    if (l == 0)                                    // expected-note {{this condition depends on the thread's position in the tile (tiled_index::local or ::global)}}
      t.barrier.wait();                            // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    if (t.tile[0] == 0)                            // legal: the tile index is uniform
      t.barrier.wait();
    if (t.tile_origin[0] == 0)                     // legal: so is the tile origin
      t.barrier.wait();
    if (t.global[0] < 128)                         // expected-note {{this condition depends on the thread's position}}
      t.barrier.wait_with_tile_static_memory_fence(); // expected-error {{tile_barrier::wait_with_tile_static_memory_fence is called under control flow that depends on the thread's position in the tile}}
    if (count > 3)                                 // legal: a captured value
      t.barrier.wait_with_global_memory_fence();

    // Values derived from local/global, through variables and loops.
    int steps = l / 2;
    while (steps > 0) {                            // expected-note {{this condition depends on the thread's position}}
      t.barrier.wait();                            // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
      --steps;
    }
    for (int s = 32; s > 0; s /= 2) {              // legal: the trip count is uniform
      if (l < s)
        data[t.global] += 1;
      t.barrier.wait();
    }

    // ?:, && and || are control flow too.
    l > 8 ? (t.barrier.wait(), 0) : 0;             // expected-error {{tile_barrier::wait is called under control flow that depends}} expected-note {{this condition depends on the thread's position}}
    count > 8 ? (t.barrier.wait(), 0) : 0;         // legal
    (void)(l > 4 && (t.barrier.wait(), true));     // expected-error {{tile_barrier::wait is called under control flow that depends}} expected-note {{this condition depends on the thread's position}}
    (void)(count > 4 && (t.barrier.wait(), true)); // legal
    (void)(l > 4 || (t.barrier.wait(), true));     // expected-error {{tile_barrier::wait is called under control flow that depends}} expected-note {{this condition depends on the thread's position}}
    (void)(count > 4 || (t.barrier.wait(), true)); // legal

    // An early continue/break that only some threads take.
    for (int i = 0; i < 4; ++i) {
      if (i == l)                                  // expected-note {{this condition depends on the thread's position}}
        continue;
      t.barrier.wait();                            // expected-error {{tile_barrier::wait is called under control flow that depends}}
    }
    for (int i = 0; i < 4; ++i) {
      if (i == count)                              // legal: uniform break
        break;
      t.barrier.wait();
    }
    for (int i = 0; i < 4; ++i) {
      if (i == l)                                  // expected-note {{this condition depends on the thread's position}}
        break;
      t.barrier.wait();                            // expected-error {{tile_barrier::wait is called under control flow that depends}}
    }

    // A barrier inside a called function.
    if (l > 1)                                     // expected-note {{this condition depends on the thread's position}}
      wait_in_helper(t);                           // expected-note {{'wait_in_helper' is called here}}
    wait_in_helper(t);                             // legal: every thread calls it
    int c = clamp_positive(l);                     // legal: the helper's early return ends there
    t.barrier.wait();
    unrolled<3>(t);

    // Reading memory: not provably uniform.
    if (data[0] > 0)                               // expected-note {{this condition is not provably the same for every thread of the tile}}
      t.barrier.wait();                            // expected-warning {{tile_barrier::wait is called under control flow that may differ between the threads of a tile; every thread of a tile must reach the same barriers}}

    // tile_static memory read after a barrier is uniform.
    tile_static int flag;
    if (l == 0)
      flag = data[0];
    t.barrier.wait();
    if (flag > 0)                                  // legal
      t.barrier.wait();
    if (l == 0)
      flag = 0;
    if (flag > 0)                                  // expected-note {{this condition is not provably the same for every thread of the tile}}
      t.barrier.wait();                            // expected-warning {{tile_barrier::wait is called under control flow that may differ between the threads of a tile}}

    // After a return that only some threads take, the rest of the kernel is
    // not reached by every thread.
    if (c > 60)                                    // expected-note {{this condition depends on the thread's position}}
      return;
    t.barrier.wait();                              // expected-error {{tile_barrier::wait is called under control flow that depends}}
  });
}
