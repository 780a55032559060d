// tile_static declarations that are errors (docs/diagnostics.md §7, and Clang's
// own errors on them) in tiled kernels and helpers that also use valid
// tile_static memory and barriers: the race and uninitialized-read analysis must
// not trip over the rejected variables, wherever they are declared and used.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

tile_static int at_namespace_scope; // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
struct Holder {
  tile_static int member;           // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
  int n;
};

int host_scratch(int x) {           // expected-note {{'host_scratch' declared here without restrict(amp)}}
  tile_static int scratch;          // expected-error {{tile_static can only be used on variables of a restrict(amp) function}}
  scratch = x;
  return scratch;
}

void parameter(tile_static int p, int (&shared)[64]) restrict(amp) { // expected-error {{tile_static cannot be used on a function parameter}}
  // No follow-on warning on the rejected tile_static declaration.
  shared[0] = p;
}

void rules(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}}
    tile_static int shared[64];
    tile_static int zero = 0;        // expected-error {{a tile_static variable cannot have an initializer}}
    tile_static float braced{1.0f};  // expected-error {{a tile_static variable cannot have an initializer}}
    shared[t.local[0]] = zero + (int)braced;
    t.barrier.wait();
    tile_static int *pointer;        // expected-error {{tile_static cannot be used on a variable of pointer or reference type}}
    if (t.local[0] == 0)
      pointer = &shared[1];
    t.barrier.wait();
    for (int i = 0; i < t.local[0]; ++i) {
      tile_static int *pointers[4];  // expected-error {{tile_static cannot be used on a variable of pointer or reference type}}
      pointers[i % 4] = &shared[i];
      // No follow-on warning on the rejected tile_static declaration.
      *pointers[0] += 1;
    }
    t.barrier.wait();
    tile_static int &ref = shared[t.local[0]]; // expected-error {{tile_static cannot be used on a variable of pointer or reference type}} expected-error {{a tile_static variable cannot have an initializer}}
    ref = *pointer;
    static tile_static int twice;    // expected-error {{a tile_static variable cannot also be static, extern or thread_local}}
    twice = 1;
    thread_local tile_static int per_thread; // expected-error {{a tile_static variable cannot also be static, extern or thread_local}} expected-error {{restrict(amp) code cannot declare thread_local variables}}
    if (t.local[0] == 0)
      per_thread = 1;
    t.barrier.wait();
    parameter(shared[t.local[0]], shared);
    // No follow-on warning on the rejected tile_static declaration.
    av[t.global] = shared[t.local[0]] + twice + host_scratch(shared[0]) + at_namespace_scope; // expected-error {{restrict(amp) code cannot call 'host_scratch', which is not restrict(amp)}}
  });
}

void in_helper(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) {
  tile_static int counted = 0;       // expected-error {{a tile_static variable cannot have an initializer}}
  if (t.local[0] == 0)
    counted += 1;
  t.barrier.wait();
  // A local extern belongs to the namespace semantically, to the function lexically.
  extern tile_static int outside;    // expected-error {{a tile_static variable cannot also be static, extern or thread_local}} expected-error {{restrict(amp) code cannot declare extern variables}}
  // No follow-on warning on the rejected tile_static declaration.
  shared[t.local[0]] = counted + outside;
  t.barrier.wait();
  while (shared[t.local[0]] > 1) {
    tile_static int *cursor;         // expected-error {{tile_static cannot be used on a variable of pointer or reference type}}
    cursor = &shared[t.local[0]];
    // No follow-on warning on the rejected tile_static declaration.
    *cursor -= 1;
  }
  t.barrier.wait();
}

void helpers(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
    in_helper(t, shared);
    tile_static int total;
    total = shared[t.local[0]];
    t.barrier.wait();
    tile_static int sum;
    if (t.local[0] == 0)
      sum = 0;
    t.barrier.wait();
    sum += total;
    t.barrier.wait();
    av[t.global] = total + sum;
  });
}

// Clang's own errors on tile_static declarations.
struct Incomplete;                   // expected-note {{forward declaration of 'Incomplete'}}
void clang_errors(array_view<int, 1> av, int n) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    tile_static const int constant;  // expected-error {{default initialization of an object of const type 'const int'}}
    tile_static Undeclared unknown;  // expected-error {{unknown type name 'Undeclared'}}
    shared[t.local[0]] = constant + unknown; // (the only write to 'shared': it refers to an invalid declaration)
    t.barrier.wait();
    tile_static Incomplete partial;  // expected-error {{variable has incomplete type 'Incomplete'}}
    if (t.local[0] == 0)
      shared[0] = partial.n;         // (Clang says nothing more about the invalid 'partial')
    t.barrier.wait();
    tile_static int unsized[];       // expected-error {{definition of variable with array type needs an explicit size or an initializer}}
    tile_static int negative[-1];    // expected-error {{'negative' declared as an array with a negative size}}
    for (int i = 0; i < t.local[0]; ++i) { // expected-note {{this condition depends on the thread's position in the tile}}
      unsized[i] = negative[i];
      t.barrier.wait();              // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    }
    tile_static auto deduced;        // expected-error {{declaration of variable 'deduced' with deduced type 'auto' requires an initializer}}
    deduced = shared[0];
    tile_static decltype(missing) typed; // expected-error {{use of undeclared identifier 'missing'}}
    typed = shared[t.local[0]];
    t.barrier.wait();
    tile_static int twice;           // expected-note {{previous definition is here}}
    tile_static float twice;         // expected-error {{redefinition of 'twice' with a different type: 'float' vs 'int'}}
    // The write to 'shared' above was dropped with the invalid expression it is
    // in; no "read before written" warning follows (none after errors).
    twice = shared[1];
    t.barrier.wait();
    av[t.global] = shared[63 - t.local[0]] + twice + deduced + typed;
  });
}

// Constructors and destructors that are not run (warnings), next to errors.
struct Counter {
  int n;
  Counter() restrict(cpu, amp) : n(0) {} // expected-note {{constructor declared here}}
};
struct HostOnlyDtor {
  int n;
  ~HostOnlyDtor() {}                 // expected-note {{destructor declared here}}
};
void constructors(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static Counter counter;     // expected-warning {{the default constructor of 'Counter' is not run for tile_static variable 'counter'; its value is undefined until the kernel writes it}}
    tile_static HostOnlyDtor guard;  // expected-warning {{the destructor of 'HostOnlyDtor' is not run for tile_static variable 'guard'}}
    tile_static int shared[64];
    if (t.local[0] == 0) {
      counter.n = nonexistent(t);    // expected-error {{use of undeclared identifier 'nonexistent'}}
      guard.n = 1;
    }
    t.barrier.wait();
    // The write to 'counter.n' was dropped with the invalid call; no warning follows.
    shared[t.local[0]] = counter.n + guard.n;
    t.barrier.wait();
    av[t.global] = shared[0];
  });
}
