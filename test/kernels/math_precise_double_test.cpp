// precise_math's double functions on the device against long double
// references (math_ulp.h); the bounds are docs/math.md's. They need
// shaderFloat64 (lavapipe has it).
#include "math_ulp_table.h"

using namespace concurrency;
using namespace mathulp;

namespace {
using T = double;

#define MEASURE_UNARY(name, exact, inputs, floatBound, doubleBound)            \
  TEST(MathPreciseDouble, name) {                                              \
    auto exactFn = [](long double x) -> long double { return exact; };        \
    auto f = [](T x) restrict(cpu, amp) { return precise_math::name(x); };     \
    EXPECT_LE(measure<T>("precise_math::" #name "(double)", f, exactFn, inputs).MaxUlp, \
              doubleBound);                                                    \
  }
AMPVK_MATH_UNARY_TABLE(MEASURE_UNARY)

#define MEASURE_BINARY(name, exact, xs, ys, floatBound, doubleBound)           \
  TEST(MathPreciseDouble, name) {                                              \
    auto exactFn = [](long double x, long double y) -> long double { return exact; }; \
    auto f = [](T a, T b) restrict(cpu, amp) { return precise_math::name(a, b); }; \
    std::vector<T> x = xs, y = ys;                                             \
    EXPECT_LE(measure<T>("precise_math::" #name "(double)", f, exactFn, x, y).MaxUlp, \
              doubleBound);                                                    \
  }
AMPVK_MATH_BINARY_TABLE(MEASURE_BINARY)

TEST(MathPreciseDouble, fma) {
  auto exactFn = fmaExact<T>;
  std::vector<T> x, y, z;
  fmaInputs(x, y, z);
  auto f = [](T a, T b, T c) restrict(cpu, amp) { return precise_math::fma(a, b, c); };
  EXPECT_LE(measure<T>("precise_math::fma(double)", f, exactFn, x, y, z).MaxUlp, 1.0);
}

} // namespace

namespace {
// sin, cos and tan next to multiples of pi/2, where the argument reduction
// must keep its relative accuracy (math_ulp_table.h: nearHalfPiMultiples).
TEST(MathPreciseDouble, trigNearHalfPiMultiples) {
  measureNearHalfPi<T>(
      "precise_math::sin(double) near k pi/2", "precise_math::cos(double) near k pi/2",
      "precise_math::tan(double) near k pi/2",
      [](T x) restrict(cpu, amp) { return precise_math::sin(x); },
      [](T x) restrict(cpu, amp) { return precise_math::cos(x); },
      [](T x) restrict(cpu, amp) { return precise_math::tan(x); }, 2, 3);
}
} // namespace
