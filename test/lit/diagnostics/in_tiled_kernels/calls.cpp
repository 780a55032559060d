// Calls that break the restrict(amp) rules (docs/diagnostics.md §6) inside tiled
// kernels with tile_static memory and barriers: before, between and after the
// barriers, under conditions and loops on t.local, and in restrict(amp) helpers
// that take the tile_static arrays by reference. The tile analysis runs after.
// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
#include <amp.h>
#include <algorithm>
using namespace concurrency;

int host_value(int x); // expected-note 3 {{'host_value' declared here without restrict(amp)}}
int &host_ref(int &x); // expected-note 2 {{'host_ref' declared here without restrict(amp)}}
struct HostCtor { int v; HostCtor() : v(0) {} };  // expected-note {{'HostCtor::HostCtor' declared here without restrict(amp)}}
struct HostDtor { int v; ~HostDtor() {} };        // expected-note 2 {{'HostDtor::~HostDtor' declared here without restrict(amp)}}
struct Shape {
  virtual int area() const { return 0; }          // expected-note {{'area' declared here}}
  int sides() const restrict(amp) { return 3; }
};
int amp_twice(int x) restrict(amp) { return 2 * x; }
int amp_declared_only(int x) restrict(amp);       // expected-note {{'amp_declared_only' declared here}}
int amp_only(int x) restrict(amp) { return x; }   // expected-note {{'amp_only' declared here}}
struct AmpOnlyCtor { int v; AmpOnlyCtor() restrict(amp) : v(1) {} }; // expected-note {{the constructor 'AmpOnlyCtor::AmpOnlyCtor' declared here}}

// Helpers that take tile_static memory by reference and wait themselves.
void host_calls_in_helper(const tiled_index<64> &t, int (&shared)[64], float &total) restrict(amp) {
  shared[t.local[0]] = host_value(t.local[0]); // expected-error {{restrict(amp) code cannot call 'host_value', which is not restrict(amp)}}
  t.barrier.wait();
  if (t.local[0] == 0)
    total = host_ref(shared[0]);               // expected-error {{restrict(amp) code cannot call 'host_ref', which is not restrict(amp)}}
  t.barrier.wait();
  host_ref(shared[t.local[0]]) += 1;           // expected-error {{restrict(amp) code cannot call 'host_ref', which is not restrict(amp)}}
}
int depth(const tiled_index<64> &t, int (&shared)[64], int n) restrict(amp) {
  shared[t.local[0]] = n;
  t.barrier.wait();
  return n > 0 ? depth(t, shared, n - 1) : shared[0]; // expected-error {{restrict(amp) code cannot be recursive: 'depth' calls itself}}
}
int ping(const tiled_index<64> &t, int (&shared)[64], int n) restrict(amp);
int pong(const tiled_index<64> &t, int (&shared)[64], int n) restrict(amp) {
  t.barrier.wait();
  return n > 0 ? ping(t, shared, n - 1) : shared[t.local[0]]; // expected-error {{restrict(amp) code cannot be recursive: 'pong' calls itself through 'ping'}}
}
int ping(const tiled_index<64> &t, int (&shared)[64], int n) restrict(amp) {
  shared[t.local[0]] = n;
  return pong(t, shared, n); // expected-note {{'ping' calls 'pong' here}}
}
int both_sides(const tiled_index<64> &t, int (&shared)[64]) restrict(cpu, amp) {
  shared[t.local[0]] = amp_only(t.local[0]); // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'amp_only', which is restrict(amp) only}}
  t.barrier.wait(); // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'Concurrency::tile_barrier::wait', which is restrict(amp) only}}
  if (t.local[0] == 0) {
    AmpOnlyCtor c; // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call the constructor 'AmpOnlyCtor::AmpOnlyCtor', which is restrict(amp) only}}
    auto device_only = [](int x) restrict(amp) { return x; }; // expected-note {{the lambda declared here}}
    shared[0] = c.v + device_only(shared[1]); // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call the lambda, which is restrict(amp) only}}
  }
  return shared[0];
}
int declared_only_in_loop(const tiled_index<64> &t, int (&shared)[64]) restrict(amp) {
  for (int i = t.local[0]; i < 64; i += 16) { // expected-note {{this condition depends on the thread's position in the tile}}
    shared[i] = amp_declared_only(i); // expected-error {{'amp_declared_only' is called from a kernel but not defined in this translation unit; C++ AMP needs the definition of every function a kernel calls}}
    t.barrier.wait();                 // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
  }
  return shared[t.local[0]];
}

