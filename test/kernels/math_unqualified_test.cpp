// Unqualified math after `using namespace concurrency::precise_math;` (or
// fast_math) with <cmath> included: as in Microsoft's implementation the
// restriction decides. In restrict(amp) code sqrt(x) is precise_math's (its
// device code), in CPU code the host computation, and a restrict(cpu, amp)
// function runs each on its own side; nothing is ambiguous (the double and
// `sqrtf` forms were, with <cmath>'s ::sqrt and ::sqrtf).
#include <amp.h>
#include <amp_math.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace unqualified_precise {
using namespace concurrency::precise_math;
double both(double x) restrict(cpu, amp) {
  return sqrt(x) + exp(x * 0.125) + sqrtf(static_cast<float>(x)) + fabs(-x) + pow(x, 1.5);
}
double onDevice(double x) restrict(amp) { return sqrt(x) * 3.0 + cos(x); }
double onHost(double x) { return sqrt(x) * 3.0 + cos(x); }
} // namespace unqualified_precise

namespace unqualified_fast {
using namespace concurrency::fast_math;
float both(float x) restrict(cpu, amp) { return sqrtf(x) + sqrt(x * 2.0f) + floor(x); }
} // namespace unqualified_fast

namespace {

std::vector<double> positives(int n) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = 0.001 + i * 0.37 + (i % 7) * 0.011;
  return v;
}

} // namespace

TEST(MathUnqualified, PreciseMathRunsOnEachSide) {
  std::vector<double> in = positives(1000);
  // Each side's own computation: precise_math on the device, <cmath> on the
  // host; both within a few ULP of each other (docs/math.md).
  difftest::checkUlp(4, extent<1>(1000),
                     [](double x) restrict(cpu, amp) { return unqualified_precise::both(x); },
                     in);
}

TEST(MathUnqualified, AmpOnlyAndCpuOnlyCallers) {
  const int n = 777;
  std::vector<double> in = positives(n), out(n, 0.0);
  array_view<const double, 1> a(n, in);
  array_view<double, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    b[i] = unqualified_precise::onDevice(a[i]);
  });
  for (int i = 0; i < n; ++i) {
    double ref = std::sqrt(in[i]) * 3.0 + std::cos(in[i]);
    EXPECT_EQ(unqualified_precise::onHost(in[i]), ref) << "host at " << i;
    EXPECT_LE(difftest::ulpDistance(b[i], ref), 4u) << "at " << i << ": " << b[i] << " vs " << ref;
  }
}

TEST(MathUnqualified, FastMathRunsOnEachSide) {
  std::vector<float> in(1024);
  for (int i = 0; i < 1024; ++i)
    in[i] = 0.01f + i * 0.73f;
  // fast_math's sqrt is Vulkan's (3 ULP: docs/math.md).
  difftest::checkUlp(8, extent<1>(1024),
                     [](float x) restrict(cpu, amp) { return unqualified_fast::both(x); }, in);
}
