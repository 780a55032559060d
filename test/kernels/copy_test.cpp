// concurrency::copy in each of its synchronous forms (C++ AMP v1.2 §5.3),
// with a kernel between copies so that device and host copies both matter,
// and the errors for mismatched extents and short ranges.
#include <amp.h>

#include <gtest/gtest.h>

#include <list>
#include <numeric>
#include <string>
#include <vector>

using namespace concurrency;

namespace {
std::vector<int> pattern(int n, int seed) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = (i * 7919 + seed * 104729) % 2003 - 1000;
  return v;
}

// Doubles every element on the device.
template <int N> void doubleOnDevice(array<int, N> &a) {
  parallel_for_each(a.extent, [&a](index<N> i) restrict(amp) { a[i] *= 2; });
}

std::vector<int> doubled(std::vector<int> v) {
  for (int &x : v)
    x *= 2;
  return v;
}
} // namespace

TEST(Copy, IteratorsToArrayAndBack) {
  const int rows = 37, cols = 41;
  std::vector<int> in = pattern(rows * cols, 1);
  array<int, 2> a(rows, cols);
  copy(in.begin(), in.end(), a);
  doubleOnDevice(a);
  std::vector<int> out(rows * cols, 0);
  copy(a, out.begin());
  EXPECT_EQ(out, doubled(in));
  // From a non-contiguous container, with only a begin iterator.
  std::list<int> l(in.begin(), in.end());
  copy(l.begin(), a);
  std::vector<int> again = a;
  EXPECT_EQ(again, in);
}

TEST(Copy, ArrayToArrayAndViews) {
  const int n = 1500;
  std::vector<int> in = pattern(n, 2);
  array<int, 1> a(n, in.begin(), in.end());
  array<int, 1> b(n);
  copy(a, b);
  doubleOnDevice(b);
  std::vector<int> host(n, 0);
  array_view<int, 1> v(n, host);
  copy(b, v); // array -> array_view
  EXPECT_EQ(v[7], doubled(in)[7]);
  v.synchronize();
  EXPECT_EQ(host, doubled(in));
  array<int, 1> c(n);
  copy(v, c); // array_view -> array
  doubleOnDevice(c);
  std::vector<int> out = c;
  EXPECT_EQ(out, doubled(doubled(in)));
  array_view<const int, 1> cv(n, in);
  copy(cv, c); // array_view<const T> -> array
  std::vector<int> back = c;
  EXPECT_EQ(back, in);
}

TEST(Copy, ViewToViewAfterAKernel) {
  const int rows = 19, cols = 23;
  std::vector<int> src = pattern(rows * cols, 3), dst(rows * cols, 0);
  array_view<int, 2> s(rows, cols, src);
  parallel_for_each(s.extent, [=](index<2> i) restrict(amp) { s[i] = s[i] + i[0] * 100; });
  array_view<int, 2> d(rows, cols, dst);
  copy(s, d); // sees the kernel's results
  d.synchronize();
  std::vector<int> expect = pattern(rows * cols, 3);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      expect[r * cols + c] += r * 100;
  EXPECT_EQ(dst, expect);
  std::vector<int> collected;
  copy(d, std::back_inserter(collected)); // array_view -> output iterator
  EXPECT_EQ(collected, expect);
  std::vector<int> fresh = pattern(rows * cols, 4);
  copy(fresh.begin(), fresh.end(), d); // iterators -> array_view
  parallel_for_each(d.extent, [=](index<2> i) restrict(amp) { d[i] -= 1; });
  d.synchronize();
  for (int &x : fresh)
    x -= 1;
  EXPECT_EQ(dst, fresh);
}

// array_view::copy_to and array::copy_to(array_view), after kernels: the
// device's results, into an array and into a view.
TEST(Copy, CopyToFromViewsAndArrays) {
  const int rows = 13, cols = 9;
  std::vector<int> src = pattern(rows * cols, 5), dst(rows * cols, 0);
  array_view<int, 2> s(rows, cols, src);
  parallel_for_each(s.extent, [=](index<2> i) restrict(amp) { s[i] = s[i] * 3 - i[1]; });
  std::vector<int> expect = pattern(rows * cols, 5);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      expect[r * cols + c] = expect[r * cols + c] * 3 - c;
  array<int, 2> a(rows, cols);
  s.copy_to(a);
  doubleOnDevice(a);
  array_view<int, 2> d(rows, cols, dst);
  a.copy_to(d);
  d.synchronize();
  EXPECT_EQ(dst, doubled(expect));
  std::vector<int> again(rows * cols, 0);
  array_view<int, 2> g(rows, cols, again);
  array_view<const int, 2>(s).copy_to(g); // from a view of const
  g.synchronize();
  EXPECT_EQ(again, expect);
  array<int, 2> b(rows, cols);
  array_view<const int, 2>(d).copy_to(b);
  EXPECT_EQ(std::vector<int>(b), doubled(expect));
}

TEST(Copy, MismatchedExtentsAndShortRangesThrow) {
  array<int, 2> a(4, 5), b(5, 4);
  std::vector<int> host(20, 1);
  array_view<int, 2> v(4, 5, host);
  try {
    copy(a, b);
    FAIL() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_EQ(e.get_error_code(), E_INVALIDARG_AMP);
    EXPECT_NE(std::string(e.what()).find("(4 x 5) differs from the destination's (5 x 4)"),
              std::string::npos)
        << e.what();
  }
  std::vector<int> few(7, 3);
  try {
    copy(few.begin(), few.end(), a);
    FAIL() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_NE(std::string(e.what()).find("holds 7 elements, the destination 20"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(copy(few.begin(), few.end(), v), runtime_exception);
  EXPECT_EQ(host, std::vector<int>(20, 1)); // nothing was written
}

// array = array_view (C++ AMP's operator=(const array_view<const T, N>&)):
// the view's elements, a section's included, copied into the array; another
// extent is copy's runtime_exception.
TEST(Copy, ArrayAssignedFromAView) {
  const int rows = 6, cols = 10;
  std::vector<int> host(rows * cols);
  std::iota(host.begin(), host.end(), -17);
  array_view<int, 2> v(rows, cols, host);
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = v[i] * 3 + i[0]; });
  array<int, 2> a(rows, cols);
  a = v;
  std::vector<int> back = a.operator std::vector<int>();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_EQ(back[r * cols + c], (-17 + r * cols + c) * 3 + r) << r << "," << c;
  array<int, 2> part(2, 3);
  array_view<const int, 2> section = v.section(index<2>(3, 4), extent<2>(2, 3));
  part = section;
  std::vector<int> partBack = part.operator std::vector<int>();
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c)
      ASSERT_EQ(partBack[r * 3 + c], back[(r + 3) * cols + c + 4]);
  try {
    part = v;
    FAIL() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_EQ(e.get_error_code(), E_INVALIDARG_AMP);
    EXPECT_NE(std::string(e.what()).find("(6 x 10) differs from the destination's (2 x 3)"),
              std::string::npos)
        << e.what();
  }
}
