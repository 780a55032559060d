// RUN: %ampxx -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// index and extent arithmetic as C++ AMP v1.2 §4.1-4.2 (and Microsoft's
// <amp.h>) define it: + and - with another coordinate, all five operators
// with an int; an extent moves by an index. No `idx *= idx`.
#include <amp.h>
using namespace concurrency;

void coordinates(index<2> i, extent<2> e) restrict(cpu, amp) {
  i += i; i -= i; i += 1; i -= 1; i *= 2; i /= 2; i %= 2;
  i = i + i; i = i - i; i = i * 2; i = 2 * i; i = i / 2; i = 2 / i; i = i % 2; i = 2 % i;
  ++i; --i; i++; i--;
  e += e; e -= e; e += i; e -= i; e += 1; e *= 2; e /= 2; e %= 2;
  e = e + i; e = e - i; e = e + e; e = e - e; e = e * 2; e = 2 * e;
  i *= i; // expected-error {{no viable overloaded '*='}}
  i /= i; // expected-error {{no viable overloaded '/='}}
  i %= i; // expected-error {{no viable overloaded '%='}}
  e *= e; // expected-error {{no viable overloaded '*='}}
  i = i * i; // expected-error {{invalid operands to binary expression}}
  e = e / e; // expected-error {{invalid operands to binary expression}}
  i += e; // expected-error {{no viable overloaded '+='}}
}
