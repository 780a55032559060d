// precise_math's float functions on the device against long double references
// (math_ulp.h); the bounds are docs/math.md's.
#include "math_ulp_table.h"

using namespace concurrency;
using namespace mathulp;

namespace {
using T = float;

// namef(float) over kCount inputs; the name(float) overload, which has its own
// device code, over the first 1024 of them.
#define MEASURE_UNARY(name, exact, inputs, floatBound, doubleBound)            \
  TEST(MathPreciseFloat, name) {                                               \
    auto exactFn = [](long double x) -> long double { return exact; };        \
    auto suffixed = [](T x) restrict(cpu, amp) { return precise_math::name##f(x); }; \
    auto overload = [](T x) restrict(cpu, amp) { return precise_math::name(x); }; \
    std::vector<T> in = inputs;                                                \
    EXPECT_LE(measure<T>("precise_math::" #name "f", suffixed, exactFn, in).MaxUlp, floatBound); \
    in.resize(1024);                                                           \
    EXPECT_LE(measure<T>("precise_math::" #name "(float)", overload, exactFn, in).MaxUlp, \
              floatBound);                                                     \
  }
AMPVK_MATH_UNARY_TABLE(MEASURE_UNARY)

#define MEASURE_BINARY(name, exact, xs, ys, floatBound, doubleBound)           \
  TEST(MathPreciseFloat, name) {                                               \
    auto exactFn = [](long double x, long double y) -> long double { return exact; }; \
    auto suffixed = [](T a, T b) restrict(cpu, amp) { return precise_math::name##f(a, b); }; \
    auto overload = [](T a, T b) restrict(cpu, amp) { return precise_math::name(a, b); }; \
    std::vector<T> x = xs, y = ys;                                             \
    EXPECT_LE(measure<T>("precise_math::" #name "f", suffixed, exactFn, x, y).MaxUlp, floatBound); \
    x.resize(1024);                                                            \
    y.resize(1024);                                                            \
    EXPECT_LE(measure<T>("precise_math::" #name "(float)", overload, exactFn, x, y).MaxUlp, \
              floatBound);                                                     \
  }
AMPVK_MATH_BINARY_TABLE(MEASURE_BINARY)

TEST(MathPreciseFloat, fma) {
  auto exactFn = fmaExact<T>;
  std::vector<T> x, y, z;
  fmaInputs(x, y, z);
  auto suffixed = [](T a, T b, T c) restrict(cpu, amp) { return precise_math::fmaf(a, b, c); };
  auto overload = [](T a, T b, T c) restrict(cpu, amp) { return precise_math::fma(a, b, c); };
  EXPECT_LE(measure<T>("precise_math::fmaf", suffixed, exactFn, x, y, z).MaxUlp, kExact);
  EXPECT_LE(measure<T>("precise_math::fma(float)", overload, exactFn, x, y, z).MaxUlp, kExact);
}

} // namespace

namespace {
// sinf, cosf and tanf next to multiples of pi/2 (math_ulp_table.h:
// nearHalfPiMultiples): the double reduction keeps them faithful.
TEST(MathPreciseFloat, trigNearHalfPiMultiples) {
  measureNearHalfPi<T>(
      "precise_math::sinf near k pi/2", "precise_math::cosf near k pi/2",
      "precise_math::tanf near k pi/2",
      [](T x) restrict(cpu, amp) { return precise_math::sinf(x); },
      [](T x) restrict(cpu, amp) { return precise_math::cosf(x); },
      [](T x) restrict(cpu, amp) { return precise_math::tanf(x); }, kFaithful, kFaithful);
}
} // namespace
