// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Inputs that stress the checker: templates (dependent and instantiated),
// code Clang already rejected, lambdas and generic lambdas inside kernels,
// switch/range-for/do/for(;;) around barriers, compile-time recursion through
// templates, tile_static passed by reference. Never a crash; every
// diagnostic is a real one.
#include <amp.h>
using namespace concurrency;

// Never instantiated: only what does not depend on T is judged.
template <typename T> T never_used(T x) restrict(amp) { return x.value() + helper_that_does_not_exist(x); }
template <typename T> struct Box { T v; T get() const restrict(amp) { return v; } };
template <int N> struct Unroll { static int run(int x) restrict(amp) { return Unroll<N - 1>::run(x) + N; } };
template <> struct Unroll<0> { static int run(int x) restrict(amp) { return x; } };

template <typename T, int Tile> void templated_launch(array_view<T, 1> v) {
  parallel_for_each(v.extent.template tile<Tile>(), [=](tiled_index<Tile> t) restrict(amp) {
    tile_static T shared[Tile];
    shared[t.local[0]] = v[t.global];
    t.barrier.wait();
    auto reduce = [=](int stride) { return stride + t.local[0]; };
    for (int s = Tile / 2; s > 0; s /= 2) {
      v[t.global] += reduce(s);
      t.barrier.wait();
    }
    Box<T> b{shared[0]};
    v[t.global] = b.get() + Unroll<3>::run(1);
    switch (t.tile[0] % 3) {  // a uniform switch
    case 0:
      t.barrier.wait();
    case 1:
      break;
    default:
      return;
    }
    switch (t.local[0] % 2) { // expected-note {{this condition depends on the thread's position in the tile}}
    case 0:
      v[t.global] += 1;
      break;
    default:
      t.barrier.wait(); // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
      break;
    }
    int vals[3] = {1, 2, 3};
    for (int x : vals) {
      t.barrier.wait();
      v[t.global] += x;
    }
    do {
      t.barrier.wait(); // not provably uniform, but no warning: this file has errors
    } while (v[0] > 100);
    for (;;) {
      if (t.tile[0] == 0)
        break;
      t.barrier.wait();
    }
  });
}

void invalid_code(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    v[t.global] = undeclared_thing + 1; // expected-error {{use of undeclared identifier 'undeclared_thing'}}
    if (t.local[0])                     // expected-note {{this condition depends on the thread's position in the tile}}
      t.barrier.wait();                 // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    tile_static int x;
    x = no_such_function(t);            // expected-error {{use of undeclared identifier 'no_such_function'}}
  });
}

struct Tagged { int a; };
void fill(Tagged &tg, int (&arr)[4]) restrict(amp) { tg.a = arr[0]; }

struct Functor {
  array_view<int, 1> v;
  void operator()(tiled_index<4> t) const restrict(amp);
};
void Functor::operator()(tiled_index<4> t) const restrict(amp) { v[t.global] = t.tile[0]; }

template <typename T> struct Launcher {
  T scale;
  void go(array_view<T, 1> v) {
    T s = scale;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= s; });
  }
};

void more(array_view<int, 1> v) {
  templated_launch<int, 64>(v);
  templated_launch<float, 32>(array_view<float, 1>(32, (float *)nullptr));
  parallel_for_each(v.extent.tile<4>(), Functor{v});
  Launcher<float>{2.0f}.go(array_view<float, 1>(4, (float *)nullptr));
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static Tagged tg;
    tile_static int arr[4];
    fill(tg, arr); // passed by reference: not judged any more
    v[t.global] = tg.a;
    auto inner = [=](int k) { auto innermost = [=]() { return k + v[0]; }; return innermost(); };
    v[t.global] += inner(2);
    auto gen = [](auto a) { return a * 2; };
    v[t.global] += gen(3);
    int i = 0;
    while (true) {
      if (i++ > 3)
        break;
    }
    v[t.global] += ({ int y = 2; y; });
  });
}

// The discarded branch of if constexpr is never executed: not judged, in a
// template's pattern nor in non-template code.
int host_only(int);
template <bool Host> int pick(int x) restrict(cpu, amp) {
  if constexpr (Host)
    return host_only(x);
  else
    return x;
}
int use_pick(int x) restrict(amp) { return pick<false>(x); }
void discarded() restrict(amp) {
  if constexpr (false)
    host_only(1);
}
