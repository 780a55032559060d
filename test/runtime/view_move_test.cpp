// Views of host data (or without a data source) that follow their kernels to
// another accelerator (buffer_move_to, move_to_device in buffer.cpp) while the
// old accelerator's views still have batches that used them. A buffer is only ever held by
// batches of the accelerator it lives on (buffer::gpu_holds, guarded by that
// device's mutex), so the move first waits for those batches, and it waits
// without holding any device's mutex. Part of ampvk_fault_tests; run with
// AMPVK_DEVICE_REPLICAS=2 (CTest: runtime.view_move*; scripts/sanitizers.sh
// runs them under ThreadSanitizer).
#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "memory/buffer.h"
#include "device.h"
#include "fault_test_support.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

unsigned holds_of(rt::buffer *b) {
  auto lock = rt::lock_owner(*b);
  return b->gpu_holds;
}

// Host work on d that a thread holding d's mutex would block: arrays made,
// written and read back. Returns false on a wrong result.
bool arrays_round_trip(rt::device *d, int rounds) {
  std::vector<int> data = ramp(1000, 11), back(1000);
  for (int i = 0; i < rounds; ++i) {
    rt::buffer *b = rt::buffer_create(d, data.size() * sizeof(int));
    rt::buffer_write(b, 0, data.data(), data.size() * sizeof(int));
    rt::buffer_read(b, 0, back.data(), back.size() * sizeof(int));
    rt::buffer_release(b);
    if (back != data)
      return false;
  }
  return true;
}

} // namespace

// A batch of one view that used the data, finished but not yet retired (the
// view of the last kernel was another one), no longer keeps a hold on it once
// it lives on the other accelerator: the move retired that batch first.
TEST(ViewMove, LeavesNoHoldOnTheOldAccelerator) {
  rt::device *d0 = device_at(0), *d1 = device_at(1);
  ASSERT_TRUE(d0 && d1) << "run with AMPVK_DEVICE_REPLICAS=2";
  rt::queue *first = rt::create_queue(d0, false), *second = rt::create_queue(d0, false);
  const int n = 4096;
  std::vector<int> host = ramp(n, 3), expect = host;
  rt::buffer *v = rt::buffer_wrap_host(d0, host.data(), host.size() * sizeof(int));
  launch_scale_offset(v, n, 1, first);
  launch_scale_offset(v, n, 2, second); // submits first's batch; nothing retires it
  rt::buffer_move_to(v, d1);
  EXPECT_EQ(rt::buffer_device(v), d1);
  EXPECT_EQ(holds_of(v), 0u) << "a batch of the old accelerator still holds the view";
  for (int &x : expect)
    x = scale(scale(x, 1), 2);
  EXPECT_EQ(host, expect) << "the move did not bring the results to the host";
  launch_scale_offset(v, n, 3, rt::default_queue(d1));
  rt::buffer_synchronize(v);
  for (int &x : expect)
    x = scale(x, 3);
  EXPECT_EQ(host, expect);
  // The old views' batches are gone already: waiting on them touches nothing of v.
  rt::wait(first);
  rt::wait(second);
  EXPECT_EQ(holds_of(v), 0u);
  rt::buffer_release(v);
  rt::queue_release(first);
  rt::queue_release(second);
}

// One thread moves a view back and forth between the accelerators, using it on
// two views of the first one each time, while another thread's launches and
// reads on one of those views retire its batches. Every result is checked;
// under ThreadSanitizer the holds on the moving view must never be changed
// under two different mutexes. The view is one of host data or, without
// a data source, one whose host copy is the runtime's.
static void races_with_retirement_on_the_old_accelerator(bool host_data) {
  rt::device *d0 = device_at(0), *d1 = device_at(1);
  ASSERT_TRUE(d0 && d1) << "run with AMPVK_DEVICE_REPLICAS=2";
  rt::queue *first = rt::create_queue(d0, false), *second = rt::create_queue(d0, false);
  std::atomic<bool> stop{false};
  std::atomic<int> retirer_rounds{0}, retirer_errors{0};
  std::thread retirer([&] {
    const int m = 777;
    std::vector<int> data = ramp(m, -5), expect = data;
    rt::buffer *w = rt::buffer_wrap_host(d0, data.data(), data.size() * sizeof(int));
    for (int round = 0; !stop.load(); ++round) {
      launch_scale_offset(w, m, round % 9, first);
      rt::buffer_synchronize(w); // retires first's batches, with the other thread's in them
      for (int &x : expect)
        x = scale(x, round % 9);
      if (data != expect)
        ++retirer_errors;
      ++retirer_rounds;
    }
    rt::buffer_release(w);
  });
  const int n = 3000;
  const std::size_t bytes = n * sizeof(int);
  std::vector<int> host = ramp(n, 1), expect = host, seen(n);
  rt::buffer *v = host_data ? rt::buffer_wrap_host(d0, host.data(), bytes)
                            : rt::buffer_create_without_source(d0, bytes);
  if (!host_data)
    rt::buffer_write(v, 0, host.data(), bytes);
  while (retirer_rounds.load() == 0)
    std::this_thread::yield();
  for (int round = 0; round < 60; ++round) {
    launch_scale_offset(v, n, round, first); // back to the first accelerator
    launch_scale_offset(v, n, -round, second);
    launch_scale_offset(v, n, 5, rt::default_queue(d1)); // to the second
    if (host_data) {
      rt::buffer_synchronize(v);
      seen = host;
    } else {
      rt::buffer_read(v, 0, seen.data(), bytes);
    }
    for (int &x : expect)
      x = scale(scale(scale(x, round), -round), 5);
    ASSERT_EQ(seen, expect) << "round " << round;
    ASSERT_EQ(rt::buffer_device(v), d1);
  }
  stop = true;
  retirer.join();
  EXPECT_EQ(retirer_errors.load(), 0) << "of " << retirer_rounds.load() << " rounds";
  rt::buffer_release(v);
  rt::queue_release(first);
  rt::queue_release(second);
}

