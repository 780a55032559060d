// RUN: %ampxx -Xclang -verify %s
// The tile_static rules of Microsoft's "tile_static Keyword" page.
#include <amp.h>
using namespace concurrency;

void host_function() {
  tile_static int not_in_amp; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
}

void kernel_body(const tiled_index<4> &t) restrict(amp) {
  tile_static int initialized = 0; // expected-error {{a tile_static variable cannot have an initializer}}
  tile_static float braced{1.0f};  // expected-error {{a tile_static variable cannot have an initializer}}
  tile_static int *pointer;        // expected-error {{tile_static cannot be used on a variable of pointer or reference type}}
  tile_static int fine[4];         // legal: no initializer, not a pointer
  fine[t.local[0]] = 1;
}
