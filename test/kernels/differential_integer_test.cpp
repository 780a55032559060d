// Differential tests, integers: every arithmetic, bitwise, shift and comparison
// operator on int, unsigned, long and unsigned long (64-bit), and mixed-type
// operands. Results must be bit-exact. Inputs include the ends of each type;
// operations that would be undefined in C++ (signed overflow, division by zero,
// INT_MIN / -1, shifts by the width or more) are kept out by the input ranges or
// by a guard inside the function.
#include "differential.h"

#include <climits>

using namespace difftest;
using concurrency::extent;

namespace {
const int N1 = 1003; // rank-1 tests: not a multiple of the 64-thread workgroup
const extent<2> E2(37, 29);
const extent<3> E3(5, 11, 13);

const int Half = INT_MAX / 2; // a + b and a - b cannot overflow in [-Half, Half]
const long LHalf = LONG_MAX / 2;
} // namespace

// ---- int ----

TEST(DiffInt, AddSubNegate) {
  auto v = ints<int>(N1, 1, -Half, Half), w = ints<int>(N1, 2, -Half, Half);
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return a + b; }, v, w);
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return a - b; }, v, w);
  check(extent<1>(N1), [](int a) restrict(cpu, amp) { return -a; },
        ints<int>(N1, 3, INT_MIN + 1, INT_MAX));
  check(extent<1>(N1), [](int a) restrict(cpu, amp) { return +a; }, ints<int>(N1, 4));
}

TEST(DiffInt, Multiply) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return a * b; },
        ints<int>(N1, 5, -46340, 46340), ints<int>(N1, 6, -46340, 46340));
  // One operand large, the other small.
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return a * b; },
        ints<int>(N1, 7, INT_MIN / 8, INT_MAX / 8), ints<int>(N1, 8, -8, 8));
}

TEST(DiffInt, DivideAndRemainder) {
  auto a = ints<int>(N1, 9), b = nonZero<int>(N1, 10);
  // INT_MIN / -1 overflows: the guard keeps it out.
  check(extent<1>(N1),
        [](int x, int y) restrict(cpu, amp) { return (x == INT_MIN && y == -1) ? 0 : x / y; },
        a, b);
  check(extent<1>(N1),
        [](int x, int y) restrict(cpu, amp) { return (x == INT_MIN && y == -1) ? 0 : x % y; },
        a, b);
  // Small operands of every sign combination.
  auto s = ints<int>(N1, 11, -50, 50), t = nonZero<int>(N1, 12, -9, 9);
  check(extent<1>(N1), [](int x, int y) restrict(cpu, amp) { return x / y; }, s, t);
  check(extent<1>(N1), [](int x, int y) restrict(cpu, amp) { return x % y; }, s, t);
  // A divisor of -1 (computed as negation: INT_MIN / -1 overflows), at run
  // time and as a constant.
  std::vector<int> minusOne(N1, -1);
  auto noMin = ints<int>(N1, 41, INT_MIN + 1, INT_MAX);
  check(extent<1>(N1), [](int x, int y) restrict(cpu, amp) { return x / y * 3 + x % y; },
        noMin, minusOne);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return x / -1 + x % -1; }, noMin);
  // Division by constants (the optimizer likes to rewrite these).
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return x / 7 + x % 7; }, a);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return x / -4 * 100 + x % -4; }, s);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return x / 2 + x % 2 + x % 16; }, a);
}

// Dividends the compiler proves non-negative are divided by shifting and
// reduced by masking (plugin/spirv/passes/NonNegativeDivision.cpp): masked values, a
// halving loop, a select of two such; the same operators on dividends that
// may be negative must keep rounding toward zero.
TEST(DiffInt, DivideNonNegativeByPowersOfTwo) {
  auto a = ints<int>(N1, 42);
  check(extent<1>(N1),
        [](int x) restrict(cpu, amp) {
          int m = x & 0x7fffffff;
          return m / 8 + m % 16 * 3 + m / 1024 % 32;
        },
        a);
  check(extent<1>(N1),
        [](int x) restrict(cpu, amp) {
          int acc = 0;
          for (int s = x & 1023; s > 0; s /= 2)
            acc += s % 4 + s / 64;
          return acc;
        },
        a);
  check(extent<1>(N1),
        [](int x, int y) restrict(cpu, amp) {
          int m = (x > y ? x : y) & 0xffff;
          int n = x / 4 + x % 8; // x may be negative
          return m / 2 + m % 32 + n;
        },
        a, ints<int>(N1, 43));
  check(extent<1>(N1),
        [](long x) restrict(cpu, amp) {
          long m = x & 0x7fffffffffffL;
          return m / 16 + m % 64 + x / 16 + x % 64;
        },
        ints<long>(N1, 44));
}

