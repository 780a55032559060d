// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// restrict(...) is a macro over a GNU attribute: unknown or empty specifier
// lists, declarations that disagree, and the placements Clang cannot parse
// (or silently drops) each get a diagnostic that says what to write instead.
#include <amp.h>
using namespace concurrency;

int unknown() restrict(foo);        // expected-error {{unknown restriction specifier 'foo'; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}
int mixed() restrict(amp, direct3d); // expected-error {{unknown restriction specifier 'direct3d'}}
int empty() restrict();             // expected-error {{empty restriction specifier list; write restrict(amp), restrict(cpu) or restrict(cpu, amp)}}
int both() restrict(cpu, amp);      // legal
int twice() restrict(cpu) restrict(amp); // legal: the same as restrict(cpu, amp)

// Every declaration of a function has the same restrictions.
int scale(int x) restrict(amp);     // expected-note {{previous declaration is here}}
int scale(int x) restrict(cpu) { return x; } // expected-error {{'scale' is declared restrict(cpu) here but restrict(amp) before; every declaration must have the same restrictions}}
int offset(int x);                  // expected-note {{previous declaration is here}}
int offset(int x) restrict(amp) { return x; } // expected-error {{'offset' is declared restrict(amp) here but restrict(cpu) before; every declaration must have the same restrictions (the previous declaration has no restrict(...), which means restrict(cpu))}}
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
  auto trailing() restrict(amp) -> int; // expected-error {{'restrict(amp)' cannot be written before a trailing return type (Clang cannot parse it there); write it at the start of the declaration, as in 'restrict(amp) auto f() -> T'}} expected-error {{expected ';' at end of declaration list}}
  restrict(amp) auto trailing_ok() -> int; // legal
};
int nothrow() restrict(amp) noexcept; // expected-error {{'restrict(amp)' must follow 'noexcept' in a function declarator; write 'noexcept restrict(amp)'}} expected-error {{expected function body after function declarator}}
int nothrow_ok() noexcept restrict(amp); // legal

void lambdas() {
  int x = 0;
  auto m = [=]() mutable restrict(amp) { return ++x; }; // expected-error {{'restrict(amp)' must come right after the lambda's parameter list; write 'restrict(amp) mutable' (Clang cannot parse 'mutable restrict(amp)')}} expected-error {{expected body of lambda expression}}
  auto m_ok = [=]() restrict(amp) mutable { return ++x; }; // legal
  auto n = [=]() noexcept restrict(amp) { return x; }; // expected-error {{'restrict(amp)' must come right after the lambda's parameter list; write 'restrict(amp) noexcept'}} expected-error {{expected body of lambda expression}}
  auto n_ok = [=]() restrict(amp) noexcept { return x; }; // legal
  (void)m_ok; (void)n_ok;
}

// Placements Clang parses but drops (with a warning): after a trailing return type.
auto dropped() -> int restrict(amp); // expected-warning {{'annotate' attribute ignored when parsing type}} expected-error {{restrict(...) after a trailing return type is ignored by Clang; write it at the start of the declaration, as in 'restrict(amp) auto f() -> T'}}
void dropped_lambda() {
  auto l = []() -> int restrict(amp) { return 1; }; // expected-warning {{'annotate' attribute ignored when parsing type}} expected-error {{restrict(...) after a lambda's trailing return type is ignored by Clang; write it before the '->'}}
  auto l_ok = []() restrict(amp) -> int { return 1; }; // legal
  (void)l; (void)l_ok;
}
