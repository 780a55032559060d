// Asynchronous submission: dependent launches chain correctly without host
// waits, and repeated launches reuse what the first one created.
#include <cstdint>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

std::vector<int> ramp(std::size_t n, int start, int step) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = start + step * static_cast<int>(i);
  return v;
}

// x -> 2x + offset, with the wrap-around the GPU's 32-bit arithmetic has.
int step(int x, int offset) {
  return static_cast<int>(2u * static_cast<std::uint32_t>(x) + static_cast<std::uint32_t>(offset));
}

} // namespace

TEST(Async, DependentLaunchesChainBeforeHostAccess) {
  const int rows = 12, cols = 6;
  std::vector<int> data = ramp(rows * cols, -7, 3);
  std::vector<int> sums(rows * cols, 0);
  std::vector<int> expected = data;
  for (int &v : expected)
    v = step(step(v, 5), -2);
  expected = tile_sum_reference(expected, rows, cols);

  rt::buffer *a = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  rt::buffer *s = rt::buffer_wrap_host(rt::default_device(), sums.data(), sums.size() * 4);
  launch_scale_offset(a, rows * cols, 5);
  launch_scale_offset(a, rows * cols, -2); // reads the first launch's output
  launch_tile_sum(a, s, rows, cols);       // a different kernel reads it again
  rt::buffer_host_data(s, rt::access::read);
  EXPECT_EQ(sums, expected);
  rt::buffer_release(a);
  rt::buffer_release(s);
}

TEST(Async, TwoHundredLaunchesReuseOnePipeline) {
  const int n = 1000;
  std::vector<int> data = ramp(n, 1, 1);
  std::vector<int> expected = data;
  rt::buffer *b = rt::buffer_create(rt::default_device(), n * sizeof(int));
  rt::buffer_write(b, 0, data.data(), data.size() * 4);

  auto &c = rt::debug_counters();
  launch_scale_offset(b, n, 1); // creates the pipeline if no earlier test did
  for (int &v : expected)
    v = step(v, 1);
  const auto pipelines = c.pipelines_created.load();
  const auto command_buffers = c.command_buffers_created.load();
  const auto staging = c.staging_buffers_created.load();
  for (int i = 0; i < 200; ++i) {
    launch_scale_offset(b, n, i);
    for (int &v : expected)
      v = step(v, i);
  }
  std::vector<int> out(n);
  rt::buffer_read(b, 0, out.data(), out.size() * 4);
  EXPECT_EQ(out, expected);
  EXPECT_EQ(c.pipelines_created.load(), pipelines);
  // Frames are recycled: far fewer command buffers than launches.
  EXPECT_LE(c.command_buffers_created.load() - command_buffers, 65u);
  EXPECT_LE(c.staging_buffers_created.load() - staging, 2u);
  rt::buffer_release(b);
}

TEST(Async, InterleavedHostAndDeviceWritesStayOrdered) {
  const int n = 256;
  std::vector<int> data = ramp(n, 0, 0);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  std::vector<int> expected = data;
  for (int round = 0; round < 20; ++round) {
    launch_scale_offset(b, n, round);
    for (int &v : expected)
      v = step(v, round);
    int *p = static_cast<int *>(rt::buffer_host_data(b, rt::access::read_write));
    p[round] += 1000; // host edit between kernels
    expected[round] += 1000;
  }
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Async, ConcurrentLaunchesFromSeveralThreads) {
  const int threads = 4, n = 5000, rounds = 25;
  std::vector<std::vector<int>> data(threads);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    data[t] = ramp(n, t * 100, t + 1);
    workers.emplace_back([&, t] {
      rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data[t].data(), n * 4);
      for (int r = 0; r < rounds; ++r)
        launch_scale_offset(b, n, t);
      rt::buffer_release(b);
    });
  }
  for (auto &w : workers)
    w.join();
  for (int t = 0; t < threads; ++t) {
    std::vector<int> expected = ramp(n, t * 100, t + 1);
    for (int r = 0; r < rounds; ++r)
      for (int &v : expected)
        v = step(v, t);
    EXPECT_EQ(data[t], expected) << "thread " << t;
  }
}
