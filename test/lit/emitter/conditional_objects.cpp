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

// Bound to a reference to const, the chosen object is read: the callee cannot
// write through that reference, so a copy holds the object's value for the
// whole call, unless the callee can also write the object some other way (a
// non-const `this`, reference or pointer naming it) and then read it, or keep
// the reference. A path that provably names another object (another local
// variable; a local variable and the memory of a view) is fine. A short-vector
// component (`w.x &= ...`, a __declspec(property)) reads its operand through
// an opaque value (fuzzer seed 1255).
#include <amp_short_vectors.h>
using namespace concurrency::graphics;

struct In {
  unsigned u0, u1;
};
void addTo(unsigned &out, const unsigned &x) restrict(amp) { out += x; }
unsigned g(const unsigned &x) restrict(amp) { return x + 1; }
const unsigned &same(const unsigned &x) restrict(amp) { return x; }
struct Acc {
  unsigned total;
  void add(const unsigned &x) restrict(amp) { total += x; }
};

void const_reference_reads(array_view<const In, 1> in, array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    const In &x = in[i];
    In y = {x.u1, x.u0};
    unsigned a = x.u0, b = x.u1;
    uint_2 w(a, b), p(b, a), q(a, a);
    w.x &= ((w.x <= 31u) && (-1000 >= (int)(x.u1))) ? y.u0 : y.u1;
    w.y += (a > b ? x.u0 : x.u1);
    w.x |= (a > 3u ? a : b);
    w.xy = (a > 4u ? p : q);
    w += (a > 5u ? p : q);
    w.yx = (a > 6u ? p : q);
    unsigned s = 0;
    addTo(s, a > 7u ? a : b);
    addTo(s, a > 8u ? x.u0 : y.u1);
    Acc acc = {0};
    acc.add(a > 9u ? a : b);
    same(a > 10u ? a : b);
    out[i] = w.x + w.y + s + acc.total + g(a > 11u ? x.u0 : x.u1) + same(a > 12u ? a : b);
  });
}

// Where the callee may write the chosen object another way, or keep the
// reference, the copy would show.
void const_reference_own_writes(array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    unsigned a = out[i], b = 1;
    addTo(a, a > 0u ? a : b); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    out[i] = a + b;
  });
}

void const_reference_swizzle_of_itself(array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    uint_2 w(out[i], 1u), q(2u, 3u);
    w.yx = (out[i] > 0u ? w : q); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    out[i] = w.x + w.y;
  });
}

void const_reference_kept(array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    unsigned a = out[i], b = 1;
    const unsigned &r = same(a > 0u ? a : b); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    a = 7;
    out[i] = r;
  });
}

void property_write(array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    uint_2 w(out[i], 1u), q(2u, 3u);
    (out[i] > 0u ? w : q).x += 1u; // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    out[i] = w.x + q.x;
  });
}

void non_const_method_argument(array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    Acc p = {out[i]}, q = {1};
    p.add(out[i] > 0u ? p.total : q.total); // expected-error {{modifying, or keeping a reference to, the object that '?:' selects (use an if statement) is not supported in a kernel by ampvk yet}}
    out[i] = p.total + q.total;
  });
}
