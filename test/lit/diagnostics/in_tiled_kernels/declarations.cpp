// Declarations restrict(amp) code cannot have (docs/diagnostics.md §5: '...',
// virtual, throw(...), static/thread_local/extern locals) and misplaced or
// mismatched restrict(...) (§1), in tiled kernels with tile_static memory and
// barriers and in the helpers they call with tile_static arrays.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int sum_all(const tiled_index<64> &t, int (&shared)[64], ...) restrict(amp) { // expected-error {{a restrict(amp) function cannot have a variable argument list ('...')}}
  t.barrier.wait();
  return shared[t.local[0]];
}
struct Stage {
  virtual void run(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) { // expected-error {{a restrict(amp) function cannot be virtual}} expected-note {{'run' declared here}}
    shared[t.local[0]] = 1;
    t.barrier.wait();
  }
  int id;
};
int no_throw(const tiled_index<64> &t, int (&shared)[64]) throw() restrict(amp) { // expected-error {{a restrict(amp) function cannot have a dynamic exception specification; remove it (or write noexcept)}}
  shared[t.local[0]] = 2;
  t.barrier.wait();
  return shared[0];
}
int local_storage(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) {
  static int calls = 0;          // expected-error {{restrict(amp) code cannot declare static variables; use tile_static for memory shared by the threads of a tile}}
  shared[t.local[0]] = ++calls;
  t.barrier.wait();
  if (t.local[0] == 0) {
    extern int elsewhere;        // expected-error {{restrict(amp) code cannot declare extern variables}}
    shared[0] = elsewhere;
  }
  t.barrier.wait();
  return shared[63 - t.local[0]];
}

void declarations(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    static int once = 0;         // expected-error {{restrict(amp) code cannot declare static variables; use tile_static for memory shared by the threads of a tile}}
    shared[t.local[0]] = once;
    t.barrier.wait();
    for (int i = 0; i < t.local[0]; ++i) {
      thread_local int per_thread = 0; // expected-error {{restrict(amp) code cannot declare thread_local variables}}
      shared[t.local[0]] += per_thread++;
    }
    t.barrier.wait();
    Stage stage;
    stage.run(t, shared);        // expected-error {{restrict(amp) code cannot make virtual calls ('run' is virtual)}}
    shared[t.local[0]] += sum_all(t, shared, 1, 2) + no_throw(t, shared) + local_storage(t, shared);
    t.barrier.wait();
    if (t.local[0] == 1) {
      extern int elsewhere;      // expected-error {{restrict(amp) code cannot declare extern variables}}
      shared[1] = elsewhere;
    }
    t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
}

// restrict(...) that disagrees between declarations, or is misspelled. (A
// restrict(amp)-only declaration beside a restrict(cpu) one is an overload.)
int scale(const tiled_index<64> &t, int (&shared)[64]) restrict(cpu, amp); // expected-note {{previous declaration is here}}
int scale(const tiled_index<64> &t, int (&shared)[64]) restrict(cpu) { // expected-error {{'scale' is declared restrict(cpu) here but restrict(cpu, amp) before; every declaration must have the same restrictions}}
  // (the definition inherits restrict(amp) from the first declaration: it is restrict(cpu, amp))
  t.barrier.wait(); // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'Concurrency::tile_barrier::wait', which is restrict(amp) only}}
  return shared[t.local[0]];
}
int offset(const tiled_index<64> &t, int (&shared)[64]); // expected-note {{previous declaration is here}}
int offset(const tiled_index<64> &t, int (&shared)[64]) restrict(cpu, amp) { // expected-error {{'offset' is declared restrict(cpu, amp) here but restrict(cpu) before; every declaration must have the same restrictions (the previous declaration has no restrict(...), which means restrict(cpu))}}
  shared[t.local[0]] = 3;
  t.barrier.wait(); // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'Concurrency::tile_barrier::wait', which is restrict(amp) only}}
  return shared[0];
}
int unknown(const tiled_index<64> &t, int (&shared)[64]) restrict(ampp) { // expected-note {{'unknown' declared here without restrict(amp)}} expected-error {{unknown restriction specifier 'ampp'; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}
  t.barrier.wait();
  return shared[t.local[0]];
}
int empty(const tiled_index<64> &t, int (&shared)[64]) restrict() { // expected-note {{'empty' declared here without restrict(amp)}} expected-error {{empty restriction specifier list; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}
  t.barrier.wait();
  return shared[t.local[0]];
}

