// What the emitter cannot compile is an error at the construct, never wrong
// code or an internal error: unions with a member narrower than a word (a
// union is kept as its 32-bit words; Unions.* runs the others),
// private objects over the per-object limit (a 4 MiB local array used to be
// compiled for the driver to choke on), and a copy of a class holding a
// 70000-int array, which needs longer instructions than SPIR-V allows.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

union Bits { bool b; int i; };
struct Big { int a[70000]; };
struct Fits { int a[16384]; }; // exactly the 64 KiB limit

void punning(array_view<int, 1> av) {
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    Bits u; // expected-error {{a union with a member not made of 32- and 64-bit scalars (bool, char, short, a bit-field) is not supported in a kernel by ampvk yet}}
    u.b = true;
    av[i] = u.i;
  });
}

void huge_local(array_view<int, 1> av) {
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    int big[1024 * 1024]; // expected-error {{'big' needs 4194304 bytes of private memory per thread, more than the 65536 bytes ampvk allows for one object (drivers keep private memory in registers or spill it to slow scratch memory); keep large data in an array_view or in tile_static memory}}
    big[i[0]] = 1;
    av[i] = big[5];
  });
}

void huge_copy(array_view<Big, 1> bv, array_view<int, 1> av) {
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    Big b = bv[i]; // expected-error {{'b' needs 280000 bytes of private memory per thread}}
    av[i] = b.a[i[0]];
  });
}

// At the limit, and reading a huge element in place: fine.
void within_limits(array_view<Big, 1> bv, array_view<Fits, 1> fv, array_view<int, 1> av) {
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    Fits f = fv[i];
    av[i] = f.a[i[0] % 16384] + bv[i].a[i[0] % 70000];
  });
}
