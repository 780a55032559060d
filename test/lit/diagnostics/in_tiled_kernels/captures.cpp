// What a tiled kernel may capture (docs/diagnostics.md §3): by-reference
// captures, arrays by value, 'this', pointers, bool/char/short/long long, classes
// that are not blittable, and a tiled functor's members. The captured values are
// used around barriers and tile_static memory, so the tile analysis follows them.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct HasBool { int a; bool flag; };         // expected-note {{'flag' declared here}}
struct Outer { float x; HasBool inner; };
struct Virtual { virtual void f(); int a; };  // expected-note {{'Virtual' declared here}}
struct VBase { int a; };
struct WithVBase : virtual VBase { int b; };  // expected-note {{'WithVBase' declared here}}
struct CopyCtor {
  int a;
  CopyCtor(int a) : a(a) {}
  CopyCtor(const CopyCtor &o) : a(o.a) {}     // expected-note {{declared here}}
};
struct Dtor { int a; ~Dtor() {} };            // expected-note {{declared here}}
struct HasPointer { int *p; int n; };         // expected-note {{'p' declared here}}
enum class BoolFlag : bool { Off, On };       // expected-note 2 {{'BoolFlag' declared here}}
struct HasBoolFlag { int a; BoolFlag f; };
struct HasBitField { int a : 8; int b; };     // expected-note {{'a' declared here}}
struct Empty {};
struct __attribute__((packed)) Misaligned { Empty e; int a; }; // expected-note {{'a' declared here}}
struct HasRef { int &r; };                    // expected-note {{'r' declared here}}
struct MoveCtor {
  int a;
  MoveCtor(int a) : a(a) {}
  MoveCtor(const MoveCtor &) = default;
  MoveCtor(MoveCtor &&o) : a(o.a) {}          // expected-note {{declared here}}
};

void by_reference(array_view<int, 1> av, array<int, 1> &arr) {
  int limit = 8;
  parallel_for_each(av.extent.tile<64>(), [&limit, av](tiled_index<64> t) restrict(amp) { // expected-error {{'limit' is captured by reference; a kernel captures by value (only a concurrency::array or graphics::texture is captured by reference)}}
    tile_static int shared[64];
    shared[t.local[0]] = limit;
    t.barrier.wait();
    for (int i = 0; i < limit; ++i) { // a captured value: uniform
      shared[t.local[0]] += i;
      t.barrier.wait();
    }
    av[t.global] = shared[63 - t.local[0]];
  });
  parallel_for_each(av.extent.tile<64>(), [&](tiled_index<64> t) restrict(amp) { // expected-note 2 {{is captured implicitly because of this capture default}}
    tile_static int shared[64];
    if (t.local[0] < limit)      // expected-error {{'limit' is captured by reference; a kernel captures by value}}
      shared[t.local[0]] = limit;
    t.barrier.wait();
    av[t.global] = shared[0];    // expected-error {{'av' is captured by reference; a kernel captures by value}}
  });
  parallel_for_each(arr.extent.tile<64>(), [arr](tiled_index<64> t) restrict(amp) { // expected-error {{concurrency::array 'arr' is captured by value; a kernel must capture an array by reference ('&arr')}}
    tile_static int shared[64];
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
  });
  parallel_for_each(arr.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{'arr' is captured implicitly because of this capture default}}
    tile_static int shared[64];
    shared[t.local[0]] = arr[t.global]; // expected-error {{concurrency::array 'arr' is captured by value; a kernel must capture an array by reference ('&arr')}}
    t.barrier.wait();
    if (shared[0] > 0)
      shared[t.local[0]] += 1;
    t.barrier.wait();
  });
}

struct Launcher {
  int value;
  void launch(array_view<int, 1> av) {
    parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{'this' is captured implicitly because of this capture default}}
      tile_static int shared[64];
      shared[t.local[0]] = t.local[0];
      t.barrier.wait();
      if (t.local[0] == 0)
        shared[0] = value;       // expected-error {{a kernel cannot capture 'this' (a pointer); copy the members it needs into local variables and capture those}}
      t.barrier.wait();
      av[t.global] = shared[0] + this->value;
    });
  }
};

