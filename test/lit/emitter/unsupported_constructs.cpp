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

void pointer_reassigned(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[2] = {1, 2};
    int *p = &a[0];
    p = &a[1]; // expected-error {{assigning to a pointer is not supported in a kernel by ampvk yet}}
    v[i] = *p;
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

void pointer_difference(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[4] = {1, 2, 3, 4};
    int *p = a + 1, *q = a + 3;
    v[i] = int(q - p); // expected-error {{pointer arithmetic or comparison as a value is not supported in a kernel by ampvk yet}}
  });
}

void pointer_comparison(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[3] = {1, 2, 3};
    int *p = &a[1];
    v[i] = p[-1] + (p == a + 1); // expected-error {{pointer arithmetic or comparison as a value is not supported in a kernel by ampvk yet}}
  });
}

void pointer_increment(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[4] = {1, 2, 3, 4};
    int *p = a;
    p++; // expected-error {{this pointer expression (ampvk supports pointers to local objects and array elements that are not reassigned) is not supported in a kernel by ampvk yet}}
    v[i] = *p;
  });
}

void pointer_chosen_at_run_time(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int x = 1, y = 2;
    int *p = v[i] ? &x : &y; // expected-error {{this pointer expression (ampvk supports pointers to local objects and array elements that are not reassigned) is not supported in a kernel by ampvk yet}}
    v[i] = *p;
  });
}

void pointer_as_bool(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int x = 1;
    int *p = &x;
    v[i] = p ? *p : 0; // expected-error {{the conversion 'PointerToBoolean' is not supported in a kernel by ampvk yet}}
  });
}

int *next_element(int *p) restrict(amp) { return p + 1; }

void function_returning_pointer(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a[2] = {1, 2};
    v[i] = *next_element(a); // expected-error {{a function returning a pointer is not supported in a kernel by ampvk yet}}
  });
}

// What does work: pointers made from an array or from &a[i], moved by a
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
