// Types restrict(amp) code cannot use (docs/diagnostics.md §4): narrow and wide
// scalars, volatile, pointers to pointers, function and member pointers, classes
// with bad members, enums over char, as locals, casts, tile_static variables and
// helper parameters/returns, in tiled kernels that wait at barriers.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct HasChar { int a; char c; };          // expected-note 2 {{'c' declared here}}
struct HasPointer { int *p; };              // expected-note {{'p' declared here}}
struct HasReference { int &r; };            // expected-note {{'r' declared here}}
struct HasBitField { int a : 4; int b; };   // expected-note {{'a' declared here}}
struct TwoBools { int a; bool b; bool c; }; // expected-note {{'c' declared here}}
struct HasVolatile { volatile int v; };     // expected-note {{'v' declared here}}
enum CharEnum : char { Small };             // expected-note 2 {{'CharEnum' declared here}}

void scalars(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    char c = (char)t.local[0];       // expected-error {{variable 'c' has type 'char', which cannot be used in restrict(amp) code}} expected-error {{the cast has type 'char', which cannot be used in restrict(amp) code}}
    shared[t.local[0]] = c;
    t.barrier.wait();
    short s = shared[0];             // expected-error {{variable 's' has type 'short', which cannot be used in restrict(amp) code}}
    if (t.local[0] < s) {
      long long wide = shared[t.local[0]]; // expected-error {{variable 'wide' has type 'long long', which cannot be used in restrict(amp) code}}
      shared[t.local[0]] = (int)wide;
    }
    t.barrier.wait();
    for (unsigned short i = 0; i < 4; ++i) { // expected-error {{variable 'i' has type 'unsigned short', which cannot be used in restrict(amp) code}}
      long double ld = shared[i];    // expected-error {{variable 'ld' has type 'long double', which cannot be used in restrict(amp) code}}
      shared[t.local[0]] += (int)ld;
      t.barrier.wait();
    }
    wchar_t w = L'x';                // expected-error {{variable 'w' has type 'wchar_t', which cannot be used in restrict(amp) code}}
    av[t.global] = shared[t.local[0]] + (short)w + (unsigned char)s; // expected-error {{the cast has type 'short', which cannot be used in restrict(amp) code}} expected-error {{the cast has type 'unsigned char', which cannot be used in restrict(amp) code}}
  });
}

void qualifiers_and_pointers(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    volatile int v = t.local[0];     // expected-error {{variable 'v' has type 'volatile int', which cannot be used in restrict(amp) code: it is volatile}}
    shared[t.local[0]] = v;
    t.barrier.wait();
    int *p = &shared[t.local[0]];
    int **pp = &p;                   // expected-error {{variable 'pp' has type 'int **', which cannot be used in restrict(amp) code: it is a pointer to a pointer}}
    if (t.local[0] % 2)
      **pp += 1;
    t.barrier.wait();
    volatile int *vp = &shared[0];   // expected-error {{variable 'vp' has type 'volatile int *', which cannot be used in restrict(amp) code: it refers to volatile data}}
    int HasChar::*member = &HasChar::a; // expected-error {{variable 'member' has type 'int HasChar::*', which cannot be used in restrict(amp) code: it is a pointer to member}}
    while (*vp > t.local[0]) {       // expected-note {{this condition depends on the thread's position in the tile}}
      t.barrier.wait();              // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
      break;
    }
    av[t.global] = shared[t.local[0]] + (member != nullptr);
  });
}

// Bad types in the signature of a helper that takes tile_static memory.
short narrow_result(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) { // expected-error {{the return type of 'narrow_result' has type 'short', which cannot be used in restrict(amp) code}}
  t.barrier.wait();
  return shared[t.local[0]];
}
int char_parameter(const tiled_index<64> &t, int (&shared)[64], char c) restrict(amp) { // expected-error {{parameter 'c' of 'char_parameter' has type 'char', which cannot be used in restrict(amp) code}}
  shared[t.local[0]] = c;
  t.barrier.wait();
  return shared[0];
}
int volatile_array(const tiled_index<64> &t, volatile int (&shared)[64]) restrict(amp) { // expected-error {{parameter 'shared' of 'volatile_array' has type 'volatile int (&)[64]', which cannot be used in restrict(amp) code: it is volatile}}
  shared[t.local[0]] = 1;
  t.barrier.wait();
  return shared[63 - t.local[0]];
}

void classes(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    HasChar hc;                      // expected-error {{variable 'hc' has type 'HasChar', which cannot be used in restrict(amp) code: member 'c' has type 'char'}}
    hc.a = t.local[0];
    shared[t.local[0]] = hc.a;
    t.barrier.wait();
    if (t.local[0] == 0) {
      HasPointer hp = {&shared[0]};  // expected-error {{variable 'hp' has type 'HasPointer', which cannot be used in restrict(amp) code: member 'p' is a pointer; classes used in restrict(amp) code cannot have pointer or reference members}}
      *hp.p = 5;
    }
    t.barrier.wait();
    HasReference hr = {shared[t.local[0]]}; // expected-error {{variable 'hr' has type 'HasReference', which cannot be used in restrict(amp) code: member 'r' is a reference; classes used in restrict(amp) code cannot have pointer or reference members}}
    for (int i = 0; i < t.local[0]; ++i) {
      HasBitField bf;                // expected-error {{variable 'bf' has type 'HasBitField', which cannot be used in restrict(amp) code: member 'a' is a bit-field}}
      bf.a = i;
      hr.r += bf.a;
    }
    t.barrier.wait();
    TwoBools tb = {1, true, false};  // expected-error {{variable 'tb' has type 'TwoBools', which cannot be used in restrict(amp) code: member 'c' is not 4-byte aligned (it is at byte offset 5 of 'TwoBools')}}
    HasVolatile hv;                  // expected-error {{variable 'hv' has type 'HasVolatile', which cannot be used in restrict(amp) code: member 'v' is volatile}}
    CharEnum ce = Small;             // expected-error {{variable 'ce' has type 'CharEnum', which cannot be used in restrict(amp) code: its underlying type is 'char'}}
    hv.v = tb.a + ce;
    t.barrier.wait();
    shared[t.local[0]] += narrow_result(t, shared) + char_parameter(t, shared, 1);
    t.barrier.wait();
    av[t.global] = shared[t.local[0]] + hv.v;
  });
}

void tile_static_types(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static char bytes[64];      // expected-error {{variable 'bytes' has type 'char[64]', which cannot be used in restrict(amp) code}}
    tile_static short halves[64];    // expected-error {{variable 'halves' has type 'short[64]', which cannot be used in restrict(amp) code}}
    tile_static HasChar records[4];  // expected-error {{variable 'records' has type 'HasChar[4]', which cannot be used in restrict(amp) code: member 'c' has type 'char'}}
    tile_static CharEnum tags[64];   // expected-error {{variable 'tags' has type 'CharEnum[64]', which cannot be used in restrict(amp) code: its underlying type is 'char'}}
    tile_static int shared[64];
    bytes[t.local[0]] = 1;
    halves[t.local[0]] = 2;
    tags[t.local[0]] = Small;
    if (t.local[0] < 4)
      records[t.local[0]].a = 3;
    t.barrier.wait();
    shared[t.local[0]] = bytes[63 - t.local[0]] + halves[0] + records[0].a + tags[1];
    t.barrier.wait();
    shared[t.local[0]] += volatile_array(t, shared);
    av[t.global] = shared[t.local[0]];
  });
}
