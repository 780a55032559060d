// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Every position C++ AMP's grammar (section 2.1) gives the restriction
// specifier, with the meaning it has elsewhere: the kernels in
// RestrictGrammar.* run these forms; here each is shown to parse and to carry
// its restriction (an amp-only function called from CPU code is an error).
#include <amp.h>
using namespace concurrency;

// Before a trailing return type, also after noexcept and with decltype.
auto trailing() restrict(amp) -> int { return 1; }
auto trailingBoth() restrict(cpu, amp) -> int { return 2; }
auto trailingNoexcept() noexcept restrict(cpu, amp) -> int { return 3; }
auto trailingDecltype(int x, float y) restrict(cpu, amp) -> decltype(x + y) { return x + y; }
// Microsoft's compiler rejects any exception specification on an amp function
// (noexcept is newer than C++ AMP and harmless).
auto trailingThrow() throw() restrict(cpu, amp) -> int { return 4; } // expected-error {{a restrict(amp) function cannot have a dynamic exception specification; remove it (or write noexcept)}}

// Members of class templates and their out-of-class definitions, overloads
// on restriction among them.
template <typename T> struct Holder {
  T v;
  T both() const restrict(cpu, amp);
  T side() const restrict(cpu);
  T side() const restrict(amp);
  template <typename U> U cast() const restrict(cpu, amp);
};
template <typename T> T Holder<T>::both() const restrict(cpu, amp) { return v; }
template <typename T> T Holder<T>::side() const restrict(cpu) { return v + 1; }
template <typename T> T Holder<T>::side() const restrict(amp) { return v + 2; }
template <typename T> template <typename U> U Holder<T>::cast() const restrict(cpu, amp) {
  return static_cast<U>(v);
}

// Lambdas with mutable, an exception specification and a trailing return type.
int lambdas(int k) restrict(cpu, amp) {
  auto a = [=]() mutable restrict(cpu, amp) { return ++k; };
  auto b = [=]() mutable noexcept restrict(cpu, amp) -> int { return k; };
  auto c = [](int x) restrict(amp) -> float { return x * 0.5f; };
  auto d = [=]() mutable throw() restrict(cpu, amp) -> int { return k; }; // expected-error {{a restrict(amp) function cannot have a dynamic exception specification; remove it (or write noexcept)}}
  return a() + b() + d();
}

// Pointers to functions and references to functions with trailing return
// types (CPU code only: amp code has no function pointers).
auto (*pointer)() restrict(cpu) -> int = trailingBoth;
auto (&reference)() restrict(cpu) -> int = trailingBoth;

// Attribute specifiers before the declaration, several declarators in one.
[[nodiscard]] inline int attributed() restrict(cpu, amp) { return 5; }
__attribute__((unused)) static int gnuAttributed() restrict(cpu, amp) { return 6; }
int first = 3, declaredAmp() restrict(amp), last = 3;
int declaredAmp() restrict(amp) { return 7; }

// restrict spelled through macros: the whole restrict(...), a function-like
// macro passing its specifiers on, and the bare keyword. Overloads declared
// through them stay overloads.
#define AMP restrict(amp)
#define BOTH restrict(cpu, amp)
#define RESTRICT_TO(x) restrict(x)
#define RESTRICT restrict
int viaMacro() restrict(cpu) { return 10; }
int viaMacro() AMP { return 11; }
int viaFunctionMacro() restrict(cpu) { return 12; }
int viaFunctionMacro() RESTRICT_TO(amp) { return 13; }
int viaKeywordMacro() RESTRICT(cpu) { return 14; }
int viaKeywordMacro() RESTRICT(amp) { return 15; }
auto viaMacroTrailing() BOTH -> int { return 16; }
auto viaMacroLambda = []() mutable BOTH -> int { return 17; };

int cpuCaller() {
  Holder<int> h{1};
  return trailingBoth() + trailingNoexcept() + trailingDecltype(1, 2.0f) + h.both() +
         h.side() + h.cast<int>() + lambdas(1) + pointer() + reference() + attributed() +
         gnuAttributed() + viaMacro() + viaFunctionMacro() + viaKeywordMacro() +
         viaMacroTrailing() + viaMacroLambda();
}
int cpuCallsAmpOnly() {
  return trailing() + declaredAmp(); // expected-error {{CPU code cannot call 'trailing', which is restrict(amp) only}} expected-note@10 {{'trailing' declared here}} expected-error {{CPU code cannot call 'declaredAmp', which is restrict(amp) only}} expected-note@52 {{'declaredAmp' declared here}}
}
