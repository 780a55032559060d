// Views of views: section (every form), projection, view_as and
// reinterpret_as, on the host and inside kernels, for array_view and array.
// Every view shares its source's data, so writes through one are seen through
// the others. Kernel results are compared with references computed on the
// host from the same input.
#include <amp.h>

#include <gtest/gtest.h>

#include "host_test_helpers.h"
#include "vulkan/internal_counters.h"

#include <cstring>
#include <string>
#include <vector>

using namespace concurrency;

using hosttest::expectRuntimeException;
using hosttest::pattern;

// ---- host ---------------------------------------------------------------

TEST(ViewsHost, EverySectionFormAddressesTheParentsElements) {
  const int R = 7, C = 9;
  std::vector<int> d = pattern(R * C, 1);
  array_view<int, 2> v(R, C, d);
  array_view<int, 2> a = v.section(index<2>(2, 3), extent<2>(4, 5));
  array_view<int, 2> b = v.section(index<2>(5, 1));
  array_view<int, 2> c = v.section(extent<2>(3, 2));
  array_view<int, 2> e = v.section(1, 4, 6, 5);
  EXPECT_EQ(a.extent, extent<2>(4, 5));
  EXPECT_EQ(b.extent, extent<2>(2, 8));
  EXPECT_EQ(c.extent, extent<2>(3, 2));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      ASSERT_EQ(a(i, j), d[(2 + i) * C + 3 + j]);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 8; ++j)
      ASSERT_EQ(b[index<2>(i, j)], d[(5 + i) * C + 1 + j]);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j)
      ASSERT_EQ(c(i, j), d[i * C + j]);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 5; ++j)
      ASSERT_EQ(e(i, j), d[(1 + i) * C + 4 + j]);
  // A section of a section.
  array_view<int, 2> f = a.section(1, 1, 2, 3);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      ASSERT_EQ(f(i, j), d[(3 + i) * C + 4 + j]);

  std::vector<int> d1 = pattern(50, 2);
  array_view<const int, 1> v1(50, d1);
  array_view<const int, 1> s1 = v1.section(13, 20);
  for (int i = 0; i < 20; ++i)
    ASSERT_EQ(s1[i], d1[13 + i]);

  std::vector<int> d3 = pattern(4 * 5 * 6, 3);
  array_view<int, 3> v3(4, 5, 6, d3);
  array_view<int, 3> s3 = v3.section(1, 2, 3, 3, 2, 3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 3; ++k)
        ASSERT_EQ(s3(i, j, k), d3[((1 + i) * 5 + 2 + j) * 6 + 3 + k]);
}

TEST(ViewsHost, WritesThroughASectionAreSeenThroughTheParent) {
  const int R = 6, C = 8;
  std::vector<int> d = pattern(R * C, 4);
  std::vector<int> expect = d;
  array_view<int, 2> v(R, C, d);
  array_view<int, 2> s = v.section(2, 3, 3, 4);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      s(i, j) = i * 100 + j;
      expect[(2 + i) * C + 3 + j] = i * 100 + j;
    }
  array_view<int, 1> row = v[4];
  row[0] = -77;
  expect[4 * C] = -77;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      ASSERT_EQ(v(i, j), expect[i * C + j]) << i << "," << j;
  v.synchronize();
  EXPECT_EQ(d, expect);
}

