// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// restrict(...) on function types (C++ AMP 2.1, 2.3): typedefs, aliases,
// pointers, references and member pointers to functions. A function type
// without restrict(...) is restrict(cpu). A pointer may lead only to a
// function that has every restriction its type names, and CPU code cannot
// call through a pointer whose type is restrict(amp) only. (restrict(amp)
// code cannot use function pointers at all: amp_statements.cpp.)
#include <amp.h>

float both(float x) restrict(cpu, amp) { return x * 2; }
float onlyAmp(float x) restrict(amp) { return x; }
float onlyCpu(float x) { return x + 1; }
int pick(int x) restrict(cpu) { return x; }
int pick(int x) restrict(amp) { return -x; }
struct S {
  float m(float x) const restrict(cpu, amp) { return x; }
  float a(float x) const restrict(amp) { return x; }
};

// The declarations C++ AMP allows, each with a restriction set.
typedef float Both(float) restrict(amp, cpu);
typedef float Amp(float) restrict(amp);
using Cpu = float(float) restrict(cpu);
typedef float (*BothPtr)(float) restrict(cpu, amp);
typedef float (*AmpPtr)(float) restrict(amp);
typedef int Ordered(int) restrict(cpu) noexcept; // C++ AMP's order: before the exception specification
typedef int Unknown(int) restrict(gpu);          // expected-error {{unknown restriction specifier 'gpu'; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}

// Initialization: the function has every restriction of the type (passing twins first).
Both *b1 = &both;
BothPtr b2 = both;
Cpu *c1 = &onlyCpu;
Cpu *c2 = &both;
AmpPtr a1 = &onlyAmp;   // a restrict(amp) pointer may hold an amp-only function (CPU code cannot call it)
float (&ref)(float) restrict(cpu, amp) = both;
int (*pc)(int) restrict(cpu) = &pick;  // the overload set has both
int (*pa)(int) restrict(amp) = &pick;
float (S::*mp)(float) const restrict(cpu, amp) = &S::m;
float (S::*ma)(float) const restrict(amp) = &S::a;
Both *b3 = &onlyCpu;                   // expected-error {{'onlyCpu' is restrict(cpu), but the function type it is converted to is restrict(cpu, amp) (a function type without restrict(...) is restrict(cpu)); the function must have every restriction its pointer's type names}}
float (*c3)(float) restrict(cpu) = &onlyAmp; // expected-error {{'onlyAmp' is restrict(amp), but the function type it is converted to is restrict(cpu)}}
float (*c4)(float) = &onlyAmp;         // expected-error {{CPU code cannot take the address of 'onlyAmp', which is restrict(amp) only}}
                                       // expected-note@11 {{'onlyAmp' declared here}}
float (S::*mc)(float) const restrict(cpu, amp) = &S::a; // expected-error {{'S::a' is restrict(amp), but the function type it is converted to is restrict(cpu, amp)}}

// Pointer to pointer: the source's type as declared.
void conversions() {
  Cpu *c = b1;           // legal: restrict(cpu, amp) to restrict(cpu)
  AmpPtr a = b2;         // legal
  BothPtr b = c1;        // expected-error {{the pointer 'c1' is restrict(cpu), but the function type it is converted to is restrict(cpu, amp)}}
  c = a1;                // expected-error {{the pointer 'a1' is restrict(amp), but the function type it is converted to is restrict(cpu)}}
  float (*plain)(float) = a1; // expected-error {{the pointer 'a1' is restrict(amp), but the function type it is converted to is restrict(cpu)}}
  auto copy = a1;        // `auto` keeps a1's restrictions
  Cpu *fromCopy = copy;  // expected-error {{the pointer 'copy' is restrict(amp), but the function type it is converted to is restrict(cpu)}}
  (void)c; (void)a; (void)b; (void)plain; (void)fromCopy;
}

// Parameters and return types.
void takesCpu(Cpu *f);
AmpPtr givesAmp() { return &onlyAmp; } // legal
Cpu *givesCpu() { return &onlyAmp; }   // expected-error {{'onlyAmp' is restrict(amp), but the function type it is converted to is restrict(cpu)}}
void parameters() {
  takesCpu(&both);   // legal
  takesCpu(a1);      // expected-error {{the pointer 'a1' is restrict(amp), but the function type it is converted to is restrict(cpu)}}
  takesCpu(givesAmp()); // expected-error {{the pointer 'givesAmp' returns is restrict(amp), but the function type it is converted to is restrict(cpu)}}
}

// Calls from CPU code: the pointer's type must include cpu.
float calls(float x) {
  AmpPtr amp = a1;
  return b1(x) + b2(x) + c1(x) + ref(x) + (S().*mp)(x) + pc(1)
         + a1(x)    // expected-error {{CPU code cannot call through 'a1', whose function type is restrict(amp) only}}
         + (*amp)(x) // expected-error {{CPU code cannot call through 'amp', whose function type is restrict(amp) only}}
         + pa(1);   // expected-error {{CPU code cannot call through 'pa', whose function type is restrict(amp) only}}
}
