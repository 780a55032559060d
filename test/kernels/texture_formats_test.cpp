// Textures of every value type and bits per scalar element C++ AMP allows,
// against host references: texels go up as raw memory, a kernel reads each
// one through a texture_view<const T> and writes it, at the mirrored index,
// through a writable texture_view (a storage image of any format), and the
// raw texels that come back must be the ones that went up, moved. norm and
// unorm texels convert to float and back exactly (Vulkan's conversions are
// exact on the values a texel can hold). A texture read and written in one
// kernel (texture&, texture_view<T> of one 32-bit scalar) is checked against
// arithmetic on the host, for ranks 1, 2 and 3.
#include <amp_graphics.h>

#include "host_test_helpers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

// count valid texels of the format: random bits, except where some bit
// patterns are not values (a NaN or infinity of half or double, snorm's
// extra minimum), which are made from random values instead.
std::vector<unsigned char> randomTexels(const ampvk::rt::texel_format &f, std::size_t count,
                                        unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<unsigned char> raw(ampvk::rt::texel_bytes(f) * count);
  const std::size_t scalars = count * f.components;
  if (f.scalar == ampvk::rt::texel_scalar::float32 ||
      f.scalar == ampvk::rt::texel_scalar::norm) {
    std::uniform_real_distribution<float> value(f.scalar == ampvk::rt::texel_scalar::norm ? -1.0f
                                                                                         : -1e3f,
                                                f.scalar == ampvk::rt::texel_scalar::norm ? 1.0f
                                                                                         : 1e3f);
    std::vector<float> values(scalars);
    for (float &v : values)
      v = value(gen);
    ampvk::rt::texels_pack(f, values.data(), raw.data(), count);
    return raw;
  }
  if (f.scalar == ampvk::rt::texel_scalar::float64) {
    std::uniform_real_distribution<double> value(-1e6, 1e6);
    std::vector<double> values(scalars);
    for (double &v : values)
      v = value(gen);
    std::memcpy(raw.data(), values.data(), raw.size());
    return raw;
  }
  for (unsigned char &b : raw)
    b = static_cast<unsigned char>(gen());
  return raw;
}

template <int N> index<N> mirrored(const index<N> &idx, const extent<N> &e) restrict(cpu, amp) {
  index<N> m;
  for (int i = 0; i < N; ++i)
    m[i] = e[i] - 1 - idx[i];
  return m;
}

template <int N> std::size_t linear(const index<N> &idx, const extent<N> &e) {
  std::size_t l = 0;
  for (int i = 0; i < N; ++i)
    l = l * e[i] + idx[i];
  return l;
}

template <typename T, int N> void roundTrip(const extent<N> &e, unsigned bits, unsigned seed) {
  const ampvk::rt::texel_format f = graphics::detail::format_of<T>(bits);
  const std::size_t texel = ampvk::rt::texel_bytes(f), n = e.size();
  const std::vector<unsigned char> raw = randomTexels(f, n, seed);
  texture<T, N> in(e, raw.data(), static_cast<unsigned>(raw.size()), bits);
  texture<T, N> out(e, bits);
  ASSERT_EQ(in.get_bits_per_scalar_element(), bits);
  ASSERT_EQ(in.get_data_length(), raw.size());
  texture_view<const T, N> src(in);
  texture_view<T, N> dst(out);
  parallel_for_each(e, [=](index<N> idx) restrict(amp) {
    dst.set(idx, src[mirrored(idx, dst.extent)]);
  });
  std::vector<unsigned char> got(raw.size());
  copy(out, got.data(), static_cast<unsigned>(got.size()));
  std::size_t wrong = 0;
  for (std::size_t l = 0; l < n; ++l) {
    index<N> idx;
    std::size_t rest = l;
    for (int i = N - 1; i >= 0; --i) {
      idx[i] = static_cast<int>(rest % e[i]);
      rest /= e[i];
    }
    const std::size_t from = linear(mirrored(idx, e), e);
    wrong += std::memcmp(&got[l * texel], &raw[from * texel], texel) != 0;
  }
  EXPECT_EQ(wrong, 0u) << ampvk::rt::texel_format_name(f) << " rank " << N;
}

// One value type at each bits it allows, at each rank.
template <typename T> void everyRankAndBits(std::initializer_list<unsigned> allowed) {
  unsigned seed = 1;
  for (unsigned bits : allowed) {
    roundTrip<T, 1>(extent<1>(37), bits, seed++);
    roundTrip<T, 2>(extent<2>(9, 13), bits, seed++);
    roundTrip<T, 3>(extent<3>(3, 5, 7), bits, seed++);
  }
}

} // namespace