auto trailing(const tiled_index<64> &t, int (&shared)[64]) -> int restrict(amp) { // expected-warning {{'annotate' attribute ignored when parsing type}} expected-error {{restrict(...) after a trailing return type is ignored by Clang; write it before the '->'}} expected-note {{'trailing' declared here without restrict(amp)}}
  t.barrier.wait(); // expected-error {{CPU code cannot call 'Concurrency::tile_barrier::wait', which is restrict(amp) only; declare it restrict(cpu, amp) to call it from both}}
  return shared[t.local[0]];
}

void restrict_specifiers(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note 4 {{in the tiled kernel launched here}}
    tile_static int shared[64];
    int not_a_function restrict(amp) = 1; // expected-error {{restrict(...) applies to functions and lambdas only}}
    shared[t.local[0]] = not_a_function;
    t.barrier.wait();
    shared[t.local[0]] += scale(t, shared) + offset(t, shared) + unknown(t, shared) + empty(t, shared); // expected-error {{restrict(amp) code cannot call 'unknown', which is not restrict(amp)}} expected-error {{restrict(amp) code cannot call 'empty', which is not restrict(amp)}}
    shared[t.local[0]] += trailing(t, shared); // expected-error {{restrict(amp) code cannot call 'trailing', which is not restrict(amp)}}
    auto dropped = [](int v) -> int restrict(amp) { return v; }; // expected-warning {{'annotate' attribute ignored when parsing type}} expected-error {{restrict(...) after a lambda's trailing return type is ignored by Clang; write it before the '->'}}
    if (t.local[0] > 2)
      shared[t.local[0]] = dropped(shared[0]);
    t.barrier.wait();
    auto unknown_lambda = [](int v) restrict(device) { return v; }; // expected-error {{unknown restriction specifier 'device'; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}} expected-note {{the lambda declared here without restrict(amp)}}
    av[t.global] = shared[t.local[0]] + unknown_lambda(1); // expected-error {{restrict(amp) code cannot call the lambda, which is not restrict(amp)}}
  });
}

// Placements Clang cannot parse: the plugin names the fix, Clang's parse error follows.
struct Reader {
  int get(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) const; // expected-note {{'Reader::get' declared here}} expected-error {{'restrict(amp)' must follow 'const' in a function declarator; write 'const restrict(amp)' (Clang cannot parse 'restrict(amp) const')}} expected-error {{expected ';' at end of declaration list}}
  auto last(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) -> int; // legal: C++ AMP's order
  int n;
};

void unparsable(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}}
    tile_static int shared[64];
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
    auto m = [=]() mutable restrict(amp) constexpr { return shared[0]; }; // expected-error {{'restrict(amp)' after 'mutable' or 'constexpr' must also follow 'constexpr'; write 'constexpr restrict(amp)' (Clang cannot parse 'restrict(amp) constexpr' there)}} expected-error {{expected body of lambda expression}}
    t.barrier.wait();
    auto n = [&]() noexcept restrict(amp) { return shared[t.local[0]]; }; // expected-error {{'shared' is captured by reference; a lambda in restrict(amp) code captures by value}} expected-error {{'t' is captured by reference}} expected-note 2 {{captured implicitly because of this capture default}}
    if (t.local[0] == 0)
      shared[0] = Reader().get(t, shared); // expected-error {{'Reader::get' is called from a kernel but not defined in this translation unit; C++ AMP needs the definition of every function a kernel calls}}
    t.barrier.wait();
    av[t.global] = shared[t.local[0]];
  });
}
// expected-note@ampvk/detail/tiled_index.h:* 3 {{'Concurrency::tile_barrier::wait' declared here}}
