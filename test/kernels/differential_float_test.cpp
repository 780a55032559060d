// Differential tests, floating point and conversions: float and double
// operators, and conversions between int, unsigned, long, unsigned long, float,
// double and bool. +, -, * and conversions of representable values must be
// exact (Vulkan requires them correctly rounded); division gets kDivUlps (see
// differential.h). Conversions to an integer type only see values in range
// (anything else is undefined in C++).
#include "differential.h"

#include <cfloat>
#include <climits>

using namespace difftest;
using concurrency::extent;

namespace {
const int N1 = 999;
const extent<2> E2(31, 33);
const extent<3> E3(3, 7, 41);
} // namespace

TEST(DiffFloat, AddSubMulNegate) {
  auto a = reals<float>(N1, 1, -1e6f, 1e6f), b = reals<float>(N1, 2, -1e6f, 1e6f);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x + y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x - y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x * y; }, a, b);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return -x; }, a);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return +x; }, a);
}

TEST(DiffFloat, Divide) {
  auto a = reals<float>(N1, 3, -1e6f, 1e6f), b = reals<float>(N1, 4, 1e-3f, 1e6f);
  checkUlp(kDivUlps, extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x / y; },
           a, b);
  checkUlp(kDivUlps, extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return y / x; },
           b, a);
  // Dividing by a power of two is exact on both.
  checkUlp(kDivUlps, extent<1>(N1), [](float x) restrict(cpu, amp) { return x / 8.0f; }, a);
}

TEST(DiffFloat, Comparisons) {
  auto a = reals<float>(N1, 5, -4.0f, 4.0f), b = reals<float>(N1, 6, -4.0f, 4.0f);
  // Plenty of equal pairs, including 0.0 == -0.0.
  for (int i = 0; i < N1; i += 3)
    b[i] = i % 2 ? a[i] : -a[i];
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x < y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x > y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x <= y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x >= y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x == y; }, a, b);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x != y; }, a, b);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return !x; }, a);
}

TEST(DiffDouble, Operators) {
  auto a = reals<double>(N1, 7, -1e12, 1e12), b = reals<double>(N1, 8, -1e12, 1e12);
  auto p = reals<double>(N1, 9, 1e-6, 1e9);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x + y; }, a, b);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x - y; }, a, b);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x * y; }, a, b);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return -x; }, a);
  checkUlp(kDivUlps, extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x / y; },
           a, p);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x < y; }, a, b);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x >= y; }, a, b);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x == y; }, a, a);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x != y; }, a, b);
}

TEST(DiffFloat, MixedFloatDouble) {
  auto f = reals<float>(N1, 10, -1e5f, 1e5f);
  auto d = reals<double>(N1, 11, -1e5, 1e5);
  // float + double computes in double.
  check(extent<1>(N1), [](float x, double y) restrict(cpu, amp) { return x + y; }, f, d);
  check(extent<1>(N1), [](float x, double y) restrict(cpu, amp) { return x * y; }, f, d);
  check(extent<1>(N1), [](float x, double y) restrict(cpu, amp) { return x < y; }, f, d);
  // float + int computes in float.
  check(extent<1>(N1), [](float x, int y) restrict(cpu, amp) { return x + y; }, f,
        ints<int>(N1, 12, -100000, 100000));
  check(extent<1>(N1), [](float x, unsigned y) restrict(cpu, amp) { return x * y; }, f,
        ints<unsigned>(N1, 13, 0, 1000));
  check(extent<1>(N1), [](double x, long y) restrict(cpu, amp) { return x - y; }, d,
        ints<long>(N1, 14, -(1L << 40), 1L << 40));
}

// ---- conversions ----

TEST(DiffConvert, IntegersToFloating) {
  auto i = ints<int>(N1, 15);
  auto u = ints<unsigned>(N1, 16);
  auto l = ints<long>(N1, 17);
  auto ul = ints<unsigned long>(N1, 18);
  // Large values round (correctly, to nearest even) to float.
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return float(x); }, i);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return double(x); }, i);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return float(x); }, u);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return double(x); }, u);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return float(x); }, l);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return double(x); }, l);
  check(extent<1>(N1), [](unsigned long x) restrict(cpu, amp) { return float(x); }, ul);
  check(extent<1>(N1), [](unsigned long x) restrict(cpu, amp) { return double(x); }, ul);
}

TEST(DiffConvert, FloatingToIntegers) {
  // Truncation toward zero, values inside each target's range.
  auto f = reals<float>(N1, 19, -2.0e9f, 2.0e9f);
  auto fu = reals<float>(N1, 20, 0.0f, 4.2e9f);
  auto d = reals<double>(N1, 21, -9.0e18, 9.0e18);
  auto du = reals<double>(N1, 22, 0.0, 1.8e19);
  auto small = reals<float>(N1, 23, -100.0f, 100.0f);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return int(x); }, f);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return int(x); }, small);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return unsigned(x); }, fu);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return long(x); }, f);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return long(x); }, d);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return (unsigned long)x; }, du);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return unsigned(x / 4.3e9); }, du);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return int(x / 1e10); }, d);
}