TEST(DiffInt, Bitwise) {
  auto a = ints<int>(N1, 13), b = ints<int>(N1, 14);
  check(extent<1>(N1), [](int x, int y) restrict(cpu, amp) { return x & y; }, a, b);
  check(extent<1>(N1), [](int x, int y) restrict(cpu, amp) { return x | y; }, a, b);
  check(extent<1>(N1), [](int x, int y) restrict(cpu, amp) { return x ^ y; }, a, b);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return ~x; }, a);
  check(extent<1>(N1), [](int x) restrict(cpu, amp) { return !x; }, a);
}

TEST(DiffInt, Shifts) {
  // Right shifts of negative values are arithmetic (implementation-defined in
  // C++17; Clang and C++ AMP both shift in the sign).
  auto a = ints<int>(N1, 15), s = ints<int>(N1, 16, 0, 31);
  check(extent<1>(N1), [](int x, int k) restrict(cpu, amp) { return x >> k; }, a, s);
  // Left shift of a non-negative value that stays representable.
  check(extent<1>(N1), [](int x, int k) restrict(cpu, amp) { return x << k; },
        ints<int>(N1, 17, 0, 0xffff), ints<int>(N1, 18, 0, 15));
  // A long shift count for an int operand.
  check(extent<1>(N1), [](int x, long k) restrict(cpu, amp) { return x >> k; }, a,
        ints<long>(N1, 19, 0, 31));
}

TEST(DiffInt, Comparisons) {
  auto a = ints<int>(N1, 20, -20, 20), b = ints<int>(N1, 21, -20, 20);
  auto A = ints<int>(N1, 22), B = ints<int>(N1, 23);
  for (const auto *x : {&a, &A}) {
    const auto &y = x == &a ? b : B;
    check(extent<1>(N1), [](int p, int q) restrict(cpu, amp) { return p < q; }, *x, y);
    check(extent<1>(N1), [](int p, int q) restrict(cpu, amp) { return p > q; }, *x, y);
    check(extent<1>(N1), [](int p, int q) restrict(cpu, amp) { return p <= q; }, *x, y);
    check(extent<1>(N1), [](int p, int q) restrict(cpu, amp) { return p >= q; }, *x, y);
    check(extent<1>(N1), [](int p, int q) restrict(cpu, amp) { return p == q; }, *x, y);
    check(extent<1>(N1), [](int p, int q) restrict(cpu, amp) { return p != q; }, *x, y);
  }
}

// ---- unsigned ----

TEST(DiffUnsigned, ArithmeticWraps) {
  auto a = ints<unsigned>(N1, 24), b = ints<unsigned>(N1, 25);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x + y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x - y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x * y; }, a, b);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return -x; }, a);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return ~x; }, a);
}

TEST(DiffUnsigned, DivideAndRemainder) {
  auto a = ints<unsigned>(N1, 26), b = nonZero<unsigned>(N1, 27);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x / y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x % y; }, a, b);
  auto s = nonZero<unsigned>(N1, 28, 1, 17);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x / y; }, a, s);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x % y; }, a, s);
  check(extent<1>(N1), [](unsigned x) restrict(cpu, amp) { return x / 10u + x % 10u; }, a);
  check(extent<1>(N1),
        [](unsigned x) restrict(cpu, amp) { return x / 0x80000001u + x % 0xfffffffeu; }, a);
}

TEST(DiffUnsigned, BitwiseShiftsComparisons) {
  auto a = ints<unsigned>(N1, 29), b = ints<unsigned>(N1, 30);
  auto s = ints<unsigned>(N1, 31, 0, 31);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x & y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x | y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x ^ y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned k) restrict(cpu, amp) { return x << k; }, a, s);
  check(extent<1>(N1), [](unsigned x, unsigned k) restrict(cpu, amp) { return x >> k; }, a, s);
  // Large values must compare as unsigned (0x80000000 > 1).
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x < y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x > y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x <= y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x >= y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x == y; }, a, b);
  check(extent<1>(N1), [](unsigned x, unsigned y) restrict(cpu, amp) { return x != y; }, a, b);
}

// ---- long (64-bit) ----

TEST(DiffLong, Arithmetic) {
  auto a = ints<long>(N1, 32, -LHalf, LHalf), b = ints<long>(N1, 33, -LHalf, LHalf);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x + y; }, a, b);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x - y; }, a, b);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return -x; }, a);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x * y; },
        ints<long>(N1, 34, -3037000499L, 3037000499L), ints<long>(N1, 35, -3037000499L,
                                                                  3037000499L));
  auto c = ints<long>(N1, 36), d = nonZero<long>(N1, 37);
  check(extent<1>(N1),
        [](long x, long y) restrict(cpu, amp) { return (x == LONG_MIN && y == -1) ? 0 : x / y; },
        c, d);
  check(extent<1>(N1),
        [](long x, long y) restrict(cpu, amp) { return (x == LONG_MIN && y == -1) ? 0 : x % y; },
        c, d);
  auto s = nonZero<long>(N1, 38, -13, 13);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x / y; }, c, s);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x % y; }, c, s);
}

