// The host side of <amp_graphics.h>: every way texels enter and leave a
// texture (constructors, graphics::copy and copy_async of whole textures and
// sections, iterators, texture to texture, staging textures), properties,
// and the exceptions C++ AMP specifies for bad arguments, with their
// messages.
#include <amp_graphics.h>

#include "host_test_helpers.h"

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;
using hosttest::expectRuntimeException;

namespace {
std::vector<int> numbers(int n, int seed) { return hosttest::pattern(n, seed); }
} // namespace

TEST(TextureHostApi, ConstructorsAndProperties) {
  const std::vector<int> data = numbers(6 * 8, 1);
  texture<int, 2> a(6, 8, data.begin(), data.end());
  EXPECT_EQ(a.get_extent(), extent<2>(6, 8));
  EXPECT_EQ(a.extent, extent<2>(6, 8));
  EXPECT_EQ(a.bits_per_scalar_element, 32u);
  EXPECT_EQ(a.mipmap_levels, 1u);
  EXPECT_EQ(a.data_length, 6u * 8u * 4u);
  EXPECT_EQ(a.accelerator_view, accelerator().default_view);
  EXPECT_EQ(a.data(), nullptr); // only staging textures have host texels

  texture<unorm_4, 3> b(extent<3>(2, 4, 8), 8u, accelerator().default_view);
  EXPECT_EQ(b.data_length, 2u * 4u * 8u * 4u);
  texture<float_2, 1> c(100, 16u);
  EXPECT_EQ(c.data_length, 100u * 4u);
  texture<double, 2> d(3, 3);
  EXPECT_EQ(d.bits_per_scalar_element, 64u);
  EXPECT_EQ(d.data_length, 9u * 8u);
  texture<float, 2> full(extent<2>(16, 5), 32u, 0u); // 0: the full chain, 16 -> 1
  EXPECT_EQ(full.mipmap_levels, 5u);
  EXPECT_EQ(full.get_mipmap_extent(4), extent<2>(1, 1));

  // Deep copies and moves.
  texture<int, 2> copied(a);
  texture<int, 2> moved(std::move(copied));
  std::vector<int> got(data.size());
  copy(moved, got.begin());
  EXPECT_EQ(got, data);
  texture<int, 2> assigned(1, 1);
  assigned = a;
  copy(assigned, got.begin());
  EXPECT_EQ(got, data);
}

TEST(TextureHostApi, SectionsBetweenHostAndTexture) {
  const std::vector<int> data = numbers(10 * 12, 2);
  texture<int, 2> t(10, 12, data.begin(), data.end());
  // Out: rows 2..5, columns 3..9.
  std::vector<int> section(4 * 7);
  copy(t, index<2>(2, 3), extent<2>(4, 7), section.data(),
       static_cast<unsigned>(section.size() * 4));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 7; ++j)
      EXPECT_EQ(section[i * 7 + j], data[(2 + i) * 12 + 3 + j]);
  // In: the same values negated, at rows 5..8, columns 0..6.
  for (int &v : section)
    v = -v;
  copy(section.data(), static_cast<unsigned>(section.size() * 4), t, index<2>(5, 0),
       extent<2>(4, 7));
  std::vector<int> all(data.size());
  copy(t, all.data(), static_cast<unsigned>(all.size() * 4));
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 12; ++j) {
      const bool inside = i >= 5 && i < 9 && j < 7;
      EXPECT_EQ(all[i * 12 + j], inside ? section[(i - 5) * 7 + j] : data[i * 12 + j]);
    }
  // Iterators, whole and by section.
  std::vector<int> viaIterator(4 * 7);
  copy(t, index<2>(5, 0), extent<2>(4, 7), viaIterator.begin());
  EXPECT_EQ(viaIterator, section);
  std::vector<int> ones(3 * 3, 1);
  copy(ones.begin(), ones.end(), t, index<2>(0, 0), extent<2>(3, 3));
  copy(t, all.begin());
  EXPECT_EQ(all[0], 1);
  EXPECT_EQ(all[2 * 12 + 2], 1);
  EXPECT_EQ(all[3 * 12 + 3], data[3 * 12 + 3]);
}

