// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Statements and expressions in restrict(amp) code (C++ AMP v1.2 §2.4):
// calls only to restrict(amp) functions; no virtual calls or calls through
// function pointers; no goto/labels, try/catch/throw, dynamic_cast, typeid,
// new/delete, asm; no global or static variables other than constants with a
// constant initializer; no pointer <-> integer casts, no pointer arithmetic on bool*, no
// string literals. Every rule has a legal twin right after it.
#include <amp.h>
using namespace concurrency;

int host_only(int x) { return x; } // expected-note {{'host_only' declared here without restrict(amp)}}
int amp_ok(int x) restrict(amp) { return x; }
int both(int x) restrict(cpu, amp) { return x; }

int calls(int x) restrict(amp) {
  int a = host_only(x); // expected-error {{restrict(amp) code cannot call 'host_only', which is not restrict(amp)}}
  int b = amp_ok(x) + both(x);
  return a + b;
}

struct HostCtor { int v; HostCtor() : v(0) {} }; // expected-note {{'HostCtor::HostCtor' declared here without restrict(amp)}}
struct AmpCtor { int v; AmpCtor() restrict(amp) : v(0) {} };
struct HostDtor { int v; ~HostDtor() {} };       // expected-note {{'HostDtor::~HostDtor' declared here without restrict(amp)}}
void special_members() restrict(amp) {
  HostCtor h;   // expected-error {{restrict(amp) code cannot call the constructor 'HostCtor::HostCtor', which is not restrict(amp)}}
  AmpCtor a;
  HostDtor d;   // expected-error {{restrict(amp) code cannot call the destructor of 'HostDtor' (run when 'd' goes out of scope), which is not restrict(amp)}}
  (void)h; (void)a; (void)d;
}

struct Shape {
  virtual float area() const { return 0; } // expected-note {{'area' declared here}}
  float base() const restrict(amp) { return 1; }
};
float dispatch(const Shape &s, float (*fp)(float), float (Shape::*pm)() const) restrict(amp) { // expected-error {{parameter 'fp' of 'dispatch' has type 'float (*)(float)', which cannot be used in restrict(amp) code: it is a function pointer}} expected-error {{parameter 'pm' of 'dispatch' has type 'float (Shape::*)() const', which cannot be used in restrict(amp) code: it is a pointer to member}}
  float a = s.area();     // expected-error {{restrict(amp) code cannot make virtual calls ('area' is virtual)}}
  float b = s.base();     // legal: not virtual
  float c = fp(1.0f);     // expected-error {{restrict(amp) code cannot call through a function pointer}}
  float d = (s.*pm)();    // expected-error {{restrict(amp) code cannot call through a pointer to member function}}
  return a + b + c + d;
}

struct Derived : Shape {};
int statements(int x, Shape *s) restrict(amp) {
  if (x > 3)
    goto done;            // expected-error {{restrict(amp) code cannot use goto}}
done:                     // expected-error {{restrict(amp) code cannot have labels}}
  try {                   // expected-error {{restrict(amp) code cannot use try/catch}}
  } catch (...) {
  }
  if (x < 0)
    throw x;              // expected-error {{restrict(amp) code cannot throw exceptions}}
  Derived *d = dynamic_cast<Derived *>(s); // expected-error {{restrict(amp) code cannot use dynamic_cast}}
  Derived *e = static_cast<Derived *>(s);  // legal
  int t = sizeof(typeid(x));               // legal: not evaluated
  (void)typeid(x);        // expected-error {{typeid cannot be used in restrict(amp) code}}
  int *p = new int(1);    // expected-error {{restrict(amp) code cannot use 'new'}}
  delete p;               // expected-error {{restrict(amp) code cannot use 'delete'}}
  asm("nop");             // expected-error {{restrict(amp) code cannot contain inline assembly}}
  int loop = 0;
  for (int i = 0; i < x; ++i) { // legal structured control flow
    if (i == 2) continue;
    if (i == 5) break;
    loop += i;
  }
  (void)d; (void)e;
  return t + loop;
}

// The same statements are fine in host code.
int host_statements(int x, Shape *s) {
  if (x > 3)
    goto done;
done:
  try {
  } catch (...) {
  }
  if (x < 0)
    throw x;
  Derived *d = dynamic_cast<Derived *>(s);
  (void)typeid(x);
  int *p = new int(1);
  delete p;
  asm("nop");
  return d != nullptr;
}

int counter = 0;           // expected-note {{'counter' declared here}}
const int kTile = 16;      // an integral constant: fine
constexpr float kScale = 2.0f;
const float kOffset = 1.0f; // a constant with a constant initializer: fine
struct Config { static int level; static const int fixed = 3; }; // expected-note {{'level' declared here}}
int globals(int x) restrict(amp) {
  int a = counter;         // expected-error {{restrict(amp) code cannot use the global variable 'counter' (only constants with a constant initializer can be used; pass the value in instead)}}
  float b = kOffset;       // legal: a constant
  int c = Config::level;   // expected-error {{restrict(amp) code cannot use the static data member 'level'}}
  int d = kTile * Config::fixed + (int)kScale; // legal: constants
  return a + (int)b + c + d + x;
}

void casts_and_pointers(int *p, bool *flags, bool bools[4]) restrict(amp) {
  long addr = (long)p;             // expected-error {{restrict(amp) code cannot convert a pointer to an integer}}
  int *q = (int *)addr;            // expected-error {{restrict(amp) code cannot convert an integer to a pointer}}
  int *r = p + 1;                  // legal: int* arithmetic
  long diff = r - p;               // legal: a pointer difference is no conversion
  bool nonnull = p != nullptr;     // legal: a comparison is no conversion either
  bool *next = flags + 1;          // expected-error {{restrict(amp) code cannot do pointer arithmetic on bool*}}
  flags++;                         // expected-error {{restrict(amp) code cannot do pointer arithmetic on bool*}}
  bool b0 = flags[2];              // expected-error {{restrict(amp) code cannot do pointer arithmetic on bool*}}
  bool local[4] = {true, false, true, false};
  bool b1 = local[2];              // legal: indexing an array of bool
  bool b2 = *flags;                // legal: no arithmetic
  (void)q; (void)r; (void)diff; (void)nonnull; (void)next; (void)b0; (void)b1; (void)b2; (void)bools;
}

int strings() restrict(amp) {
  const char *s = "text";  // expected-error {{variable 's' has type 'const char *', which cannot be used in restrict(amp) code}} expected-error {{restrict(amp) code cannot use string literals}}
  static_assert(sizeof(int) == 4, "a string in static_assert is fine");
  return __func__[0];      // expected-error {{restrict(amp) code cannot use string literals ('__func__')}}
}

// Lambdas in restrict(amp) code are restrict(amp) unless they say otherwise.
int lambdas(int x) restrict(amp) {
  auto inherits = [](int v) { return v * 2; };
  auto explicit_amp = [](int v) restrict(amp) { return v + 1; };
  auto host = [](int v) restrict(cpu) { return v; }; // expected-note {{the lambda declared here without restrict(amp)}}
  return inherits(x) + explicit_amp(x) + host(x); // expected-error {{restrict(amp) code cannot call the lambda, which is not restrict(amp)}}
}
