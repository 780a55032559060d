// Tiled kernels: tile_static memory, barriers, tile indices in 1, 2 and 3-D.
#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

// gtest includes <cstring>, whose glibc index() function would make an
// unqualified `index` ambiguous (see docs/user-guide.md).
using namespace concurrency;
using index1 = concurrency::index<1>;
using index2 = concurrency::index<2>;
using index3 = concurrency::index<3>;

TEST(Tiled, Reduction1D) {
  const int tile = 128, tiles = 9, n = tile * tiles;
  std::vector<int> in(n), sums(tiles, 0);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 1000 - 500;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> out(tiles, sums);
  parallel_for_each(a.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static int partial[tile];
    int l = t.local[0];
    partial[l] = a[t.global];
    t.barrier.wait();
    for (int stride = tile / 2; stride > 0; stride /= 2) {
      if (l < stride)
        partial[l] += partial[l + stride];
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (l == 0)
      out[t.tile[0]] = partial[0];
  });
  for (int k = 0; k < tiles; ++k) {
    int expect = 0;
    for (int i = 0; i < tile; ++i)
      expect += in[k * tile + i];
    ASSERT_EQ(out[k], expect) << "tile " << k;
  }
}

// Warp and lane of a tile-local index, as a tiled kernel splits its tile:
// `l / 32` and `l % 32` of the local index, which the compiler proves
// non-negative (plugin/spirv/passes/NonNegativeDivision.cpp).
TEST(Tiled, LocalIndexDividedIntoWarpsAndLanes) {
  const int tile = 256, tiles = 6, n = tile * tiles;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 1000 - 500;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> o(n, out);
  parallel_for_each(a.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static int partial[tile];
    int l = t.local[0];
    int warp = l / 32, lane = l % 32;
    partial[l] = a[t.global];
    t.barrier.wait();
    // Each lane sums its column of the tile's eight warps.
    int sum = 0;
    for (int w = 0; w < tile / 32; ++w)
      sum += partial[w * 32 + lane];
    o[t.global] = sum * 10 + warp - a[t.global] / 8 + a[t.global] % 4;
  });
  o.synchronize();
  for (int i = 0; i < n; ++i) {
    int base = i / tile * tile, l = i % tile, sum = 0;
    for (int w = 0; w < tile / 32; ++w)
      sum += in[base + w * 32 + l % 32];
    ASSERT_EQ(out[i], sum * 10 + l / 32 - in[i] / 8 + in[i] % 4) << "element " << i;
  }
}

TEST(Tiled, Transpose2DThroughTileStatic) {
  const int T = 8, rows = 24, cols = 40;
  std::vector<float> in(rows * cols), out(rows * cols, 0.0f);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = static_cast<float>(i) * 0.5f - 11.0f;
  array_view<const float, 2> a(rows, cols, in);
  array_view<float, 2> b(cols, rows, out);
  parallel_for_each(a.extent.tile<T, T>(), [=](tiled_index<T, T> t) restrict(amp) {
    tile_static float block[T][T];
    block[t.local[0]][t.local[1]] = a[t.global];
    t.barrier.wait();
    index2 dst(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]);
    b[dst] = block[t.local[1]][t.local[0]];
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_FLOAT_EQ(b(c, r), in[r * cols + c]) << r << "," << c;
}

TEST(Tiled, Indices3D) {
  const int e0 = 4, e1 = 6, e2 = 8;
  std::vector<int> out(e0 * e1 * e2, 0);
  array_view<int, 3> v(e0, e1, e2, out);
  parallel_for_each(v.extent.tile<2, 3, 4>(), [=](tiled_index<2, 3, 4> t) restrict(amp) {
    // The barrier must hold in 3-D tiles too: each thread reads what the
    // thread mirrored through the tile's centre wrote.
    tile_static int globals[2][3][4];
    globals[t.local[0]][t.local[1]][t.local[2]] = t.global[0] * 100 + t.global[1] * 10 + t.global[2];
    t.barrier.wait();
    concurrency::index<3> mirror(1 - t.local[0], 2 - t.local[1], 3 - t.local[2]);
    concurrency::index<3> mirrorGlobal = t.tile_origin + mirror;
    // Every thread of the tile checks its own indices against each other.
    bool ok = globals[mirror[0]][mirror[1]][mirror[2]] ==
                  mirrorGlobal[0] * 100 + mirrorGlobal[1] * 10 + mirrorGlobal[2] &&
              t.global == t.tile_origin + t.local &&
              t.tile_origin[0] == t.tile[0] * 2 && t.tile_origin[1] == t.tile[1] * 3 &&
              t.tile_origin[2] == t.tile[2] * 4;
    v[t.global] = (ok ? 1000000 : 0) + t.tile[0] * 10000 + t.tile[1] * 100 + t.tile[2];
  });
  for (int a = 0; a < e0; ++a)
    for (int b = 0; b < e1; ++b)
      for (int c = 0; c < e2; ++c)
        ASSERT_EQ(v(a, b, c), 1000000 + (a / 2) * 10000 + (b / 3) * 100 + c / 4);
}

TEST(Tiled, NonDivisibleExtentThrows) {
  std::vector<int> data(10, 1);
  array_view<int, 1> v(10, data);
  try {
    parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
      v[t.global] = 2;
    });
    FAIL() << "expected invalid_compute_domain";
  } catch (const invalid_compute_domain &e) {
    EXPECT_NE(std::string(e.what()).find("10"), std::string::npos) << e.what();
  }
  EXPECT_EQ(v[3], 1); // nothing ran, nothing was lost
}