TEST(TextureHostApi, TextureToTextureWholeAndSections) {
  const std::vector<float> data = [] {
    std::vector<float> v(8 * 8);
    for (int i = 0; i < 64; ++i)
      v[i] = 0.25f * i;
    return v;
  }();
  texture<float, 2> src(8, 8, data.begin(), data.end());
  texture<float, 2> dst(8, 8);
  copy(src, dst);
  std::vector<float> got(64);
  copy(dst, got.begin());
  EXPECT_EQ(got, data);
  // The 3x4 block at (1, 2) of src to (4, 4) of dst.
  texture<float, 2> other(8, 8);
  copy(src, index<2>(1, 2), other, index<2>(4, 4), extent<2>(3, 4));
  copy(other, got.begin());
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(got[(4 + i) * 8 + 4 + j], data[(1 + i) * 8 + 2 + j]);
  // copy_to and a copy within one texture (regions apart).
  texture<float, 2> third(8, 8);
  src.copy_to(third);
  copy(third, index<2>(0, 0), third, index<2>(4, 4), extent<2>(4, 4));
  copy(third, got.begin());
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(got[(4 + i) * 8 + 4 + j], data[i * 8 + j]);
}

TEST(TextureHostApi, CopyAsyncAllForms) {
  const std::vector<int> data = numbers(16 * 16, 3);
  texture<int, 2> t(16, 16);
  copy_async(data.begin(), data.end(), t).get();
  std::vector<int> got(data.size());
  copy_async(t, got.data(), static_cast<unsigned>(got.size() * 4)).get();
  EXPECT_EQ(got, data);
  texture<int, 2> u(16, 16);
  copy_async(t, u).get();
  std::vector<int> viaIterator(data.size());
  copy_async(u, viaIterator.begin()).get();
  EXPECT_EQ(viaIterator, data);
  std::vector<int> zeros(4 * 4, 0);
  copy_async(zeros.data(), 64u, u, index<2>(2, 2), extent<2>(4, 4)).get();
  std::vector<int> block(4 * 4, 7);
  copy_async(u, index<2>(2, 2), extent<2>(4, 4), block.begin()).get();
  EXPECT_EQ(block, zeros);
}

TEST(TextureHostApi, StagingTexturesLiveInHostMemory) {
  accelerator cpu(accelerator::cpu_accelerator);
  const std::vector<int> data = numbers(4 * 5 * 6, 4);
  texture<int, 3> staging(4, 5, 6, data.begin(), data.end(), cpu.default_view,
                          accelerator().default_view);
  ASSERT_NE(staging.data(), nullptr);
  EXPECT_EQ(staging.row_pitch, 6u * 4u);
  EXPECT_EQ(staging.depth_pitch, 6u * 5u * 4u);
  EXPECT_EQ(staging.associated_accelerator_view, accelerator().default_view);
  const int *texels = static_cast<const int *>(staging.data());
  EXPECT_EQ(std::vector<int>(texels, texels + data.size()), data);
  // To the device and back through a kernel.
  texture<int, 3> device(staging);  // a staging copy, on the same views
  ASSERT_NE(device.data(), nullptr);
  texture<int, 3> onGpu(4, 5, 6);
  copy(staging, onGpu);
  parallel_for_each(onGpu.extent, [&onGpu](index<3> i) restrict(amp) {
    onGpu.set(i, onGpu[i] + 1);
  });
  copy(onGpu, staging);
  for (std::size_t i = 0; i < data.size(); ++i)
    ASSERT_EQ(static_cast<const int *>(staging.data())[i], data[i] + 1);
  // Staging textures are the host's: views of them are an error.
  expectRuntimeException([&] { texture_view<int, 3> v(staging); },
                         "texture_view cannot be created from a staging texture object.");
  expectRuntimeException([&] { (void)onGpu.row_pitch; },
                         "row_pitch is only applicable to staging textures.");
  expectRuntimeException(
      [&] { texture<int, 2> t(extent<2>(4, 4), 32u, 2u, cpu.default_view); },
      "ampvk: a texture cannot live on the CPU accelerator; give an associated "
      "accelerator_view to make a staging texture");
}

