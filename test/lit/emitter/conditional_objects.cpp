// RUN: %ampxx -Xclang -verify %s
// `?:` whose arms are both objects (lvalues) yields an object. SPIR-V's logical
// addressing cannot pick one of two pointers at run time, so ampvk reads the
// chosen object through a copy; wherever the object itself is needed (it is
// modified, or a reference to it is kept) the emitter says so clearly.
#include <amp.h>
using namespace concurrency;

struct Pt {
  int x;
  void move() restrict(amp) { ++x; }
  int get() const restrict(amp) { return x; }
};

void touch(int &r) restrict(amp) { r = 0; }
int peek(const int &r) restrict(amp) { return r; }
const int &maxOf(const int &a, const int &b) restrict(amp) { return a < b ? b : a; }

void assign(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a = v[i], b = 0;
    (a > 0 ? a : b) = 5; // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    v[i] = a + b;
  });
}

void compound_assign(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a = v[i], b = 0;
    (a > 0 ? a : b) += 5; // expected-error {{modifying, or keeping a reference to, the object that '?:' selects}}
    v[i] = a + b;
  });
}

void increment(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a = v[i], b = 0;
    ++(a > 0 ? a : b); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects}}
    v[i] = a + b;
  });
}

void reference(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a = v[i], b = 0;
    const int &r = a > 0 ? a : b; // expected-error {{modifying, or keeping a reference to, the object that '?:' selects}}
    a = 7; // r must see this: a copy would not
    v[i] = r;
  });
}

void non_const_argument(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int a = v[i], b = 0;
    touch(a > 0 ? a : b); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects}}
    v[i] = a + b;
  });
}

void non_const_method(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    Pt p = {v[i]}, q = {0};
    (v[i] > 0 ? p : q).move(); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects}}
    v[i] = p.x + q.x;
  });
}

// Reading the chosen object in any way compiles.
void reads(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    int a = v[i], b = 1;
    Pt p = {a}, q = {b};
    Pt r = a > 0 ? p : q;
    int s = (a > 1 ? p : q).x + (a > 2 ? p : q).get() + peek(a > 3 ? a : b) + maxOf(a, b);
    a > 4 ? ++a : ++b;
    v[i] = r.x + s + a + b + (a > 5 ? a : b);
  });
}

// Elements of initializer lists are read, also in nested lists: Clang lists such
// an element under the list as written as well as under the read it adds.
struct Pair {
  int a;
  int b[2];
};

void initializer_lists(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    int a = v[i], b = 1;
    Pt p = {a}, q = {b};
    int arr[2] = {a > 0 ? a : b, 5};
    Pair s = {a > 1 ? a : b, {b, a > 2 ? b : a}};
    Pt t[2] = {a > 3 ? p : q, q};
    v[i] = arr[0] + arr[1] + s.a + s.b[1] + t[0].x;
  });
}