TEST(TextureFormats, IntAndUnsignedIntRoundTripAt8_16And32Bits) {
  everyRankAndBits<int>({8, 16, 32});
  everyRankAndBits<int_2>({8, 16, 32});
  everyRankAndBits<int_4>({8, 16, 32});
  everyRankAndBits<unsigned int>({8, 16, 32});
  everyRankAndBits<uint_2>({8, 16, 32});
  everyRankAndBits<uint_4>({8, 16, 32});
}

TEST(TextureFormats, FloatRoundTripsAt16And32Bits) {
  everyRankAndBits<float>({16, 32});
  everyRankAndBits<float_2>({16, 32});
  everyRankAndBits<float_4>({16, 32});
}

TEST(TextureFormats, NormAndUnormRoundTripAt8And16Bits) {
  everyRankAndBits<norm>({8, 16});
  everyRankAndBits<norm_2>({8, 16});
  everyRankAndBits<norm_4>({8, 16});
  everyRankAndBits<unorm>({8, 16});
  everyRankAndBits<unorm_2>({8, 16});
  everyRankAndBits<unorm_4>({8, 16});
}

TEST(TextureFormats, DoubleRoundTripsAsTwo32BitWords) {
  everyRankAndBits<double>({64});
  everyRankAndBits<double_2>({64});
}

// Reads in a kernel give Vulkan's conversions of the stored texels, which
// the host's unpacking computes: unorm c / (2^b - 1), norm max(c / (2^(b-1)
// - 1), -1), half to float exactly. Vulkan does not say how the division
// rounds (lavapipe multiplies by the reciprocal): normalized values may be
// one unit in the last place off.
TEST(TextureFormats, KernelReadsConvertAsVulkanDoes) {
  const int n = 64;
  auto check = [&](auto zero, unsigned bits, unsigned seed) {
    using T = decltype(zero);
    const ampvk::rt::texel_format f = graphics::detail::format_of<T>(bits);
    std::vector<unsigned char> raw = randomTexels(f, n, seed);
    if (f.scalar == ampvk::rt::texel_scalar::norm && bits == 8)
      raw[0] = 0x80; // -128 reads as -1, as -127 does
    texture<T, 1> in(n, raw.data(), static_cast<unsigned>(raw.size()), bits);
    std::vector<float> expected(n);
    ampvk::rt::texels_unpack(f, raw.data(), expected.data(), n);
    std::vector<float> got(n);
    array_view<float, 1> out(n, got);
    texture_view<const T, 1> view(in);
    parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = view[i]; });
    out.synchronize();
    const bool normalized = f.scalar != ampvk::rt::texel_scalar::float32;
    for (int i = 0; i < n; ++i)
      EXPECT_NEAR(got[i], expected[i],
                  normalized ? std::fabs(expected[i]) * std::numeric_limits<float>::epsilon() : 0.0f)
          << ampvk::rt::texel_format_name(f) << " texel " << i;
  };
  check(unorm(), 8, 11);
  check(unorm(), 16, 12);
  check(norm(), 8, 13);
  check(norm(), 16, 14);
  check(0.0f, 16, 15);
}

// Writes of float values into norm and unorm texels round to the nearest
// texel, as the host's packing does; out-of-range values clamp. The values
// lie a tenth of a step past a texel (1/255 for unorm, 1/127 for norm), away
// from the halfway points where Vulkan lets the rounding differ.
TEST(TextureFormats, KernelWritesOfNormalizedValuesClampAndRound) {
  const int n = 256;
  std::vector<float> toUnorm(n), toNorm(n);
  for (int i = 0; i < n; ++i) {
    // -1.5 .. 1.5 in steps of texels, past both ends.
    toUnorm[i] = (std::round(-1.5f * 255.0f) + 3.0f * i) / 255.0f + 0.1f / 255.0f;
    toNorm[i] = (std::round(-1.5f * 127.0f) + 1.5f * i) / 127.0f + 0.1f / 127.0f;
  }
  array_view<const float, 1> inU(n, toUnorm), inS(n, toNorm);
  texture<unorm, 1> u(n, 8u);
  texture<norm, 1> s(n, 8u);
  texture_view<unorm, 1> uv(u);
  texture_view<norm, 1> sv(s);
  parallel_for_each(inU.extent, [=](index<1> i) restrict(amp) {
    uv.set(i, unorm(inU[i]));
    sv.set(i, norm(inS[i]));
  });
  std::vector<unsigned char> gotU(n), gotS(n), wantU(n), wantS(n);
  copy(u, gotU.data(), n);
  copy(s, gotS.data(), n);
  // unorm(x) and norm(x) clamp on the host too; packing rounds.
  std::vector<float> clampedU(n), clampedS(n);
  for (int i = 0; i < n; ++i) {
    clampedU[i] = float(unorm(toUnorm[i]));
    clampedS[i] = float(norm(toNorm[i]));
  }
  ampvk::rt::texels_pack(graphics::detail::format_of<unorm>(8), clampedU.data(), wantU.data(), n);
  ampvk::rt::texels_pack(graphics::detail::format_of<norm>(8), clampedS.data(), wantS.data(), n);
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(gotU[i], wantU[i]) << "unorm(" << toUnorm[i] << ")";
    EXPECT_EQ(gotS[i], wantS[i]) << "norm(" << toNorm[i] << ")";
  }
}

