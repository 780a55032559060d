// The positions C++ AMP's grammar gives the restriction specifier (section
// 2.1), run in kernels: trailing return types, members of class templates
// defined out of class, lambdas with mutable and trailing return types,
// several declarators in one declaration, and restrict spelled through
// macros, overloads among them. Lambdas with mutable and trailing return
// types run on the CPU side here (lambdas inside kernels are not supported
// yet: err_unsupported_construct). lit diagnostics/restrict_grammar_positions.cpp
// shows each parses; here each computes what its body says, on both sides
// where it has two.
#include <amp.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {
auto trailingAmp(int x) restrict(amp) -> int { return x * 3; }
auto trailingBoth(int x) noexcept restrict(cpu, amp) -> int { return x - 4; }
auto trailingDecltype(int x, float y) restrict(cpu, amp) -> decltype(x + y) { return x + y; }

template <typename T> struct Holder {
  T v;
  T side() const restrict(cpu);
  T side() const restrict(amp);
  template <typename U> U scaled(U k) const restrict(cpu, amp);
  T both() const restrict(cpu, amp) { return side() + scaled<T>(2); }
};
template <typename T> T Holder<T>::side() const restrict(cpu) { return v + 1; }
template <typename T> T Holder<T>::side() const restrict(amp) { return v + 2; }
template <typename T> template <typename U> U Holder<T>::scaled(U k) const restrict(cpu, amp) {
  return static_cast<U>(v) * k;
}

int lambdas(int k) restrict(cpu, amp) {
  auto counter = [=]() mutable restrict(cpu, amp) { return ++k; };
  auto half = [](int x) restrict(cpu, amp) -> float { return x * 0.5f; };
  int first = counter();
  int second = counter();
  return first + second * 10 + static_cast<int>(half(k * 4));
}

// (Clang calls declaredBetween unused: only the kernel calls it.)
[[maybe_unused]] int before = 3, declaredBetween(int x) restrict(amp), after = 4;
int declaredBetween(int x) restrict(amp) { return x + 100; }

#define AMP_ONLY restrict(amp)
#define RESTRICT_TO(x) restrict(x)
#define RESTRICT restrict
int viaMacro(int x) restrict(cpu) { return x + 10; }
int viaMacro(int x) AMP_ONLY { return x + 20; }
int viaFunctionMacro(int x) RESTRICT_TO(cpu) { return x + 30; }
int viaFunctionMacro(int x) RESTRICT_TO(amp) { return x + 40; }
int viaKeywordMacro(int x) RESTRICT(cpu) { return x + 50; }
int viaKeywordMacro(int x) RESTRICT(amp) { return x + 60; }
int macros(int x) restrict(cpu, amp) {
  return viaMacro(x) + viaFunctionMacro(x) * 2 + viaKeywordMacro(x) * 3;
}
} // namespace

TEST(RestrictGrammar, EveryPositionRunsInKernels) {
  const std::vector<int> in = difftest::smallInts(257, 41, -500, 500);
  const int n = static_cast<int>(in.size());
  std::vector<int> amp(n * 6, 0);
  array_view<const int, 1> inView(n, in);
  array_view<int, 1> out(n * 6, amp);
  parallel_for_each(inView.extent, [=](index1 i) restrict(amp) {
    int x = inView[i];
    Holder<int> h{x};
    out[i * 6 + 0] = trailingAmp(x) + trailingBoth(x);
    out[i * 6 + 1] = static_cast<int>(trailingDecltype(x, 0.5f) * 2.0f);
    out[i * 6 + 2] = h.both();
    out[i * 6 + 3] = x; // lambdas inside kernels: issue 32's part
    out[i * 6 + 4] = declaredBetween(x);
    out[i * 6 + 5] = macros(x);
  });
  out.synchronize();
  for (int i = 0; i < n; ++i) {
    int x = in[i];
    int lambdaValue = (x + 1) + (x + 2) * 10 + x * 2;
    EXPECT_EQ(amp[i * 6 + 0], x * 3 + (x - 4)) << x;
    EXPECT_EQ(amp[i * 6 + 1], 2 * x + 1) << x;
    EXPECT_EQ(amp[i * 6 + 2], (x + 2) + x * 2) << x;
    EXPECT_EQ(amp[i * 6 + 3], x) << x;
    EXPECT_EQ(amp[i * 6 + 4], x + 100) << x;
    EXPECT_EQ(amp[i * 6 + 5], (x + 20) + (x + 40) * 2 + (x + 60) * 3) << x;
    // The CPU side of the same functions.
    Holder<int> h{x};
    EXPECT_EQ(trailingBoth(x), x - 4);
    EXPECT_EQ(h.both(), (x + 1) + x * 2) << x;
    EXPECT_EQ(lambdas(x), lambdaValue) << x;
    EXPECT_EQ(macros(x), (x + 10) + (x + 30) * 2 + (x + 50) * 3) << x;
  }
}