TEST(ViewsHost, ProjectionsOfRankTwoAndThree) {
  std::vector<int> d = pattern(3 * 4 * 5, 5);
  array_view<int, 3> v(3, 4, 5, d);
  array_view<int, 2> p = v[2];
  array_view<int, 1> q = v[1][3];
  array_view<int, 1> r = v(0)(2);
  EXPECT_EQ(p.extent, extent<2>(4, 5));
  EXPECT_EQ(q.extent, extent<1>(5));
  for (int j = 0; j < 4; ++j)
    for (int k = 0; k < 5; ++k)
      ASSERT_EQ(p(j, k), d[(2 * 4 + j) * 5 + k]);
  for (int k = 0; k < 5; ++k) {
    ASSERT_EQ(q[k], d[(1 * 4 + 3) * 5 + k]);
    ASSERT_EQ(r(k), d[2 * 5 + k]);
  }
  // A projection of a strided section.
  array_view<int, 2> s = v.section(index<3>(1, 1, 2), extent<3>(2, 3, 3))[1];
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 3; ++k)
      ASSERT_EQ(s(j, k), d[(2 * 4 + 1 + j) * 5 + 2 + k]);
}

TEST(ViewsHost, ViewAsReshapesARankOneView) {
  std::vector<float> d(24);
  for (int i = 0; i < 24; ++i)
    d[i] = 0.5f * i - 3.0f;
  array_view<float, 1> v(24, d);
  array_view<float, 3> m = v.section(4, 18).view_as(extent<3>(2, 3, 3));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        ASSERT_EQ(m(i, j, k), d[4 + (i * 3 + j) * 3 + k]);
  m(1, 2, 2) = 99.0f;
  EXPECT_EQ(v[4 + 17], 99.0f);
  // Fewer elements than the source is allowed.
  array_view<float, 2> small = v.view_as(extent<2>(2, 5));
  EXPECT_EQ(small(1, 4), d[9]);
}

TEST(ViewsHost, ReinterpretAsSharesTheBytes) {
  std::vector<float> d = {1.0f, -2.5f, 3.25f, 0.0f, 1e10f, -0.125f};
  array_view<float, 1> v(6, d);
  array_view<unsigned, 1> bits = v.section(1, 4).reinterpret_as<unsigned>();
  ASSERT_EQ(bits.extent, extent<1>(4));
  for (int i = 0; i < 4; ++i) {
    unsigned expect;
    std::memcpy(&expect, &d[1 + i], 4);
    ASSERT_EQ(bits[i], expect);
  }
  bits[2] = 0x40490fdbu; // pi
  EXPECT_EQ(v[3], 3.14159274f);
  std::vector<double> h = {1.0, -2.0, 0.5, 1e300};
  array_view<const double, 1> hv(4, h);
  array_view<const int, 1> words = hv.section(1, 3).reinterpret_as<int>();
  EXPECT_EQ(words.extent, extent<1>(6));
  int second[2];
  std::memcpy(second, &h[2], 8);
  EXPECT_EQ(words[2], second[0]);
  EXPECT_EQ(words[3], second[1]);
}

TEST(ViewsHost, OutOfRangeViewsThrow) {
  std::vector<int> d(6 * 8);
  array_view<int, 2> v(6, 8, d);
  expectRuntimeException([&] { v.section(index<2>(5, 0), extent<2>(2, 8)); },
                         "ampvk: section: origin (5, 0) with extent 2 x 8 is out of bounds "
                         "of the extent 6 x 8");
  expectRuntimeException([&] { v.section(index<2>(-1, 0)); },
                         "ampvk: section: origin (-1, 0) with extent 7 x 8 is out of bounds "
                         "of the extent 6 x 8");
  expectRuntimeException([&] { v.section(extent<2>(6, 9)); },
                         "ampvk: section: origin (0, 0) with extent 6 x 9 is out of bounds "
                         "of the extent 6 x 8");
  expectRuntimeException([&] { v.section(1, 1, 0, 3); },
                         "ampvk: section: origin (1, 1) with extent 0 x 3 is out of bounds "
                         "of the extent 6 x 8");
  array_view<int, 1> row = v[1];
  expectRuntimeException([&] { row.view_as(extent<2>(3, 3)); },
                         "ampvk: view_as: the new extent has 9 elements, more than the 8 of "
                         "the source");
  expectRuntimeException([&] { row.view_as(extent<2>(0, 3)); },
                         "ampvk: array_view/array: every extent must be positive, not 0");
  std::vector<int> c(9);
  array_view<int, 1> cv(9, c);
  expectRuntimeException([&] { cv.reinterpret_as<double>(); },
                         "ampvk: reinterpret_as: a view of 36 bytes at byte 0 is not made of "
                         "whole elements of 8 bytes");
  expectRuntimeException([&] { cv.section(1, 8).reinterpret_as<double>(); },
                         "ampvk: reinterpret_as: a view of 32 bytes at byte 4 is not made of "
                         "whole elements of 8 bytes");
}

