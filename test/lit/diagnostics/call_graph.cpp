// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// The call graph of a kernel: a call to a function that is not restrict(amp)
// names the callee and the chain of calls back to the kernel; every function
// a kernel calls must be defined in the translation unit; no recursion,
// direct or indirect (the cycle is shown). Recursion through template
// instantiations that ends (a different function each step) is fine.
#include <amp.h>
using namespace concurrency;

float host_sqrt(float x); // expected-note {{'host_sqrt' declared here without restrict(amp)}}
float length(float x, float y) restrict(amp) {
  return host_sqrt(x * x + y * y); // expected-error {{restrict(amp) code cannot call 'host_sqrt', which is not restrict(amp)}}
}
float normalize(float x, float y) restrict(amp) {
  return x / length(x, y); // expected-note {{'length' is called from 'normalize' here}}
}

float declared_only(float x) restrict(amp); // expected-note {{'declared_only' declared here}}
float defined(float x) restrict(amp) { return x; }

int direct(int n) restrict(amp) {
  return n <= 0 ? 0 : direct(n - 1); // expected-error {{restrict(amp) code cannot be recursive: 'direct' calls itself}}
}

int ping(int n) restrict(amp);
int pong(int n) restrict(amp) {
  return n <= 0 ? 0 : ping(n - 1); // expected-error {{restrict(amp) code cannot be recursive: 'pong' calls itself through 'ping'}}
}
int ping(int n) restrict(amp) {
  return n <= 0 ? 1 : pong(n - 1); // expected-note {{'ping' calls 'pong' here}}
}

// Compile-time recursion: trec<3> calls trec<2> ... trec<0>, all different.
template <int N> int trec(int x) restrict(amp) { return trec<N - 1>(x) + 1; }
template <> int trec<0>(int x) restrict(amp) { return x; }

// A member function calling itself.
struct Walker {
  int depth(int n) const restrict(amp) { return n ? depth(n - 1) + 1 : 0; } // expected-error {{restrict(amp) code cannot be recursive: 'Walker::depth' calls itself}}
};

void launch(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note {{in the kernel launched here}}
    v[i] = normalize(v[i], 1.0f); // expected-note {{'normalize' is called from the lambda here}}
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note {{in the kernel launched here}}
    v[i] = declared_only(v[i]); // expected-error {{'declared_only' is called from a kernel but not defined in this translation unit; C++ AMP needs the definition of every function a kernel calls}}
    v[i] += defined(v[i]) + trec<3>(1) + direct(2) + ping(3) + Walker().depth(2);
  });
}
