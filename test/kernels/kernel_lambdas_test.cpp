// Lambdas written inside kernels (C++ AMP 2.2: a lambda in amp code is an
// amp lambda, its restriction written or inherited; it captures by value).
// Each shape runs in a kernel and on the host through the same
// restrict(cpu, amp) function, and the kernel's results are compared with
// the host's: captureless and capturing lambdas, captured structs and
// array_views, generic and mutable lambdas, a lambda passed to a
// restrict(amp) function template, returned from a function, copied, and
// called where it is written.
#include <amp.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {
struct Affine {
  int scale, shift;
};

// std::-style algorithms written for amp code take functors by value.
template <typename F> int foldRange(int from, int to, int init, F f) restrict(cpu, amp) {
  for (int j = from; j < to; ++j)
    init = f(init, j);
  return init;
}
template <typename F> F passThrough(F f) restrict(cpu, amp) { return f; }

auto makeAffine(Affine a) restrict(cpu, amp) {
  return [a](int x) { return x * a.scale + a.shift; };
}

int everyShape(int x) restrict(cpu, amp) {
  Affine a{x % 7 - 3, x / 3};
  auto square = [](int v) { return v * v; };
  auto affine = [a](int v) restrict(cpu, amp) { return v * a.scale + a.shift; };
  auto twice = [](auto v) { return v + v; };       // generic
  auto counter = [n = x % 5]() mutable { return ++n; }; // its own copy of n
  int first = counter();
  int second = counter();
  auto copied = affine;
  auto returned = makeAffine(Affine{2, x});
  auto passed = passThrough(returned);
  int folded = foldRange(0, 4, x, [a](int acc, int j) { return acc * 2 + j * a.scale; });
  auto outer = [a](int v) {
    auto inner = [a](int w) { return w - a.shift; };
    return inner(v) * 3;
  };
  return square(x % 100) + copied(x) + twice(x) + first * 10 + second * 100 + passed(x) +
         folded + outer(x) + [x](int k) { return x * k; }(4) + static_cast<int>(twice(0.25f) * 8);
}
} // namespace

TEST(KernelLambdas, EveryShapeMatchesTheHost) {
  const std::vector<int> in = difftest::smallInts(333, 91, -5000, 5000);
  difftest::check(extent<1>(static_cast<int>(in.size())),
                  [](int x) restrict(cpu, amp) { return everyShape(x); }, in);
}

// A lambda holding array_views captured by value reads and writes through
// them, also after being copied and passed to a function template.
TEST(KernelLambdas, CapturedViewsReachTheirData) {
  const std::vector<int> in = difftest::smallInts(256, 17, -100, 100);
  const int n = static_cast<int>(in.size());
  std::vector<int> out(n, 0);
  array_view<const int, 1> inView(n, in);
  array_view<int, 1> outView(n, out);
  parallel_for_each(outView.extent, [=](index1 i) restrict(amp) {
    auto neighbours = [inView, n](int j) {
      return inView[(j + n - 1) % n] + inView[(j + 1) % n];
    };
    auto store = [outView, i](int v) { outView[i] = v; };
    auto storeCopy = passThrough(store);
    // foldRange's CPU side calls the functor too: this one is for both.
    storeCopy(foldRange(0, 3, neighbours(i[0]), [inView](int acc, int j) restrict(cpu, amp) {
      return acc + inView[j];
    }));
  });
  outView.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], in[(i + n - 1) % n] + in[(i + 1) % n] + in[0] + in[1] + in[2]) << i;
}

// In a tiled kernel: a lambda capturing the tiled_index and reading
// tile_static memory filled before the barrier.
TEST(KernelLambdas, InTiledKernels) {
  const std::vector<int> in = difftest::smallInts(512, 5, -1000, 1000);
  const int n = static_cast<int>(in.size());
  std::vector<int> out(n, 0);
  array_view<const int, 1> inView(n, in);
  array_view<int, 1> outView(n, out);
  parallel_for_each(outView.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = inView[t.global];
    t.barrier.wait();
    auto mirrored = [t, inView](int j) { return inView[t.tile_origin[0] + 63 - j]; };
    outView[t.global] = mirrored(t.local[0]) - shared[(t.local[0] + 1) % 64];
  });
  outView.synchronize();
  for (int i = 0; i < n; ++i) {
    int origin = i / 64 * 64, local = i % 64;
    ASSERT_EQ(out[i], in[origin + 63 - local] - in[origin + (local + 1) % 64]) << i;
  }
}

// Arrays captured by reference, the one by-reference capture C++ AMP allows:
// read and written through the lambda, also after the lambda is copied or
// passed to a function template by value and by reference.
namespace {
template <typename F> int callByValue(F f, int j) restrict(amp) { return f(j); }
template <typename F> int callByReference(const F &f, int j) restrict(amp) { return f(j) * 2; }
} // namespace

TEST(KernelLambdas, ArraysCapturedByReference) {
  const std::vector<int> in = difftest::smallInts(300, 29, -10000, 10000);
  const int n = static_cast<int>(in.size());
  array<int, 1> source(n, in.begin());
  array<int, 1> written(n);
  std::vector<int> out(n, 0);
  array_view<int, 1> outView(n, out);
  parallel_for_each(outView.extent, [=, &source, &written](index1 i) restrict(amp) {
    auto at = [&source](int j) { return source[j]; };
    auto write = [&written, i](int v) { written[i] = v; };
    int k = i[0];
    outView[i] = at((k + 1) % n) + callByValue(at, k) + callByReference(at, 0);
    auto writeCopy = write;
    writeCopy(at(k) + 1000);
  });
  outView.synchronize();
  std::vector<int> back = written;
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(out[i], in[(i + 1) % n] + in[i] + 2 * in[0]) << i;
    ASSERT_EQ(back[i], in[i] + 1000) << i;
  }
}
