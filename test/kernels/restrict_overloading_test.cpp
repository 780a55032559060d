// Overloading on restriction (C++ AMP 2.3): `f restrict(cpu)` beside
// `f restrict(amp)` is one overload set, and each call picks by its context:
// kernels run the amp overload, host code the cpu one, and a
// restrict(cpu, amp) function each on its own side. The two bodies of every
// pair compute different things; the expected values are written out here.
#include <amp.h>
#include <amp_math.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <cmath>
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

// Overload resolution on each side (issue's first example): a function
// template on the CPU side beside a non-template amp function, and
// functions whose parameter types differ by side. Clang resolves the call
// once (to the amp function); the CPU side resolves it again among the
// functions it may call, with the arguments as written, and converts them for
// its own choice, while the amp side keeps its callee and conversions.
namespace {
template <typename T> bool isNanBySide(T v) restrict(cpu) { return std::isnan(v); }
bool isNanBySide(float v) restrict(amp) { return concurrency::fast_math::isnan(v) != 0; }
bool isNanEitherSide(float v) restrict(cpu, amp) { return isNanBySide(v); }

int scaledBySide(double x) restrict(cpu) { return static_cast<int>(x * 4.0); }
int scaledBySide(float x) restrict(amp) { return static_cast<int>(x * 2.0f) + 1000; }
int scaledEitherSide(int i) restrict(cpu, amp) { return scaledBySide(i) + scaledBySide(i + 1); }

template <typename T> T widenBySide(T x, T y) restrict(cpu) { return x * 10 + y; }
int widenBySide(int x, long y) restrict(amp) { return x * 100 + static_cast<int>(y); }
int widenEitherSide(int x) restrict(cpu, amp) { return widenBySide(x, x + 1); }
} // namespace

TEST(RestrictOverloading, EachSideResolvesAmongItsOwnOverloads) {
  const int n = 64;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = i % 5 == 0 ? std::nanf("") : 0.75f * i - 20.0f;
  std::vector<int> nan(n, -1), scaled(n, -1), widened(n, -1);
  array_view<const float, 1> inView(n, in);
  array_view<int, 1> nanView(n, nan), scaledView(n, scaled), widenedView(n, widened);
  parallel_for_each(nanView.extent, [=](index1 i) restrict(amp) {
    nanView[i] = isNanEitherSide(inView[i]);
    scaledView[i] = scaledEitherSide(i[0]);
    widenedView[i] = widenEitherSide(i[0]);
  });
  nanView.synchronize();
  scaledView.synchronize();
  widenedView.synchronize();
  for (int i = 0; i < n; ++i) {
    bool isNan = i % 5 == 0;
    EXPECT_EQ(nan[i], isNan ? 1 : 0) << i;
    EXPECT_EQ(isNanEitherSide(in[i]), isNan) << i;
    EXPECT_EQ(scaled[i], (i * 2 + 1000) + ((i + 1) * 2 + 1000)) << i;
    EXPECT_EQ(scaledEitherSide(i), i * 4 + (i + 1) * 4) << i;
    EXPECT_EQ(widened[i], i * 100 + i + 1) << i;
    EXPECT_EQ(widenEitherSide(i), i * 10 + i + 1) << i;
  }
}

// The other shapes of per-side resolution: default arguments (each side takes
// its own overload's), explicit template arguments, classes passed by value,
// member functions whose overloads differ by side in their parameters, an
// explicit specialization of one side's template, overloads found by
// argument-dependent lookup and through a using-declaration, members of class
// templates, operators, conversion functions and constructors.
namespace {
int defaulted(int x, int y = 7) restrict(cpu) { return x + y; }
int defaulted(int x, int y = 9) restrict(amp) { return x * y; }

template <typename T> T explicitArgs(T x) restrict(cpu) { return x + 1; }
template <typename T> T explicitArgs(T x, int k = 3) restrict(amp) { return x + k; }

struct Pair {
  int a, b;
};
template <typename T> int byValue(T p) restrict(cpu) { return p.a - p.b; }
int byValue(Pair p) restrict(amp) { return p.a * 2 + p.b; }

template <typename T> T specialized(T x) restrict(cpu) { return x + 1; }
template <> int specialized<int>(int x) restrict(cpu) { return x + 30; }
int specialized(int x) restrict(amp) { return x + 50; }

struct Member {
  int k;
  template <typename T> int scale(T x) const restrict(cpu) { return static_cast<int>(x) * k; }
  int scale(float x) const restrict(amp) { return static_cast<int>(x) + k; }
  int offset(double x) const restrict(cpu) { return static_cast<int>(x) - k; }
  int offset(float x) const restrict(amp) { return static_cast<int>(x) + 2 * k; }
  int operator*(int x) const restrict(cpu) { return k * x + 1; }
  int operator*(int x) const restrict(amp) { return k * x + 2; }
  int both(int x) const restrict(cpu, amp) {
    return scale(static_cast<float>(x)) + this->offset(x) + (*this * x);
  }
};

struct Converts {
  int v;
  Converts(int x, int d = 10) restrict(cpu) : v(x + d) {}
  Converts(int x, int d = 20) restrict(amp) : v(x + d) {}
  operator int() const restrict(cpu) { return v * 3; }
  operator int() const restrict(amp) { return v * 5; }
};
int converted(int x) restrict(cpu, amp) {
  Converts c = x;
  return c;
}
} // namespace

namespace adl {
struct Tag {
  int v;
};
int lookedUp(Tag t) restrict(cpu) { return t.v + 1; }
int lookedUp(Tag t) restrict(amp) { return t.v + 2; }
} // namespace adl

namespace used {
int through(int x) restrict(cpu) { return x * 7; }
int through(int x) restrict(amp) { return x * 11; }
} // namespace used
using used::through;

namespace {
template <typename T> struct Box {
  T v;
  T get() const restrict(cpu) { return v + 100; }
  T get() const restrict(amp) { return v + 200; }
  T both() const restrict(cpu, amp) { return get(); }
};

int everyShape(int x) restrict(cpu, amp) {
  Pair p{x, 3};
  Member m{4};
  Box<int> box{x};
  return defaulted(x) + explicitArgs<int>(x) + byValue(p) + specialized(x) + m.both(x) +
         converted(x) + lookedUp(adl::Tag{x}) + through(x) + box.both();
}

int everyShapeOnCpu(int x) {
  int member = x * 4 + (x - 4) + (4 * x + 1);
  return (x + 7) + (x + 1) + (x - 3) + (x + 30) + member + (x + 10) * 3 + (x + 1) + x * 7 +
         (x + 100);
}
int everyShapeOnAmp(int x) {
  int member = (x + 4) + (x + 8) + (4 * x + 2);
  return x * 9 + (x + 3) + (x * 2 + 3) + (x + 50) + member + (x + 20) * 5 + (x + 2) + x * 11 +
         (x + 200);
}
} // namespace

TEST(RestrictOverloading, EveryShapeResolvesPerSide) {
  const std::vector<int> in = inputs(300);
  const int n = static_cast<int>(in.size());
  std::vector<int> out(n, 0);
  array_view<const int, 1> inView(n, in);
  array_view<int, 1> outView(n, out);
  parallel_for_each(outView.extent,
                    [=](index1 i) restrict(amp) { outView[i] = everyShape(inView[i]); });
  outView.synchronize();
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(out[i], everyShapeOnAmp(in[i])) << in[i];
    EXPECT_EQ(everyShape(in[i]), everyShapeOnCpu(in[i])) << in[i];
  }
}
