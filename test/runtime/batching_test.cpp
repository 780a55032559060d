// Launch batching (queue.h): in automatic mode launches are recorded into one
// command buffer and submitted at a synchronization point; in immediate mode
// each is submitted at once; flush submits; views created by create_queue
// keep their own batches and fences. Results are checked against host
// references on non-trivial data, and the submission counter shows how many
// submissions the launches became.
#include <atomic>
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

std::uint64_t submissions() { return rt::debug_counters().submissions.load(); }

rt::queue *default_q() { return rt::default_queue(rt::default_device()); }

} // namespace

TEST(Batching, AutomaticModeSubmitsAChainOnceAtTheHostRead) {
  const int n = 1000, launches = 40;
  std::vector<int> data = lcg_ints(n, 11), expected = data;
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
  rt::wait(default_q()); // nothing of earlier tests pending
  const std::uint64_t before = submissions();
  for (int l = 0; l < launches; ++l) {
    launch_scale_offset(b, n - l, l - 17); // each reads the previous one's output
    scale_offset_host(expected, n - l, l - 17);
  }
  EXPECT_EQ(submissions(), before) << "launches were submitted before a synchronization point";
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(submissions(), before + 1) << "40 launches and the read-back: one submission";
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Batching, ImmediateModeSubmitsEveryLaunch) {
  const int n = 513, launches = 12;
  rt::queue *q = rt::create_queue(rt::default_device(), true);
  EXPECT_TRUE(rt::queue_immediate(q));
  EXPECT_FALSE(rt::queue_immediate(default_q()));
  std::vector<int> data = lcg_ints(n, 12), expected = data;
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
  const std::uint64_t before = submissions();
  for (int l = 0; l < launches; ++l) {
    launch_scale_offset(b, n, 3 * l + 1, q);
    scale_offset_host(expected, n, 3 * l + 1);
    EXPECT_EQ(submissions(), before + l + 1);
  }
  rt::wait(q);
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Batching, FlushSubmitsWithoutWaitingAndOnlyOnce) {
  const int n = 700;
  std::vector<int> data = lcg_ints(n, 13), expected = data;
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
  rt::wait(default_q());
  const std::uint64_t before = submissions();
  for (int l = 0; l < 5; ++l) {
    launch_scale_offset(b, n, l * l - 4);
    scale_offset_host(expected, n, l * l - 4);
  }
  rt::flush(default_q());
  EXPECT_EQ(submissions(), before + 1);
  rt::flush(default_q()); // nothing batched: nothing to submit
  rt::wait(default_q());
  EXPECT_EQ(submissions(), before + 1);
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Batching, DependentKernelsWithHostReadsAndWritesInBetween) {
  const int rows = 24, cols = 10, n = rows * cols;
  std::vector<int> a_data = lcg_ints(n, 14), s_data(n, 0);
  std::vector<int> a_ref = a_data;
  rt::buffer *a = rt::buffer_wrap_host(rt::default_device(), a_data.data(), n * 4);
  rt::buffer *s = rt::buffer_create(rt::default_device(), n * 4);
  for (int round = 0; round < 6; ++round) {
    launch_scale_offset(a, n, round - 2);
    launch_scale_offset(a, n / 2, 5 * round);
    launch_tile_sum(a, s, rows, cols); // reads what the two launches wrote
    scale_offset_host(a_ref, n, round - 2);
    scale_offset_host(a_ref, n / 2, 5 * round);
    std::vector<int> s_ref = tile_sum_reference(a_ref, rows, cols);
    std::vector<int> out(n);
    rt::buffer_read(s, 0, out.data(), n * 4);
    ASSERT_EQ(out, s_ref) << "round " << round;
    // The host changes a between rounds: the next batch must upload it.
    int *host = static_cast<int *>(rt::buffer_host_data(a, rt::access::read_write));
    ASSERT_EQ(std::vector<int>(host, host + n), a_ref) << "round " << round;
    for (int i = 0; i < n; i += 7) {
      host[i] = -host[i] + round;
      a_ref[i] = a_data[i];
    }
  }
  rt::buffer_release(a);
  rt::buffer_release(s);
}

TEST(Batching, LongStreamsAreSubmittedBeforeTheyGrowWithoutBound) {
  const int n = 64, launches = 600;
  std::vector<int> data = lcg_ints(n, 15), expected = data;
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
  rt::wait(default_q());
  const std::uint64_t before = submissions();
  for (int l = 0; l < launches; ++l) {
    launch_scale_offset(b, n, l % 9 - 4);
    scale_offset_host(expected, n, l % 9 - 4);
  }
  const std::uint64_t during = submissions() - before;
  // A batch holds up to 256 launches, or 64 with descriptor pools (one set
  // per launch); the last one waits for the host read.
  EXPECT_GE(during, 2u);
  EXPECT_LE(during, 10u);
  rt::buffer_host_data(b, rt::access::read);
  EXPECT_EQ(data, expected);
  rt::buffer_release(b);
}

