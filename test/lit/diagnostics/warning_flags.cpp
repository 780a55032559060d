// Every ampvk warning respects -w and -Werror, and each can be silenced
// (-fplugin-arg-ampvk-Wno-NAME) or made an error (-fplugin-arg-ampvk-Werror=NAME)
// on its own; -fplugin-arg-ampvk-Werror makes them all errors, leaving Clang's
// own warnings as they are. The names: tile-static-non-tiled, tile-static-constructor,
// tile-static-race, tile-static-uninitialized, barrier-divergence.
//
// RUN: %ampxx -Xclang -verify=expected,note,dropped %s
// RUN: %ampxx -Werror -Xclang -verify=werror,note,dropped %s
// RUN: %ampxx -fplugin-arg-ampvk-Werror -Xclang -verify=werror,note,dropped %s
// RUN: %ampxx -w -Xclang -verify=silenced %s
// RUN: %ampxx -fplugin-arg-ampvk-Wno-tile-static-race -fplugin-arg-ampvk-Wno-barrier-divergence -Xclang -verify=some,note %s
// RUN: %ampxx -fplugin-arg-ampvk-Werror=tile-static-uninitialized -Xclang -verify=promoted,note,dropped %s
// RUN: not %ampxx -fplugin-arg-ampvk-Wno-no-such-warning %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: error: ampvk: unknown plugin argument 'Wno-no-such-warning' (known: dump-spirv=DIR, no-opt, check, fp-contract=fast, fp-contract=off, unroll=compiler, unroll=driver, loop-witness=on, loop-witness=off, jobs=N, Wno-NAME, Werror=NAME, Werror; warning names: tile-static-non-tiled, tile-static-constructor, tile-static-race, tile-static-uninitialized, barrier-divergence, tile-analysis-incomplete, loop-not-unrolled)
// (The "dropped" notes belong to the warnings the fourth run silences.)
// silenced-no-diagnostics
#include <amp.h>
using namespace concurrency;

struct Counter {
  int n;
  Counter() restrict(cpu, amp) : n(0) {} // note-note {{constructor declared here}}
};

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // note-note {{in the kernel launched here}}
    tile_static int shared; // expected-warning {{tile_static variable 'shared' is used by a parallel_for_each that is not tiled}} werror-error {{tile_static variable 'shared' is used by a parallel_for_each that is not tiled}} some-warning {{[ampvk -Wtile-static-non-tiled]}} promoted-warning {{[ampvk -Wtile-static-non-tiled]}}
    shared = 1;
    v[i] = 0;
  });
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static Counter c; // expected-warning {{the default constructor of 'Counter' is not run}} werror-error {{the default constructor of 'Counter' is not run}} some-warning {{[ampvk -Wtile-static-constructor]}} promoted-warning {{[ampvk -Wtile-static-constructor]}}
    tile_static int total; // note-note {{'total' declared here}} dropped-note {{'total' declared here}}
    total += 1; // expected-warning {{data race}} expected-warning {{is read here before any thread of the tile has written it}} werror-error {{data race}} werror-error {{is read here before any thread}} some-warning {{[ampvk -Wtile-static-uninitialized]}} promoted-warning {{[ampvk -Wtile-static-race]}} promoted-error {{[ampvk -Wtile-static-uninitialized]}}
    t.barrier.wait();
    if (v[0] > 0) // dropped-note {{this condition is not provably the same for every thread of the tile}}
      t.barrier.wait(); // expected-warning {{[ampvk -Wbarrier-divergence]}} werror-error {{[ampvk -Wbarrier-divergence]}} promoted-warning {{[ampvk -Wbarrier-divergence]}}
    v[t.global] = total;
  });
}
