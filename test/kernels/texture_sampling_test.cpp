// Sampling and gathering (texture_view<const T, N>), mipmap levels, against
// host references: point sampling at texel centres gives the texel exactly;
// linear sampling agrees with a host bilinear reference within the
// sub-texel precision every Vulkan device has (4 bits: weights off by at most
// 1/32); each address mode is checked at and beyond the edges; gather
// returns the four texels in Direct3D's (and Vulkan's) order; each mipmap
// level is read by get, by sample with a level of detail, and through views
// of a range of levels.
#include <amp_graphics.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

constexpr int W = 8, H = 4; // powers of two: texel centres are exact floats

std::vector<float_4> randomTexels(int count, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> value(0.0f, 1.0f);
  std::vector<float_4> v(count);
  for (float_4 &t : v)
    t = float_4(value(gen), value(gen), value(gen), value(gen));
  return v;
}

float component(const float_4 &v, int c) { return c == 0 ? v.x : c == 1 ? v.y : c == 2 ? v.z : v.w; }

// Vulkan's texel addressing of integer texel coordinate x in [0, size).
int address(int x, int size, address_mode mode, bool &border) {
  border = false;
  switch (mode) {
  case address_wrap:
    return ((x % size) + size) % size;
  case address_mirror: {
    int m = ((x % (2 * size)) + 2 * size) % (2 * size) - size;
    return (size - 1) - (m >= 0 ? m : -(1 + m));
  }
  case address_clamp:
    return x < 0 ? 0 : x >= size ? size - 1 : x;
  default:
    border = x < 0 || x >= size;
    return x;
  }
}

} // namespace

TEST(TextureSampling, PointSamplingAtTexelCentresGivesTheTexel) {
  const std::vector<float_4> data = randomTexels(W * H, 1);
  texture<float_4, 2> tex(H, W, data.begin(), data.end());
  texture_view<const float_4, 2> view(tex);
  sampler point(filter_point);
  std::vector<float_4> got(W * H), fixed(W * H);
  array_view<float_4, 2> out(H, W, got), out2(H, W, fixed);
  parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
    float_2 centre((idx[1] + 0.5f) / W, (idx[0] + 0.5f) / H);
    out[idx] = view.sample(point, centre);
    out2[idx] = view.sample<filter_point, address_wrap>(centre);
  });
  out.synchronize();
  out2.synchronize();
  for (int i = 0; i < W * H; ++i)
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(component(got[i], c), component(data[i], c)) << i;
      EXPECT_EQ(component(fixed[i], c), component(data[i], c)) << i;
    }
}

TEST(TextureSampling, LinearSamplingMatchesHostBilinear) {
  const std::vector<float_4> data = randomTexels(W * H, 2);
  texture<float_4, 2> tex(H, W, data.begin(), data.end());
  // The same texels at 8 bits: filtered from unorm values.
  std::vector<unsigned char> bytes(W * H * 4);
  for (int i = 0; i < W * H; ++i)
    for (int c = 0; c < 4; ++c)
      bytes[i * 4 + c] = static_cast<unsigned char>(std::lround(component(data[i], c) * 255.0f));
  texture<unorm_4, 2> tex8(H, W, bytes.data(), static_cast<unsigned>(bytes.size()), 8u);
  texture_view<const float_4, 2> view(tex);
  texture_view<const unorm_4, 2> view8(tex8);
  const int n = 97;
  std::vector<float_2> coords(n);
  std::mt19937 gen(3);
  std::uniform_real_distribution<float> u(-0.2f, 1.2f);
  for (float_2 &c : coords)
    c = float_2(u(gen), u(gen));
  std::vector<float_4> got(n), got8(n);
  array_view<const float_2, 1> at(n, coords);
  array_view<float_4, 1> out(n, got), out8(n, got8);
  sampler linear(filter_linear, address_clamp);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = view.sample(linear, at[i]);
    unorm_4 v = view8.sample<filter_linear, address_clamp>(at[i]);
    out8[i] = float_4(v.x, v.y, v.z, v.w);
  });
  out.synchronize();
  out8.synchronize();
  auto texel = [&](int x, int y, int c, bool eight) {
    x = x < 0 ? 0 : x >= W ? W - 1 : x;
    y = y < 0 ? 0 : y >= H ? H - 1 : y;
    return eight ? bytes[(y * W + x) * 4 + c] / 255.0f : component(data[y * W + x], c);
  };
  for (int i = 0; i < n; ++i) {
    const float fx = coords[i].x * W - 0.5f, fy = coords[i].y * H - 0.5f;
    const int x0 = static_cast<int>(std::floor(fx)), y0 = static_cast<int>(std::floor(fy));
    const float a = fx - x0, b = fy - y0;
    for (int c = 0; c < 4; ++c)
      for (bool eight : {false, true}) {
        const float want = (1 - a) * (1 - b) * texel(x0, y0, c, eight) +
                           a * (1 - b) * texel(x0 + 1, y0, c, eight) +
                           (1 - a) * b * texel(x0, y0 + 1, c, eight) +
                           a * b * texel(x0 + 1, y0 + 1, c, eight);
        const float have = component(eight ? got8[i] : got[i], c);
        EXPECT_NEAR(have, want, 1.0f / 32 + (eight ? 1.0f / 255 : 1e-5f))
            << "sample " << i << " at (" << coords[i].x << ", " << coords[i].y << ")"
            << (eight ? " of unorm_4" : "");
      }
  }
}

