// Kernels launched through rt::launch with hand-written SPIR-V: results are
// checked against host references on non-trivial data.
#include <cstdint>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

std::vector<int> signed_pattern(std::size_t n, int seed) {
  std::vector<int> v(n);
  std::uint32_t x = static_cast<std::uint32_t>(seed);
  for (auto &e : v) {
    x = x * 1103515245u + 12345u;
    e = static_cast<int>((x >> 8) % 20001) - 10000;
  }
  return v;
}

std::vector<int> scale_offset_reference(std::vector<int> v, std::size_t n, int offset) {
  for (std::size_t i = 0; i < n; ++i)
    v[i] = 2 * v[i] + offset;
  return v;
}

} // namespace

TEST(Launch, OneDimensionalArrayViewKernelUsesHeaderBoundsAndClosure) {
  // 1000 is not a multiple of the 64-thread workgroup: the kernel must use
  // the launch header's thread count to skip the padding threads.
  std::vector<int> data = signed_pattern(1000, 1);
  const std::vector<int> expected = scale_offset_reference(data, data.size(), 77);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  launch_scale_offset(b, 1000, 77);
  int *host = static_cast<int *>(rt::buffer_host_data(b, rt::access::read));
  EXPECT_EQ(host, data.data());
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Launch, SmallerDomainLeavesTheRestOfTheBufferIntact) {
  std::vector<int> data = signed_pattern(300, 2);
  const std::vector<int> expected = scale_offset_reference(data, 123, -5);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  launch_scale_offset(b, 123, -5);
  // Releasing the last reference copies the results back (C++ AMP's last
  // array_view destructor synchronizes).
  rt::buffer_release(b);
  EXPECT_EQ(data, expected);
}

TEST(Launch, SynchronizeCopiesResultsBackWithoutHostDataCall) {
  std::vector<int> data = signed_pattern(4096, 3);
  const std::vector<int> expected = scale_offset_reference(data, data.size(), 3);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  launch_scale_offset(b, 4096, 3);
  rt::buffer_synchronize(b);
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Launch, TiledTwoDimensionalKernelWithTileStaticMemory) {
  const int rows = 9, cols = 8; // tiles of 3 rows x 2 columns: 3 x 4 tiles
  std::vector<int> in = signed_pattern(rows * cols, 4);
  std::vector<int> out(rows * cols, 0x7eadbeef);
  rt::buffer *bin = rt::buffer_wrap_host(rt::default_device(), in.data(), in.size() * 4);
  rt::buffer *bout = rt::buffer_wrap_host(rt::default_device(), out.data(), out.size() * 4);
  launch_tile_sum(bin, bout, rows, cols);
  rt::buffer_host_data(bout, rt::access::read);
  EXPECT_EQ(out, tile_sum_reference(in, rows, cols));
  // A read-only binding leaves the host copy current: no download needed.
  auto downloads = rt::debug_counters().downloads.load();
  EXPECT_EQ(rt::buffer_host_data(bin, rt::access::read), in.data());
  EXPECT_EQ(rt::debug_counters().downloads.load(), downloads);
  rt::buffer_release(bin);
  rt::buffer_release(bout);
}

TEST(Launch, SameBufferBoundTwice) {
  // Two views of one vector: in and out alias. Each thread reads its own
  // element before the tile barrier and writes it after, so in-place works.
  const int rows = 6, cols = 10;
  std::vector<int> data = signed_pattern(rows * cols, 5);
  const std::vector<int> expected = tile_sum_reference(data, rows, cols);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  launch_tile_sum(b, b, rows, cols);
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Launch, ArrayReferenceObjectBytesLandAtImageOffset) {
  const int n = 777;
  rt::buffer *b = rt::buffer_create(rt::default_device(), n * sizeof(int));
  array_object array{b, n, 0x5EED};
  array_reference_closure k{&array, -3};
  image_ref image = array_reference_image();
  rt::launch_desc desc;
  desc.image = image.data;
  desc.image_size = image.size;
  desc.kernel_object = &k;
  desc.rank = 1;
  desc.extent[0] = n;
  rt::launch(desc); // no queue: the array's device
  std::vector<int> out(n);
  rt::buffer_read(b, 0, out.data(), out.size() * 4);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 0x5EED - 3 * i + n) << "at " << i;
  rt::buffer_release(b);
}

