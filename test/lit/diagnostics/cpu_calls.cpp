// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// CPU code cannot call a function that is restrict(amp) only: not from a
// function without restriction, not from restrict(cpu), not from the CPU side
// of restrict(cpu, amp). Functions that are restrict(cpu, amp), and the
// compiler's implicit members, are callable from both.
#include <amp.h>
using namespace concurrency;

float amp_only(float x) restrict(amp) { return x * 2.0f; } // expected-note 4 {{'amp_only' declared here}}
float both(float x) restrict(cpu, amp) { return x * 3.0f; }

struct OnDevice {
  OnDevice() restrict(amp) : v(1) {} // expected-note {{the constructor 'OnDevice::OnDevice' declared here}}
  int twice() const restrict(amp) { return v * 2; } // expected-note {{'OnDevice::twice' declared here}}
  int v;
};

struct Anywhere {
  Anywhere() restrict(cpu, amp) : v(1) {}
  int twice() const restrict(cpu, amp) { return v * 2; }
  int v;
};

float host(float x) {
  float a = amp_only(x); // expected-error {{CPU code cannot call 'amp_only', which is restrict(amp) only; declare it restrict(cpu, amp) to call it from both}}
  OnDevice d;            // expected-error {{CPU code cannot call the constructor 'OnDevice::OnDevice', which is restrict(amp) only}}
  return a + both(x) + Anywhere().twice();
}

int host_member(const OnDevice &d) restrict(cpu) {
  return d.twice(); // expected-error {{CPU code cannot call 'OnDevice::twice', which is restrict(amp) only}}
}

float either(float x) restrict(cpu, amp) {
  return amp_only(x); // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'amp_only', which is restrict(amp) only}}
}

template <typename T> T call_twice(T x) { return amp_only(x) + amp_only(x); } // expected-error 2 {{CPU code cannot call 'amp_only', which is restrict(amp) only}}
template <typename T> T call_both(T x) { return both(x) + both(x); }

void lambdas(array_view<float, 1> v) {
  auto device_only = [](float x) restrict(amp) { return x + 1.0f; }; // expected-note {{the lambda declared here}}
  float y = device_only(1.0f); // expected-error {{CPU code cannot call the lambda, which is restrict(amp) only}}
  auto anywhere = [](float x) restrict(cpu, amp) { return x + 1.0f; };
  float z = anywhere(2.0f) + call_twice(1.0f) + call_both(1.0f);
  // The kernel is restrict(amp) only: parallel_for_each runs it, the CPU never calls it.
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = device_only(v[i]) + anywhere(v[i]) + amp_only(v[i]) + both(v[i]);
  });
  // Unevaluated operands are not calls.
  static_assert(sizeof(amp_only(1.0f)) == sizeof(float), "");
  using R = decltype(device_only(1.0f));
  v[0] = y + z + R(0);
}