TEST(ViewsHost, ArraySectionsProjectionsAndReshapes) {
  std::vector<int> d = pattern(5 * 6, 6);
  array<int, 2> a(5, 6, d.begin(), d.end());
  array_view<int, 2> s = a.section(index<2>(1, 2), extent<2>(3, 3));
  s(0, 0) = 12345;
  d[1 * 6 + 2] = 12345;
  array_view<int, 1> row = a[3];
  for (int j = 0; j < 6; ++j)
    ASSERT_EQ(row[j], d[3 * 6 + j]);
  const array<int, 2> &ca = a;
  array_view<const int, 2> cs = ca.section(extent<2>(2, 2));
  EXPECT_EQ(cs(1, 1), d[7]);
  array_view<int, 3> r = a.view_as(extent<3>(2, 3, 5));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 5; ++k)
        ASSERT_EQ(r(i, j, k), d[(i * 3 + j) * 5 + k]);
  array_view<unsigned, 1> u = a.reinterpret_as<unsigned>();
  EXPECT_EQ(u.extent, extent<1>(30));
  EXPECT_EQ(u[7], static_cast<unsigned>(d[7]));
  std::vector<int> back = a;
  EXPECT_EQ(back, d);
  expectRuntimeException([&] { a.section(4, 0, 2, 6); },
                         "ampvk: section: origin (4, 0) with extent 2 x 6 is out of bounds "
                         "of the extent 5 x 6");
}

// ---- kernels ------------------------------------------------------------

TEST(ViewsKernel, SectionsWithOffsetsAndStrides) {
  const int R = 12, C = 10;
  std::vector<int> in = pattern(R * C, 7);
  std::vector<int> out(4 * 6, 0);
  array_view<const int, 2> src(R, C, in);
  array_view<int, 2> dst(4, 6, out);
  dst.discard_data();
  parallel_for_each(dst.extent, [=](index<2> i) restrict(amp) {
    // Strided: a 4 x 6 window at (3, 2) of a 12 x 10 view; then sections of it.
    array_view<const int, 2> win = src.section(index<2>(3, 2), extent<2>(4, 6));
    array_view<const int, 2> tail = win.section(index<2>(1, 1));
    int extra = i[0] >= 1 && i[1] >= 1 ? tail[i - index<2>(1, 1)] : 0;
    dst[i] = win[i] * 3 + extra + src.section(extent<2>(4, 6))(i[0], i[1]);
  });
  dst.synchronize();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) {
      int w = in[(3 + i) * C + 2 + j];
      int extra = i >= 1 && j >= 1 ? w : 0;
      ASSERT_EQ(out[i * 6 + j], w * 3 + extra + in[i * C + j]) << i << "," << j;
    }
}

TEST(ViewsKernel, WritesThroughASectionReachTheParent) {
  const int n = 200;
  std::vector<int> d = pattern(n, 8), expect = d;
  array_view<int, 1> v(n, d);
  array_view<int, 1> middle = v.section(50, 100);
  parallel_for_each(middle.extent, [=](index<1> i) restrict(amp) {
    middle[i] = middle[i] * 2 + i[0];
  });
  // And a section made inside the kernel, written there.
  parallel_for_each(extent<1>(10), [=](index<1> i) restrict(amp) {
    array_view<int, 1> head = v.section(0, 10);
    head[i] = -head[i];
  });
  for (int i = 50; i < 150; ++i)
    expect[i] = expect[i] * 2 + (i - 50);
  for (int i = 0; i < 10; ++i)
    expect[i] = -expect[i];
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], expect[i]) << i;
  v.synchronize();
  EXPECT_EQ(d, expect);
}

