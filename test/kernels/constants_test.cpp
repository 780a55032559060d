// Global constants used as objects in kernels (C++ AMP allows const globals
// with a constant initializer): namespace-scope const and constexpr scalars,
// static constant data members, const and constexpr arrays (also of structs)
// indexed at run time, each by value, bound to a const reference in a helper,
// and passed as a whole array by const reference. Each computation runs once
// per element in a kernel and on the host; the results must agree.
#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {

static const int K = 5;
const float kGain = 0.75f;
constexpr int kBias = -12;
constexpr double kHalf = 0.5;

struct Limits {
  static const int N = 4;
  static constexpr float F = 1.5f;
  static const int Later; // defined below, with a constant initializer
};
const int Limits::N; // the definition the host needs when N is bound to a reference
const int Limits::Later = 9;

const int table[5] = {3, -1, 4, -1, 5};
constexpr float weights[7] = {0.5f, 1.25f, -2.0f, 3.5f}; // the rest are 0
const int grid[2][3] = {{1, 2, 3}, {40, 50, 60}};

struct Step {
  int add;
  float mul;
  bool flip;
};
constexpr Step steps[3] = {{1, 2.0f, false}, {-7, 0.5f, true}, {100, -1.0f, false}};

struct Base {
  int b;
};
struct Derived : Base {
  int d[2];
};
constexpr Derived kDerived = {{11}, {22, 33}};

int twice(const int &x) restrict(cpu, amp) { return 2 * x; }
float scaled(const float &x, float v) restrict(cpu, amp) { return x * v; }
int pick(const int (&t)[5], int i) restrict(cpu, amp) { return t[i]; }
int stepInt(const Step &s, int v) restrict(cpu, amp) { return s.flip ? s.add - v : s.add + v; }
int sumDerived(const Derived &x) restrict(cpu, amp) { return x.b + x.d[0] * 2 + x.d[1]; }
const int &entry(int i) restrict(cpu, amp) { return table[i % 5]; }

std::vector<int> data(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = (11 + i * 37) % 103 - 51; // mixed signs, not monotonic
  return v;
}

int mod(int x, int m) restrict(cpu, amp) { return ((x % m) + m) % m; }

int scalars(int x) restrict(cpu, amp) {
  int r = x * K + twice(K) + twice(kBias) + kBias;
  r += twice(Limits::N) * x + Limits::Later;
  const int &ref = Limits::N;
  r -= ref;
  float f = scaled(kGain, static_cast<float>(x)) + scaled(Limits::F, 2.0f) + kGain;
  return r + static_cast<int>(f * 4.0f) + static_cast<int>(kHalf * x);
}

int intArrays(int x) restrict(cpu, amp) {
  int r = table[mod(x, 5)] * x + pick(table, mod(x + 1, 5)) + twice(table[mod(x * 3, 5)]);
  return r + grid[mod(x, 2)][mod(x, 3)] + entry(mod(x, 7));
}

float floatArray(int x) restrict(cpu, amp) {
  return weights[mod(x, 7)] * static_cast<float>(x) + scaled(weights[mod(x, 5)], 3.0f);
}

int structArrays(int x) restrict(cpu, amp) {
  const Step &s = steps[mod(x, 3)];
  int r = stepInt(s, x) + static_cast<int>(steps[mod(x + 1, 3)].mul * x);
  return r + sumDerived(kDerived) + kDerived.d[mod(x, 2)];
}

// Runs f on every element of n mixed-sign inputs, on the device and on the
// host, and compares (floats exactly: only +, * and conversions).
template <typename R, typename F> void checkElementwise(int n, F f) {
  std::vector<int> in = data(n);
  std::vector<R> out(n, R());
  array_view<const int, 1> a(n, in);
  array_view<R, 1> b(n, out);
  b.discard_data();
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) { b[i] = f(a[i]); });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(b[i], f(in[i])) << "at " << i << " (input " << in[i] << ")";
}

struct Scalars {
  int operator()(int x) const restrict(cpu, amp) { return scalars(x); }
};
struct IntArrays {
  int operator()(int x) const restrict(cpu, amp) { return intArrays(x); }
};
struct FloatArray {
  float operator()(int x) const restrict(cpu, amp) { return floatArray(x); }
};
struct StructArrays {
  int operator()(int x) const restrict(cpu, amp) { return structArrays(x); }
};

} // namespace

TEST(Constants, ScalarsByValueAndByReference) { checkElementwise<int>(777, Scalars()); }

TEST(Constants, ArraysIndexedAtRunTime) {
  checkElementwise<int>(1000, IntArrays());
  checkElementwise<float>(1000, FloatArray());
}

TEST(Constants, ArraysOfStructs) { checkElementwise<int>(513, StructArrays()); }
