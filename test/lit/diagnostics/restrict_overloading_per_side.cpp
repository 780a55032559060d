// RUN: %ampxx -Xclang -verify %s
// Overload resolution happens per side (C++ AMP 2.3): a restrict(cpu, amp)
// function's CPU side resolves its calls among the functions CPU code may
// call, its amp side among those amp code may call, even where the two
// candidates' signatures differ (a template on one side, other parameter types
// on the other). Clang resolves once; the plugin resolves the other side again
// (overload/ResolveCpuCalls.cpp), so none of these is an error. The kernels
// run in RestrictOverloading.EachSideResolvesAmongItsOwnOverloads.
#include <amp.h>
#include <amp_math.h>
#include <cmath>
using namespace concurrency;

template <typename T> inline bool my_isnan(T v) restrict(cpu) { return std::isnan(v); }
inline bool my_isnan(float v) restrict(amp) { return fast_math::isnan(v) != 0; }
inline bool both(float v) restrict(cpu, amp) { return my_isnan(v); }

int scaled(double x) restrict(cpu) { return static_cast<int>(x * 4.0); }
int scaled(float x) restrict(amp) { return static_cast<int>(x * 2.0f); }
int viaScaled(int i) restrict(cpu, amp) { return scaled(i); }
int hostOnly(int i) { return scaled(i); }

template <typename T> T widen(T x, T y) restrict(cpu) { return x * 10 + y; }
int widen(int x, long y) restrict(amp) { return x * 100 + static_cast<int>(y); }
int viaWiden(int x) restrict(cpu, amp) { return widen(x, x + 1); }

void run(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = both(1.0f) + viaScaled(i[0]) + viaWiden(i[0]) + scaled(2) + widen(1, 2);
  });
  v[0] = both(1.0f) + viaScaled(1) + viaWiden(2) + hostOnly(3);
}

// A side with no function it may call is still an error there.
int ampOnly(float x) restrict(amp) { return static_cast<int>(x); }
int cpuCallsAmpOnly(float x) { return ampOnly(x); } // expected-error {{cannot call 'ampOnly', which is restrict(amp)}} expected-note@-1 {{'ampOnly' declared here}}

// Default arguments, explicit template arguments, classes by value and member
// functions resolve per side too (RestrictOverloading.EveryShapeResolvesPerSide
// runs them).
int defaulted(int x, int y = 7) restrict(cpu) { return x + y; }
int defaulted(int x, int y = 9) restrict(amp) { return x * y; }
template <typename T> T explicitArgs(T x) restrict(cpu) { return x + 1; }
template <typename T> T explicitArgs(T x, int k = 3) restrict(amp) { return x + k; }
struct Pair { int a, b; };
template <typename T> int byValue(T p) restrict(cpu) { return p.a - p.b; }
int byValue(Pair p) restrict(amp) { return p.a * 2 + p.b; }
struct Member {
  template <typename T> int scale(T x) const restrict(cpu) { return static_cast<int>(x); }
  int scale(float x) const restrict(amp) { return static_cast<int>(x) + 1; }
  int both(float x) const restrict(cpu, amp) { return scale(x); }
};
int everyShape(int x) restrict(cpu, amp) {
  Pair p{x, 3};
  return defaulted(x) + explicitArgs<int>(x) + byValue(p) + Member{}.both(1.0f);
}

// Overloads on restriction that return different types cannot be told apart
// per side: the call is typed once, for both sides.
int typed(int x) restrict(cpu) { return x; }       // expected-note {{'typed' is not its restrict(cpu) overload: its type 'int (int)' differs from 'float (int)', and overloads on restriction must have the same type}}
float typed(int x) restrict(amp) { return 0.5f; } // expected-note {{'typed' declared here}}
float viaTyped(int x) restrict(cpu, amp) { return typed(x); } // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'typed', which is restrict(amp) only}}