TEST(Launch, ArrayWrittenOnHostThenUsedByKernel) {
  const int n = 2048;
  std::vector<int> data = signed_pattern(n, 6);
  rt::buffer *b = rt::buffer_create(rt::default_device(), n * sizeof(int));
  rt::buffer_write(b, 0, data.data(), data.size() * 4);
  launch_scale_offset(b, n, 11, rt::default_queue(rt::default_device()));
  // Host element writes between kernels, through host_data.
  int *p = static_cast<int *>(rt::buffer_host_data(b, rt::access::read_write));
  p[0] = 1000;
  p[n - 1] = -1000;
  launch_scale_offset(b, n, 1);
  std::vector<int> expected = scale_offset_reference(data, n, 11);
  expected[0] = 1000;
  expected[n - 1] = -1000;
  expected = scale_offset_reference(expected, n, 1);
  std::vector<int> out(n);
  rt::buffer_read(b, 0, out.data(), out.size() * 4);
  EXPECT_EQ(out, expected);
  rt::buffer_release(b);
}

TEST(Launch, DiscardSkipsTheUpload) {
  std::vector<int> data = signed_pattern(512, 7);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  launch_scale_offset(b, 512, 0); // device copy now current
  rt::buffer_host_data(b, rt::access::write); // host copy becomes the only current one
  for (int &v : data)
    v = 21;
  auto uploads = rt::debug_counters().uploads.load();
  launch_scale_offset(b, 512, 0);
  EXPECT_EQ(rt::debug_counters().uploads.load(), uploads + 1);
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(data, std::vector<int>(512, 42));

  // After discard_data the next launch uploads nothing.
  rt::buffer_host_data(b, rt::access::write);
  rt::buffer_discard(b);
  uploads = rt::debug_counters().uploads.load();
  launch_scale_offset(b, 512, 0);
  EXPECT_EQ(rt::debug_counters().uploads.load(), uploads);
  rt::buffer_release(b);
}

TEST(Launch, WrappedBufferReleasedWhileKernelRunsStillSyncsBack) {
  std::vector<int> data = signed_pattern(100000, 8);
  const std::vector<int> expected = scale_offset_reference(data, data.size(), 9);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  launch_scale_offset(b, static_cast<int>(data.size()), 9);
  rt::buffer_release(b); // waits for the kernel, copies back, frees later
  EXPECT_EQ(data, expected);
}

TEST(Launch, ExplicitQueueAndWait) {
  rt::queue *q = rt::default_queue(rt::default_device());
  const int n = 64 * 5;
  rt::buffer *b = rt::buffer_create(rt::default_device(), n * sizeof(int));
  std::vector<int> data = signed_pattern(n, 9);
  rt::buffer_write(b, 0, data.data(), data.size() * 4);
  launch_scale_offset(b, n, 100, q);
  rt::wait(q);
  std::vector<int> out(n);
  rt::buffer_read(b, 0, out.data(), out.size() * 4);
  EXPECT_EQ(out, scale_offset_reference(data, n, 100));
  rt::buffer_release(b);
}

TEST(Launch, UploadsAroundTheSizeRecordedInTheCommandBuffer) {
  // Without mapped memory (runtime.staging_and_descriptor_pools) data of at
  // most 64 KiB, a multiple of 4 bytes, is uploaded with vkCmdUpdateBuffer,
  // the rest through staging buffers; both must reach the kernel intact.
  for (std::size_t ints : {1u, 16383u, 16384u, 16385u, 40000u}) {
    for (std::size_t tail : {0u, 2u}) { // 2: a size that is no multiple of 4
      const std::size_t bytes = ints * 4 + tail;
      std::vector<int> data = lcg_ints(ints + 1, static_cast<std::uint32_t>(ints + tail));
      std::vector<int> expected = data;
      const int n = static_cast<int>(ints);
      rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), bytes);
      launch_scale_offset(b, n, n % 97 - 50);
      scale_offset_host(expected, n, n % 97 - 50);
      rt::buffer_host_data(b, rt::access::read);
      EXPECT_EQ(data, expected) << bytes << " bytes";
      rt::buffer_release(b);
    }
  }
}
