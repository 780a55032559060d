// Kernel signature and tile-limit errors (docs/diagnostics.md §2) on tiled
// launches whose kernels declare tile_static memory and wait at barriers (also
// under conditions on t.local): the tile analysis must skip or survive kernels
// that were rejected, lambdas and functors alike.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Overloaded {
  array_view<int, 1> av;
  void operator()(tiled_index<64> t) const restrict(amp) { // expected-note {{other operator() declared here}}
    tile_static int shared[64];
    shared[t.local[0]] = 1;
    if (t.local[0] == 0)
      t.barrier.wait();
    av[t.global] = shared[0];
  }
  void operator()(index<1> i) const restrict(amp) { av[i] = 0; } // expected-error {{a kernel's operator() cannot be overloaded}}
};
struct Template {
  array_view<int, 1> av;
  template <typename I> void operator()(I t) const restrict(amp) { // expected-error {{a kernel's operator() cannot be a template}}
    tile_static int shared[64];
    shared[t.local[0]] = 1;
    if (t.local[0] == 0)
      t.barrier.wait();
  }
};
struct NotAmp {
  array_view<int, 1> av;
  void operator()(tiled_index<64> t) const { // expected-error {{a kernel's operator() must be restrict(amp)}}
    tile_static int shared[64]; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
    shared[t.local[0]] = 1;
    t.barrier.wait();           // expected-error {{CPU code cannot call 'Concurrency::tile_barrier::wait', which is restrict(amp) only; declare it restrict(cpu, amp) to call it from both}}
  }
};
struct ReturnsInt {
  int operator()(tiled_index<64> t) const restrict(amp) { // expected-error {{a kernel must return void, not 'int'}}
    tile_static int shared[64];
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
    return shared[0];
  }
};
struct WrongTile {
  array_view<int, 1> av;
  void operator()(tiled_index<32> t) const restrict(amp) { // expected-error {{a kernel launched over a tiled_extent<64> must take 'tiled_index<64>', not 'tiled_index<32>'}}
    tile_static int shared[32];
    shared[t.local[0]] = 1;
    if (t.local[0] > 4)
      t.barrier.wait();
    av[t.global] = shared[0];
  }
};
struct Static {
  static void operator()(tiled_index<64> t) restrict(amp) { // expected-warning {{declaring overloaded 'operator()' as 'static' is a C++23 extension}} expected-error {{a kernel's operator() cannot be static}}
    tile_static int shared[64];
    shared[t.local[0]] = 1;
    if (t.local[0] == 0)
      t.barrier.wait();
  }
};
struct DeclaredOnly {
  void operator()(tiled_index<64> t) const restrict(amp); // expected-error {{a kernel's operator() must be defined in the translation unit that launches it}}
};
struct NoCallOperator {
  int n;
};

void functors(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), Overloaded{av});   // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), Template{av});     // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), NotAmp{av});       // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), ReturnsInt());     // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), WrongTile{av});    // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), Static());         // (no note: the error is about the class alone)
  parallel_for_each(av.extent.tile<64>(), DeclaredOnly());   // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), NoCallOperator()); // expected-error {{the kernel of parallel_for_each must have an operator(); 'NoCallOperator' has none}}
  parallel_for_each(av.extent.tile<64>(), 42);               // expected-error {{the kernel of parallel_for_each must be a lambda or a class with operator()}}
}

