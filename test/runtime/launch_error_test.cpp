// Launches the runtime must refuse, with the exact exception type and a
// message that names the problem.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include <ampvk/runtime.h>

#include "device.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;
using ampvk::kernel_image_header;

namespace {

struct fixture_data {
  std::vector<int> in = std::vector<int>(9 * 8, 1);
  std::vector<int> out = std::vector<int>(9 * 8, 0);
  rt::buffer *bin = rt::buffer_wrap_host(rt::default_device(), in.data(), in.size() * 4);
  rt::buffer *bout = rt::buffer_wrap_host(rt::default_device(), out.data(), out.size() * 4);
  ~fixture_data() {
    rt::buffer_release(bin);
    rt::buffer_release(bout);
  }
};

rt::launch_desc desc_for(image_ref image, const void *object, int rank, int e0, int e1 = 1,
                         int e2 = 1) {
  rt::launch_desc desc;
  desc.image = image.data;
  desc.image_size = image.size;
  desc.kernel_object = object;
  desc.rank = rank;
  desc.extent[0] = e0;
  desc.extent[1] = e1;
  desc.extent[2] = e2;
  return desc;
}

// The tile_sum image with a modified header (a fresh image per call: the
// runtime keys its pipeline cache by address).
image_ref tile_sum_variant(void (*edit)(kernel_image_header &)) {
  std::string bytes = ampvk::encode_kernel_image(
      {header(2, 3, 1, 2, true, 48, 32, 24),
       {view_binding(0, 0, ampvk::binding_reads), view_binding(16, 1, ampvk::binding_writes)},
       load_spirv("tile_sum"),
       {}});
  edit_header(bytes, edit);
  return keep_image(bytes);
}

template <typename Exception> std::string message_of(const rt::launch_desc &desc) {
  try {
    rt::launch(desc);
  } catch (const Exception &e) {
    return e.what();
  } catch (const std::exception &e) {
    return std::string("wrong exception type: ") + e.what();
  }
  return "(no exception)";
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST(LaunchErrors, ZeroAndNegativeExtents) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  std::string m = message_of<concurrency::invalid_compute_domain>(desc_for(tile_sum_image(), &k, 2, 9, 0));
  EXPECT_TRUE(contains(m, "concurrency::parallel_for_each: invalid compute domain: extent[1] is 0; "
                          "every extent must be positive"))
      << m;
  m = message_of<concurrency::invalid_compute_domain>(desc_for(tile_sum_image(), &k, 2, -3, 8));
  EXPECT_TRUE(contains(m, "extent[0] is -3")) << m;

  std::vector<int> data(16, 1);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), 64);
  scale_offset_closure s{{b, 16}, 1};
  m = message_of<concurrency::invalid_compute_domain>(desc_for(scale_offset_image(), &s, 1, 0));
  EXPECT_TRUE(contains(m, "extent[0] is 0")) << m;
  rt::buffer_release(b);
  EXPECT_EQ(data, std::vector<int>(16, 1)); // nothing ran
}

TEST(LaunchErrors, ExtentNotDivisibleByTile) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 7}}, {f.bout, {9, 7}}};
  std::string m = message_of<concurrency::invalid_compute_domain>(desc_for(tile_sum_image(), &k, 2, 9, 7));
  EXPECT_TRUE(contains(m, "extent[1] is 7, which is not divisible by the tile extent 2")) << m;
  m = message_of<concurrency::invalid_compute_domain>(desc_for(tile_sum_image(), &k, 2, 8, 8));
  EXPECT_TRUE(contains(m, "extent[0] is 8, which is not divisible by the tile extent 3")) << m;
}

TEST(LaunchErrors, TileOverDeviceLimit) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {64, 64}}, {f.bout, {64, 64}}};
  static const image_ref big = tile_sum_variant([](kernel_image_header &h) {
    h.local_size[0] = 64;
    h.local_size[1] = 32;
  });
  unsigned limit = rt::info(rt::default_device()).max_tile_invocations;
  ASSERT_LT(limit, 64u * 32u);
  std::string m = message_of<concurrency::invalid_compute_domain>(desc_for(big, &k, 2, 64, 64));
  EXPECT_TRUE(contains(m, "a tile of 64x32x1 (x*y*z) = 2048 threads exceeds the limit of " +
                              std::to_string(limit)))
      << m;
  EXPECT_TRUE(contains(m, "maxComputeWorkGroupInvocations")) << m;
}

