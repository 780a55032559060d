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

// Taking the address of a restrict(amp)-only function in CPU code: the
// pointer would lead to a function that exists only on the accelerator.
float amp_only_addr(float x) restrict(amp) { return x; } // expected-note 4 {{'amp_only_addr' declared here}}
struct AmpMember {
  int get() const restrict(amp) { return 1; } // expected-note {{'AmpMember::get' declared here}}
};
float (*global_pointer)(float) = &amp_only_addr; // expected-error {{CPU code cannot take the address of 'amp_only_addr', which is restrict(amp) only; declare it restrict(cpu, amp) to use it from both}}
void addresses() {
  float (*p)(float) = amp_only_addr;   // expected-error {{CPU code cannot take the address of 'amp_only_addr'}}
  float (&r)(float) = amp_only_addr;   // expected-error {{CPU code cannot take the address of 'amp_only_addr'}}
  int (AmpMember::*m)() const = &AmpMember::get; // expected-error {{CPU code cannot take the address of 'AmpMember::get'}}
  float (*q)(float) = both;            // fine: restrict(cpu, amp)
  static float (*s)(float) = &amp_only_addr; // expected-error {{CPU code cannot take the address of 'amp_only_addr'}}
  using T = decltype(&amp_only_addr);  // unevaluated: fine
  (void)p; (void)r; (void)m; (void)q; (void)s; (void)sizeof(T);
}

// Compiler-generated special members have the restrictions that the special
// members they call have in common (C++ AMP 2.3.2).
struct CpuDefault { CpuDefault() {} int v; };                 // expected-note {{the compiler-generated 'HoldsCpuDefault::HoldsCpuDefault' is not restrict(amp) because it calls 'CpuDefault::CpuDefault', declared here}}
struct AmpDefault { AmpDefault() restrict(amp) {} int v; };   // expected-note {{the compiler-generated 'HoldsAmpDefault::HoldsAmpDefault' is not restrict(cpu) because it calls 'AmpDefault::AmpDefault', declared here}}
struct BothDefault { BothDefault() restrict(cpu, amp) {} int v; };
struct HoldsCpuDefault { CpuDefault c; };
struct HoldsAmpDefault { AmpDefault a; };
struct HoldsBoth { BothDefault b; HoldsBoth() = default; };
struct CpuDestructor { ~CpuDestructor() {} int v; };          // expected-note {{the compiler-generated 'DerivedFromCpuDestructor::~DerivedFromCpuDestructor' is not restrict(amp) because it calls 'CpuDestructor::~CpuDestructor', declared here}}
struct DerivedFromCpuDestructor : CpuDestructor { int w; };
struct ExplicitlyAmp { CpuDefault c; ExplicitlyAmp() restrict(cpu) = default; };

void generated_on_cpu() {
  HoldsAmpDefault h; // expected-error {{CPU code cannot call the constructor 'HoldsAmpDefault::HoldsAmpDefault', which is restrict(amp) only}}
  HoldsCpuDefault c; // fine on the CPU
  HoldsBoth b;       // fine: both
  (void)h; (void)c; (void)b;
}

void generated_in_kernel(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-note 2 {{in the kernel launched here}}
    HoldsCpuDefault c;          // expected-error {{restrict(amp) code cannot call the constructor 'HoldsCpuDefault::HoldsCpuDefault', which is not restrict(amp)}}
    HoldsAmpDefault a;          // fine in amp code
    HoldsBoth b;
    DerivedFromCpuDestructor d; // expected-error {{restrict(amp) code cannot call the destructor of 'DerivedFromCpuDestructor' (run when 'd' goes out of scope), which is not restrict(amp)}}
    v[i] = c.c.v + a.a.v + b.b.v + d.w;
  });
}
