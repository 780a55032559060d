// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Atomics are the race-free way for every thread of a tile to update one
// tile_static place: no -Wtile-static-race for them, whatever the address.
// They still read the place, so an atomic on a tile_static variable nobody
// initialized, or whose initialization no barrier made visible, is reported,
// and they write it as any other thread's write. Taking the address for an
// atomic does not hide the variable from these checks.
#include <amp.h>
using namespace concurrency;

struct Bins {
  int count[8];
  unsigned total;
};

void noRaces(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int counter;
    tile_static unsigned hist[16];
    tile_static Bins bins;
    if (t.local[0] == 0) {
      counter = 0;
      bins.total = 0;
    }
    if (t.local[0] < 16)
      hist[t.local[0]] = 0;
    if (t.local[0] < 8)
      bins.count[t.local[0]] = 0;
    t.barrier.wait();
    atomic_fetch_inc(&counter);               // every thread, one place: fine
    atomic_fetch_add(&counter, v[t.global]);
    atomic_fetch_max(&counter, t.local[0]);
    atomic_exchange(&counter, 5);
    int expected = 5;
    atomic_compare_exchange(&counter, &expected, 6);
    atomic_fetch_add(&hist[v[t.global] & 15], 1u);
    atomic_fetch_add(&bins.count[v[t.global] & 7], 1);
    atomic_fetch_add(&bins.total, 1u);
    t.barrier.wait();
    v[t.global] = counter + static_cast<int>(hist[t.local[0] % 16]) + bins.count[0] +
                  static_cast<int>(bins.total) + expected; // after the barrier: fine
  });
}

void stillChecked(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int never;                    // expected-note {{'never' declared here}}
    atomic_fetch_inc(&never);                 // expected-warning {{tile_static variable 'never' is read here before any thread of the tile has written it}}

    // Thread 0's initialization is not visible to the others without a barrier.
    tile_static int sum;
    if (t.local[0] == 0)
      sum = 0;                                // expected-note {{written here}}
    atomic_fetch_add(&sum, v[t.global]);      // expected-warning {{tile_static variable 'sum' is read here, but what the other threads of the tile wrote to it is not visible yet}} expected-note {{written here}}
    int partial = sum;                        // expected-warning {{tile_static variable 'sum' is read here, but what the other threads of the tile wrote to it is not visible yet}}
    t.barrier.wait();

    // A plain update next to the atomic one is still a race.
    tile_static int mixed;                    // expected-note {{'mixed' declared here}}
    if (t.local[0] == 0)
      mixed = 0;
    t.barrier.wait();
    atomic_fetch_add(&mixed, 1);
    t.barrier.wait();
    mixed += 1;                               // expected-warning {{data race: every thread of the tile updates tile_static variable 'mixed' here at the same time}}
    t.barrier.wait();
    v[t.global] = partial + mixed;
  });
}