TEST(TextureSampling, AddressModesAtAndBeyondTheEdges) {
  const std::vector<float_4> data = randomTexels(W * H, 4);
  texture<float_4, 2> tex(H, W, data.begin(), data.end());
  texture_view<const float_4, 2> view(tex);
  // Texel centres from two texture sizes before to two after, on both axes.
  const int from = -2 * W, to = 3 * W;
  const int n = to - from;
  for (address_mode mode : {address_wrap, address_mirror, address_clamp, address_border}) {
    sampler s(filter_point, mode, float_4(0.0f, 0.0f, 0.0f, 1.0f));
    std::vector<float_4> got(n * n);
    array_view<float_4, 2> out(n, n, got);
    parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
      const float u = (from + idx[1] + 0.5f) / W, v = (from + idx[0] + 0.5f) / H;
      out[idx] = view.sample(s, float_2(u, v));
    });
    out.synchronize();
    int wrong = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        bool bx, by;
        const int x = address(from + i, W, mode, bx), y = address(from + j, H, mode, by);
        const float_4 want = bx || by ? float_4(0.0f, 0.0f, 0.0f, 1.0f) : data[y * W + x];
        for (int c = 0; c < 4; ++c)
          wrong += component(got[j * n + i], c) != component(want, c);
      }
    EXPECT_EQ(wrong, 0) << "address mode " << mode;
  }
}

TEST(TextureSampling, GatherReturnsTheFourTexels) {
  const std::vector<float_4> data = randomTexels(W * H, 5);
  texture<float_4, 2> tex(H, W, data.begin(), data.end());
  texture_view<const float_4, 2> view(tex);
  sampler s(address_clamp);
  // Between texels (x, y) and (x + 1, y + 1): the corner they share.
  std::vector<float_4> red((W - 1) * (H - 1)), alpha((W - 1) * (H - 1)),
      green((W - 1) * (H - 1));
  array_view<float_4, 2> r(H - 1, W - 1, red), a(H - 1, W - 1, alpha), g(H - 1, W - 1, green);
  parallel_for_each(r.extent, [=](index<2> idx) restrict(amp) {
    float_2 corner((idx[1] + 1.0f) / W, (idx[0] + 1.0f) / H);
    r[idx] = view.gather_red(s, corner);
    a[idx] = view.gather_alpha(s, corner);
    g[idx] = view.gather_green<address_wrap>(corner);
  });
  r.synchronize();
  a.synchronize();
  g.synchronize();
  for (int y = 0; y < H - 1; ++y)
    for (int x = 0; x < W - 1; ++x) {
      const int i = y * (W - 1) + x;
      // (x0, y1), (x1, y1), (x1, y0), (x0, y0)
      const int texels[4] = {(y + 1) * W + x, (y + 1) * W + x + 1, y * W + x + 1, y * W + x};
      for (int k = 0; k < 4; ++k) {
        EXPECT_EQ(component(red[i], k), data[texels[k]].x) << x << "," << y << " #" << k;
        EXPECT_EQ(component(green[i], k), data[texels[k]].y) << x << "," << y << " #" << k;
        EXPECT_EQ(component(alpha[i], k), data[texels[k]].w) << x << "," << y << " #" << k;
      }
    }
}

