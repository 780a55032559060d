// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Kernels may use global constants as objects (bound to references, arrays
// indexed at run time): const objects with a constant initializer. Globals
// that are not constants stay errors: not const, a non-constant initializer,
// mutable members, volatile.
#include <amp.h>
using namespace concurrency;

int twice(const int &x) restrict(cpu, amp) { return 2 * x; }
int first(const int (&t)[3]) restrict(cpu, amp) { return t[0]; }
int host_value() { return 3; }

static const int K = 5;
constexpr int kTable[3] = {1, 2, 3};
struct S { static const int N = 4; static constexpr float F = 1.5f; };

int counter = 1;                 // expected-note {{'counter' declared here}}
const int late = host_value();   // expected-note {{'late' declared here}}
struct WithMutable { mutable int m; };
const WithMutable withMutable = {1}; // expected-note {{'withMutable' declared here}}
const volatile int shaky = 2;    // expected-note {{'shaky' declared here}}
int plain[3] = {4, 5, 6};        // expected-note {{'plain' declared here}}

void constants(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    v[i] = twice(K) + kTable[v[i] % 3] + first(kTable) + twice(S::N) + (int)S::F;
  });
}

void not_constants(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    v[i] += twice(counter); // expected-error {{restrict(amp) code cannot use the global variable 'counter' (only constants with a constant initializer can be used; pass the value in instead)}}
    v[i] += twice(late);    // expected-error {{restrict(amp) code cannot use the global variable 'late' (only constants with a constant initializer can be used; pass the value in instead)}}
    v[i] += withMutable.m;  // expected-error {{restrict(amp) code cannot use the global variable 'withMutable' (only constants with a constant initializer can be used; pass the value in instead)}}
    v[i] += shaky;          // expected-error {{restrict(amp) code cannot use the global variable 'shaky' (only constants with a constant initializer can be used; pass the value in instead)}}
    v[i] += first(plain);   // expected-error {{restrict(amp) code cannot use the global variable 'plain' (only constants with a constant initializer can be used; pass the value in instead)}}
  });
}