void by_value(array_view<int, 1> av) {
  int n = 1;
  int *p = &n;
  bool verbose = true;
  char c = 'a';
  short s = 2;
  long long big = 3;
  Outer outer = {};
  Virtual virt;
  WithVBase wvb;
  CopyCtor cc(1);
  Dtor dt;
  HasPointer hp = {&n, 1};
  BoolFlag bf = BoolFlag::On;
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note 4 {{is captured implicitly because of this capture default}}
    tile_static int shared[64];
    shared[t.local[0]] = *p;     // expected-error {{captured variable 'p' has type 'int *', which cannot be captured by a kernel: only a concurrency::array or texture can be captured by pointer}}
    t.barrier.wait();
    if (verbose)                 // expected-error {{captured variable 'verbose' has type 'bool', which cannot be captured by a kernel}}
      t.barrier.wait();
    for (int i = 0; i < s; ++i)  // expected-error {{captured variable 's' has type 'short', which cannot be captured by a kernel}}
      shared[t.local[0]] += c;   // expected-error {{captured variable 'c' has type 'char', which cannot be captured by a kernel}}
    t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
  parallel_for_each(av.extent.tile<64>(), [big, outer, bf, av](tiled_index<64> t) restrict(amp) { // expected-error {{captured variable 'big' has type 'long long', which cannot be captured by a kernel}} expected-error {{captured variable 'outer' has type 'Outer', which cannot be captured by a kernel: member 'inner.flag' has type 'bool'}} expected-error {{captured variable 'bf' has type 'BoolFlag', which cannot be captured by a kernel: its underlying type is 'bool'}}
    tile_static int shared[64];
    shared[t.local[0]] = (int)big + outer.inner.a;
    t.barrier.wait();
    if (bf == BoolFlag::On && t.local[0] > 4)
      shared[t.local[0]] = 0;
    t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
  parallel_for_each(av.extent.tile<64>(), [virt, wvb, cc, dt, hp, av](tiled_index<64> t) restrict(amp) { // expected-error {{captured variable 'virt' has type 'Virtual', which cannot be captured by a kernel: it has virtual functions}} expected-error {{captured variable 'wvb' has type 'WithVBase', which cannot be captured by a kernel: it has a virtual base class}} expected-error {{captured variable 'cc' has type 'CopyCtor', which cannot be captured by a kernel: it is not trivially copyable: it has a user-provided copy constructor}} expected-error {{captured variable 'dt' has type 'Dtor', which cannot be captured by a kernel: it is not trivially copyable: it has a user-provided destructor}} expected-error {{captured variable 'hp' has type 'HasPointer', which cannot be captured by a kernel: member 'p' is a pointer}}
    tile_static int shared[64];
    shared[t.local[0]] = virt.a + wvb.b;
    t.barrier.wait();
    while (shared[t.local[0]] < cc.a)
      shared[t.local[0]] += dt.a + hp.n;
    t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
}

void members_of_captured_classes(array_view<int, 1> av, int &n) {
  HasBoolFlag hbf = {1, BoolFlag::Off};
  HasBitField bits = {1, 2};
  Misaligned mis = {};
  HasRef ref = {n};
  MoveCtor mc(1);
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note 5 {{is captured implicitly because of this capture default}}
    tile_static int shared[64];
    shared[t.local[0]] = hbf.a + bits.b; // expected-error {{captured variable 'hbf' has type 'HasBoolFlag', which cannot be captured by a kernel: member 'f' has underlying type 'bool'}} expected-error {{captured variable 'bits' has type 'HasBitField', which cannot be captured by a kernel: member 'a' is a bit-field}}
    t.barrier.wait();
    for (int i = 0; i < t.local[0]; ++i)
      shared[t.local[0]] += mis.a + ref.r; // expected-error {{captured variable 'mis' has type 'Misaligned', which cannot be captured by a kernel: member 'a' is not 4-byte aligned (it is at byte offset 1 of 'Misaligned')}} expected-error {{captured variable 'ref' has type 'HasRef', which cannot be captured by a kernel: member 'r' is a reference}}
    t.barrier.wait();
    if (mc.a > 0)                        // expected-error {{captured variable 'mc' has type 'MoveCtor', which cannot be captured by a kernel: it is not trivially copyable: it has a user-provided move constructor}}
      t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
}

// A tiled functor: its members are its captures.
struct BadTiledFunctor {
  array_view<int, 1> av;
  int &ref;                    // expected-error {{kernel member 'ref' is a reference; a kernel can hold only a concurrency::array or graphics::texture by reference or pointer, everything else by value}}
  float *ptr;                  // expected-error {{kernel member 'ptr' is a pointer; a kernel can hold only a concurrency::array or graphics::texture by reference or pointer, everything else by value}}
  bool flag;                   // expected-error {{kernel member 'flag' has type 'bool', which cannot be captured by a kernel}}
  array<int, 1> copy;          // expected-error {{kernel member 'copy' holds a concurrency::array by value; hold a reference to it instead}}
  int bits : 8;                // expected-error {{kernel member 'bits' cannot be a bit-field}}
  void operator()(tiled_index<64> t) const restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = ref + bits;
    t.barrier.wait();
    if (flag)
      t.barrier.wait();
    av[t.global] = shared[t.local[0]] + (int)*ptr + copy[t.global];
  }
};
struct VirtualTiledFunctor {   // expected-error {{kernel class 'VirtualTiledFunctor' cannot have virtual functions}}
  array_view<int, 1> av;
  virtual void hook() {}
  void operator()(tiled_index<64> t) const restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = 1;
    t.barrier.wait();
    av[t.global] = shared[0];
  }
};
struct VBaseTiledFunctor : virtual VBase { // expected-error {{kernel class 'VBaseTiledFunctor' cannot have virtual base classes}}
  array_view<int, 1> av;
  void operator()(tiled_index<64> t) const restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = a;
    t.barrier.wait();
    av[t.global] = shared[0];
  }
};
struct CopyingTiledFunctor {
  array_view<int, 1> av;
  CopyingTiledFunctor(const CopyingTiledFunctor &o) : av(o.av) {} // expected-error {{kernel class 'CopyingTiledFunctor' must be trivially copyable, but it has a user-provided copy constructor}}
  void operator()(tiled_index<64> t) const restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
    if (t.local[0] == 0) // expected-note {{this condition depends on the thread's position in the tile}}
      t.barrier.wait();  // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    av[t.global] = shared[0];
  }
};