TEST(ViewsKernel, ProjectionsOfRankTwoAndThree) {
  const int A = 3, B = 5, C = 7;
  std::vector<int> in = pattern(A * B * C, 9);
  std::vector<int> in2 = pattern(B * C, 10);
  std::vector<int> out(A * B * C);
  array_view<const int, 3> cube(A, B, C, in);
  array_view<const int, 2> plane(B, C, in2);
  array_view<int, 3> res(A, B, C, out);
  res.discard_data();
  parallel_for_each(res.extent, [=](index<3> i) restrict(amp) {
    array_view<const int, 2> slice = cube[i[0]];
    array_view<const int, 1> line = slice[i[1]];
    int mirrored = cube[A - 1 - i[0]][i[1]][C - 1 - i[2]];
    res[i] = line[i[2]] + 10 * mirrored + 100 * plane[i[1]][i[2]] + res.section(
                 index<3>(0, 0, 0), extent<3>(A, B, C))[i[0]].extent[0];
  });
  res.synchronize();
  for (int a = 0; a < A; ++a)
    for (int b = 0; b < B; ++b)
      for (int c = 0; c < C; ++c) {
        int expect = in[(a * B + b) * C + c] + 10 * in[((A - 1 - a) * B + b) * C + C - 1 - c] +
                     100 * in2[b * C + c] + B;
        ASSERT_EQ(out[(a * B + b) * C + c], expect) << a << "," << b << "," << c;
      }
}

TEST(ViewsKernel, ViewAsReshapesInsideTheKernel) {
  const int n = 48;
  std::vector<float> in(n), out(6 * 8);
  for (int i = 0; i < n; ++i)
    in[i] = 0.25f * i - 5.0f;
  array_view<const float, 1> flat(n, in);
  array_view<float, 2> grid(6, 8, out);
  grid.discard_data();
  parallel_for_each(grid.extent, [=](index<2> i) restrict(amp) {
    array_view<const float, 2> m = flat.view_as(extent<2>(6, 8));
    array_view<const float, 3> t = flat.section(8, 40).view_as(extent<3>(5, 2, 4));
    float fromT = i[0] < 5 ? t(i[0], i[1] / 4, i[1] % 4) : 0.0f;
    grid[i] = m[i] * 2.0f + fromT;
  });
  grid.synchronize();
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c) {
      float fromT = r < 5 ? in[8 + r * 8 + c] : 0.0f;
      ASSERT_EQ(out[r * 8 + c], in[r * 8 + c] * 2.0f + fromT) << r << "," << c;
    }
}

TEST(ViewsKernel, ReinterpretedViewsMadeOnTheHost) {
  const int n = 64;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i - 30) * 1.75f;
  std::vector<unsigned> out(n);
  array_view<const float, 1> f(n, in);
  array_view<const unsigned, 1> bits = f.reinterpret_as<unsigned>();
  array_view<unsigned, 1> o(n, out);
  o.discard_data();
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = bits[i] ^ 0x80000000u; });
  o.synchronize();
  for (int i = 0; i < n; ++i) {
    unsigned expect;
    std::memcpy(&expect, &in[i], 4);
    ASSERT_EQ(out[i], expect ^ 0x80000000u) << i;
  }
}