TEST(DiffConvert, FloatAndDouble) {
  auto f = reals<float>(N1, 24, -FLT_MAX / 2, FLT_MAX / 2);
  auto d = reals<double>(N1, 25, -1e30, 1e30);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return double(x); }, f);
  // double -> float rounds to nearest.
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return float(x); }, d);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return float(x * 1.0000001); }, d);
}

TEST(DiffConvert, IntegerWidthsAndSignedness) {
  auto i = ints<int>(N1, 26);
  auto u = ints<unsigned>(N1, 27);
  auto l = ints<long>(N1, 28);
  auto ul = ints<unsigned long>(N1, 29);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return long(x); }, i);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return (unsigned long)x; }, i);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return unsigned(x); }, i);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return int(x); }, u);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return long(x); }, u);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return (unsigned long)x; }, u);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return int(x); }, l);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return unsigned(x); }, l);
  check(extent<1>(N1), [](unsigned long x) restrict(cpu, amp) { return int(x); }, ul);
  check(extent<1>(N1), [](unsigned long x) restrict(cpu, amp) { return long(x); }, ul);
}

TEST(DiffConvert, Bool) {
  auto i = ints<int>(N1, 30, -3, 3);
  auto u = ints<unsigned>(N1, 31, 0, 3);
  auto l = ints<long>(N1, 32);
  auto f = reals<float>(N1, 33, -2.0f, 2.0f);
  auto d = reals<double>(N1, 34, -2.0, 2.0);
  for (int k = 0; k < N1; k += 5) {
    f[k] = k % 2 ? 0.0f : -0.0f; // both zeros are false
    d[k] = k % 2 ? 0.0 : -0.0;
  }
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return bool(x); }, i);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return bool(x); }, u);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return bool(x & 0xffffffff00000000L); },
        l);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return bool(x); }, f);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return bool(x); }, d);
  // bool -> every arithmetic type.
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return int(x > 0) * 7 - 3; }, i);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return unsigned(x != 0) - 1u; }, i);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return long(x < 0) << 40; }, i);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return float(x > 0.5f) * 2.5f; }, f);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return double(x <= 0.0) - 0.25; },
        d);
  // Arithmetic on bools promotes to int.
  check(extent<1>(N1),
        [](int x, unsigned y) restrict(cpu, amp) {
          bool p = x > 0, q = y > 1u;
          return p + q * 2 - (p & q) * 5 + (p | q) + (p ^ q) * 10 + ~p + -q;
        },
        i, u);
  check(extent<1>(N1),
        [](int x, unsigned y) restrict(cpu, amp) {
          bool p = x, q = y;
          return (p < q) * 1 + (p == q) * 2 + (p != q) * 4 + (p >= q) * 8;
        },
        i, u);
}

// Expressions of several operations: each one rounds, in source order. A
// compiler or driver that reassociates, factors or fuses them gets a different
// answer (x + 1e8 - 1e8 is not x; a*b - a*b with a fused multiply-add is the
// rounding error of a*b, not 0).
TEST(DiffFloat, EveryOperationRounds) {
  auto a = reals<float>(N1, 39, -1e3f, 1e3f), b = reals<float>(N1, 40, -1e3f, 1e3f);
  auto c = reals<float>(N1, 41, -1e3f, 1e3f);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) { return (x + 1e8f) - 1e8f; }, a);
  check(extent<1>(N1),
        [](float x) restrict(cpu, amp) { return x + 1.0f + 1.0f - 1.0f - 1.0f; }, a);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) {
    float y = x;
    y += 3.0f;
    y *= 0.1f;
    y -= 0.3f;
    y *= 10.0f;
    return y - x;
  }, a);
  check(extent<1>(N1), [](float x, float y, float z) restrict(cpu, amp) { return x * y + z; },
        a, b, c);
  check(extent<1>(N1), [](float x, float y) restrict(cpu, amp) { return x * y - x * y; }, a,
        b);
  check(extent<1>(N1), [](float x, float y, float z) restrict(cpu, amp) {
    return x * y + x * z; // not x * (y + z)
  }, a, b, c);
  check(extent<1>(N1), [](float x) restrict(cpu, amp) {
    return ((0.5f * x - 1.25f) * x + 3.0f) * x - 0.75f; // Horner
  }, reals<float>(N1, 42, -4.0f, 4.0f));
  auto d = reals<double>(N1, 43, -1e6, 1e6), e = reals<double>(N1, 44, -1e6, 1e6);
  check(extent<1>(N1), [](double x) restrict(cpu, amp) { return (x + 1e17) - 1e17; }, d);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) { return x * y - x * y; }, d,
        e);
  check(extent<1>(N1), [](double x, double y) restrict(cpu, amp) {
    double s = 0.0;
    for (int i = 0; i < 10; ++i)
      s += x * 0.1 + y;
    return s;
  }, d, e);
}

TEST(DiffFloat, Rank2And3) {
  check(E2, [](float x, int k) restrict(cpu, amp) { return x * 0.25f + float(k); },
        reals<float>(E2.size(), 35, -1e3f, 1e3f), ints<int>(E2.size(), 36, -1000, 1000));
  checkUlp(kDivUlps, E3,
           [](double x, float y) restrict(cpu, amp) { return x / (double(y) + 8.0); },
           reals<double>(E3.size(), 37, -1e8, 1e8), reals<float>(E3.size(), 38, 0.0f, 100.0f));
}
