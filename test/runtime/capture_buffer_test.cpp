// Kernels whose capture block is a storage buffer (kernel_image.h,
// capture_buffer_size): each launch reads its own bytes, also while earlier
// launches are in flight, and launches reuse the frames' capture buffers
// instead of allocating one each.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/exceptions.h>
#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

capture_buffer_closure closure_for(rt::buffer *b, int n, int tag) {
  capture_buffer_closure k{};
  k.data = {b, n};
  k.tag = tag;
  for (int j = 0; j < 60; ++j)
    k.values[j] = tag * 7 + j * j - 100;
  return k;
}

void launch_capture_buffer(const capture_buffer_closure &k, const image_ref &image) {
  rt::launch_desc desc;
  desc.image = image.data;
  desc.image_size = image.size;
  desc.kernel_object = &k;
  desc.rank = 1;
  desc.extent[0] = k.data.extent;
  rt::launch(desc);
}

void expect_results(const std::vector<int> &data, const capture_buffer_closure &k) {
  for (int i = 0; i < k.data.extent; ++i)
    ASSERT_EQ(data[i], k.tag * 1000 + k.values[i % 60]) << "tag " << k.tag << ", element " << i;
}

} // namespace

TEST(CaptureBuffer, LaunchesInFlightEachReadTheirOwnBytes) {
  // Every launch is queued before any result is read; the closures differ.
  const int launches = 48, n = 1000;
  std::vector<std::vector<int>> data(launches, std::vector<int>(n, -1));
  std::vector<rt::buffer *> buffers;
  std::vector<capture_buffer_closure> closures;
  for (int l = 0; l < launches; ++l) {
    buffers.push_back(rt::buffer_wrap_host(rt::default_device(), data[l].data(), n * 4));
    closures.push_back(closure_for(buffers[l], n - l, l + 1));
  }
  for (int l = 0; l < launches; ++l) {
    capture_buffer_closure k = closures[l];
    launch_capture_buffer(k, capture_buffer_image());
    k.tag = -999; // the launch took its copy of the bytes
  }
  for (int l = 0; l < launches; ++l) {
    rt::buffer_release(buffers[l]);
    expect_results(data[l], closures[l]);
    for (int i = n - l; i < n; ++i)
      ASSERT_EQ(data[l][i], -1) << "launch " << l << " wrote past its domain at " << i;
  }
}

TEST(CaptureBuffer, SequentialLaunchesAllocateNoCaptureMemory) {
  const int n = 300;
  std::vector<int> data(n, 0);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
  // The first launch may give a frame its capture buffer; waiting for each
  // launch lets the next reuse that frame.
  capture_buffer_closure first = closure_for(b, n, 1);
  launch_capture_buffer(first, capture_buffer_image());
  rt::wait(rt::default_queue(rt::default_device()));
  const std::uint64_t before = rt::debug_counters().capture_buffers_created;
  for (int l = 2; l < 30; ++l) {
    capture_buffer_closure k = closure_for(b, n, l);
    launch_capture_buffer(k, capture_buffer_image());
    rt::wait(rt::default_queue(rt::default_device()));
    int *host = static_cast<int *>(rt::buffer_host_data(b, rt::access::read));
    ASSERT_EQ(host[n - 1], l * 1000 + k.values[(n - 1) % 60]);
  }
  EXPECT_EQ(rt::debug_counters().capture_buffers_created, before);
  rt::buffer_release(b);
  expect_results(data, closure_for(b, n, 29));
}

TEST(CaptureBuffer, OverTheDeviceLimitIsUnsupportedFeature) {
  std::vector<int> data(64, 0);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  capture_buffer_closure k = closure_for(b, 64, 3);
  std::string bytes(capture_buffer_image().data, capture_buffer_image().size);
  // Beyond any device's maxStorageBufferRange or ampvk's own limit.
  edit_header(bytes, [](ampvk::kernel_image_header &h) { h.capture_buffer_size = 0xFFFFFFF0u; });
  image_ref huge = keep_image(bytes);
  try {
    launch_capture_buffer(k, huge);
    FAIL() << "no exception";
  } catch (const concurrency::unsupported_feature &e) {
    EXPECT_NE(std::string(e.what()).find("ampvk: a kernel cannot capture 4294967280 bytes of "
                                         "data (with the launch header) on "),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("(maxStorageBufferRange, and at most 2147483644 for "
                                         "ampvk's 32-bit offsets); capture fewer or smaller "
                                         "objects"),
              std::string::npos)
        << e.what();
  }
  rt::buffer_release(b);
  EXPECT_EQ(data, std::vector<int>(64, 0));
}
