// Non-tiled kernels: every rank, arithmetic, control flow, calls, captures.
#include <amp.h>

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

// gtest includes <cstring>, whose glibc index() function would make an
// unqualified `index` ambiguous (see docs/user-guide.md).
using namespace concurrency;
using index1 = concurrency::index<1>;
using index2 = concurrency::index<2>;
using index3 = concurrency::index<3>;

namespace {

std::vector<int> iota_data(int n, int start = 7) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = (start + i * 37) % 101 - 50; // mixed signs, not monotonic
  return v;
}

int collatz_steps(int x) restrict(cpu, amp) {
  int steps = 0;
  unsigned int v = static_cast<unsigned int>(x < 0 ? -x : x) + 1u;
  while (v != 1u) {
    v = (v % 2u == 0u) ? v / 2u : 3u * v + 1u;
    ++steps;
    if (steps > 500)
      return -1; // early return from inside a loop
  }
  return steps;
}

int classify(int x) restrict(cpu, amp) {
  if (x < -25)
    return 0;
  if (x < 0)
    return 1;
  if (x == 0)
    return 2;
  return 3;
}

struct Affine {
  float scale;
  float shift;
  float apply(float x) const restrict(cpu, amp) { return x * scale + shift; }
};

struct Sum3 {
  int a, b, c;
};

} // namespace

TEST(NonTiled, Rank1IntegerArithmetic) {
  const int n = 1000; // not a multiple of the workgroup size
  std::vector<int> in = iota_data(n), out(n, 0);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  int bias = 13;
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    int x = a[i];
    int r = x * 3 - bias;
    r += x / 7;
    r ^= (x << 2);
    r = r % 1000;
    b[i] = r;
  });
  for (int i = 0; i < n; ++i) {
    int x = in[i];
    int r = x * 3 - bias;
    r += x / 7;
    r ^= (x << 2);
    r = r % 1000;
    ASSERT_EQ(b[i], r) << "at " << i;
  }
}

TEST(NonTiled, UnsignedAndConversions) {
  const int n = 257;
  std::vector<int> in = iota_data(n, 3);
  std::vector<float> out(n, 0.0f);
  array_view<const int, 1> a(n, in);
  array_view<float, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    unsigned int u = static_cast<unsigned int>(a[i]);
    unsigned int shifted = u >> 3;
    float f = static_cast<float>(a[i]) * 0.5f;
    int truncated = static_cast<int>(f * 3.0f);
    b[i] = static_cast<float>(shifted % 97u) + static_cast<float>(truncated) + (u > 100u ? 1.0f : 0.0f);
  });
  for (int i = 0; i < n; ++i) {
    unsigned int u = static_cast<unsigned int>(in[i]);
    float f = static_cast<float>(in[i]) * 0.5f;
    int truncated = static_cast<int>(f * 3.0f);
    float expect = static_cast<float>((u >> 3) % 97u) + static_cast<float>(truncated) + (u > 100u ? 1.0f : 0.0f);
    ASSERT_FLOAT_EQ(b[i], expect) << "at " << i;
  }
}

TEST(NonTiled, Rank2WithFunctionsAndLoops) {
  const int rows = 19, cols = 23;
  std::vector<int> in = iota_data(rows * cols), out(rows * cols, 0);
  array_view<const int, 2> a(rows, cols, in);
  array_view<int, 2> b(rows, cols, out);
  parallel_for_each(b.extent, [=](index2 idx) restrict(amp) {
    int x = a[idx];
    int acc = 0;
    for (int k = 0; k < 4; ++k) {
      if (k == 2)
        continue;
      acc += classify(x + k * 10);
    }
    b[idx] = acc * 1000 + collatz_steps(x) + idx[0] - idx[1];
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int x = in[r * cols + c];
      int acc = 0;
      for (int k = 0; k < 4; ++k) {
        if (k == 2)
          continue;
        acc += classify(x + k * 10);
      }
      ASSERT_EQ(b(r, c), acc * 1000 + collatz_steps(x) + r - c) << r << "," << c;
    }
}

TEST(NonTiled, Rank3IndexArithmetic) {
  const int d0 = 3, d1 = 5, d2 = 7;
  std::vector<int> out(d0 * d1 * d2, -1);
  array_view<int, 3> v(d0, d1, d2, out);
  parallel_for_each(v.extent, [=](index3 i) restrict(amp) {
    index3 shifted = i + index3(1, 2, 3);
    shifted *= 2;
    v[i] = shifted[0] * 10000 + shifted[1] * 100 + shifted[2];
  });
  for (int a = 0; a < d0; ++a)
    for (int b = 0; b < d1; ++b)
      for (int c = 0; c < d2; ++c)
        ASSERT_EQ(v(a, b, c), (a + 1) * 2 * 10000 + (b + 2) * 2 * 100 + (c + 3) * 2);
}

// Ranks above 3 run with dimensions 0 .. N-3 folded into one axis; each
// thread must still get its own index, every element exactly once.
TEST(NonTiled, Rank4ViewsAndIndexArithmetic) {
  const int dims[] = {3, 4, 5, 6};
  extent<4> e(dims);
  std::vector<int> in = iota_data(e.size()), out(e.size(), -1);
  array_view<const int, 4> a(e, in);
  array_view<int, 4> b(e, out);
  parallel_for_each(e, [=](concurrency::index<4> i) restrict(amp) {
    concurrency::index<4> mirror = i;
    mirror[0] = 2 - i[0];
    mirror[2] = 4 - i[2];
    b[i] = a[mirror] * 1000 + i[0] * 100 + i[1] * 10 + i[3];
  });
  b.synchronize();
  for (int i0 = 0; i0 < 3; ++i0)
    for (int i1 = 0; i1 < 4; ++i1)
      for (int i2 = 0; i2 < 5; ++i2)
        for (int i3 = 0; i3 < 6; ++i3) {
          int mirrored = in[(((2 - i0) * 4 + i1) * 5 + (4 - i2)) * 6 + i3];
          ASSERT_EQ(out[((i0 * 4 + i1) * 5 + i2) * 6 + i3],
                    mirrored * 1000 + i0 * 100 + i1 * 10 + i3)
              << i0 << "," << i1 << "," << i2 << "," << i3;
        }
}

TEST(NonTiled, Rank6WithCapturesBesideTheFoldedExtents) {
  const int dims[] = {2, 3, 2, 5, 3, 7};
  extent<6> e(dims);
  std::vector<int> out(e.size(), 0);
  array_view<int, 1> flat(e.size(), out);
  Affine f{3.0f, -2.0f};
  parallel_for_each(e, [=](concurrency::index<6> i) restrict(amp) {
    int linear = 0, code = 0;
    for (int d = 0; d < 6; ++d) {
      linear = linear * e[d] + i[d];
      code = code * 10 + i[d];
    }
    flat[linear] += code + static_cast<int>(f.apply(static_cast<float>(i[5])));
  });
  std::vector<int> expected;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 5; ++d)
          for (int g = 0; g < 3; ++g)
            for (int h = 0; h < 7; ++h)
              expected.push_back(((((a * 10 + b) * 10 + c) * 10 + d) * 10 + g) * 10 + h +
                                 3 * h - 2);
  flat.synchronize();
  EXPECT_EQ(out, expected);
}

