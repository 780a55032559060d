// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Overloading on restriction (C++ AMP 2.3): functions that differ only in
// restrict(...) are an overload set, and a call picks by its context.
// test/kernels/restrict_overloading_test.cpp runs these sets.
#include <amp.h>
using namespace concurrency;

// Valid sets: restrict(cpu) beside restrict(amp); restrict(cpu, amp) beside
// restrict(amp) (the amp-only one wins in amp code).
int f(int x) restrict(cpu) { return x + 1; }
int f(int x) restrict(amp) { return x * 2; }
int g(int x) restrict(cpu, amp) { return x; }
int g(int x) restrict(amp) { return -x; }
struct S {
  int m(int x) const { return x; }
  int m(int x) const restrict(amp) { return -x; }
};
template <typename T> T t(T x) restrict(cpu) { return x; }
template <typename T> T t(T x) restrict(amp) { return -x; }
int host(int x) { return f(x) + g(x) + S().m(x) + t(x); }                 // the cpu members
int device(int x) restrict(amp) { return f(x) + g(x) + S().m(x) + t(x); } // the amp members
int both(int x) restrict(cpu, amp) { return f(x) + g(x) + S().m(x); }     // each side its own
int (*address)(int) = &f; // CPU code: the restrict(cpu) f

// An amp-only function without a cpu sibling stays out of CPU code.
int onlyAmp(int x) restrict(amp); // expected-note 2 {{'onlyAmp' declared here}}
int usesOnlyAmp(int x) { return onlyAmp(x); } // expected-error {{CPU code cannot call 'onlyAmp', which is restrict(amp) only}}
int bothUsesOnlyAmp(int x) restrict(cpu, amp) { return onlyAmp(x); } // expected-error {{the CPU side of this restrict(cpu, amp) function cannot call 'onlyAmp', which is restrict(amp) only}}

// The overload set is the one declared at the call: a restrict(cpu) sibling
// declared later does not count.
int late(int x) restrict(amp) { return x; } // expected-note {{'late' declared here}}
int callsLate(int x) { return late(x); } // expected-error {{CPU code cannot call 'late', which is restrict(amp) only}}
int late(int x) restrict(cpu) { return x; }

// restrict(cpu) and restrict(cpu, amp) with one signature are one function.
int dup(int x) restrict(cpu, amp); // expected-note {{previous declaration is here}}
int dup(int x) restrict(cpu);      // expected-error {{'dup' is declared restrict(cpu) here but restrict(cpu, amp) before}}

// Overloads must have the same type: with another return type the amp one
// has no restrict(cpu) sibling for CPU code.
float ret(int x) restrict(amp) { return x * 0.5f; } // expected-note {{'ret' declared here}}
int ret(int x) restrict(cpu) { return x; } // expected-note {{'ret' is not its restrict(cpu) overload: its type 'int (int)' differs from 'float (int)', and overloads on restriction must have the same type}}
int callsRet(int x) { return ret(x); } // expected-error {{CPU code cannot call 'ret', which is restrict(amp) only}}