TEST(DiffLong, BitwiseShiftsComparisons) {
  auto a = ints<long>(N1, 39), b = ints<long>(N1, 40);
  auto k = ints<int>(N1, 41, 0, 63);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x & y; }, a, b);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x | y; }, a, b);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x ^ y; }, a, b);
  check(extent<1>(N1), [](long x) restrict(cpu, amp) { return ~x; }, a);
  check(extent<1>(N1), [](long x, int s) restrict(cpu, amp) { return x >> s; }, a, k);
  check(extent<1>(N1), [](long x, int s) restrict(cpu, amp) { return (x & 0xffff) << (s & 31); },
        a, k);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x < y; }, a, b);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x >= y; }, a, b);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x == y; }, a, a);
  check(extent<1>(N1), [](long x, long y) restrict(cpu, amp) { return x != y; }, a, b);
  // Values that differ only in the high word.
  check(extent<1>(N1),
        [](long x, long y) restrict(cpu, amp) { return (x & 0xffffffffL) == (y & 0xffffffffL); },
        a, b);
}

TEST(DiffUnsignedLong, Arithmetic) {
  using UL = unsigned long;
  auto a = ints<UL>(N1, 42), b = ints<UL>(N1, 43), d = nonZero<UL>(N1, 44);
  auto k = ints<UL>(N1, 45, 0, 63);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x + y; }, a, b);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x - y; }, a, b);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x * y; }, a, b);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x / y; }, a, d);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x % y; }, a, d);
  check(extent<1>(N1), [](UL x, UL s) restrict(cpu, amp) { return x >> s; }, a, k);
  check(extent<1>(N1), [](UL x, UL s) restrict(cpu, amp) { return x << s; }, a, k);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x < y; }, a, b);
  check(extent<1>(N1), [](UL x, UL y) restrict(cpu, amp) { return x > y; }, a, b);
  check(extent<1>(N1), [](UL x) restrict(cpu, amp) { return -x; }, a);
}

// ---- mixed operand types (usual arithmetic conversions) ----

TEST(DiffMixed, SignedUnsigned) {
  auto i = ints<int>(N1, 46);
  auto u = ints<unsigned>(N1, 47);
  // int is converted to unsigned: -1 < 1u is false.
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return x < y; }, i, u);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return x + y; }, i, u);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return x * y; }, i, u);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return x >> (y % 32u); }, i,
        u);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return y / (x | 1); }, i, u);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return x % (y | 1u); }, i, u);
}

TEST(DiffMixed, IntAndLong) {
  auto i = ints<int>(N1, 48);
  auto u = ints<unsigned>(N1, 49);
  auto l = ints<long>(N1, 50, -LHalf, LHalf);
  // int -> long sign-extends; unsigned -> long zero-extends.
  check(extent<1>(N1), [](int x, long y) restrict(cpu, amp) { return x + y; }, i, l);
  check(extent<1>(N1), [](unsigned x, long y) restrict(cpu, amp) { return x + y; }, u, l);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return long(x) * long(y); },
        i, u);
  check(extent<1>(N1), [](int x, long y) restrict(cpu, amp) { return x < y; }, i, l);
  check(extent<1>(N1), [](unsigned x, long y) restrict(cpu, amp) { return y / (long(x) | 1); },
        u, l);
  // unsigned long with a negative int: the int wraps modulo 2^64.
  check(extent<1>(N1),
        [](int x, unsigned y) restrict(cpu, amp) { return (unsigned long)y * 3ul + x; }, i, u);
  check(extent<1>(N1), [](int x, unsigned y) restrict(cpu, amp) { return x < 5ul + y; }, i, u);
}

// ---- ranks 2 and 3: the same operators on index-shaped data ----