TEST(ViewsKernel, SectionsAndProjectionsOfArrays) {
  const int R = 8, C = 6;
  std::vector<int> d = pattern(R * C, 11);
  array<int, 2> a(R, C, d.begin(), d.end());
  std::vector<int> out(4 * C);
  array_view<int, 2> o(4, C, out);
  o.discard_data();
  parallel_for_each(o.extent, [=, &a](index<2> i) restrict(amp) {
    array_view<int, 2> lower = a.section(index<2>(4, 0));
    array_view<int, 1> row = a[i[0]];
    o[i] = lower[i] - row[i[1]] + a.view_as(extent<1>(R * C))[i[0] * C + i[1] + 1];
  });
  // Writes into a section of the array inside a kernel.
  parallel_for_each(extent<2>(2, 3), [&a](index<2> i) restrict(amp) {
    array_view<int, 2> s = a.section(1, 2, 2, 3);
    s[i] += 1000;
  });
  o.synchronize();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < C; ++j)
      ASSERT_EQ(out[i * C + j], d[(4 + i) * C + j] - d[i * C + j] + d[i * C + j + 1]);
  std::vector<int> back = a;
  for (int i = 1; i < 3; ++i)
    for (int j = 2; j < 5; ++j)
      d[i * C + j] += 1000;
  EXPECT_EQ(back, d);
}

TEST(ViewsKernel, ViewsPassedToHelpersAndChosenAmongOneSource) {
  const int n = 40;
  std::vector<int> d = pattern(2 * n, 12);
  std::vector<int> out(n);
  array_view<const int, 2> v(2, n, d);
  array_view<int, 1> o(n, out);
  o.discard_data();
  auto sum3 = [](array_view<const int, 1> row, int j) restrict(amp) -> int {
    int s = row[j];
    if (j > 0)
      s += row[j - 1];
    if (j + 1 < row.extent[0])
      s += row[j + 1];
    return s;
  };
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
    array_view<const int, 1> pick = i[0] % 2 ? v[1] : v[0];
    o[i] = sum3(pick, i[0]);
  });
  o.synchronize();
  for (int j = 0; j < n; ++j) {
    const int *row = &d[(j % 2) * n];
    int s = row[j] + (j > 0 ? row[j - 1] : 0) + (j + 1 < n ? row[j + 1] : 0);
    ASSERT_EQ(out[j], s) << j;
  }
}

TEST(ViewsKernel, ViewsWithoutADataSource) {
  const int R = 5, C = 7;
  array_view<int, 2> scratch(R, C); // storage owned by the runtime
  array_view<float, 1> line{extent<1>(C)};
  std::vector<int> in = pattern(R * C, 13);
  array_view<const int, 2> src(R, C, in);
  parallel_for_each(scratch.extent, [=](index<2> i) restrict(amp) {
    scratch[i] = src[i] * 2 - i[1];
    if (i[0] == 0)
      line[i[1]] = 0.5f * i[1];
  });
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      ASSERT_EQ(scratch(i, j), in[i * C + j] * 2 - j);
  for (int j = 0; j < C; ++j)
    ASSERT_EQ(line[j], 0.5f * j);
  // Host writes reach the next kernel, and sections of it work as usual.
  scratch(2, 3) = 1000;
  array_view<int, 1> row = scratch[2];
  parallel_for_each(row.extent, [=](index<1> i) restrict(amp) { row[i] += 1; });
  EXPECT_EQ(scratch(2, 3), 1001);
  EXPECT_EQ(scratch(2, 0), in[2 * C] * 2 + 1);
  EXPECT_EQ(scratch(1, 0), in[C] * 2);
  EXPECT_EQ(row.data()[3], 1001);
}

