// array_view::reinterpret_as and array::reinterpret_as inside kernels
// (restrict(cpu, amp) in Microsoft's <amp.h>): the same bytes read as other
// elements, written through either view in one thread in program order,
// also for sections (the offset scales with the element size) and for
// elements of other sizes. Compared with the host doing the same through
// memcpy.
#include <amp.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {
unsigned bitsOf(float f) {
  unsigned u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
float floatOf(unsigned u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
struct Pair {
  int lo, hi;
};
} // namespace

TEST(ViewReinterpretInKernels, BothViewsInProgramOrder) {
  const int n = 300;
  std::vector<float> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = 0.75f * i - 97.5f;
  std::vector<float> expect = data;
  array_view<float, 1> v(n, data);
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) {
    array_view<unsigned, 1> bits = v.reinterpret_as<unsigned>();
    bits[i] = bits[i] ^ 0x80000000u;  // negate through the bits
    v[i] = v[i] * 2.0f + 1.0f;        // then read the float just written
    bits[i] = bits[i] + (i[0] % 3 == 0 ? 1u : 0u); // one ulp more on some
  });
  v.synchronize();
  for (int i = 0; i < n; ++i) {
    float f = -expect[i] * 2.0f + 1.0f;
    unsigned u = bitsOf(f) + (i % 3 == 0 ? 1u : 0u);
    ASSERT_EQ(bitsOf(data[i]), u) << i;
  }
}

TEST(ViewReinterpretInKernels, SectionsAndOtherSizes) {
  const int n = 256;
  std::vector<int> data = difftest::smallInts(n, 3, -100000, 100000);
  std::vector<int> expect = data;
  std::vector<int> sums(n / 2 - 2, 0);
  array_view<int, 1> v(n, data);
  array_view<int, 1> out(n / 2 - 2, sums);
  // Elements 4.. as pairs: pair k is ints 4 + 2k and 5 + 2k.
  array_view<int, 1> tail = v.section(4, n - 4);
  parallel_for_each(out.extent, [=](index1 k) restrict(amp) {
    array_view<Pair, 1> pairs = tail.reinterpret_as<Pair>();
    Pair p = pairs[k];
    out[k] = p.lo - p.hi;
    pairs[k].hi = p.lo + p.hi;
  });
  out.synchronize();
  v.synchronize();
  for (int k = 0; k < n / 2 - 2; ++k) {
    int lo = expect[4 + 2 * k], hi = expect[5 + 2 * k];
    ASSERT_EQ(sums[k], lo - hi) << k;
    ASSERT_EQ(data[5 + 2 * k], lo + hi) << k;
    ASSERT_EQ(data[4 + 2 * k], lo) << k;
  }
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(data[i], expect[i]);
}

TEST(ViewReinterpretInKernels, ConstViewsAndArrays) {
  const int n = 200;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i % 2 ? -1.0f : 1.0f) * (0.5f + i);
  array<float, 1> a(n, in.begin());
  array_view<const float, 1> cv(n, in);
  std::vector<unsigned> out(n, 0);
  array_view<unsigned, 1> ov(n, out);
  parallel_for_each(ov.extent, [=, &a](index1 i) restrict(amp) {
    unsigned sign = cv.reinterpret_as<const unsigned>()[i] >> 31;
    a.reinterpret_as<unsigned>()[i] &= 0x7fffffffu; // |x| in place
    ov[i] = sign * 1000u + static_cast<unsigned>(a[i]);
  });
  ov.synchronize();
  std::vector<float> back = a;
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(out[i], (bitsOf(in[i]) >> 31) * 1000u + static_cast<unsigned>(std::fabs(in[i])))
        << i;
    ASSERT_EQ(back[i], floatOf(bitsOf(in[i]) & 0x7fffffffu)) << i;
  }
}
