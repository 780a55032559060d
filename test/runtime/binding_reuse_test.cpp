// A launch records only its barrier and dispatch when the batch's previous
// launch left its pipeline, descriptors and push constants bound (frame::bound_*
// in queue.h). These tests make the cases where something did change: other
// buffers, other constants, another kernel in between, a new batch in a reused
// frame; every result is compared with a host reference. The descriptor-pool
// path runs in runtime.staging_and_descriptor_pools.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

std::uint64_t bindings() { return rt::debug_counters().descriptor_bindings.load(); }

rt::queue *default_q() { return rt::default_queue(rt::default_device()); }

} // namespace

TEST(BindingReuse, AlternatingViewsConstantsAndKernelsInOneBatch) {
  const int rows = 24, cols = 10, n = rows * cols;
  std::vector<int> a_data = lcg_ints(n, 21), b_data = lcg_ints(n, 22), s_data(n, 0);
  std::vector<int> a_ref = a_data, b_ref = b_data, s_ref(n, 0);
  rt::buffer *a = rt::buffer_wrap_host(rt::default_device(), a_data.data(), n * 4);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), b_data.data(), n * 4);
  rt::buffer *s = rt::buffer_wrap_host(rt::default_device(), s_data.data(), n * 4);
  for (int l = 0; l < 48; ++l) {
    // Pairs on one view (the second of a pair reuses the first's bindings
    // when its constants match), then the other view; the extent (a push
    // constant) and the offset change on their own schedules.
    const bool on_a = (l / 2) % 2 == 0;
    const int extent = l % 5 == 4 ? n - 4 * l : n;
    const int offset = (l / 3) * 7 - 40;
    launch_scale_offset(on_a ? a : b, extent, offset);
    scale_offset_host(on_a ? a_ref : b_ref, extent, offset);
    if (l % 9 == 8) { // another pipeline and layout in between
      launch_tile_sum(on_a ? a : b, s, rows, cols);
      s_ref = tile_sum_reference(on_a ? a_ref : b_ref, rows, cols);
    }
  }
  rt::buffer_host_data(a, rt::access::read);
  rt::buffer_host_data(b, rt::access::read);
  rt::buffer_host_data(s, rt::access::read);
  EXPECT_EQ(a_data, a_ref);
  EXPECT_EQ(b_data, b_ref);
  EXPECT_EQ(s_data, s_ref);
  rt::buffer_release(a);
  rt::buffer_release(b);
  rt::buffer_release(s);
}

TEST(BindingReuse, RepeatedLaunchesBindOncePerBatchAndAgainInTheNextBatch) {
  const int n = 600, launches = 40;
  std::vector<int> data = lcg_ints(n, 23), expected = data;
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
  rt::wait(default_q());
  for (int round = 0; round < 3; ++round) {
    const std::uint64_t before = bindings();
    for (int l = 0; l < launches; ++l) {
      // Constants change every tenth launch: descriptors stay bound.
      launch_scale_offset(b, n, l / 10 - round);
      scale_offset_host(expected, n, l / 10 - round);
    }
    EXPECT_EQ(bindings(), before + 1) << "round " << round;
    // The read submits the batch; the next round records into a recycled
    // frame, whose command buffer starts with nothing bound.
    rt::buffer_host_data(b, rt::access::read);
    ASSERT_EQ(data, expected) << "round " << round;
    int *host = static_cast<int *>(rt::buffer_host_data(b, rt::access::read_write));
    for (int i = 0; i < n; i += 5) { // the host changes the data between rounds
      host[i] = host[i] / 3 + round;
      expected[i] = host[i];
    }
  }
  rt::buffer_release(b);
}

TEST(BindingReuse, ViewsOfTheSameSizeOnTwoQueuesKeepTheirOwnBindings) {
  // Each view's batch has its own frame: what one bound says nothing of the other.
  const int n = 256;
  rt::queue *first = rt::create_queue(rt::default_device(), false);
  rt::queue *second = rt::create_queue(rt::default_device(), false);
  std::vector<int> x = lcg_ints(n, 24), y = lcg_ints(n, 25);
  std::vector<int> x_ref = x, y_ref = y;
  rt::buffer *bx = rt::buffer_wrap_host(rt::default_device(), x.data(), n * 4);
  rt::buffer *by = rt::buffer_wrap_host(rt::default_device(), y.data(), n * 4);
  for (int l = 0; l < 12; ++l) {
    launch_scale_offset(l % 2 ? bx : by, n, 5, l % 4 < 2 ? first : second);
    scale_offset_host(l % 2 ? x_ref : y_ref, n, 5);
  }
  rt::buffer_host_data(bx, rt::access::read);
  rt::buffer_host_data(by, rt::access::read);
  EXPECT_EQ(x, x_ref);
  EXPECT_EQ(y, y_ref);
  rt::buffer_release(bx);
  rt::buffer_release(by);
}