TEST(TextureSampling, MipmapLevelsByGetSampleAndViewRanges) {
  const int size = 16, levels = 4;
  texture<float, 2> tex(extent<2>(size, size), 32u, levels);
  ASSERT_EQ(tex.get_mipmap_levels(), 4u);
  // Level l holds 1000 * l + its linear index.
  for (int l = 0; l < levels; ++l) {
    const extent<2> e = tex.get_mipmap_extent(l);
    ASSERT_EQ(e, extent<2>(size >> l, size >> l));
    std::vector<float> values(e.size());
    for (int i = 0; i < e.size(); ++i)
      values[i] = 1000.0f * l + i;
    texture_view<float, 2> level(tex, l);
    copy(values.data(), static_cast<unsigned>(values.size() * sizeof(float)), level);
  }
  EXPECT_EQ(tex.get_data_length(), (256u + 64u + 16u + 4u) * 4u);

  texture_view<const float, 2> all(tex);
  texture_view<const float, 2> upper(tex, 1, 2); // levels 1 and 2
  EXPECT_EQ(upper.get_extent(), extent<2>(8, 8));
  EXPECT_EQ(upper.get_mipmap_levels(), 2u);
  sampler point(filter_point);
  std::vector<float> byGet(4 * 4 * levels), bySample(4 * 4 * levels), byRange(4 * 4 * 2);
  array_view<float, 3> g(levels, 4, 4, byGet), s(levels, 4, 4, bySample), r(2, 4, 4, byRange);
  parallel_for_each(extent<2>(4, 4), [=](index<2> idx) restrict(amp) {
    for (int l = 0; l < levels; ++l) {
      const int side = size >> l;
      if (idx[0] < side && idx[1] < side) {
        g(l, idx[0], idx[1]) = all.get(idx, l);
        float_2 centre((idx[1] + 0.5f) / side, (idx[0] + 0.5f) / side);
        s(l, idx[0], idx[1]) = all.sample(point, centre, static_cast<float>(l));
      }
    }
    r(0, idx[0], idx[1]) = upper.get(idx, 0);
    r(1, idx[0], idx[1]) = upper.get(idx, 1);
  });
  g.synchronize();
  s.synchronize();
  r.synchronize();
  for (int l = 0; l < levels; ++l) {
    const int side = size >> l;
    for (int i = 0; i < 4 && i < side; ++i)
      for (int j = 0; j < 4 && j < side; ++j) {
        const float want = 1000.0f * l + i * side + j;
        EXPECT_EQ(byGet[(l * 4 + i) * 4 + j], want) << "get, level " << l;
        EXPECT_EQ(bySample[(l * 4 + i) * 4 + j], want) << "sample, level " << l;
        if (l == 1 || l == 2)
          EXPECT_EQ(byRange[((l - 1) * 4 + i) * 4 + j], want) << "view of levels 1-2, level " << l;
      }
  }
  // A whole texture copy takes every level along.
  texture<float, 2> clone(tex);
  std::vector<float> level2(16);
  copy(texture_view<const float, 2>(clone, 2, 1), level2.data(), 64u);
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(level2[i], 2000.0f + i);
}

// Samplers captured by value and copied inside the kernel, and views copied
// into locals and passed to functions by value, keep their bindings.
namespace {
float_4 sampleTwice(texture_view<const float_4, 2> v, sampler s, float_2 at) restrict(amp) {
  return v.sample(s, at) + v.sample(s, at);
}
} // namespace

TEST(TextureSampling, ViewsAndSamplersCopiedInsideKernels) {
  const std::vector<float_4> data = randomTexels(W * H, 6);
  texture<float_4, 2> tex(H, W, data.begin(), data.end());
  texture_view<const float_4, 2> view(tex);
  sampler point(filter_point);
  std::vector<float_4> got(W * H);
  array_view<float_4, 2> out(H, W, got);
  parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
    texture_view<const float_4, 2> local = view;
    sampler s = point;
    out[idx] = sampleTwice(local, s, float_2((idx[1] + 0.5f) / W, (idx[0] + 0.5f) / H));
  });
  out.synchronize();
  for (int i = 0; i < W * H; ++i)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(component(got[i], c), 2.0f * component(data[i], c)) << i;
}

// Views made in a kernel from the textures it captured (C++ AMP's
// restrict(amp) constructors): a writable view of a single-component
// texture, a read-only view of a four-component one with all its levels,
// and a writeonly_texture_view.
TEST(TextureSampling, ViewsMadeInsideKernels) {
  const std::vector<float_4> data = randomTexels(W * H, 7);
  texture<float_4, 2> colours(H, W, data.begin(), data.end());
  std::vector<float> base(W * H);
  for (int i = 0; i < W * H; ++i)
    base[i] = 0.5f * i;
  texture<float, 2> sums(H, W, base.begin(), base.end());
  texture<int, 1> columns(W);
  parallel_for_each(sums.extent, [&colours, &sums, &columns](index<2> idx) restrict(amp) {
    texture_view<float, 2> v(sums);
    texture_view<const float_4, 2> r(colours);
    v.set(idx, v[idx] + r[idx].z + r.get(idx, 0).w);
    if (idx[0] == 0) {
      writeonly_texture_view<int, 1> o(columns);
      o.set(index<1>(idx[1]), idx[1] * 10 + 3);
    }
  });
  std::vector<float> got(W * H);
  std::vector<int> cols(W);
  copy(sums, got.begin());
  copy(columns, cols.begin());
  for (int i = 0; i < W * H; ++i)
    EXPECT_EQ(got[i], base[i] + data[i].z + data[i].w) << i;
  for (int x = 0; x < W; ++x)
    EXPECT_EQ(cols[x], x * 10 + 3);
}
