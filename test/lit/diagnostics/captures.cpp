// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// What a kernel may capture (the seeds' parallel_for_each page): by value,
// except concurrency::array (by reference); no pointers or references; no
// char, short, long long or bool, also inside captured classes; no classes
// with virtual functions or virtual bases; captured classes copyable by
// blitting. A functor's members are its captures.
#include <amp.h>
using namespace concurrency;

struct Plain { int a; float b; };
struct HasBool { int a; bool flag; }; // expected-note {{'flag' declared here}}
struct Outer { float x; HasBool inner; };
struct Virtual { virtual void f(); int a; }; // expected-note {{'Virtual' declared here}}
struct VBase { int a; };
struct WithVBase : virtual VBase { int b; }; // expected-note {{'WithVBase' declared here}}
struct CopyCtor {
  int a;
  CopyCtor(int a) : a(a) {}
  CopyCtor(const CopyCtor &o) : a(o.a) {} // expected-note {{declared here}}
};
struct Dtor { int a; ~Dtor() {} }; // expected-note {{declared here}}
struct WithView { array_view<int, 1> view; int n; }; // array_view inside a struct is fine
struct ShortInside { int a; short s; }; // expected-note {{'s' declared here}}
struct OuterShort { float x; ShortInside inner; };
struct NonVirtualBase : VBase { int b; }; // a non-virtual base is fine
// An enum is captured as its underlying type: bool is no more allowed there.
enum class BoolFlag : bool { Off, On }; // expected-note 2 {{'BoolFlag' declared here}}
enum class IntFlag : int { Off, On };
struct HasBoolFlag { int a; BoolFlag f; };
// A user-provided constructor that is not a copy constructor leaves a class
// trivially copyable; non-virtual member functions are fine.
struct UserCtor {
  int a;
  UserCtor(int a) : a(a) {}
  int get() const restrict(amp) { return a; }
};

void by_value(array_view<int, 1> v, array<int, 1> &arr) {
  char c = 1;
  short s = 2;
  long long ll = 3;
  bool b = true;
  unsigned char uc = 4;
  int n = 5;
  float f = 6;
  int *p = nullptr;
  Plain plain = {1, 2};
  Outer outer = {};
  Virtual virt;
  WithVBase wvb;
  CopyCtor cc(1);
  Dtor dt;
  WithView wv = {v, 1};
  int &ref = n;
  OuterShort outer_short = {};
  NonVirtualBase nvb;
  UserCtor uc2(1);
  BoolFlag bf = BoolFlag::On;
  HasBoolFlag hbf = {1, BoolFlag::On};
  IntFlag inf = IntFlag::On;

  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = c; });  // expected-error {{captured variable 'c' has type 'char', which cannot be captured by a kernel}} expected-note {{'c' is captured implicitly because of this capture default}}
  parallel_for_each(v.extent, [s, v](index<1> i) restrict(amp) { v[i] = s; }); // expected-error {{captured variable 's' has type 'short', which cannot be captured by a kernel}}
  parallel_for_each(v.extent, [ll, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'll' has type 'long long', which cannot be captured by a kernel}}
  parallel_for_each(v.extent, [b, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'b' has type 'bool', which cannot be captured by a kernel}}
  parallel_for_each(v.extent, [uc, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'uc' has type 'unsigned char', which cannot be captured by a kernel}}
  parallel_for_each(v.extent, [p, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'p' has type 'int *', which cannot be captured by a kernel: only a concurrency::array or texture can be captured by pointer}}
  parallel_for_each(v.extent, [outer, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'outer' has type 'Outer', which cannot be captured by a kernel: member 'inner.flag' has type 'bool'}}
  parallel_for_each(v.extent, [outer_short, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'outer_short' has type 'OuterShort', which cannot be captured by a kernel: member 'inner.s' has type 'short'}}
  parallel_for_each(v.extent, [bf, v](index<1> i) restrict(amp) { v[i] = bf == BoolFlag::On; }); // expected-error {{captured variable 'bf' has type 'BoolFlag', which cannot be captured by a kernel: its underlying type is 'bool'}}
  parallel_for_each(v.extent, [hbf, v](index<1> i) restrict(amp) { v[i] = hbf.a; }); // expected-error {{captured variable 'hbf' has type 'HasBoolFlag', which cannot be captured by a kernel: member 'f' has underlying type 'bool'}}
  parallel_for_each(v.extent, [inf, v](index<1> i) restrict(amp) { v[i] = inf == IntFlag::On; });
  parallel_for_each(v.extent, [virt, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'virt' has type 'Virtual', which cannot be captured by a kernel: it has virtual functions}}
  parallel_for_each(v.extent, [wvb, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'wvb' has type 'WithVBase', which cannot be captured by a kernel: it has a virtual base class}}
  parallel_for_each(v.extent, [cc, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'cc' has type 'CopyCtor', which cannot be captured by a kernel: it is not trivially copyable: it has a user-provided copy constructor}}
  parallel_for_each(v.extent, [dt, v](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{captured variable 'dt' has type 'Dtor', which cannot be captured by a kernel: it is not trivially copyable: it has a user-provided destructor}}

  // Legal: int, float, a plain struct, a struct holding an array_view, a
  // reference variable (captured by value, it becomes a value).
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = n + (int)f + plain.a + wv.n + ref; });
  // Legal: a class with a non-virtual base (twin of WithVBase), a trivially
  // copyable class with a user constructor and a non-virtual member function
  // (twin of CopyCtor and Virtual), and a pointer to a concurrency::array
  // (the one pointer a kernel may capture; twin of 'p').
  array<int, 1> *arrp = &arr;
  parallel_for_each(v.extent, [nvb, uc2, arrp, v](index<1> i) restrict(amp) { v[i] = nvb.a + nvb.b + uc2.get(); });
}