// texture<T, N>& read and written in one kernel: one 32-bit int, unsigned
// int or float, declared in the SPIR-V; at every rank.
TEST(TextureFormats, TextureReadAndWrittenInOneKernel) {
  std::vector<int> data = hosttest::pattern(4 * 6 * 5, 3);
  texture<int, 3> t3(4, 6, 5, data.begin(), data.end());
  parallel_for_each(t3.extent, [&t3](index<3> idx) restrict(amp) {
    t3.set(idx, t3[idx] * 3 + idx[0] - idx[2]);
  });
  std::vector<int> got(data.size());
  copy(t3, got.begin());
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 5; ++k) {
        const int l = (i * 6 + j) * 5 + k;
        ASSERT_EQ(got[l], data[l] * 3 + i - k) << i << "," << j << "," << k;
      }

  std::vector<float> f(100);
  for (int i = 0; i < 100; ++i)
    f[i] = 0.5f * i - 7.0f;
  texture<float, 1> t1(100, f.begin(), f.end());
  texture<unsigned int, 2> t2(10, 10);
  parallel_for_each(t1.extent, [&t1, &t2](index<1> i) restrict(amp) {
    float v = t1(i[0]);
    t1.set(i, v * v);
    t2.set(index<2>(i[0] / 10, i[0] % 10), static_cast<unsigned int>(i[0]) * 7u);
  });
  std::vector<float> gotF(100);
  std::vector<unsigned int> gotU(100);
  copy(t1, gotF.begin());
  copy(t2, gotU.begin());
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(gotF[i], f[i] * f[i]);
    EXPECT_EQ(gotU[i], static_cast<unsigned>(i) * 7u);
  }

  // A writable view of one 32-bit float, read and written.
  texture_view<float, 1> v1(t1);
  parallel_for_each(t1.extent, [=](index<1> i) restrict(amp) { v1.set(i, v1[i] + 1.0f); });
  copy(t1, gotF.begin());
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(gotF[i], f[i] * f[i] + 1.0f);
}

// C++ AMP reads and writes through texture& only 32-bit single-component
// textures: a 16-bit one is unsupported_feature at the launch, naming it.
TEST(TextureFormats, ReadWriteOfA16BitTextureIsUnsupported) {
  texture<float, 1> half(16, 16u);
  try {
    parallel_for_each(half.extent, [&half](index<1> i) restrict(amp) {
      half.set(i, half[i] + 1.0f);
    });
    accelerator().default_view.wait();
    ADD_FAILURE() << "no exception";
  } catch (const unsupported_feature &e) {
    EXPECT_NE(std::string(e.what()).find("reads and writes a texture of float with 16 bits per "
                                         "scalar element"),
              std::string::npos)
        << e.what();
  }
}

// A writable view made in a kernel writes its texture as texture& does: a
// texture of four components cannot be written so (Microsoft's headers
// refuse the constructor; ampvk refuses the launch), naming the texture.
TEST(TextureFormats, VectorTextureWrittenThroughAViewMadeInAKernelIsUnsupported) {
  texture<float_4, 1> t(8);
  try {
    parallel_for_each(t.extent, [&t](index<1> i) restrict(amp) {
      texture_view<float_4, 1> v(t);
      v.set(i, float_4(1.0f));
    });
    accelerator().default_view.wait();
    ADD_FAILURE() << "no exception";
  } catch (const unsupported_feature &e) {
    EXPECT_NE(std::string(e.what()).find("writes a texture of float_4 with 32 bits per scalar "
                                         "element; C++ AMP allows that only for 32-bit "
                                         "single-component textures"),
              std::string::npos)
        << e.what();
  }
}