// A sign-extended int compared with a long constant in the int range, and two
// sign-extended ints compared: Mesa's lavapipe got the 64-bit form wrong (false
// for every `<`), so the plugin compares in 32 bits
// (plugin/spirv/passes/WidenedComparisons.h; found by test/fuzz). Also with a
// zero-extended unsigned constant (an OpUConvert and an OpBitcast, not folded:
// seed 532) and with constants outside the int range, where the comparison is
// decided (lavapipe made `(long)x < 2147483648L` false). Also with a long that
// only the driver finds constant (seed 915: lavapipe folds `(long)u == LONG_MIN`
// to false, then misjudged `(long)x < 0L` as above).
TEST(DiffInt, WidenedComparisons) {
  auto i = ints<int>(N1, 51, -20, 20);
  auto j = ints<int>(N1, 52);
  check(extent<1>(N1),
        [](int x) restrict(cpu, amp) {
          long l = x;
          return (l < 5L) + (l <= -3L) * 2 + (l > 7L) * 4 + (l >= 0L) * 8 + (5L > l) * 16 +
                 (l < 4294967296L) * 32 + (l > -2147483648L) * 64;
        },
        i);
  check(extent<1>(N1),
        [](int x, int y) restrict(cpu, amp) {
          long a = x, b = y;
          unsigned r = ((long)x < 123456789L) ? 0x80000000u : 7u;
          return r + (a < b) * 2u + (a >= b) * 4u + (b <= 0L) * 8u;
        },
        i, j);
  check(extent<1>(N1),
        [](int x) restrict(cpu, amp) {
          unsigned z = 0, b = 0x80000000u;
          return ((long)x > (long)z) + ((long)x < (long)z) * 2 + ((long)x <= (long)z) * 4 +
                 ((long)x >= (long)z) * 8 + ((long)x < (long)b) * 16 + ((long)b <= (long)x) * 32;
        },
        i);
  check(extent<1>(N1),
        [](int x) restrict(cpu, amp) {
          long l = x;
          return (l < 2147483648L) + (l <= 2147483648L) * 2 + (l > 2147483648L) * 4 +
                 (l >= 2147483648L) * 8 + (l < -2147483649L) * 16 + (l <= -2147483649L) * 32 +
                 (l > -2147483649L) * 64 + (l >= -2147483649L) * 128 +
                 (2147483648L > l) * 256 + (-2147483649L < l) * 512 + (l < 4294967295L) * 1024 +
                 (-4294967296L >= l) * 2048;
        },
        j);
  check(extent<1>(N1),
        [](int x, unsigned u) restrict(cpu, amp) {
          long v = (long)u == (-9223372036854775807L - 1L); // 0, folded by the driver only
          long l = x;
          return (l < v) + (l <= v) * 2 + (l > v) * 4 + (l >= v) * 8 + (v < l) * 16 +
                 (v >= l) * 32;
        },
        i, ints<unsigned>(N1, 53));
}

// Tests of an up-cast int that Mesa's lavapipe folds into a comparison with 0
// (or another constant) and then misjudged, as above: it drops an identity
// (`>> 0`, `| 0`, `^ 0`, `<< 0`, `/ 1`) or turns a sign-bit test into `< 0`.
// Every such test of a negative x was false there (seed 33356, in a kernel
// without loops too), so the plugin writes each sign extension as shifts and
// an or Mesa does not recognize (plugin/spirv/passes/SignExtensions.h).
TEST(DiffInt, HiddenSignExtensions) {
  auto i = ints<int>(N1, 56, -20, 20);
  auto j = ints<int>(N1, 57);
  auto identities = [](int x) restrict(cpu, amp) {
    unsigned long p = (unsigned long)x;
    return (((long)x >> 0) < 0) + (((long)x >> 0) > 5) * 2 + (((long)x >> 0) <= -3) * 4 +
           ((long)(p >> 0) <= 0) * 8 + (((long)x << 0) < 0) * 16 + (((long)x | 0) < 0) * 32 +
           (((long)x ^ 0) < 0) * 64 + (((long)x / 1) < 0) * 128 + (((long)x >> 0) != 0) * 256;
  };
  check(extent<1>(N1), identities, i);
  check(extent<1>(N1), identities, j);
  auto sign_bits = [](int x) restrict(cpu, amp) {
    unsigned long p = (unsigned long)x;
    return ((p >> 63) != 0) + ((p >> 63) == 0) * 2 + ((p >> 63) == 1) * 4 +
           (((long)x >> 63) == -1) * 8 + (((long)x >> 63) != 0) * 16 +
           (((long)x & (long)0x8000000000000000ul) != 0) * 32 + (((long)x >> 40) < 0) * 64 +
           ((int)(p >> 63)) * 128;
  };
  check(extent<1>(N1), sign_bits, i);
  check(extent<1>(N1), sign_bits, j);
}

TEST(DiffInt, Rank2And3) {
  check(E2, [](int x, int y) restrict(cpu, amp) { return (x ^ (y << 3)) - x / (y | 1); },
        ints<int>(E2.size(), 51, -Half, Half), ints<int>(E2.size(), 52, 0, 0xfffff));
  check(E3,
        [](int x, unsigned y, long z) restrict(cpu, amp) {
          return (x % 13) * long(y >> 7) + (z >> 40);
        },
        ints<int>(E3.size(), 53), ints<unsigned>(E3.size(), 54), ints<long>(E3.size(), 55));
}