TEST(NonTiled, FoldedDimensionsBeyondTwoToThe32Throw) {
  const int dims[] = {70000, 70000, 1, 2};
  extent<4> e(dims);
  std::vector<int> out(2, 0);
  array_view<int, 1> v(2, out);
  try {
    parallel_for_each(e, [=](concurrency::index<4> i) restrict(amp) { v[i[3]] = 1; });
    FAIL() << "no exception";
  } catch (const invalid_compute_domain &ex) {
    EXPECT_STREQ(ex.what(), "concurrency::parallel_for_each: invalid compute domain: extent[0] * "
                            "... * extent[1] exceeds 2^32 - 1; ampvk runs those dimensions of a "
                            "rank-4 domain along one axis");
  }
  EXPECT_EQ(out, std::vector<int>({0, 0}));
}

TEST(NonTiled, CapturedStructsAndLocalArrays) {
  const int n = 100;
  std::vector<float> in(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = 0.25f * static_cast<float>(i) - 7.0f;
  array_view<const float, 1> a(n, in);
  array_view<float, 1> b(n, out);
  Affine f = {1.5f, -2.0f};
  Sum3 s = {1, 2, 4};
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    float window[3];
    for (int k = 0; k < 3; ++k) {
      int j = i[0] + k - 1;
      window[k] = (j >= 0 && j < n) ? a[j] : 0.0f;
    }
    float weights[3] = {static_cast<float>(s.a), static_cast<float>(s.b), static_cast<float>(s.c)};
    float acc = 0.0f;
    for (int k = 0; k < 3; ++k)
      acc += window[k] * weights[k];
    b[i] = f.apply(acc);
  });
  for (int i = 0; i < n; ++i) {
    float w[3];
    for (int k = 0; k < 3; ++k) {
      int j = i + k - 1;
      w[k] = (j >= 0 && j < n) ? in[j] : 0.0f;
    }
    float acc = w[0] * 1 + w[1] * 2 + w[2] * 4;
    ASSERT_FLOAT_EQ(b[i], acc * 1.5f - 2.0f) << "at " << i;
  }
}

namespace {
// A functor kernel instead of a lambda.
struct Saxpy {
  array_view<const float, 1> x;
  array_view<float, 1> y;
  float alpha;
  void operator()(index1 i) const restrict(amp) { y[i] = alpha * x[i] + y[i]; }
};
} // namespace

TEST(NonTiled, FunctorKernelAndChainedLaunches) {
  const int n = 4099;
  std::vector<float> xs(n), ys(n);
  for (int i = 0; i < n; ++i) {
    xs[i] = static_cast<float>(i % 17) - 8.0f;
    ys[i] = static_cast<float>(i % 5);
  }
  std::vector<float> expect = ys;
  array_view<const float, 1> x(n, xs);
  array_view<float, 1> y(n, ys);
  Saxpy k{x, y, 0.5f};
  for (int rep = 0; rep < 3; ++rep) {
    parallel_for_each(y.extent, k);
    for (int i = 0; i < n; ++i)
      expect[i] = 0.5f * xs[i] + expect[i];
  }
  y.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_FLOAT_EQ(ys[i], expect[i]) << "at " << i;
}

TEST(NonTiled, ArrayCapturedByReference) {
  const int n = 64;
  std::vector<int> init(n);
  std::iota(init.begin(), init.end(), 100);
  array<int, 1> data(n, init.begin(), init.end());
  parallel_for_each(data.extent, [&data](index1 i) restrict(amp) {
    data[i] = data[i] * 2 + data.extent[0];
  });
  std::vector<int> result = data;
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(result[i], (100 + i) * 2 + n);
}