TEST(ViewMove, RacesWithRetirementOnTheOldAccelerator) {
  races_with_retirement_on_the_old_accelerator(/*host_data=*/true);
}

TEST(ViewMove, WithoutDataSourceRacesWithRetirementOnTheOldAccelerator) {
  races_with_retirement_on_the_old_accelerator(/*host_data=*/false);
}

// A move waits for a long kernel that writes the view on the old accelerator
// without holding either accelerator: other threads create, write and read
// arrays on both meanwhile.
TEST(ViewMove, WaitLeavesBothAcceleratorsToOtherThreads) {
  rt::device *d0 = device_at(0), *d1 = device_at(1);
  ASSERT_TRUE(d0 && d1) << "run with AMPVK_DEVICE_REPLICAS=2";
  const slow_work w = slow_work_for(1.0, d0);
  const int n = w.threads;
  std::vector<int> host = ramp(n, 5);
  const std::vector<int> before = host;
  rt::buffer *v = rt::buffer_wrap_host(d0, host.data(), host.size() * sizeof(int));
  launch_slow(v, w);
  std::atomic<bool> moving{false}, moved{false};
  double move_took = 0;
  std::thread mover([&] {
    moving = true;
    auto t0 = std::chrono::steady_clock::now();
    rt::buffer_move_to(v, d1);
    move_took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    moved = true;
  });
  while (!moving)
    std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(arrays_round_trip(d1, 10));
  EXPECT_TRUE(arrays_round_trip(d0, 10));
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool mover_still_waiting = !moved;
  mover.join();
  EXPECT_TRUE(mover_still_waiting) << "the kernel finished too soon to show anything (n=" << n << ", move took " << move_took << " s, work took " << took << " s)";
  EXPECT_LT(took, 0.5) << "host work waited for a move that waits for a kernel";
  EXPECT_EQ(rt::buffer_device(v), d1);
  EXPECT_TRUE(matches_slow_reference(host, before, w));
  std::vector<int> expect = host;
  launch_scale_offset(v, n, 7, rt::default_queue(d1));
  rt::buffer_synchronize(v);
  for (int &x : expect)
    x = scale(x, 7);
  EXPECT_EQ(host, expect);
  rt::buffer_release(v);
}

// AMPVK_KERNEL_TIMEOUT_MS=1000 (runtime.fault_view_move_timeout): a move that
// waits for a kernel of about 3 s on the old accelerator gives that one up
// with accelerator_view_removed at the limit instead of hanging; the view
// stays where it was, and the new accelerator keeps working.
TEST(ViewMoveTimeout, GivesUpOnlyTheOldAccelerator) {
  rt::device *d0 = device_at(0), *d1 = device_at(1);
  ASSERT_TRUE(d0 && d1) << "run with AMPVK_DEVICE_REPLICAS=2";
  const slow_work w = slow_work_for(past_the_limit_seconds, d0);
  const int n = w.threads;
  std::vector<int> host = ramp(n, 9);
  rt::buffer *v = rt::buffer_wrap_host(d0, host.data(), host.size() * sizeof(int));
  rt::queue *view = rt::create_queue(d0, false);
  launch_slow(v, w, view);
  auto start = std::chrono::steady_clock::now();
  try {
    rt::buffer_move_to(v, d1);
    FAIL() << "a move waiting past the time limit returned";
  } catch (const concurrency::accelerator_view_removed &e) {
    EXPECT_NE(std::string(e.what()).find("took longer than the limit of 1000 ms"),
              std::string::npos)
        << e.what();
  }
  double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(waited, 2.5) << "the move's wait was not cut at the limit";
  EXPECT_EQ(rt::buffer_device(v), d0);
  EXPECT_THROW(launch_scale_offset(v, n, 1, rt::default_queue(d1)),
               concurrency::accelerator_view_removed);
  wait_for_cut_kernel_to_end(start);
  EXPECT_TRUE(arrays_round_trip(d1, 3));
  rt::buffer_release(v); // its kernel may still run: the buffer goes at exit
  rt::queue_release(view);
}