void functors(array_view<int, 1> av, BadTiledFunctor &bad, VirtualTiledFunctor &virt,
              CopyingTiledFunctor &copying, VBaseTiledFunctor &vbase) {
  parallel_for_each(av.extent.tile<64>(), vbase);   // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), bad);     // expected-note 3 {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), virt);    // expected-note {{kernel launched here}}
  parallel_for_each(av.extent.tile<64>(), copying); // expected-note {{kernel launched here}}
}

// Lambdas inside a tiled kernel follow the same capture rules.
void inner_lambdas(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    int mine = t.local[0];
    auto add_mine = [&mine](int v) { return v + mine; }; // expected-error {{'mine' is captured by reference; a lambda in restrict(amp) code captures by value (only a concurrency::array or graphics::texture is captured by reference)}}
    shared[t.local[0]] = add_mine(1);
    t.barrier.wait();
    auto wait_and_read = [&]() { t.barrier.wait(); return shared[mine]; }; // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}} expected-error 3 {{is captured by reference; a lambda in restrict(amp) code captures by value}} expected-note 3 {{is captured implicitly because of this capture default}}
    int r = wait_and_read();
    if (mine > 0)          // expected-note {{this condition depends on the thread's position in the tile}}
      r += wait_and_read(); // expected-note {{the lambda is called here}}
    av[t.global] = r;
  });
}

// A captured variable whose class Clang rejected.
struct Broken { UnknownMember m; int n; }; // expected-error {{unknown type name 'UnknownMember'}}
void invalid_class(array_view<int, 1> av) {
  Broken broken{};
  // Clang's error is the only one: the lambda's class is invalid with it.
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = broken.n;
    t.barrier.wait();
    if (shared[0] > t.local[0])
      t.barrier.wait();
    av[t.global] = shared[63 - t.local[0]];
  });
}