// C++ AMP: "If the array_view does not have a data source, this API throws a
// runtime_exception" (array_view::get_source_accelerator_view); everything
// else works on such views as on any other.
TEST(ViewsKernel, WithoutADataSourceOnlyTheSourceViewThrows) {
  const char *message = "ampvk: array_view::get_source_accelerator_view: this view has no "
                        "data source (it was made from an extent alone)";
  const int R = 6, C = 10;
  array_view<int, 2> scratch(R, C);
  array_view<int, 1> flat(R * C);
  array_view<const int, 2> readOnly = scratch;
  expectRuntimeException([&] { scratch.get_source_accelerator_view(); }, message);
  expectRuntimeException(
      [&] {
        accelerator_view v = scratch.source_accelerator_view;
        (void)v;
      },
      message);
  expectRuntimeException([&] { readOnly.get_source_accelerator_view(); }, message);
  expectRuntimeException([&] { scratch.section(1, 2, 3, 4).get_source_accelerator_view(); },
                         message);
  expectRuntimeException([&] { scratch[4].get_source_accelerator_view(); }, message);
  expectRuntimeException([&] { flat.view_as(extent<2>(C, R)).get_source_accelerator_view(); },
                         message);
  expectRuntimeException(
      [&] { flat.reinterpret_as<float>().get_source_accelerator_view(); }, message);

  // Views with a data source: host memory is the CPU accelerator's, an
  // array's data its accelerator's.
  std::vector<int> in = pattern(R * C, 15);
  array_view<const int, 2> src(R, C, in);
  EXPECT_EQ(src.get_source_accelerator_view(),
            accelerator(accelerator::cpu_accelerator).default_view);
  array<int, 1> arr(R * C, in.begin());
  array_view<int, 1> overArray(arr);
  EXPECT_EQ(overArray.source_accelerator_view, arr.accelerator_view);
  EXPECT_EQ(overArray.section(3, 5).get_source_accelerator_view(), arr.accelerator_view);

  // discard_data, refresh, kernels, synchronize (all forms) and data() work.
  scratch.discard_data();
  scratch.refresh();
  parallel_for_each(scratch.extent, [=](index<2> i) restrict(amp) {
    scratch[i] = src[i] * 3 + i[0];
    flat[i[0] * C + i[1]] = src[i] - i[1];
  });
  scratch.synchronize();
  scratch.synchronize_async().get();
  flat.synchronize_to(accelerator().default_view);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      ASSERT_EQ(readOnly(i, j), in[i * C + j] * 3 + i) << i << "," << j;
      ASSERT_EQ(flat.data()[i * C + j], in[i * C + j] - j) << i << "," << j;
    }
}

TEST(ViewsKernel, ProjectionsInATiledKernel) {
  const int R = 8, C = 16;
  std::vector<int> in = pattern(R * C, 14), out(R * C);
  array_view<const int, 2> src(R, C, in);
  array_view<int, 2> dst(R, C, out);
  dst.discard_data();
  parallel_for_each(dst.extent.tile<1, 16>(), [=](tiled_index<1, 16> t) restrict(amp) {
    tile_static int row[16];
    array_view<const int, 1> line = src[t.global[0]];
    row[t.local[1]] = line[t.local[1]];
    t.barrier.wait();
    array_view<int, 1> outLine = dst[t.global[0]];
    outLine[t.local[1]] = row[15 - t.local[1]];
  });
  dst.synchronize();
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c)
      ASSERT_EQ(out[r * C + c], in[r * C + 15 - c]) << r << "," << c;
}

// A captured view found at offset 0 is read without its offset: the kernel
// selects 0 by a specialization constant per binding (view_origin_spec_id in
// kernel_image.h), so one kernel launched on whole vectors and on sections
// needs a pipeline for each combination, and every launch must get the right
// one.
void scaleInto(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in[i] * 3 + 1; });
}

