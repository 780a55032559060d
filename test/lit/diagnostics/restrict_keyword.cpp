// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// `restrict` is C++ AMP's contextual keyword: the plugin predefines it, so
// this file includes nothing, and where it is not a restriction specifier it
// is an ordinary identifier. (test/kernels/restrict_keyword_test.cpp runs the
// same forms.)

// Recognized without <amp.h>: this function is restrict(amp) only.
int twice(int x) restrict(amp) { return 2 * x; } // expected-note {{'twice' declared here}}
int host(int x) { return twice(x); } // expected-error {{CPU code cannot call 'twice', which is restrict(amp) only}}

// A function, a class, members and variables named restrict.
int restrict(int a) { return a + 1; }
int restrict(int a, int b) restrict(cpu, amp) { return a * b; }
namespace named_class {
class restrict {
public:
  restrict() restrict(cpu, amp) : n(0) {}
  explicit restrict(int k) restrict(cpu, amp) : n(k) {}
  ~restrict() restrict(cpu, amp) {}
  int get() const restrict(cpu, amp) { return n; }
  int restrict_n() const { return n; }
private:
  int n;
};
restrict make(restrict r) { return restrict(r.get() + 1); }
} // namespace named_class
struct Member {
  int restrict;
  int restrict2(int k) const restrict(cpu, amp) { return restrict + k; }
};
struct Method {
  int restrict(int k) const restrict(cpu, amp) { return k; }
};
int calls(int x) {
  int y = restrict(x) + restrict(x, 2);
  if (x)
    restrict(x);
  y += (int)restrict(y);
  Member m{restrict(1, 2)};
  y += Method().restrict(3) + m.restrict;
  named_class::restrict *p = new named_class::restrict(4);
  y += p->get() + named_class::make(named_class::restrict()).get();
  delete p;
  return y;
}
int shadow(int x) restrict(cpu, amp) {
  int restrict = x * 2; // a local variable
  return restrict;
}

// On function types (typedefs, pointers to functions, parameters): the
// specifier of the type (restrict_function_types.cpp has the rules).
typedef int Fn(int) restrict(amp); // legal
int (*fp)(int) restrict(amp);      // legal
void takes(int (*cb)(int) restrict(amp)); // legal

// In a macro argument and a macro body, the same as written directly.
#define DECLARE(decl) decl
DECLARE(int in_argument(int x) restrict(amp) { return x; }) // expected-note {{'in_argument' declared here}}
#define AMP_ONLY restrict(amp)
int in_body(int x) AMP_ONLY { return x; } // expected-note {{'in_body' declared here}}
int host2(int x) {
  return in_argument(x) + // expected-error {{CPU code cannot call 'in_argument', which is restrict(amp) only}}
         in_body(x);      // expected-error {{CPU code cannot call 'in_body', which is restrict(amp) only}}
}

// With other specifiers.
struct Specifiers {
  virtual ~Specifiers();
  virtual int v(int) const;
  Specifiers() restrict(cpu, amp) = default;
  Specifiers(const Specifiers &) restrict(cpu, amp) = delete;
  auto t(int x) const noexcept restrict(cpu, amp) -> int { return x; }
};
struct Derived : Specifiers {
  int v(int x) const restrict(cpu) override { return x; }
};
