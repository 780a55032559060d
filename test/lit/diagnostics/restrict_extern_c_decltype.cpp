// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// The C++ AMP rules (2.3, 2.4) about extern "C" and decltype: a function with
// C linkage has one symbol, so it cannot be both restrict(cpu) and
// restrict(amp); decltype and sizeof operands are not evaluated, so naming a
// function there is no call, in either direction.
#include <amp.h>

extern "C" int cBoth(int x) restrict(cpu, amp);            // expected-error {{a restrict(amp) function cannot have C linkage (extern "C") when it is also restrict(cpu): a function with several restrictions needs one symbol for each}}
extern "C" {
int cBlock(int x) restrict(amp, cpu) { return x; }         // expected-error {{a restrict(amp) function cannot have C linkage (extern "C") when it is also restrict(cpu)}}
}
extern "C" int cAmp(int x) restrict(amp) { return x + 1; } // legal: one restriction
extern "C" int cCpu(int x) restrict(cpu) { return x + 2; } // legal
int ampCallsC(int x) restrict(amp) { return cAmp(x); }     // legal
int hostCallsC(int x) { return cCpu(x); }                  // legal
int hostCallsCAmp(int x) { return cAmp(x); }               // expected-error {{CPU code cannot call 'cAmp', which is restrict(amp) only}}
                                                           // expected-note@12 {{'cAmp' declared here}}
int ampCallsCCpu(int x) restrict(amp) { return cCpu(x); }  // expected-error {{restrict(amp) code cannot call 'cCpu', which is not restrict(amp)}}
                                                           // expected-note@13 {{'cCpu' declared here without restrict(amp)}}

// decltype and sizeof: no call.
int ampOnly(int x) restrict(amp); // expected-note {{'ampOnly' declared here}}
int cpuOnly(int x);
decltype(ampOnly(1)) hostVar = 3;                                          // legal
decltype(&ampOnly) hostPointerVar = nullptr;                               // legal
int hostSize() { return sizeof(ampOnly(2)) + sizeof(decltype(&ampOnly)); } // legal
int ampDecltype(int x) restrict(amp) {
  decltype(cpuOnly(1)) y = x; // legal
  return y + static_cast<int>(sizeof(cpuOnly(x)));
}
auto deduced(int x) restrict(amp) -> decltype(ampOnly(x)) { return ampOnly(x); } // legal
template <typename F> auto wrap(F f, int x) -> decltype(f(x)) { return f(x); }
int hostEvaluates() { decltype(ampOnly(1)) v = ampOnly(1); return v; } // expected-error {{CPU code cannot call 'ampOnly', which is restrict(amp) only}}