TEST(ViewsKernel, OneKernelOnWholeViewsAndOnSections) {
  const int n = 1000;
  std::vector<int> src = pattern(n, 41), dst(n, -7), expected(n, -7);
  array_view<const int, 1> in(n, src);
  array_view<int, 1> out(n, dst);
  struct Launch {
    int in_at, out_at, count;
  };
  // Both at 0, both moved, only the output moved, only the input moved.
  const Launch launches[] = {{0, 0, n}, {100, 500, 300}, {0, 700, 200}, {250, 0, 100}};
  auto &counters = ampvk::rt::debug_counters();
  for (int round = 0; round < 2; ++round) {
    const auto pipelines = counters.pipelines_created.load();
    for (const Launch &l : launches) {
      scaleInto(l.in_at == 0 && l.count == n ? in : in.section(l.in_at, l.count),
                l.out_at == 0 && l.count == n ? out : out.section(l.out_at, l.count));
      for (int i = 0; i < l.count; ++i)
        expected[l.out_at + i] = src[l.in_at + i] * 3 + 1;
    }
    out.synchronize();
    ASSERT_EQ(dst, expected) << "round " << round;
    // Four combinations of views at 0 and moved: four pipelines, made once.
    EXPECT_EQ(counters.pipelines_created.load() - pipelines, round == 0 ? 4u : 0u);
  }
}

TEST(ViewsKernel, SectionsOfRankTwoAtAndAwayFromTheirOrigin) {
  const int R = 16, C = 24, r_n = 8, c_n = 12;
  std::vector<int> src = pattern(R * C, 43), dst(R * C, 5), expected(R * C, 5);
  array_view<const int, 2> in(R, C, src);
  array_view<int, 2> out(R, C, dst);
  auto run = [&](int in_r, int in_c, int out_r, int out_c) {
    array_view<const int, 2> a = in.section(index<2>(in_r, in_c), extent<2>(r_n, c_n));
    array_view<int, 2> o = out.section(index<2>(out_r, out_c), extent<2>(r_n, c_n));
    parallel_for_each(o.extent, [=](index<2> i) restrict(amp) {
      // operator()(i0, i1), a projection and an index: each adds the offset.
      array_view<const int, 1> row = a[i[0]];
      o(i[0], i[1]) = a(i[0], i[1]) * 7 + row[(i[1] + 1) % c_n] - a[i] / 2;
    });
    for (int r = 0; r < r_n; ++r)
      for (int c = 0; c < c_n; ++c) {
        auto at = [&](int cc) { return src[(in_r + r) * C + in_c + cc]; };
        expected[(out_r + r) * C + out_c + c] = at(c) * 7 + at((c + 1) % c_n) - at(c) / 2;
      }
  };
  run(0, 0, 0, 0);  // both sections start at offset 0 (strided all the same)
  run(5, 7, 8, 12); // both moved
  run(3, 0, 0, 12); // the output at 12, the input at row 3
  out.synchronize();
  ASSERT_EQ(dst, expected);
}

// C++ AMP 1.2's rank-1 views of a whole container or C array, with no extent:
// the extent is the element count, the data the container's, read and written
// by a kernel.
TEST(ViewsKernel, RankOneViewsOfAWholeContainerOrCArray) {
  std::vector<int> vec(37);
  for (int i = 0; i < 37; ++i)
    vec[i] = i * 11 - 150;
  const std::vector<int> constVec = vec;
  float cArray[29];
  for (int i = 0; i < 29; ++i)
    cArray[i] = 0.25f * i - 3.0f;
  const int constArray[5] = {4, -8, 15, 16, -23};

  array_view<int, 1> v(vec);
  array_view<const int, 1> cv(constVec);
  array_view<float, 1> f(cArray);
  array_view<const int, 1> ca(constArray);
  EXPECT_EQ(v.extent[0], 37);
  EXPECT_EQ(cv.extent[0], 37);
  EXPECT_EQ(f.extent[0], 29);
  EXPECT_EQ(ca.extent[0], 5);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = cv[i] * 2 + ca[i[0] % 5];
    if (i[0] < 29)
      f[i] = f[i] * 4.0f + 1.0f;
  });
  v.synchronize();
  f.synchronize();
  for (int i = 0; i < 37; ++i)
    EXPECT_EQ(vec[i], constVec[i] * 2 + constArray[i % 5]);
  for (int i = 0; i < 29; ++i)
    EXPECT_EQ(cArray[i], (0.25f * i - 3.0f) * 4.0f + 1.0f);
}
