// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// The tile_static rules of Microsoft's "tile_static Keyword" page: only on
// variables of restrict(amp) functions; not on pointers or references; no
// initializer; default constructors and destructors are not run (a warning
// when the type has one that does something); in the call graph of a
// non-tiled parallel_for_each: a warning, the behaviour is undefined.
#include <amp.h>
using namespace concurrency;

tile_static int global_tile; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
struct Holder {
  tile_static int member; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
};

void host_function() {
  tile_static int not_in_amp; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
}

void parameter(tile_static int p) restrict(amp) {} // expected-error {{tile_static cannot be used on a function parameter}}

void kernel_body(const tiled_index<4> &t) restrict(amp) {
  tile_static int initialized = 0; // expected-error {{a tile_static variable cannot have an initializer}}
  tile_static float braced{1.0f};  // expected-error {{a tile_static variable cannot have an initializer}}
  tile_static int *pointer;        // expected-error {{tile_static cannot be used on a variable of pointer or reference type}}
  tile_static int *pointers[4];    // expected-error {{tile_static cannot be used on a variable of pointer or reference type}}
  static tile_static int twice;    // expected-error {{a tile_static variable cannot also be static, extern or thread_local}}
  tile_static int fine[4];         // legal: no initializer, not a pointer
  fine[t.local[0]] = 1;
  // A reference cannot be tile_static either (and a reference needs an initializer).
  tile_static int &ref = fine[0];  // expected-error {{tile_static cannot be used on a variable of pointer or reference type}} expected-error {{a tile_static variable cannot have an initializer}}
  int &plain_ref = fine[0];        // legal: an ordinary reference to tile_static memory
  plain_ref = 2;
}

struct Counter {
  int n;
  Counter() restrict(cpu, amp) : n(0) {} // expected-note 2 {{constructor declared here}}
};
struct Resource {
  int n;
  ~Resource() restrict(cpu, amp) {} // expected-note {{destructor declared here}}
};
struct Pod { int a; float b; };
void constructors(const tiled_index<4> &t) restrict(amp) {
  tile_static Counter c;       // expected-warning {{the default constructor of 'Counter' is not run for tile_static variable 'c'; its value is undefined until the kernel writes it}}
  tile_static Counter many[4]; // expected-warning {{the default constructor of 'Counter' is not run for tile_static variable 'many'}}
  tile_static Resource r;      // expected-warning {{the destructor of 'Resource' is not run for tile_static variable 'r'}}
  tile_static Pod pod;         // legal: nothing to run
  if (t.local[0] == 0) {
    c.n = 1;
    many[0].n = 1;
    r.n = 1;
    pod.a = 1;
  }
}

// tile_static in the call graph of a non-tiled parallel_for_each.
int scratch(int x) restrict(amp) {
  tile_static int shared[64]; // expected-warning {{tile_static variable 'shared' is used by a parallel_for_each that is not tiled; its behaviour is undefined there (launch over extent.tile<...>())}}
  shared[0] = x;
  return x;
}
int tiled_only(const tiled_index<64> &t) restrict(amp) {
  tile_static int shared[64]; // legal: reached from tiled launches only
  shared[t.local[0]] = 1;
  return shared[t.local[0]];
}
void launches(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note 2 {{in the kernel launched here}}
    tile_static int direct; // expected-warning {{tile_static variable 'direct' is used by a parallel_for_each that is not tiled}}
    direct = 1;
    v[i] = scratch(v[i]); // expected-note {{'scratch' is called from the lambda here}}
  });
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    v[t.global] = tiled_only(t);
  });
}

// Clang's own error on an invalid declaration is not followed by an ampvk one
// about an initializer the user did not write.
void invalid_const(const tiled_index<4> &t) restrict(amp) {
  tile_static const int ci; // expected-error {{default initialization of an object of const type 'const int'}}
}

// On a function Clang would accept the attribute and ignore it.
tile_static int tile_static_function();                  // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
struct TileStaticMember { tile_static int method() restrict(amp); }; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
