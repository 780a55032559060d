// Statements and expressions restrict(amp) code cannot contain (docs/diagnostics.md
// §6: goto/labels, try/throw, dynamic_cast/typeid, new/delete, asm, globals,
// pointer<->integer casts, bool* arithmetic, string literals) inside tiled kernels
// with tile_static memory and barriers, and in helpers taking tile_static arrays.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int counter = 0;                 // expected-note 2 {{'counter' declared here}}
float scale = 2.0f;              // expected-note {{'scale' declared here}}
struct Config { static int level; }; // expected-note {{'level' declared here}}
struct Base { virtual ~Base(); int b; }; // expected-note {{the compiler-generated 'Derived::~Derived' is not restrict(amp) because it calls 'Base::~Base', declared here}}
struct Derived : Base { int d; };

void control_flow_in_helper(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) {
  if (t.local[0] == 3)
    goto skip;                   // expected-error {{restrict(amp) code cannot use goto}}
  shared[t.local[0]] = 1;
skip:                            // expected-error {{restrict(amp) code cannot have labels}}
  t.barrier.wait();
  try {                          // expected-error {{restrict(amp) code cannot use try/catch}}
    shared[t.local[0]] += 1;
  } catch (...) {
  }
  t.barrier.wait();
  if (shared[t.local[0]] < 0)
    throw shared[0];             // expected-error {{restrict(amp) code cannot throw exceptions}}
  t.barrier.wait();
}

void control_flow(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
  again:                         // expected-error {{restrict(amp) code cannot have labels}}
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
    void *where = &&again;       // expected-error {{restrict(amp) code cannot take the address of a label}}
    for (int i = 0; i < 3; ++i) {
      if (shared[i] > t.local[0])
        goto again;              // expected-error {{restrict(amp) code cannot use goto}}
      t.barrier.wait();
    }
    control_flow_in_helper(t, shared);
    if (t.local[0] == 0) {
      try {                      // expected-error {{restrict(amp) code cannot use try/catch}}
        throw 1;                 // expected-error {{restrict(amp) code cannot throw exceptions}}
      } catch (int e) {
        shared[0] = e;
      }
    }
    t.barrier.wait();
    av[t.global] = shared[63 - t.local[0]] + (where != nullptr);
  });
}

void dynamic_in_helper(const tiled_index<64> &t, int (&shared)[64], Base *b) restrict(amp) {
  t.barrier.wait();
  Derived *d = dynamic_cast<Derived *>(b); // expected-error {{restrict(amp) code cannot use dynamic_cast}}
  if (t.local[0] < 8)
    shared[t.local[0]] = d->d + (int)sizeof(typeid(*b)); // typeid in sizeof is fine
  t.barrier.wait();
  int *p = new int[4];           // expected-error {{restrict(amp) code cannot use 'new'}}
  p[0] = shared[t.local[0]];
  delete[] p;                    // expected-error {{restrict(amp) code cannot use 'delete'}}
}

void dynamic_features(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}}
    tile_static int shared[64];
    Derived obj; // expected-error {{restrict(amp) code cannot call the destructor of 'Derived' (run when 'obj' goes out of scope), which is not restrict(amp)}}
    int *cell = new int(t.local[0]); // expected-error {{restrict(amp) code cannot use 'new'}}
    shared[t.local[0]] = *cell;
    t.barrier.wait();
    (void)typeid(obj);               // expected-error {{typeid cannot be used in restrict(amp) code}}
    for (int i = t.local[0]; i < 64; i += 32)
      asm("nop");                    // expected-error {{restrict(amp) code cannot contain inline assembly}}
    t.barrier.wait();
    dynamic_in_helper(t, shared, &obj);
    if (t.local[0] != 5)
      delete cell;                   // expected-error {{restrict(amp) code cannot use 'delete'}}
    t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
}

int read_globals(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) {
  shared[t.local[0]] = counter;  // expected-error {{restrict(amp) code cannot use the global variable 'counter' (only constants with a constant initializer can be used; pass the value in instead)}}
  t.barrier.wait();
  return shared[0] + Config::level; // expected-error {{restrict(amp) code cannot use the static data member 'level'}}
}

void globals(array_view<int, 1> av) {
  static int launches = 0;       // expected-note {{'launches' declared here}}
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    tile_static float total;
    if (t.local[0] == 0)
      total = scale;             // expected-error {{restrict(amp) code cannot use the global variable 'scale'}}
    t.barrier.wait();
    shared[t.local[0]] = read_globals(t, shared);
    t.barrier.wait();
    while (shared[t.local[0]] < launches) // expected-error {{restrict(amp) code cannot use the static variable 'launches'}}
      shared[t.local[0]] += 1;
    t.barrier.wait();
    counter += shared[0];        // expected-error {{restrict(amp) code cannot use the global variable 'counter'}}
    av[t.global] = shared[t.local[0]] + (int)total;
  });
}

void pointer_tricks(const tiled_index<64> &t, int (&shared)[64], bool (&flags)[64]) restrict(amp) {
  long addr = (long)&shared[t.local[0]]; // expected-error {{restrict(amp) code cannot convert a pointer to an integer}}
  t.barrier.wait();
  int *back = (int *)addr;               // expected-error {{restrict(amp) code cannot convert an integer to a pointer}}
  *back = 1;
  t.barrier.wait();
  bool *f = flags;
  if (t.local[0] > 1)
    f += 1;                              // expected-error {{restrict(amp) code cannot do pointer arithmetic on bool*}}
  t.barrier.wait();
  shared[t.local[0]] = f[t.local[0] % 2]; // expected-error {{restrict(amp) code cannot do pointer arithmetic on bool*}}
}

void pointers_and_strings(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    tile_static bool flags[64];
    const char *name = "tile";   // expected-error {{variable 'name' has type 'const char *', which cannot be used in restrict(amp) code}} expected-error {{restrict(amp) code cannot use string literals}}
    flags[t.local[0]] = t.local[0] % 2 == 0;
    shared[t.local[0]] = name[t.local[0] % 4];
    t.barrier.wait();
    pointer_tricks(t, shared, flags);
    for (int i = 0; i < t.local[0]; ++i)
      shared[t.local[0]] += __func__[0]; // expected-error {{restrict(amp) code cannot use string literals ('__func__')}}
    t.barrier.wait();
    av[t.global] = shared[t.local[0]] + (int)(long)&shared[0]; // expected-error {{restrict(amp) code cannot convert a pointer to an integer}}
  });
}