TEST(Batching, EachViewWaitsForItsOwnWork) {
  const int n = 400;
  rt::queue *first = rt::create_queue(rt::default_device(), false);
  rt::queue *second = rt::create_queue(rt::default_device(), false);
  EXPECT_NE(first, second);
  std::vector<int> x = lcg_ints(n, 16), y = lcg_ints(n, 17);
  std::vector<int> x_ref = x, y_ref = y;
  rt::buffer *bx = rt::buffer_wrap_host(rt::default_device(), x.data(), n * 4);
  rt::buffer *by = rt::buffer_wrap_host(rt::default_device(), y.data(), n * 4);
  rt::wait(default_q());
  const std::uint64_t before = submissions();
  for (int l = 0; l < 4; ++l) {
    launch_scale_offset(bx, n, l + 1, first);
    launch_scale_offset(by, n, -l, second);
    scale_offset_host(x_ref, n, l + 1);
    scale_offset_host(y_ref, n, -l);
  }
  rt::wait(first);
  EXPECT_EQ(submissions(), before + 1) << "waiting on one view submitted the other's batch";
  rt::wait(second);
  EXPECT_EQ(submissions(), before + 2) << "the second view's batch was not pending";
  rt::buffer_host_data(bx, rt::access::read);
  rt::buffer_host_data(by, rt::access::read);
  EXPECT_EQ(x, x_ref);
  EXPECT_EQ(y, y_ref);
  rt::buffer_release(bx);
  rt::buffer_release(by);
}

TEST(Batching, DataWrittenOnOneViewIsReadCorrectlyOnAnother) {
  const int rows = 15, cols = 8, n = rows * cols;
  rt::queue *writer = rt::create_queue(rt::default_device(), false);
  rt::queue *reader = rt::create_queue(rt::default_device(), true);
  std::vector<int> a_data = lcg_ints(n, 18), a_ref = a_data;
  rt::buffer *a = rt::buffer_wrap_host(rt::default_device(), a_data.data(), n * 4);
  rt::buffer *s = rt::buffer_create(rt::default_device(), n * 4);
  for (int round = 0; round < 3; ++round) {
    launch_scale_offset(a, n, 9 - round, writer); // still batched on writer
    launch_tile_sum(a, s, rows, cols, reader);    // must see it
    launch_scale_offset(a, n, round, default_q()); // and the default view after both
    scale_offset_host(a_ref, n, 9 - round);
    std::vector<int> s_ref = tile_sum_reference(a_ref, rows, cols);
    scale_offset_host(a_ref, n, round);
    std::vector<int> out(n);
    rt::buffer_read(s, 0, out.data(), n * 4);
    ASSERT_EQ(out, s_ref) << "round " << round;
  }
  rt::buffer_host_data(a, rt::access::read);
  EXPECT_EQ(a_data, a_ref);
  rt::buffer_release(a);
  rt::buffer_release(s);
}

// Found by the stress test: a buffer last used on the default view (whose
// serials a buffer does not name a queue for) was not ordered before the next
// launch on a created view, which then ran first.
TEST(Batching, DefaultViewWorkRunsBeforeACreatedViewsLaunch) {
  rt::queue *views[] = {rt::create_queue(rt::default_device(), false),
                        rt::create_queue(rt::default_device(), true)};
  for (rt::queue *second : views) {
    const int n = 333;
    std::vector<int> data = lcg_ints(n, 4), ref = data;
    rt::buffer *a = rt::buffer_wrap_host(rt::default_device(), data.data(), n * 4);
    launch_scale_offset(a, n, 1, default_q()); // batched on the default view
    launch_scale_offset(a, n, 2, second);
    scale_offset_host(ref, n, 1);
    scale_offset_host(ref, n, 2);
    rt::buffer_synchronize(a);
    EXPECT_EQ(data, ref) << (rt::queue_immediate(second) ? "immediate" : "automatic");
    rt::buffer_release(a);
  }
}

TEST(Batching, ManyThreadsLaunchAndWaitOnSharedAndOwnViews) {
  const int threads = 8, launches = 60, n = 256;
  std::vector<std::vector<int>> data(threads), expected(threads);
  std::vector<rt::queue *> queues(threads);
  for (int t = 0; t < threads; ++t) {
    data[t] = lcg_ints(n, 100 + t);
    expected[t] = data[t];
    // Half share the default view, half have their own; some are immediate.
    queues[t] = t % 2 ? default_q() : rt::create_queue(rt::default_device(), t % 4 == 0);
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data[t].data(), n * 4);
      for (int l = 0; l < launches; ++l) {
        launch_scale_offset(b, n, t * 3 - l, queues[t]);
        scale_offset_host(expected[t], n, t * 3 - l);
        if (l % 15 == 14) {
          rt::wait(queues[t]); // waits without blocking the other threads' launches
          int *host = static_cast<int *>(rt::buffer_host_data(b, rt::access::read));
          if (std::vector<int>(host, host + n) != expected[t])
            ++failures;
        }
      }
      rt::buffer_release(b);
    });
  for (auto &w : workers)
    w.join();
  EXPECT_EQ(failures.load(), 0);
  for (int t = 0; t < threads; ++t)
    EXPECT_EQ(data[t], expected[t]) << "thread " << t;
}