void lambdas(array_view<int, 2> av) {
  // expected-error@+1 {{the kernel lambda must be restrict(amp): write 'restrict(amp)' after its parameter list}}
  parallel_for_each(av.extent.tile<8, 8>(), [=](tiled_index<8, 8> t) { // expected-note {{kernel launched here}}
    tile_static int shared[8][8]; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
    shared[t.local[0]][t.local[1]] = 1;
    t.barrier.wait();             // expected-error {{CPU code cannot call 'Concurrency::tile_barrier::wait', which is restrict(amp) only}}
  });
  // expected-error@+1 {{the kernel of parallel_for_each cannot be a generic lambda; give its parameter a type (tiled_index<8, 8>)}}
  parallel_for_each(av.extent.tile<8, 8>(), [=](auto t) restrict(amp) { // expected-note {{kernel launched here}}
    tile_static int shared[8][8];
    shared[t.local[0]][t.local[1]] = 1;
    if (t.local[1] == 0)
      t.barrier.wait();
    av[t.global] = shared[0][0];
  });
  // expected-error@+1 {{a kernel must return void, not 'int'}}
  parallel_for_each(av.extent.tile<8, 8>(), [=](tiled_index<8, 8> t) restrict(amp) -> int { // expected-note {{kernel launched here}}
    tile_static int shared[8][8];
    shared[t.local[0]][t.local[1]] = 1;
    t.barrier.wait();
    if (t.local[0] == 0)
      return shared[0][0];
    t.barrier.wait();
    return 0;
  });
  // expected-error@+1 {{a kernel launched over a tiled_extent<8, 8> must take 'tiled_index<8, 8>', not 'tiled_index<4, 16>'}}
  parallel_for_each(av.extent.tile<8, 8>(), [=](tiled_index<4, 16> t) restrict(amp) { // expected-note {{kernel launched here}}
    tile_static int shared[4][16];
    shared[t.local[0]][t.local[1]] = 1;
    if (t.local[0] == 0)
      t.barrier.wait();
  });
  // expected-error@+1 {{a kernel launched over a tiled_extent<8, 8> must take 'tiled_index<8, 8>', not 'index<2>'; a tiled launch passes a tiled_index whose tile extents match the tiled_extent's}}
  parallel_for_each(av.extent.tile<8, 8>(), [=](index<2> i) restrict(amp) { // expected-note {{kernel launched here}}
    tile_static int shared[8][8];
    shared[i[0] % 8][i[1] % 8] = 1;
    av[i] = shared[0][0];
  });
  // expected-error@+1 {{a kernel launched over a tiled_extent<8, 8> must take one parameter of type 'tiled_index<8, 8>'}}
  parallel_for_each(av.extent.tile<8, 8>(), [=](tiled_index<8, 8> t, int extra) restrict(amp) { // expected-note {{kernel launched here}}
    tile_static int shared[8][8];
    shared[t.local[0]][t.local[1]] = extra;
    if (extra > t.local[0])
      t.barrier.wait();
  });
  // expected-error@+1 {{a kernel launched over an extent<2> must take 'index<2>', not 'tiled_index<8, 8>'; a tiled_index needs a tiled launch (extent.tile<...>())}}
  parallel_for_each(av.extent, [=](tiled_index<8, 8> t) restrict(amp) { // expected-note {{kernel launched here}} expected-note {{in the kernel launched here}}
    tile_static int shared[8][8]; // expected-warning {{tile_static variable 'shared' is used by a parallel_for_each that is not tiled; its behaviour is undefined there (launch over extent.tile<...>())}}
    shared[t.local[0]][t.local[1]] = 1;
    t.barrier.wait();
  });
}

// The tile limits are static_asserts in <amp.h>; the kernels behind them are
// still checked.
void tile_limits(array_view<int, 2> av2, array_view<int, 3> av3) {
  // expected-error@ampvk/detail/extent.h:* {{the product of the tile extents must not exceed 1024}}
  // expected-note@ampvk/detail/extent.h:* {{in instantiation of member function 'Concurrency::tiled_extent<64, 32>::tiled_extent' requested here}}
  // expected-note@ampvk/detail/extent.h:* {{expression evaluates to '2048 <= 1024'}}
  parallel_for_each(av2.extent.tile<64, 32>(), // expected-note {{in instantiation of function template specialization 'Concurrency::extent<2>::tile<64, 32>' requested here}}
                    [=](tiled_index<64, 32> t) restrict(amp) {
    tile_static int shared[64][32];
    shared[t.local[0]][t.local[1]] = 1;
    t.barrier.wait();
    if (t.local[1] == 3)   // expected-note {{this condition depends on the thread's position in the tile}}
      t.barrier.wait();    // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    av2[t.global] = shared[0][0];
  });
  // expected-error@ampvk/detail/extent.h:* {{the first extent of a 3-D tile must not exceed 64}}
  // expected-note@ampvk/detail/extent.h:* {{in instantiation of member function 'Concurrency::tiled_extent<128, 2, 2>::tiled_extent' requested here}}
  parallel_for_each(av3.extent.tile<128, 2, 2>(), // expected-note {{in instantiation of function template specialization 'Concurrency::extent<3>::tile<128, 2, 2>' requested here}}
                    [=](tiled_index<128, 2, 2> t) restrict(amp) {
    tile_static short shared[128]; // expected-error {{variable 'shared' has type 'short[128]', which cannot be used in restrict(amp) code}}
    shared[t.local[0]] = 1;
    t.barrier.wait();
    av3[t.global] = shared[127 - t.local[0]];
  });
}
// expected-note@ampvk/detail/tiled_index.h:* 2 {{'Concurrency::tile_barrier::wait' declared here}}

void empty_tile(array_view<int, 1> av) {
  // expected-error@ampvk/detail/extent.h:* {{tile extents must be positive}}
  // expected-note@ampvk/detail/extent.h:* {{in instantiation of member function 'Concurrency::tiled_extent<0>::tiled_extent' requested here}}
  parallel_for_each(av.extent.tile<0>(), // expected-note {{in instantiation of function template specialization 'Concurrency::extent<1>::tile<0>' requested here}} expected-note {{kernel launched here}} expected-note {{in the kernel launched here}}
                    // FIXME: misleading follow-ons: the launch is over a tiled_extent<0>.
                    [=](tiled_index<0> t) restrict(amp) { // expected-error {{a kernel launched over an extent<1> must take 'index<1>', not 'tiled_index<0>'; a tiled_index needs a tiled launch (extent.tile<...>())}}
    tile_static int shared[4]; // expected-warning {{tile_static variable 'shared' is used by a parallel_for_each that is not tiled}}
    shared[t.local[0]] = 1;
    t.barrier.wait();
    av[t.global] = shared[0];
  });
}
