// RUN: %ampxx -Xclang -verify %s
// -Wtile-static-race, proved at compile time: every thread reads a 1-D
// tile_static array at its own position plus a constant, then writes it at
// another such position with no barrier between on any path (or writes, then
// reads), so one thread writes the slot another thread reads. Only what is certain is reported:
// accesses under thread-dependent control flow, indexes the analysis cannot
// follow, and a barrier between the read and the write are all quiet.
#include <amp.h>
using namespace concurrency;

static const int T = 64;

// The published pattern: the helper reads its neighbour's slot after its last
// barrier, and its next call writes the slot with no barrier in between.
int smooth(int (&s)[T], int l, int v, const tile_barrier &b) restrict(amp) {
  s[l] = v; // expected-warning {{data race: every thread of the tile writes tile_static variable 's' here, at a place another thread of the tile read since the last barrier; call the tile's barrier.wait() between that read and this write}}
  b.wait();
  return (s[l] + s[(l + 1) % T]) / 2; // expected-note {{read here, by each thread at another thread's place}}
}

void neighbour(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    int first = smooth(s, l, av[t.global], t.barrier);
    av[t.global] = smooth(s, l, first, t.barrier); // expected-note {{'smooth' is called here}}
  });
}

// In one body: read the right neighbour, then write the own slot.
void shift(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static float s[T];
    s[t.local[0]] = static_cast<float>(av[t.global]);
    t.barrier.wait();
    float right = s[t.local[0] + 1 < T ? t.local[0] + 1 : 0];
    float left = s[t.local[0] - 1 + 1]; // the thread's own slot: no race
    int l = t.local[0];
    float next = s[l + 1]; // expected-note {{read here, by each thread at another thread's place}}
    s[l] = next + right + left; // expected-warning {{data race: every thread of the tile writes tile_static variable 's' here}}
    t.barrier.wait();
    av[t.global] = static_cast<int>(s[l]);
  });
}

// Write first: each thread writes its slot, then reads its left neighbour's.
void writeThenRead(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    s[l] = av[t.global]; // expected-note {{written here}}
    int left = s[(l + T - 1) % T]; // expected-warning {{data race: every thread of the tile reads tile_static variable 's' here, at a place another thread of the tile wrote since the last barrier; call the tile's barrier.wait() between that write and this read}}
    t.barrier.wait();
    av[t.global] = left;
  });
}

// Race-free forms: a barrier between, the own slot, reads only some threads
// make, an index the analysis cannot follow, a 2-D array.
void quiet(array_view<int, 1> av, int k) {
  parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    tile_static int m[T][2];
    int l = t.local[0];
    s[l] = av[t.global];
    t.barrier.wait();
    int a = s[(l + 1) % T];
    t.barrier.wait();
    s[l] = a; // a barrier since the read
    t.barrier.wait();
    int b = s[l];
    s[l] = b + 1; // its own slot
    t.barrier.wait();
    int c = 0;
    if (l % 2 == 0)
      c = s[l + 1]; // only some threads read
    s[l] = c;
    t.barrier.wait();
    int d = s[(l + k) % T]; // k is not known
    s[l] = d;
    t.barrier.wait();
    m[l][0] = s[l];
    t.barrier.wait();
    int e = m[(l + 1) % T][0];
    m[l][1] = e; // another column: not this check's business
    t.barrier.wait();
    av[t.global] = s[l] + m[l][1];
  });
}
