// Differential tests: compound assignment of every kind (also with mixed
// operand types, where the computation type differs from the left operand's)
// and pre/post increment and decrement, on variables, array elements, members
// and through pointers and references. Float results are exact: every
// operation rounds, on the host and on the device.
#include "differential.h"

#include <climits>

using namespace difftest;
using concurrency::extent;

namespace {
const int N1 = 1001;
const extent<2> E2(17, 45);

// ---- compound assignment, same type ----

int compoundInt(int a, int b) restrict(cpu, amp) {
  int r = a;
  r += b;
  r -= b / 3;
  r *= 3;
  r /= (b | 1);
  r %= 1000;
  r = r < 0 ? -r : r; // left shifts of negative values are undefined in C++17
  r <<= 4;
  r >>= 2;
  r &= 0x7fff0;
  r |= b & 0xf;
  r ^= a;
  return r;
}

unsigned compoundUnsigned(unsigned a, unsigned b) restrict(cpu, amp) {
  unsigned r = a;
  r += b;
  r -= a >> 3;
  r *= 2654435761u;
  r /= (b | 1u);
  r %= 1000003u;
  r <<= b % 32u;
  r >>= (a % 32u);
  r &= ~b;
  r |= a & 0x55u;
  r ^= b;
  return r;
}

long compoundLong(long a, long b) restrict(cpu, amp) {
  long r = a >> 4;
  r += b >> 4;
  r -= a / 7;
  r /= (b | 1);
  r %= 1000000007L;
  r *= 5;
  r = r < 0 ? -r : r;
  r <<= 20;
  r >>= 3;
  r &= ~0xf0L;
  r |= b & 0x0f00000000L;
  r ^= a;
  return r;
}

float compoundFloat(float a, float b) restrict(cpu, amp) {
  float r = a;
  r += b;
  r -= 0.5f * a;
  r *= 1.25f;
  r /= 4.0f;
  return r;
}

double compoundDouble(double a, double b) restrict(cpu, amp) {
  double r = a;
  r += b;
  r -= 0.5 * a;
  r *= 1.25;
  r /= 4.0;
  return r;
}

// ---- compound assignment, mixed types ----

unsigned unsignedPlusNegative(unsigned u, int k) restrict(cpu, amp) {
  u += -1;  // -1 converts to 0xffffffff: u - 1 modulo 2^32
  u -= -k;  // the right operand converts to unsigned
  u *= -3;
  return u;
}

int intTimesFloat(int i, float f) restrict(cpu, amp) {
  i *= 2.5f; // computed in float, truncated back to int
  i += f;
  i -= 0.75f;
  return i;
}

int intByDouble(int i, double d) restrict(cpu, amp) {
  i /= 2.5;
  i += d;
  i *= 1.5;
  return i;
}

long longAndUnsigned(long l, unsigned u) restrict(cpu, amp) {
  l += u;       // unsigned zero-extends to long
  l -= int(u) ; // int sign-extends
  l *= 3u;
  l /= (u | 1u);
  l %= 100000u;
  return l;
}

unsigned unsignedAndLong(unsigned u, long l) restrict(cpu, amp) {
  u -= l;        // computed in long, truncated modulo 2^32
  u += l >> 32;
  u ^= l;
  u &= l | 0xff;
  u |= l >> 60;
  return u;
}

int intAndUnsigned(int i, unsigned u) restrict(cpu, amp) {
  i %= (u | 1u); // computed in unsigned
  i += u;
  i /= 3u;
  i ^= u;
  i >>= u % 8u;
  i &= 0x3fffffff; // keeps the left shift defined
  i <<= 1u;
  return i;
}

float floatAndInts(float f, int i, unsigned u) restrict(cpu, amp) {
  f += i;
  f -= u;
  f *= 2;
  f /= 8;
  return f;
}

double doubleAndFloat(double d, float f, long l) restrict(cpu, amp) {
  d += f;
  d -= l;
  d *= f;
  return d;
}

float floatAndDouble(float f, double d) restrict(cpu, amp) {
  f += d;    // computed in double, rounded to float
  f *= 0.1;  // 0.1 as a double
  f -= d;
  return f;
}

long shiftMixedWidths(long l, int i) restrict(cpu, amp) {
  int s = i & 15;
  long k = l < 0 ? -l : l;
  k <<= s;       // long <<= int
  int j = i;
  j >>= long(s); // int >>= long
  j <<= 1L;
  return k ^ j;
}

int boolCompound(int a, int b) restrict(cpu, amp) {
  bool p = a > 0;
  p &= b > 0;
  bool q = a < b;
  q |= a == 0;
  bool r = a & 1;
  r ^= b & 1;
  int i = 3;
  i += p;  // bool promotes to int
  i *= q + 1;
  i -= r;
  return i * 8 + p * 4 + q * 2 + r;
}

// ---- increments and decrements ----

long incDecInt(int a) restrict(cpu, amp) {
  int x = a;
  int p1 = x++;
  int p2 = ++x;
  int p3 = x--;
  int p4 = --x;
  x++;
  ++x;
  --x;
  return long(p1) + long(p2) * 3 - long(p3) * 5 + long(p4) * 7 + x;
}

unsigned incDecUnsigned(unsigned a) restrict(cpu, amp) {
  unsigned x = a;       // 0 and 0xffffffff wrap
  unsigned p1 = x--;
  unsigned p2 = --x;
  unsigned p3 = ++x;
  unsigned p4 = x++;
  return p1 ^ (p2 << 1) ^ (p3 << 2) ^ (p4 << 3) ^ x;
}

long incDecLong(long a) restrict(cpu, amp) {
  long x = a;
  long p1 = x++;
  long p2 = ++x;
  long p3 = --x;
  long p4 = x--;
  using UL = unsigned long;
  return UL(p1) ^ (UL(p2) << 1) ^ (UL(p3) << 2) ^ (UL(p4) << 3) ^ UL(x);
}

float incDecFloat(float a) restrict(cpu, amp) {
  float x = a;
  float p1 = x++;
  float p2 = ++x;
  float p3 = x--;
  float p4 = --x;
  return (p1 - p2) * 16.0f + (p3 - p4) * 4.0f + x;
}

double incDecDouble(double a) restrict(cpu, amp) {
  double x = a;
  double p1 = x--;
  double p2 = ++x;
  double p3 = ++x;
  double p4 = x--;
  return p1 + p2 * 2.0 + p3 * 4.0 + p4 * 8.0 + x;
}

struct Counter {
  int hits;
  float level;
};

int incDecPlaces(int a, int k) restrict(cpu, amp) {
  int arr[4] = {a, a + 1, a + 2, a + 3};
  int idx = k & 3;
  arr[idx]++;
  ++arr[(idx + 1) & 3];
  arr[idx]--;
  int old = arr[(idx + 2) & 3]--;
  Counter c = {a, 0.5f};
  c.hits++;
  ++c.hits;
  c.level++;
  int *p = arr + 1;
  p[1]++;
  (*p)--;
  int &r = arr[3];
  r++;
  return arr[0] * 1 + arr[1] * 10 + arr[2] * 100 + arr[3] * 1000 + old + c.hits * 7 +
         int(c.level * 4.0f);
}

} // namespace


