// `restrict` as C++ AMP defines it: a contextual keyword, known before <amp.h>
// is included, an ordinary name elsewhere (a function, a member, a variable),
// written after `mutable`, after cv-qualifiers and noexcept, before a
// trailing return type, inside a macro argument and in a macro body. Each
// function computes something different, and the kernel results are compared
// with the same functions run on the host.
namespace before_amp {
// No #include yet: the plugin predefines restrict(...).
inline int scaled(int x) restrict(cpu, amp) { return 3 * x + 1; }
} // namespace before_amp

#include <amp.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {

// A function named restrict, with and without a restriction of its own.
int restrict(int a) restrict(cpu, amp) { return a * a - 7; }
int restrict(int a, int b) { return a - b; }

struct Box {
  int v;
  explicit Box(int x) restrict(cpu, amp) : v(x) {}
  // A member function named restrict.
  int restrict(int k) const restrict(cpu, amp) { return v * k + 2; }
};

struct Tally {
  int restrict; // a data member named restrict
};

// After cv-qualifiers and noexcept, before a trailing return type.
auto plusOne(int x) restrict(cpu, amp) -> int { return x + 1; }
struct Ops {
  int base;
  auto scale(int x) const noexcept restrict(cpu, amp) -> int { return base * x - 3; }
  int shift(int x) const restrict(cpu, amp) { return x >> 1; }
  // C++ AMP's order: the restriction before the exception specification.
  int mix(int x) const restrict(cpu, amp) noexcept { return x * 9 - base; }
  int mix2(int x) const & restrict(amp, cpu) noexcept(true) { return x % 13; }
};

// Inside a macro argument, and in a macro body.
#define AMPVK_TEST_DECLARE(decl) decl
AMPVK_TEST_DECLARE(int fromMacroArgument(int x) restrict(cpu, amp) { return x ^ 0x55; })
#define AMPVK_TEST_BOTH restrict(cpu, amp)
int fromMacroBody(int x) AMPVK_TEST_BOTH { return x - 100; }

int combine(int x) restrict(cpu, amp) {
  Box b(x);
  Ops ops{5};
  return restrict(x % 50) + b.restrict(3) + plusOne(x) + ops.scale(x) + ops.shift(x) +
         ops.mix(x) + ops.mix2(x) +
         fromMacroArgument(x) + fromMacroBody(x) + before_amp::scaled(x);
}

std::vector<int> inputs(int n) { return difftest::smallInts(n, 11, -500, 500); }

} // namespace

TEST(RestrictKeyword, NamesQualifiersAndMacros) {
  const int n = 513;
  std::vector<int> in = inputs(n), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) { b[i] = combine(a[i]); });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(b[i], combine(in[i])) << "at " << i;
  // The host-only overload of the function named restrict, and the member.
  Tally t{restrict(9, 4)};
  EXPECT_EQ(t.restrict, 5);
}

TEST(RestrictKeyword, MutableLambdasInEitherOrder) {
  const int n = 300;
  std::vector<int> in = inputs(n), out(n, 0), out2(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out), c(n, out2);
  int bias = 11;
  // C++ AMP's order: mutable, then restrict(amp). (ampvk does not compile a
  // kernel that writes its captures yet; the lambdas are mutable all the same.)
  parallel_for_each(b.extent, [=](index1 i) mutable restrict(amp) {
    int local = bias + (a[i] & 7);
    b[i] = local;
  });
  // The order ampvk has always accepted.
  parallel_for_each(c.extent, [=](index1 i) restrict(amp) mutable { c[i] = bias * 2 - a[i]; });
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(b[i], 11 + (in[i] & 7)) << "at " << i;
    ASSERT_EQ(c[i], 22 - in[i]) << "at " << i;
  }
}

TEST(RestrictKeyword, LambdaSpecifiersBeforeRestrict) {
  const int n = 200;
  std::vector<int> in = inputs(n), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  int k = 3;
  auto noThrow = [=](int v) noexcept restrict(cpu, amp) { return v * k; };
  auto arrow = [=](int v) restrict(cpu, amp) -> int { return v + k; };
  auto both = [=](int v) mutable noexcept restrict(cpu, amp) -> int { return v - k; };
  auto ordered = [=](int v) mutable restrict(cpu, amp) noexcept { return v * 11 + k; };
  // mutable: `both` is, and the kernel's copy of it must be too.
  parallel_for_each(b.extent, [=](index1 i) mutable restrict(amp) {
    b[i] = noThrow(a[i]) + arrow(a[i]) * 2 + both(a[i]) * 5 + ordered(a[i]) * 7;
  });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(b[i], noThrow(in[i]) + arrow(in[i]) * 2 + both(in[i]) * 5 + ordered(in[i]) * 7)
        << "at " << i;
}
