// Compute domains that need more workgroups along an axis than the device
// dispatches (maxComputeWorkGroupCount: 65535 on lavapipe and most GPUs). The
// runtime folds the grid and the kernel renumbers its workgroups
// (launch_header::grid_folded); every element is checked against the host.
#include <amp.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace concurrency;

namespace {

// Something that depends on every bit of the index, computed alike on both
// sides (unsigned arithmetic wraps the same way).
unsigned mix(unsigned x) restrict(cpu, amp) {
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

} // namespace

TEST(LargeDomain, OneDimensionSixteenMillionAndThree) {
  // 16M + 3 threads in workgroups of 256: 65537 workgroups along x.
  const int n = (1 << 24) + 3;
  std::vector<int> data(n, -1);
  array_view<int, 1> v(n, data);
  v.discard_data();
  parallel_for_each(
      v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0]; });
  v.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], i) << "element " << i;
}

TEST(LargeDomain, OneDimensionComputesFromInputs) {
  const int n = (1 << 24) + 3;
  std::vector<unsigned> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = unsigned(i) * 2654435761u;
  array_view<const unsigned, 1> vin(n, in);
  array_view<unsigned, 1> vout(n, out);
  vout.discard_data();
  parallel_for_each(
      vout.extent, [=](index<1> i) restrict(amp) {
        vout[i] = mix(vin[i] + unsigned(i[0])) ^ vin[(i[0] * 3) % vin.extent[0]];
      });
  vout.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], mix(in[i] + unsigned(i)) ^ in[(std::int64_t(i) * 3) % n]) << "element " << i;
}

TEST(LargeDomain, TwoDimensionsManyColumnsAndManyRows) {
  // Workgroups of 16x16: 65537 along x, then along y.
  const int shapes[2][2] = {{8, (1 << 20) + 5}, {(1 << 20) + 5, 3}};
  for (const auto &shape : shapes) {
    const int rows = shape[0], cols = shape[1];
    std::vector<unsigned> data(std::size_t(rows) * cols, 0);
    array_view<unsigned, 2> v(rows, cols, data);
    v.discard_data();
    parallel_for_each(
        v.extent, [=](index<2> i) restrict(amp) {
          v[i] = unsigned(i[0]) * 1000003u + unsigned(i[1]) * 7u + mix(unsigned(i[1]));
        });
    v.synchronize();
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        ASSERT_EQ(data[std::size_t(r) * cols + c],
                  unsigned(r) * 1000003u + unsigned(c) * 7u + mix(unsigned(c)))
            << rows << "x" << cols << " at " << r << "," << c;
  }
}

TEST(LargeDomain, ThreeDimensionsAlongZAndAlongX) {
  // Workgroups of 16x4x4 (x, y, z): 65537 along z, then along x.
  const int shapes[2][3] = {{262147, 2, 3}, {3, 2, (1 << 20) + 5}};
  for (const auto &shape : shapes) {
    extent<3> e(shape[0], shape[1], shape[2]);
    std::vector<unsigned> data(e.size(), 0);
    array_view<unsigned, 3> v(e, data);
    v.discard_data();
    parallel_for_each(
        e, [=](index<3> i) restrict(amp) {
          v[i] = mix(unsigned((i[0] * e[1] + i[1]) * e[2] + i[2])) + unsigned(i[1]);
        });
    v.synchronize();
    std::size_t at = 0;
    for (int a = 0; a < shape[0]; ++a)
      for (int b = 0; b < shape[1]; ++b)
        for (int c = 0; c < shape[2]; ++c, ++at)
          ASSERT_EQ(data[at], mix(unsigned(at)) + unsigned(b))
              << shape[0] << "x" << shape[1] << "x" << shape[2] << " at " << at;
  }
}

TEST(LargeDomain, RankFourWithFoldedDimensionsAndFoldedGrid) {
  // Dimensions 0 and 1 share z: 600 * 500 = 300000 threads, 75000 workgroups.
  extent<4> e;
  e[0] = 600, e[1] = 500, e[2] = 2, e[3] = 3;
  std::vector<int> data(e.size(), -1);
  array_view<int, 4> v(e, data);
  v.discard_data();
  parallel_for_each(
      e, [=](index<4> i) restrict(amp) { v[i] = ((i[0] * 500 + i[1]) * 2 + i[2]) * 3 + i[3]; });
  v.synchronize();
  for (std::size_t i = 0; i < data.size(); ++i)
    ASSERT_EQ(data[i], int(i)) << "element " << i;
}

TEST(LargeDomain, TiledOneDimensionOf65536Tiles) {
  // 16M elements in tiles of 256: 65536 tiles, one more than x dispatches.
  // Each tile reverses its elements through tile_static memory.
  const int tile = 256, n = 1 << 24;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = int(mix(unsigned(i)) >> 1);
  array_view<const int, 1> vin(n, in);
  array_view<int, 1> vout(n, out);
  vout.discard_data();
  parallel_for_each(
      vout.extent.tile<256>(), [=](tiled_index<256> ti) restrict(amp) {
        tile_static int s[256];
        s[ti.local[0]] = vin[ti.global];
        ti.barrier.wait();
        vout[ti.global] = s[255 - ti.local[0]] ^ ti.tile[0];
      });
  vout.synchronize();
  for (int i = 0; i < n; ++i) {
    int t = i / tile, partner = t * tile + tile - 1 - i % tile;
    ASSERT_EQ(out[i], in[partner] ^ t) << "element " << i;
  }
}

TEST(LargeDomain, TiledTwoDimensionsManyTileRows) {
  // Tiles of 2x16 over 140000 x 32: 70000 tile rows along y. Each tile
  // rotates its elements through tile_static memory.
  const int rows = 140000, cols = 32;
  std::vector<int> data(std::size_t(rows) * cols, 0);
  array_view<int, 2> v(rows, cols, data);
  v.discard_data();
  parallel_for_each(
      v.extent.tile<2, 16>(), [=](tiled_index<2, 16> ti) restrict(amp) {
        tile_static int s[2][16];
        s[ti.local[0]][ti.local[1]] = ti.global[0] * 100 + ti.global[1];
        ti.barrier.wait();
        v[ti.global] = s[1 - ti.local[0]][15 - ti.local[1]] * 3 + ti.tile[0] - ti.tile[1];
      });
  v.synchronize();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int pr = (r / 2) * 2 + 1 - r % 2, pc = (c / 16) * 16 + 15 - c % 16;
      ASSERT_EQ(data[std::size_t(r) * cols + c], (pr * 100 + pc) * 3 + r / 2 - c / 16)
          << "at " << r << "," << c;
    }
}