TEST(TextureHostApi, BadArgumentsAreRuntimeExceptions) {
  expectRuntimeException([] { texture<int, 1> t(10, 12u); },
                         "Invalid _Bits_per_scalar_element argument - it can only be 8, 16, 32, "
                         "or 64.");
  expectRuntimeException([] { texture<int, 1> t(10, 0u); },
                         "Invalid _Bits_per_scalar_element argument - it can only be 8, 16, 32, "
                         "or 64.");
  expectRuntimeException([] { texture<float, 1> t(10, 64u); },
                         "Invalid _Bits_per_scalar_element argument - 64 is only valid for "
                         "texture of double based short vector types.");
  expectRuntimeException([] { texture<double, 1> t(10, 32u); },
                         "Invalid _Bits_per_scalar_element argument - it can only be 64 for "
                         "texture of double based short vector types.");
  expectRuntimeException(
      [] { texture<float, 1> t(10, 8u); },
      "ampvk: a texture of float with 8 bits per scalar element is not allowed: C++ AMP allows "
      "8, 16 or 32 bits for int and unsigned int, 16 or 32 for float, 8 or 16 for norm and "
      "unorm, 64 for double and double_2");
  expectRuntimeException([] { texture<unorm, 1> t(10, 32u); },
                         "ampvk: a texture of unorm with 32 bits per scalar element is not "
                         "allowed: C++ AMP allows 8, 16 or 32 bits for int and unsigned int, 16 "
                         "or 32 for float, 8 or 16 for norm and unorm, 64 for double and double_2");
  expectRuntimeException([] { texture<int, 2> t(0, 4); },
                         "Invalid - values for each dimension must be > 0");
  expectRuntimeException([] { texture<int, 1> t(16385); },
                         "ampvk: a texture of rank 1 has at most 16384 texels along each "
                         "dimension (C++ AMP's Direct3D 11 limit); this one asks for 16385");
  expectRuntimeException([] { texture<int, 3> t(4, 4, 2049); },
                         "ampvk: a texture of rank 3 has at most 2048 texels along each "
                         "dimension (C++ AMP's Direct3D 11 limit); this one asks for 2049");
  expectRuntimeException([] { texture<int, 2> t(extent<2>(8, 8), 32u, 5u); },
                         "The texture extent is too small to generate (5) mipmap levels, "
                         "the maximum allowed is (4)");
  texture<int, 2> t(4, 4);
  std::vector<int> small(15);
  expectRuntimeException(
      [&] { copy(small.data(), 60u, t); },
      "Invalid _Src_byte_size argument. _Src_byte_size is smaller than the total size of _Dst.");
  expectRuntimeException(
      [&] { copy(t, small.data(), 60u); },
      "Invalid _Dst_byte_size argument. _Dst_byte_size is smaller than the size of the source "
      "section.");
  expectRuntimeException([&] { copy(small.begin(), small.end(), t); },
                         "Inadequate amount of data supplied through the iterators");
  expectRuntimeException([&] { copy(t, index<2>(2, 2), extent<2>(3, 1), small.data(), 60u); },
                         "the specified section index and extent are out of bound");
  texture<int, 2> other(4, 5);
  expectRuntimeException([&] { copy(t, other); },
                         "The source and destination textures must have the exactly the same "
                         "extent for whole-texture copy.");
  texture<float, 2> floats(4, 4);
  expectRuntimeException([&] { copy(t, index<2>(0, 0), t, index<2>(1, 1), extent<2>(2, 2)); },
                         "The source and destination are overlapping areas on the same texture");
  expectRuntimeException([] { sampler s(static_cast<filter_mode>(7)); },
                         "Invalid sampler configuration");
  texture<int, 2> mips(extent<2>(8, 8), 32u, 3u);
  expectRuntimeException([&] { texture_view<const int, 2> v(mips, 1, 3); },
                         "Invalid texture mipmap range");
  expectRuntimeException(
      [&] { (void)mips.get_mipmap_extent(3); },
      "Value for _Mipmap_level parameter (3) cannot be greater than or equal to number of mipmap "
      "levels (3) on the texture or texture view");
  expectRuntimeException([&] { copy(mips, small.data(), 60u); },
                         "Invalid source - multiple mipmap levels cannot be copied to destination");
}

// Vulkan's samplers have three border colours; another is unsupported_feature
// at the launch, naming the colour.
TEST(TextureHostApi, UnusualBorderColourIsUnsupported) {
  texture<float, 2> t(4, 4);
  texture_view<const float, 2> v(t);
  sampler s(filter_point, address_border, float_4(0.5f, 0.0f, 0.0f, 1.0f));
  std::vector<float> out(16);
  array_view<float, 2> o(4, 4, out);
  try {
    parallel_for_each(o.extent, [=](index<2> i) restrict(amp) {
      o[i] = v.sample(s, float_2(-1.0f, -1.0f));
    });
    o.synchronize();
    ADD_FAILURE() << "no exception";
  } catch (const unsupported_feature &e) {
    EXPECT_NE(std::string(e.what()).find("address_border with the colour (0.500000, 0.000000, "
                                         "0.000000, 1.000000) is not supported"),
              std::string::npos)
        << e.what();
  }
}
