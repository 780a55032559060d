// RUN: %ampxx -ferror-limit=0 -Wno-dynamic-exception-spec -Xclang -verify %s
// Declarations (C++ AMP v1.2 §2.4; Microsoft's "restrict(amp) restrictions
// part 3"): a restrict(amp) function has no '...' parameter, is not virtual,
// has no dynamic exception specification (throw(...), also throw()); its
// locals are not static, thread_local or extern (tile_static is the way).
#include <amp.h>
using namespace concurrency;

int variadic(int n, ...) restrict(amp) { return n; } // expected-error {{a restrict(amp) function cannot have a variable argument list ('...')}}
int not_variadic(int n) restrict(amp) { return n; }

struct Base {
  virtual int f() const restrict(amp) { return 1; } // expected-error {{a restrict(amp) function cannot be virtual}}
  virtual int host_only() const { return 1; }       // fine: not restrict(amp)
  int g() const restrict(amp) { return 2; }         // fine: not virtual
  int h() volatile restrict(amp) { return 3; }      // expected-error {{a restrict(amp) function cannot be a volatile member function}}
  int k() volatile { return 4; }                    // fine: not restrict(amp)
};

// (C++17 removed them; -Wno-dynamic-exception-spec lets Clang accept them.)
void throws() throw(int) restrict(amp);      // expected-error {{a restrict(amp) function cannot have a dynamic exception specification; remove it (or write noexcept)}}
void throws_nothing() throw() restrict(amp); // expected-error {{a restrict(amp) function cannot have a dynamic exception specification; remove it (or write noexcept)}}
void no_throw() noexcept restrict(amp); // fine

void locals() restrict(amp) {
  static int s = 0;         // expected-error {{restrict(amp) code cannot declare static variables; use tile_static for memory shared by the threads of a tile}}
  thread_local int t = 0;   // expected-error {{restrict(amp) code cannot declare thread_local variables}}
  extern int e;             // expected-error {{restrict(amp) code cannot declare extern variables}}
  const int c = 4;          // fine: an ordinary local constant
  int local = c;            // fine
  (void)s; (void)t; (void)e; (void)local;
}

void tiled_locals(tiled_index<4> t) restrict(amp) {
  tile_static int shared[4]; // fine: the way to share memory
  shared[t.local[0]] = 1;
}
