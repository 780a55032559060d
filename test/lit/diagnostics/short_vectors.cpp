// RUN: %ampxx -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// <amp_short_vectors.h> has what Microsoft documents and nothing more, on the
// host and in restrict(amp) code alike: no bitwise operators, % or ordering on
// float vectors, no unary - on unorm vectors, no swizzles with a repeated
// component or beyond the vector's size, no implicit conversion between
// families or from float to norm, no short_vector of other scalars.
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency::graphics;

void rejected(float_4 a, float_4 b, int_4 i, unorm_2 u, float_2 f2, norm n) restrict(cpu, amp) {
  (void)(a & b);  // expected-error {{invalid operands to binary expression ('float_4' and 'float_4')}}
  (void)(a % b);  // expected-error {{invalid operands to binary expression ('float_4' and 'float_4')}}
  (void)~a;       // expected-error {{invalid argument type 'float_4' to unary expression}}
  (void)(a << b); // expected-error {{invalid operands to binary expression ('float_4' and 'float_4')}}
  a |= b;         // expected-error {{no viable overloaded '|='}}
  (void)(a < b);  // expected-error {{invalid operands to binary expression ('float_4' and 'float_4')}}
  (void)-u;       // expected-error {{invalid argument type 'unorm_2' to unary expression}}
  (void)a.xx;     // expected-error {{no member named 'xx' in 'Concurrency::graphics::float_4'}}
  a.yy = f2;      // expected-error {{no member named 'yy' in 'Concurrency::graphics::float_4'}}
  (void)f2.z;     // expected-error {{no member named 'z' in 'Concurrency::graphics::float_2'}}
  int_4 j = a;    // expected-error {{no viable conversion from 'float_4' to 'int_4'}}
  norm m = 0.5f;  // expected-error {{no viable conversion from 'float' to 'norm'}}
  unorm v = n;    // expected-error {{no viable conversion from 'norm' to 'unorm'}}
  short_vector<char, 2>::type c; // expected-error {{no type named 'type' in 'Concurrency::graphics::short_vector<char, 2>'}}
  short_vector_traits<long>::value_type d; // expected-error {{no type named 'value_type' in 'Concurrency::graphics::short_vector_traits<long>'}}
  (void)i;
}

// The passing twin: the documented forms of the same operations.
void accepted(float_4 a, float_4 b, int_4 i, unorm_2 u, float_2 f2, norm n) restrict(cpu, amp) {
  i = (i & int_4(3)) % int_4(5) << int_4(1);
  i |= ~i;
  a = -a + b;
  a.xy = f2;
  a.wz = a.zw;
  int_4 j(a);
  norm m(0.5f);
  unorm v(n);
  u += unorm_2(v);
  short_vector<float, 2>::type c = f2;
  short_vector_traits<norm_3>::value_type d = m;
  (void)j; (void)c; (void)d;
}