void by_reference(array_view<int, 1> v, array<int, 1> &arr) {
  int n = 1;
  parallel_for_each(v.extent, [&n, v](index<1> i) restrict(amp) { v[i] = n; }); // expected-error {{'n' is captured by reference; a kernel captures by value (only a concurrency::array or graphics::texture is captured by reference)}}
  parallel_for_each(v.extent, [&](index<1> i) restrict(amp) { v[i] = 0; }); // expected-error {{'v' is captured by reference; a kernel captures by value}} expected-note {{'v' is captured implicitly because of this capture default}}
  // An array must be captured by reference...
  parallel_for_each(v.extent, [arr](index<1> i) restrict(amp) { }); // expected-error {{concurrency::array 'arr' is captured by value; a kernel must capture an array by reference ('&arr')}}
  // ...which is legal, also through [&] together with values captured by copy.
  parallel_for_each(arr.extent, [&arr](index<1> i) restrict(amp) { arr[i] = 1; });
  parallel_for_each(arr.extent, [=, &arr](index<1> i) restrict(amp) { arr[i] = n; });
}

struct Member {
  int value;
  void launch(array_view<int, 1> v) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = value; }); // expected-error {{a kernel cannot capture 'this' (a pointer); copy the members it needs into local variables and capture those}} expected-note {{'this' is captured implicitly because of this capture default}}
    int copy = value;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = copy; });
  }
};

// Functors: the members are the captures.
struct BadFunctor {
  int &ref;              // expected-error {{kernel member 'ref' is a reference; a kernel can hold only a concurrency::array or graphics::texture by reference or pointer, everything else by value}}
  float *ptr;            // expected-error {{kernel member 'ptr' is a pointer; a kernel can hold only a concurrency::array or graphics::texture by reference or pointer, everything else by value}}
  bool flag;             // expected-error {{kernel member 'flag' has type 'bool', which cannot be captured by a kernel}}
  array<int, 1> byvalue; // expected-error {{kernel member 'byvalue' holds a concurrency::array by value; hold a reference to it instead}}
  void operator()(index<1>) const restrict(amp) {}
};
struct GoodFunctor {
  array<int, 1> &arr;
  array<int, 1> *arrp;
  array_view<int, 1> view;
  int n;
  void operator()(index<1> i) const restrict(amp) { view[i] = n; }
};
struct NotBlittableFunctor {
  int n;
  NotBlittableFunctor(const NotBlittableFunctor &o) : n(o.n) {} // expected-error {{kernel class 'NotBlittableFunctor' must be trivially copyable, but it has a user-provided copy constructor}}
  void operator()(index<1>) const restrict(amp) {}
};

void functors(array_view<int, 1> v, array<int, 1> &arr, BadFunctor &bad, NotBlittableFunctor &nb) {
  parallel_for_each(v.extent, bad); // expected-note 3 {{kernel launched here}}
  parallel_for_each(v.extent, GoodFunctor{arr, &arr, v, 1});
  parallel_for_each(v.extent, nb); // expected-note {{kernel launched here}}
}

// Lambdas inside restrict(amp) code follow the same capture rules.
int in_amp_code(int x) restrict(amp) {
  auto by_value = [x](int y) { return x + y; };
  auto by_ref = [&x](int y) { return x + y; }; // expected-error {{'x' is captured by reference; a lambda in restrict(amp) code captures by value (only a concurrency::array or graphics::texture is captured by reference)}}
  return by_value(1) + by_ref(2);
}