TEST(LaunchErrors, TileStaticMemoryOverDeviceLimit) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  static const image_ref greedy = tile_sum_variant([](kernel_image_header &h) {
    h.tile_static_bytes = 1u << 30;
  });
  std::string m = message_of<concurrency::invalid_compute_domain>(desc_for(greedy, &k, 2, 9, 8));
  EXPECT_TRUE(contains(m, "1073741824 bytes of tile_static memory")) << m;
  EXPECT_TRUE(contains(m, "maxComputeSharedMemorySize")) << m;
}

TEST(LaunchErrors, OversizedPushBlock) {
  fixture_data f;
  std::vector<unsigned char> object(4096, 0);
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  std::memcpy(object.data(), &k, sizeof k);
  static const image_ref fat = tile_sum_variant([](kernel_image_header &h) {
    h.closure_size = 4000;
    h.push_size = 4016;
  });
  unsigned limit = rt::info(rt::default_device()).max_push_constant_bytes;
  ASSERT_LT(limit, 4016u);
  std::string m = message_of<concurrency::invalid_compute_domain>(desc_for(fat, object.data(), 2, 9, 8));
  EXPECT_TRUE(contains(m, "4016-byte push-constant block, more than the limit of " +
                              std::to_string(limit) + " bytes (maxPushConstantsSize)"))
      << m;
}

TEST(LaunchErrors, TooManyWorkgroups) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  // Tiles of 3 x 2: 2^29 tile rows of 8 tiles are 2^32 workgroups, one more
  // than a folded grid can number; nothing is dispatched.
  std::string m = message_of<concurrency::invalid_compute_domain>(
      desc_for(tile_sum_image(), &k, 2, 3 * 0x20000000, 16));
  EXPECT_TRUE(contains(m, "concurrency::parallel_for_each: invalid compute domain: it needs 8 x "
                          "536870912 x 1 = 4294967296 tiles (workgroups), more than ampvk can "
                          "number (2^32 - 1) and dispatch within the limit of "))
      << m;
  EXPECT_TRUE(contains(m, "(maxComputeWorkGroupCount) on ")) << m;
}

TEST(LaunchErrors, BadMagicAndVersion) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  static const image_ref bad_magic =
      tile_sum_variant([](kernel_image_header &h) { h.magic = 0x12345678; });
  std::string m = message_of<concurrency::runtime_exception>(desc_for(bad_magic, &k, 2, 9, 8));
  EXPECT_TRUE(contains(m, "ampvk: invalid kernel image: bad magic 0x12345678")) << m;
  static const image_ref bad_version =
      tile_sum_variant([](kernel_image_header &h) { h.version = 99; });
  m = message_of<concurrency::runtime_exception>(desc_for(bad_version, &k, 2, 9, 8));
  EXPECT_TRUE(contains(m, "format version 99")) << m;

  // Truncated: the header promises more SPIR-V than there is.
  image_ref good = tile_sum_image();
  rt::launch_desc d = desc_for(good, &k, 2, 9, 8);
  d.image_size = good.size - 4;
  m = message_of<concurrency::runtime_exception>(d);
  EXPECT_TRUE(contains(m, "invalid kernel image")) << m;
  d.image_size = 10;
  m = message_of<concurrency::runtime_exception>(d);
  EXPECT_TRUE(contains(m, "shorter than its header")) << m;
}

TEST(LaunchErrors, RankMismatchAndMissingBuffer) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  std::string m = message_of<concurrency::runtime_exception>(desc_for(tile_sum_image(), &k, 1, 72));
  EXPECT_TRUE(contains(m, "rank-2")) << m;
  m = message_of<concurrency::invalid_compute_domain>(desc_for(tile_sum_image(), &k, 17, 72));
  EXPECT_EQ(m, "concurrency::parallel_for_each: invalid compute domain: rank 17; ampvk launches "
               "ranks 1 to 16");
  static const image_ref tiled_rank4 =
      tile_sum_variant([](kernel_image_header &h) { h.rank = 4; });
  m = message_of<concurrency::runtime_exception>(desc_for(tiled_rank4, &k, 4, 9, 8));
  EXPECT_TRUE(contains(m, "ampvk: invalid kernel image: rank 4")) << m;
  tile_sum_closure no_buffer{{nullptr, {9, 8}}, {f.bout, {9, 8}}};
  m = message_of<concurrency::runtime_exception>(desc_for(tile_sum_image(), &no_buffer, 2, 9, 8));
  EXPECT_TRUE(contains(m, "has no storage")) << m;
}

