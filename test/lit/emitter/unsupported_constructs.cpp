// RUN: %ampxx -Xclang -verify %s
// Legal C++ AMP that the emitter cannot compile yet: one precise error at the
// construct, a note at the kernel, never a crash or a bad module.
#include <amp.h>
using namespace concurrency;

void switch_default_in_the_middle(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    switch (v[i]) { // expected-error {{a switch whose 'default' label is not the last label is not supported in a kernel by ampvk yet}}
    case 0:
      v[i] = 1;
      break;
    default:
      v[i] = 2;
      break;
    case 5:
      v[i] = 3;
    }
  });
}

void switch_default_last(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    switch (v[i]) {
    case 0:
      v[i] = 1;
      break;
    case 5:
      v[i] = 3;
    default:
      v[i] += 2;
    }
  });
}

void range_for(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int values[3] = {1, 2, 3};
    int sum = 0;
    for (int x : values) // expected-error {{a range-based for loop is not supported in a kernel by ampvk yet}}
      sum += x;
    v[i] = sum;
  });
}

struct Big {
  float values[32];
};

// Captures past the 128 bytes of push constants travel in a storage buffer.
void large_captures(array_view<float, 1> v, Big big) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    v[i] = big.values[i[0] % 32];
  });
}

// Passing a captured view by reference to a helper is fine.
void add_one(const array_view<int, 1> &w, concurrency::index<1> i) restrict(amp) { w[i] += 1; }

void fine(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { add_one(v, i); });
}

// Pointers and references: what the emitter cannot express without
// VariablePointers (pointers are places known at compile time, plus an index).
int &pick(int (&a)[4], int i) restrict(amp) {
  if (i < 0)
    return a[0];
  return a[i & 3];
}

void reference_returned_early(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[4] = {1, 2, 3, 4};
    pick(a, v[i]) = 7; // expected-error {{inlining 'pick': a function returning a reference may only return at its end is not supported in a kernel by ampvk yet}}
    v[i] = a[0];
  });
}

void pointer_given_two_objects(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int x = 1, y = 2;
    int *p = &x;
    if (v[i])
      p = &y; // expected-error {{pointer 'p' may point into two different objects; a pointer in a kernel must always point into the same object (ampvk knows it at compile time; use two pointers)}}
    v[i] = *p;
  });
}

// A pointer declared null takes the local array its assignments name; into
// a view's buffer it must be given an element before it is read.
void pointer_used_before_it_has_an_object(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int *best = nullptr;
    for (int k = 0; k < 4; ++k)
      if (!best || v[k] > *best) // expected-error {{this pointer is null here: ampvk must know at compile time which object a pointer points into, so a pointer must be given an object before (in the source) it is dereferenced}}
        best = &v[k];
    v[i] = *best;
  });
}

void pointers_ordered_across_objects(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[2] = {1, 2}, b[2] = {3, 4};
    int *p = a, *q = b;
    v[i] = p < q; // expected-error {{ordering pointers into two different objects}}
  });
}

void pointer_chosen_at_run_time(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int x = 1, y = 2;
    int *p = v[i] ? &x : &y; // expected-error {{the pointer that '?:' chooses may point into two different objects; a pointer in a kernel must always point into the same object (ampvk knows it at compile time; use two pointers)}}
    v[i] = *p;
  });
}

// A view made in a kernel is a storage buffer's binding: it can view the
// elements of a captured array or array_view, not private or tile_static memory.
void view_over_a_local_array(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int t[8] = {};
    array_view<int, 1> w(8, t); // expected-error {{an array_view made in a kernel can view only elements of an array or array_view; this pointer points into a local variable, which a view in a kernel cannot refer to (its data must be a storage buffer)}}
    v[i] = w[1];
  });
}

void view_over_tile_static_memory(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    tile_static int s[64];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    array_view<int, 2> w(8, 8, &s[0]); // expected-error {{an array_view made in a kernel can view only elements of an array or array_view; this pointer points into tile_static memory, which a view in a kernel cannot refer to (its data must be a storage buffer)}}
    v[t.global] = w(1, 2);
  });
}

// What does work (kernel tests in test/kernels/pointers_test.cpp): pointers
// made from an array or from &a[i], moved by a
// constant or run-time offset, indexed with negative offsets, passed to helpers.
int sum_two(const int *p) restrict(amp) { return p[0] + p[1]; }

void pointers_that_work(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    int a[4] = {1, 2, 3, 4};
    int *p = &a[2];
    int *q = a + (v[i] & 1);
    v[i] = p[-1] + *(q + 1) + sum_two(&a[1]) + sum_two(p);
  });
}

// A zero-length array (a GNU extension) has no SPIR-V type.
void zero_length_array(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int empty[0]; // expected-error {{an array of 0 elements (SPIR-V arrays have 1 to 2^32-1 elements) is not supported in a kernel by ampvk yet}}
    v[i] = 1;
  });
}

// Every call is inlined: a call tree that doubles at each level stops at the
// limit with an error instead of compiling for minutes; a smaller one compiles.
template <int N> int doubling(int x) restrict(amp) {
  int y = doubling<N - 1>(x);
  return y + doubling<N - 1>(y ^ N); // expected-error {{a kernel that inlines more than 10000 function calls (ampvk inlines every call into the kernel; this one is the first over the limit) is not supported in a kernel by ampvk yet}}
}
template <> int doubling<0>(int x) restrict(amp) { return x + 1; }
void exponential_inlining(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] = doubling<14>(v[i]); }); // expected-note {{while compiling this kernel for the device}}
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] = doubling<6>(v[i]); });
}