void host_functions(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note 10 {{in the tiled kernel launched here}}
    tile_static int shared[64];
    tile_static float total;
    int before = host_value(t.local[0]); // expected-error {{restrict(amp) code cannot call 'host_value', which is not restrict(amp)}}
    shared[t.local[0]] = before;
    t.barrier.wait();
    int between = std::max(shared[0], shared[63 - t.local[0]]); // expected-error {{restrict(amp) code cannot call 'std::max', which is not restrict(amp)}} expected-note {{the C++ standard library is not restrict(amp); use a helper such as 'template <class T> T amp_max(T a, T b) restrict(cpu, amp) { return a < b ? b : a; }'}}
    t.barrier.wait();
    for (int i = 0; i < t.local[0]; ++i)
      std::swap(shared[i], shared[t.local[0]]); // expected-error {{restrict(amp) code cannot call 'std::swap', which is not restrict(amp)}} expected-note {{the C++ standard library is not restrict(amp); use a helper such as 'template <class T> void amp_swap(T &a, T &b) restrict(cpu, amp) { T t = a; a = b; b = t; }'}}
    if (t.local[0] < 32) {
      HostCtor c;                              // expected-error {{restrict(amp) code cannot call the constructor 'HostCtor::HostCtor', which is not restrict(amp)}}
      shared[t.local[0]] += c.v + HostDtor().v; // expected-error {{restrict(amp) code cannot call the destructor 'HostDtor::~HostDtor' (of a temporary), which is not restrict(amp)}}
    }
    t.barrier.wait();
    host_calls_in_helper(t, shared, total); // expected-note 3 {{'host_calls_in_helper' is called from the lambda here}}
    while (shared[t.local[0]] > 0) {
      HostDtor d; // expected-error {{restrict(amp) code cannot call the destructor of 'HostDtor' (run when 'd' goes out of scope), which is not restrict(amp)}}
      shared[t.local[0]] -= d.v + 1;
    }
    t.barrier.wait();
    av[t.global] = between + shared[t.local[0]] + (int)total + host_value(shared[0]); // expected-error {{restrict(amp) code cannot call 'host_value', which is not restrict(amp)}}
  });
}
// expected-note@*:* {{'std::max' declared here without restrict(amp)}}
// expected-note@*:* {{'std::swap' declared here without restrict(amp)}}
// expected-note@ampvk/detail/tiled_index.h:* {{'Concurrency::tile_barrier::wait' declared here}}

void indirect_calls(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}}
    tile_static int shared[64];
    Shape shape;
    shared[t.local[0]] = shape.area(); // expected-error {{restrict(amp) code cannot make virtual calls ('area' is virtual)}}
    t.barrier.wait();
    int (*fp)(int) = amp_twice; // expected-error {{variable 'fp' has type 'int (*)(int)', which cannot be used in restrict(amp) code: it is a function pointer}}
    if (t.local[0] % 2)
      shared[t.local[0]] = fp(shared[0]); // expected-error {{restrict(amp) code cannot call through a function pointer}}
    t.barrier.wait();
    int (Shape::*pm)() const = &Shape::sides; // expected-error {{variable 'pm' has type 'int (Shape::*)() const', which cannot be used in restrict(amp) code: it is a pointer to member}}
    for (int i = 0; i < 4; ++i) {
      shared[t.local[0]] += (shape.*pm)(); // expected-error {{restrict(amp) code cannot call through a pointer to member function}}
      t.barrier.wait();
    }
    shared[t.local[0]] += shape.sides();
    t.barrier.wait();
    auto host_lambda = [](int v) restrict(cpu) { return v; }; // expected-note {{the lambda declared here without restrict(amp)}}
    if (t.local[0] == 1)
      shared[1] = host_lambda(shared[2]); // expected-error {{restrict(amp) code cannot call the lambda, which is not restrict(amp)}}
    t.barrier.wait();
    av[t.global] = shared[63 - t.local[0]];
  });
}

void call_graph(array_view<int, 1> av) {
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}}
    tile_static int shared[64];
    shared[t.local[0]] = t.local[0];
    t.barrier.wait();
    int d = depth(t, shared, 3);
    int p = ping(t, shared, 2);
    int b = both_sides(t, shared);
    int o = declared_only_in_loop(t, shared); // expected-note {{'declared_only_in_loop' is called from the lambda here}} expected-note {{'declared_only_in_loop' is called here}}
    if (t.local[0] == 0)  // expected-note {{this condition depends on the thread's position in the tile (tiled_index::local or ::global)}}
      t.barrier.wait();   // expected-error {{tile_barrier::wait is called under control flow that depends on the thread's position in the tile}}
    av[t.global] = d + p + b + o;
  });
}
