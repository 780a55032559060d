// C++ AMP has atomics on global memory (array and array_view elements) and on
// tile_static memory only. A pointer to thread-private memory (a local
// variable, a parameter, a value the kernel captured) is an error at the
// call, never an internal error. The twins below, on a view element and on
// tile_static memory, compile.
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void local(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int mine = v[i];
    atomic_fetch_add(&mine, 1); // expected-error {{'Concurrency::atomic_fetch_add' needs a pointer to global memory (an element of an array or array_view) or to tile_static memory; this points to a local variable or parameter, which is private to each thread}}
    v[i] = mine;
  });
}

void helper(unsigned *p) restrict(amp) {
  atomic_fetch_max(p, 3u); // expected-error {{'Concurrency::atomic_fetch_max' needs a pointer to global memory (an element of an array or array_view) or to tile_static memory; this points to a local variable or parameter, which is private to each thread}}
}

void parameter(array_view<unsigned, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    unsigned copy = v[i];
    helper(&copy);
    v[i] = copy;
  });
}

void localArray(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    float scratch[4] = {0, 1, 2, 3};
    v[i] = atomic_exchange(&scratch[i[0] % 4], v[i]); // expected-error {{'Concurrency::atomic_exchange' needs a pointer to global memory (an element of an array or array_view) or to tile_static memory; this points to a local variable or parameter, which is private to each thread}}
  });
}

void capturedMutable(array_view<int, 1> v, int limit) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) mutable { // expected-note {{while compiling this kernel for the device}}
    v[i] = atomic_fetch_inc(&limit); // expected-error {{'Concurrency::atomic_fetch_inc' needs a pointer to global memory (an element of an array or array_view) or to tile_static memory; this points to a value captured by the kernel, which is private to each thread}}
  });
}

// A pointer the emitter cannot follow statically (chosen at run time) is its
// usual clear error at the call, not an internal error.
void chosenPointer(array_view<int, 1> a, array_view<int, 1> b) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    atomic_fetch_add(i[0] % 2 ? &a[i] : &b[i], 1); // expected-error {{the pointer that '?:' chooses may point into two different objects; a pointer in a kernel must always point into the same object (ampvk knows it at compile time; use two pointers)}}
  });
}

// The passing twins.
void globalAndTileStatic(array_view<int, 1> v, array<unsigned, 1> &a) {
  parallel_for_each(v.extent.tile<64>(), [=, &a](tiled_index<64> t) restrict(amp) {
    tile_static int count;
    if (t.local[0] == 0)
      count = 0;
    t.barrier.wait();
    atomic_fetch_add(&v[t.global], 1);
    atomic_fetch_add(&a[t.global], 1u);
    atomic_fetch_inc(&count);
  });
}
