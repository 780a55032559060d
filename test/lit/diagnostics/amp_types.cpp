// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Types in restrict(amp) code (C++ AMP v1.2 §2.4; Microsoft's "restrict (C++
// AMP)"): int, unsigned, long, float, double, bool and classes of those.
// No char, short, long long, long double, wchar_t (or unsigned variants), no
// volatile, no pointer to pointer, no pointer or reference members, no
// bit-fields, every member 4-byte aligned, enums with an allowed underlying type.
#include <amp.h>
using namespace concurrency;

struct HasChar { int a; char c; };       // expected-note {{'c' declared here}}
struct HasPointer { int *p; };           // expected-note {{'p' declared here}}
struct HasReference { int &r; };         // expected-note {{'r' declared here}}
struct HasBitField { int a : 4; };       // expected-note {{'a' declared here}}
struct TwoBools { int a; bool b; bool c; }; // expected-note {{'c' declared here}}
struct HasVolatile { volatile int v; };  // expected-note {{'v' declared here}}
enum CharEnum : char { A };              // expected-note {{'CharEnum' declared here}}
struct HasView { array_view<int, 1> view; }; // array_view keeps its pointer inside: fine

// Legal: the allowed scalars, a bool at a 4-byte boundary, plain enums,
// classes of allowed members, single pointers and references.
struct Fine { int a; unsigned b; float c; double d; bool e; };
enum PlainEnum { X, Y };
enum class IntEnum : int { Z };
float fine(int i, unsigned u, long l, unsigned long ul, float f, double d, bool b, Fine s,
           PlainEnum e, IntEnum ie, int *p, const float &r, HasView hv) restrict(amp) {
  (void)hv;
  return i + u + l + ul + f + d + b + s.a + e + (int)ie + *p + r;
}

void scalars() restrict(amp) {
  char c = 0;            // expected-error {{variable 'c' has type 'char', which cannot be used in restrict(amp) code}}
  signed char sc = 0;    // expected-error {{variable 'sc' has type 'signed char', which cannot be used in restrict(amp) code}}
  unsigned char uc = 0;  // expected-error {{variable 'uc' has type 'unsigned char', which cannot be used in restrict(amp) code}}
  short s = 0;           // expected-error {{variable 's' has type 'short', which cannot be used in restrict(amp) code}}
  unsigned short us = 0; // expected-error {{variable 'us' has type 'unsigned short', which cannot be used in restrict(amp) code}}
  long long ll = 0;      // expected-error {{variable 'll' has type 'long long', which cannot be used in restrict(amp) code}}
  unsigned long long ull = 0; // expected-error {{variable 'ull' has type 'unsigned long long', which cannot be used in restrict(amp) code}}
  long double ld = 0;    // expected-error {{variable 'ld' has type 'long double', which cannot be used in restrict(amp) code}}
  wchar_t wc = 0;        // expected-error {{variable 'wc' has type 'wchar_t', which cannot be used in restrict(amp) code}}
  char16_t c16 = 0;      // expected-error {{variable 'c16' has type 'char16_t', which cannot be used in restrict(amp) code}}
  int i = (short)1;      // expected-error {{the cast has type 'short', which cannot be used in restrict(amp) code}}
  int ok = (int)1.5f;    // legal cast
  (void)i; (void)ok;
}

void qualifiers_and_pointers(int *p) restrict(amp) {
  volatile int v = 0;    // expected-error {{variable 'v' has type 'volatile int', which cannot be used in restrict(amp) code: it is volatile}}
  int **pp = &p;         // expected-error {{variable 'pp' has type 'int **', which cannot be used in restrict(amp) code: it is a pointer to a pointer}}
  int *&rp = p;          // expected-error {{variable 'rp' has type 'int *&', which cannot be used in restrict(amp) code: it is a reference to a pointer}}
  const int not_volatile = 0; // legal: const is fine, volatile is not
  int *single = p;       // legal
  int &ref = *p;         // legal
  (void)v; (void)pp; (void)not_volatile; (void)single; (void)ref;
}

void classes() restrict(amp) {
  HasChar hc;      // expected-error {{variable 'hc' has type 'HasChar', which cannot be used in restrict(amp) code: member 'c' has type 'char'}}
  HasPointer hp;   // expected-error {{variable 'hp' has type 'HasPointer', which cannot be used in restrict(amp) code: member 'p' is a pointer; classes used in restrict(amp) code cannot have pointer or reference members}}
  HasBitField bf;  // expected-error {{variable 'bf' has type 'HasBitField', which cannot be used in restrict(amp) code: member 'a' is a bit-field}}
  TwoBools tb;     // expected-error {{variable 'tb' has type 'TwoBools', which cannot be used in restrict(amp) code: member 'c' is not 4-byte aligned (it is at byte offset 5 of 'TwoBools')}}
  HasVolatile hv;  // expected-error {{variable 'hv' has type 'HasVolatile', which cannot be used in restrict(amp) code: member 'v' is volatile}}
  CharEnum ce = A; // expected-error {{variable 'ce' has type 'CharEnum', which cannot be used in restrict(amp) code: its underlying type is 'char'}}
  Fine fine;       // legal
  (void)hc; (void)hp; (void)bf; (void)tb; (void)hv; (void)ce; (void)fine;
}

void references(HasReference &r) restrict(amp) { // expected-error {{parameter 'r' of 'references' has type 'HasReference &', which cannot be used in restrict(amp) code: member 'r' is a reference; classes used in restrict(amp) code cannot have pointer or reference members}}
  (void)r;
}

short returns_short() restrict(amp) { return 0; } // expected-error {{the return type of 'returns_short' has type 'short', which cannot be used in restrict(amp) code}}
int takes_char(char c) restrict(amp) { return 0; } // expected-error {{parameter 'c' of 'takes_char' has type 'char', which cannot be used in restrict(amp) code}}
int function_pointer(int (*f)(int)) restrict(amp) { return 0; } // expected-error {{parameter 'f' of 'function_pointer' has type 'int (*)(int)', which cannot be used in restrict(amp) code: it is a function pointer}}

// The same types are fine in host code.
short host(char c, long long ll) { HasChar hc; (void)hc; return c + ll; }

// A type behind a typedef is printed as Clang prints types: with what it stands for.
typedef _Float16 half_t;
void aka(concurrency::array_view<float, 1> v) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    half_t h = 0; // expected-error {{variable 'h' has type 'half_t' (aka '_Float16'), which cannot be used in restrict(amp) code}}
    v[i] = 1.0f;
  });
}
