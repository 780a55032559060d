// Overloading on restriction (C++ AMP 2.3): `f restrict(cpu)` beside
// `f restrict(amp)` is one overload set, and each call picks by its context:
// kernels run the amp overload, host code the cpu one, and a
// restrict(cpu, amp) function each on its own side. The two bodies of every
// pair compute different things; the expected values are written out here.
#include <amp.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {

int pick(int x) restrict(cpu) { return x * 3 + 1; }
int pick(int x) restrict(amp) { return x * 5 - 2; }

struct Scaler {
  int k;
  int apply(int x) const restrict(cpu) { return x * k; }
  int apply(int x) const restrict(amp) { return x + k; }
};

// restrict(amp) beside restrict(cpu, amp): the amp-only one in amp code.
float fold(float x) restrict(cpu, amp) { return x * 2.0f; }
float fold(float x) restrict(amp) { return x * 0.5f; }

template <typename T> T twist(T x) restrict(cpu) { return x + 100; }
template <typename T> T twist(T x) restrict(amp) { return x - 100; }

int shared(int x) restrict(cpu, amp) { return pick(x) + Scaler{7}.apply(x) + twist(x); }

// Constructors overloaded on restriction (C++ AMP 2.3).
struct Seeded {
  int v;
  Seeded() restrict(cpu) : v(1000) {}
  Seeded() restrict(amp) : v(2000) {}
  explicit Seeded(int x) restrict(cpu) : v(x * 3) {}
  explicit Seeded(int x) restrict(amp) : v(x * 7) {}
};
int seeded(int x) restrict(cpu, amp) {
  Seeded s(x);
  return s.v + Seeded().v;
}

int cpuPick(int x) { return x * 3 + 1; }
int ampPick(int x) { return x * 5 - 2; }

std::vector<int> inputs(int n) { return difftest::smallInts(n, 23, -1000, 1000); }

} // namespace

TEST(RestrictOverloading, KernelCallsTheAmpOverloadHostTheCpuOne) {
  const int n = 777;
  std::vector<int> in = inputs(n), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    b[i] = pick(a[i]) + Scaler{3}.apply(a[i]) * 1000 + twist(a[i]) * 7;
  });
  for (int i = 0; i < n; ++i) {
    int x = in[i];
    ASSERT_EQ(b[i], ampPick(x) + (x + 3) * 1000 + (x - 100) * 7) << "at " << i;
    ASSERT_EQ(pick(x) + Scaler{3}.apply(x) * 1000 + twist(x) * 7,
              cpuPick(x) + x * 3 * 1000 + (x + 100) * 7)
        << "host at " << i;
  }
}

TEST(RestrictOverloading, CpuAmpFunctionCallsEachSidesOverload) {
  const int n = 500;
  std::vector<int> in = inputs(n), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) { b[i] = shared(a[i]); });
  for (int i = 0; i < n; ++i) {
    int x = in[i];
    ASSERT_EQ(b[i], ampPick(x) + (x + 7) + (x - 100)) << "at " << i;
    ASSERT_EQ(shared(x), cpuPick(x) + x * 7 + (x + 100)) << "host at " << i;
  }
}

TEST(RestrictOverloading, ConstructorsPickByContext) {
  const int n = 513;
  std::vector<int> in = inputs(n), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    Seeded d;
    b[i] = Seeded(a[i]).v - d.v + seeded(a[i]) * 3;
  });
  for (int i = 0; i < n; ++i) {
    int x = in[i];
    ASSERT_EQ(b[i], x * 7 - 2000 + (x * 7 + 2000) * 3) << "at " << i;
    Seeded h;
    ASSERT_EQ(Seeded(x).v - h.v + seeded(x) * 3, x * 3 - 1000 + (x * 3 + 1000) * 3)
        << "host at " << i;
  }
}

TEST(RestrictOverloading, AmpOnlyBeatsCpuAmpInKernels) {
  const int n = 256;
  std::vector<float> in(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>(i) * 0.75f - 40.0f;
  array_view<const float, 1> a(n, in);
  array_view<float, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) { b[i] = fold(a[i]); });
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(b[i], in[i] * 0.5f) << "at " << i;
    ASSERT_EQ(fold(in[i]), in[i] * 2.0f) << "host at " << i;
  }
}

TEST(RestrictOverloading, AddressTakenInHostCodeIsTheCpuOverload) {
  int (*p)(int) = &pick;
  EXPECT_EQ(p(10), 31);
  int (Scaler::*m)(int) const = &Scaler::apply;
  EXPECT_EQ((Scaler{4}.*m)(5), 20);
}
