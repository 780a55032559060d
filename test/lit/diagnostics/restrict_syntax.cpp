// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// restrict(...) is a macro the plugin expands to an attribute: unknown or
// empty specifier lists, declarations that disagree, and the placements Clang
// cannot parse (or silently drops) each get a diagnostic that says what to
// write instead.
#include <amp.h>
using namespace concurrency;

int unknown() restrict(foo);        // expected-error {{unknown restriction specifier 'foo'; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}
int mixed() restrict(amp, direct3d); // expected-error {{unknown restriction specifier 'direct3d'}}
int empty() restrict();             // expected-error {{empty restriction specifier list; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}
int both() restrict(cpu, amp);      // legal
int twice() restrict(cpu) restrict(amp); // legal: the same as restrict(cpu, amp)

// Every declaration of a function has the same restrictions. (A restrict(amp)
// only declaration is another function: an overload, see
// restrict_overloading.cpp.)
int scale(int x) restrict(cpu, amp); // expected-note {{previous declaration is here}}
int scale(int x) restrict(cpu) { return x; } // expected-error {{'scale' is declared restrict(cpu) here but restrict(cpu, amp) before; every declaration must have the same restrictions}}
int offset(int x);                  // expected-note {{previous declaration is here}}
int offset(int x) restrict(cpu, amp) { return x; } // expected-error {{'offset' is declared restrict(cpu, amp) here but restrict(cpu) before; every declaration must have the same restrictions (the previous declaration has no restrict(...), which means restrict(cpu))}}
int same(int x) restrict(amp);
int same(int x) restrict(amp) { return x; } // legal
struct Member {
  int get() const restrict(amp);
};
int Member::get() const restrict(amp) { return 1; } // legal

// restrict(...) applies to functions only.
int variable restrict(amp); // expected-error {{restrict(...) applies to functions and lambdas only}}

// Placements Clang cannot parse: the plugin names the fix, Clang's own parse
// error follows.
struct Placement {
  int cv() restrict(amp) const;     // expected-error {{'restrict(amp)' must follow 'const' in a function declarator; write 'const restrict(amp)' (Clang cannot parse 'restrict(amp) const')}} expected-error {{expected ';' at end of declaration list}}
  int cv_ok() const restrict(amp);  // legal
  int ref() restrict(amp) &;        // expected-error {{'restrict(amp)' must follow '&' in a function declarator; write '& restrict(amp)'}} expected-error {{expected ';' at end of declaration list}}
  int ref_ok() & restrict(amp);     // legal
  auto trailing() restrict(amp) -> int; // legal: C++ AMP's order
  auto trailing_const() const noexcept restrict(amp) -> int; // legal
  restrict(amp) auto trailing_start() -> int; // legal: ampvk's older spelling
};
// C++ AMP's order is cv, ref, restrict(...), exception specification: the
// plugin moves the attribute past the exception specification.
int nothrow() restrict(amp) noexcept;             // legal: C++ AMP's order
int nothrow_cond() restrict(cpu) noexcept(true);  // legal
int nothrow_throw() restrict(cpu) throw() { return 1; } // legal
int nothrow_ok() noexcept restrict(amp);          // legal: ampvk also takes it after
struct Ordered {
  int f() const & restrict(amp) noexcept;          // legal
  int g() const restrict(cpu, amp) noexcept(false) { return 2; } // legal
  auto h() const restrict(amp) noexcept -> int;    // legal
  int t() restrict(amp) throw(); // expected-error {{a restrict(amp) function cannot have a dynamic exception specification; remove it (or write noexcept)}}
};
int ov(int x) restrict(cpu) noexcept { return x; } // legal: an overload set on restriction
int ov(int x) restrict(amp) noexcept { return -x; }
int usesOv(int x) { return ov(x); }

void lambdas() {
  int x = 0;
  auto m = [=]() mutable restrict(amp) { return ++x; }; // legal: C++ AMP's order
  auto m2 = [=]() restrict(amp) mutable { return ++x; }; // legal: ampvk's older order
  auto n = [=]() noexcept restrict(amp) { return x; }; // legal
  auto n2 = [=]() restrict(amp) noexcept { return x; }; // legal
  auto mn = [=]() mutable noexcept restrict(amp) -> int { return x; }; // legal
  auto c = [=]() constexpr restrict(amp) { return x; }; // legal
  auto mrn = [=]() mutable restrict(amp) noexcept { return x; }; // legal: C++ AMP's order
  auto mrnr = [=]() mutable restrict(amp) noexcept(true) -> int { return x; }; // legal
  auto bad = [=]() mutable restrict(amp) constexpr { return x; }; // expected-error {{'restrict(amp)' after 'mutable' or 'constexpr' must also follow 'constexpr'; write 'constexpr restrict(amp)' (Clang cannot parse 'restrict(amp) constexpr' there)}} expected-error {{expected body of lambda expression}}
  (void)m; (void)m2; (void)n; (void)n2; (void)mn; (void)c; (void)mrn; (void)mrnr;
}

// Placements Clang parses but drops (with a warning): after a trailing return type.
auto dropped() -> int restrict(amp); // expected-warning {{'annotate' attribute ignored when parsing type}} expected-error {{restrict(...) after a trailing return type is ignored by Clang; write it before the '->'}}
void dropped_lambda() {
  auto l = []() -> int restrict(amp) { return 1; }; // expected-warning {{'annotate' attribute ignored when parsing type}} expected-error {{restrict(...) after a lambda's trailing return type is ignored by Clang; write it before the '->'}}
  auto l_ok = []() restrict(amp) -> int { return 1; }; // legal
  (void)l; (void)l_ok;
}