TEST(LaunchErrors, DeviceStillWorksAfterErrors) {
  fixture_data f;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  EXPECT_THROW(rt::launch(desc_for(tile_sum_image(), &k, 2, 9, 7)), concurrency::invalid_compute_domain);
  rt::launch(desc_for(tile_sum_image(), &k, 2, 9, 8));
  rt::buffer_host_data(f.bout, rt::access::read);
  EXPECT_EQ(f.out, tile_sum_reference(f.in, 9, 8));
}

TEST(LaunchErrors, ArrayLargerThanStorageBufferRange) {
  rt::device *d = rt::default_device();
  const std::size_t range = d->limits().maxStorageBufferRange;
  // The host memory is reserved but never touched (launch rejects the buffer
  // before uploading or allocating anything), so even a 4 GiB range is cheap.
  const std::size_t bytes = (range / sizeof(int) + 1) * sizeof(int);
  std::unique_ptr<void, decltype(&std::free)> host(std::malloc(bytes), &std::free);
  ASSERT_NE(host.get(), nullptr) << "could not reserve " << bytes << " bytes of host memory";
  rt::buffer *b = rt::buffer_wrap_host(d, host.get(), bytes);
  try {
    launch_scale_offset(b, 16, 1);
    ADD_FAILURE() << "launch accepted an oversized buffer";
  } catch (const concurrency::unsupported_feature &e) {
    EXPECT_TRUE(contains(e.what(), "maxStorageBufferRange")) << e.what();
    EXPECT_TRUE(contains(e.what(), std::to_string(bytes) + " bytes")) << e.what();
  }
  rt::buffer_release(b);
}

TEST(LaunchErrors, AnImageRewrittenAtItsAddressIsReadAgain) {
  // Launches keep the images they decoded (read_kernel_image_cached): another
  // image at the same address and size must not be taken for the one kept.
  fixture_data f;
  for (std::size_t i = 0; i < f.in.size(); ++i)
    f.in[i] = static_cast<int>(i * 7 % 23) - 11;
  tile_sum_closure k{{f.bin, {9, 8}}, {f.bout, {9, 8}}};
  image_ref image = tile_sum_variant([](kernel_image_header &) {});
  char *bytes = const_cast<char *>(image.data);
  const std::string original(bytes, image.size);
  rt::launch(desc_for(image, &k, 2, 9, 8));
  rt::buffer_host_data(f.bout, rt::access::read);
  const std::vector<int> first_sums = tile_sum_reference(f.in, 9, 8);
  ASSERT_EQ(f.out, first_sums);

  // A corrupt image in its place is refused.
  std::string corrupt = original;
  edit_header(corrupt, [](kernel_image_header &h) { h.magic = 0x12345678; });
  std::memcpy(bytes, corrupt.data(), corrupt.size());
  std::string m = message_of<concurrency::runtime_exception>(desc_for(image, &k, 2, 9, 8));
  EXPECT_TRUE(contains(m, "ampvk: invalid kernel image: bad magic 0x12345678")) << m;

  // The same header with the bindings swapped: the kernel now reads the
  // object's second view and writes its first.
  const std::string swapped = ampvk::encode_kernel_image(
      {header(2, 3, 1, 2, true, 48, 32, 24),
       {view_binding(16, 0, ampvk::binding_reads), view_binding(0, 1, ampvk::binding_writes)},
       load_spirv("tile_sum"),
       {}});
  ASSERT_EQ(swapped.size(), original.size());
  std::memcpy(bytes, swapped.data(), swapped.size());
  rt::launch(desc_for(image, &k, 2, 9, 8));
  rt::buffer_host_data(f.bin, rt::access::read);
  EXPECT_EQ(f.in, tile_sum_reference(first_sums, 9, 8));
  std::memcpy(bytes, original.data(), original.size());
}