TEST(DiffAssign, CompoundSameType) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return compoundInt(a, b); },
        ints<int>(N1, 1, -1000000, 1000000), ints<int>(N1, 2, -1000000, 1000000));
  check(extent<1>(N1),
        [](unsigned a, unsigned b) restrict(cpu, amp) { return compoundUnsigned(a, b); },
        ints<unsigned>(N1, 3), ints<unsigned>(N1, 4));
  check(extent<1>(N1), [](long a, long b) restrict(cpu, amp) { return compoundLong(a, b); },
        ints<long>(N1, 5), ints<long>(N1, 6));
  check(extent<1>(N1), [](float a, float b) restrict(cpu, amp) { return compoundFloat(a, b); },
        reals<float>(N1, 7, -1e4f, 1e4f), reals<float>(N1, 8, -1e4f, 1e4f));
  check(extent<1>(N1),
        [](double a, double b) restrict(cpu, amp) { return compoundDouble(a, b); },
        reals<double>(N1, 9, -1e9, 1e9), reals<double>(N1, 10, -1e9, 1e9));
}

TEST(DiffAssign, CompoundMixedTypes) {
  auto i = ints<int>(N1, 11, -100000, 100000);
  auto u = ints<unsigned>(N1, 12);
  auto l = ints<long>(N1, 13);
  auto f = reals<float>(N1, 14, -1e4f, 1e4f);
  auto d = reals<double>(N1, 15, -1e6, 1e6);
  check(extent<1>(N1),
        [](unsigned u, int k) restrict(cpu, amp) { return unsignedPlusNegative(u, k); }, u,
        ints<int>(N1, 16, INT_MIN + 1, INT_MAX));
  check(extent<1>(N1), [](int i, float f) restrict(cpu, amp) { return intTimesFloat(i, f); },
        i, f);
  check(extent<1>(N1), [](int i, double d) restrict(cpu, amp) { return intByDouble(i, d); },
        i, d);
  check(extent<1>(N1),
        [](long l, unsigned u) restrict(cpu, amp) { return longAndUnsigned(l, u); },
        ints<long>(N1, 17, LONG_MIN / 8, LONG_MAX / 8), u);
  check(extent<1>(N1),
        [](unsigned u, long l) restrict(cpu, amp) { return unsignedAndLong(u, l); }, u,
        ints<long>(N1, 18, LONG_MIN / 2, LONG_MAX / 2));
  check(extent<1>(N1), [](int i, unsigned u) restrict(cpu, amp) { return intAndUnsigned(i, u); },
        ints<int>(N1, 19), u);
  check(extent<1>(N1),
        [](float f, int i, unsigned u) restrict(cpu, amp) { return floatAndInts(f, i, u); }, f,
        i, ints<unsigned>(N1, 20, 0, 100000));
  check(extent<1>(N1),
        [](double d, float f, long l) restrict(cpu, amp) { return doubleAndFloat(d, f, l); }, d,
        f, ints<long>(N1, 21, -(1L << 40), 1L << 40));
  check(extent<1>(N1),
        [](float f, double d) restrict(cpu, amp) { return floatAndDouble(f, d); }, f, d);
  check(extent<1>(N1), [](long l, int i) restrict(cpu, amp) { return shiftMixedWidths(l, i); },
        ints<long>(N1, 22, -(1L << 40), 1L << 40), ints<int>(N1, 23, 0, 1 << 20));
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return boolCompound(a, b); },
        ints<int>(N1, 24, -3, 3), ints<int>(N1, 25, -3, 3));
}

TEST(DiffAssign, IncrementDecrement) {
  check(extent<1>(N1), [](int a) restrict(cpu, amp) { return incDecInt(a); },
        ints<int>(N1, 26, INT_MIN + 4, INT_MAX - 4));
  check(extent<1>(N1), [](unsigned a) restrict(cpu, amp) { return incDecUnsigned(a); },
        ints<unsigned>(N1, 27));
  check(extent<1>(N1), [](long a) restrict(cpu, amp) { return incDecLong(a); },
        ints<long>(N1, 28, LONG_MIN + 4, LONG_MAX - 4));
  check(extent<1>(N1), [](float a) restrict(cpu, amp) { return incDecFloat(a); },
        reals<float>(N1, 29, -1e3f, 1e3f));
  check(extent<1>(N1), [](double a) restrict(cpu, amp) { return incDecDouble(a); },
        reals<double>(N1, 30, -1e9, 1e9));
  check(E2, [](int a, int k) restrict(cpu, amp) { return incDecPlaces(a, k); },
        ints<int>(E2.size(), 31, -1000, 1000), ints<int>(E2.size(), 32, 0, 100));
}
