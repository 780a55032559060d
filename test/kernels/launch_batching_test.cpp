// Launch batching through the C++ AMP API: chains of kernels that each read
// the previous one's output, with host reads and writes in between, on the
// default (automatic) view, an immediate view and created views; flush, wait
// per view, copy_async, and several threads. Results against host references.
// (The submission counts are pinned in test/runtime/batching_test.cpp.)
#include <amp.h>

#include <gtest/gtest.h>

#include "host_test_helpers.h"
#include "vulkan/internal_counters.h"

#include <memory>
#include <thread>
#include <vector>

using namespace concurrency;

using hosttest::pattern;

namespace {

// out[i] = in[i] * 3 - in[(i + 1) % n]: each element depends on two of the input.
void step(const accelerator_view &av, array<int, 1> &in, array<int, 1> &out) {
  const int n = in.extent[0];
  parallel_for_each(av, in.extent, [=, &in, &out](index<1> i) restrict(amp) {
    out[i] = in[i] * 3 - in[(i[0] + 1) % n];
  });
}

std::vector<int> step_host(const std::vector<int> &in) {
  const int n = static_cast<int>(in.size());
  std::vector<int> out(n);
  for (int i = 0; i < n; ++i)
    out[i] = static_cast<int>(static_cast<unsigned>(in[i]) * 3u -
                              static_cast<unsigned>(in[(i + 1) % n]));
  return out;
}

// Ten dependent kernels ping-ponging between two arrays on av, a host read
// and a host write of the result in between every few.
void chain_on(const accelerator_view &av, int seed) {
  const int n = 1031;
  std::vector<int> ref = pattern(n, seed);
  for (int &v : ref)
    v %= 1000;
  array<int, 1> a(n, ref.begin(), av), b(n, av);
  for (int k = 0; k < 10; ++k) {
    array<int, 1> &in = k % 2 ? b : a;
    array<int, 1> &out = k % 2 ? a : b;
    step(av, in, out);
    ref = step_host(ref);
    if (k % 3 == 2) {
      std::vector<int> got = out; // a copy out: a synchronization point
      ASSERT_EQ(got, ref) << "after kernel " << k;
      ref[k] = -7 * k; // the host changes the data the next kernel reads
      copy(ref.begin(), ref.end(), out);
    }
  }
  std::vector<int> got = a; // the tenth kernel (k = 9) wrote a
  EXPECT_EQ(got, ref);
}

} // namespace

TEST(LaunchBatching, DependentKernelsOnTheDefaultView) {
  chain_on(accelerator().default_view, 1);
}

TEST(LaunchBatching, DependentKernelsOnAnImmediateView) {
  accelerator_view iv = accelerator().create_view(queuing_mode_immediate);
  EXPECT_EQ(iv.queuing_mode, queuing_mode_immediate);
  chain_on(iv, 2);
}

TEST(LaunchBatching, DependentKernelsOnACreatedAutomaticView) {
  accelerator_view av = accelerator().create_view(queuing_mode_automatic);
  chain_on(av, 3);
}

TEST(LaunchBatching, FlushThenWaitAndArrayViewReads) {
  accelerator_view av = accelerator().create_view();
  const int n = 600;
  std::vector<int> data = pattern(n, 4), ref = data;
  array_view<int, 1> v(n, data);
  for (int k = 0; k < 20; ++k) {
    parallel_for_each(av, v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] / 2 + k; });
    for (int &x : ref)
      x = x / 2 + k;
  }
  av.flush();
  av.wait();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], ref[i]) << i; // host reads through the view
  // More kernels after the host read see what the host read saw.
  parallel_for_each(av, v.extent, [=](index<1> i) restrict(amp) { v[i] -= 1; });
  v.synchronize();
  for (int &x : ref)
    x -= 1;
  EXPECT_EQ(data, ref);
}

TEST(LaunchBatching, TwoViewsShareDataInOrder) {
  accelerator acc;
  accelerator_view first = acc.create_view(), second = acc.create_view();
  const int n = 333;
  std::vector<int> ref = pattern(n, 5);
  array<int, 1> a(n, ref.begin()), b(n);
  for (int k = 0; k < 4; ++k) {
    step(first, a, b); // batched on first
    step(second, b, a); // reads it on second
    ref = step_host(step_host(ref));
  }
  second.wait();
  std::vector<int> got(n);
  completion_future done = copy_async(a, got.begin()); // waits for nothing more
  done.get();
  EXPECT_EQ(got, ref);
}

TEST(LaunchBatching, ThreadsWithTheirOwnViewsAndTheDefaultOne) {
  std::vector<std::thread> threads;
  std::vector<int> ok(6, 0);
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([t, &ok] {
      accelerator acc;
      accelerator_view av = t % 2 ? acc.default_view
                                  : acc.create_view(t % 4 ? queuing_mode_automatic
                                                          : queuing_mode_immediate);
      const int n = 257;
      std::vector<int> data = pattern(n, 10 + t), ref = data;
      array_view<int, 1> v(n, data);
      for (int k = 0; k < 30; ++k) {
        parallel_for_each(av, v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 5 % 9973 + t; });
        for (int &x : ref)
          x = x * 5 % 9973 + t;
        if (k % 10 == 9)
          av.wait();
      }
      v.synchronize();
      ok[t] = data == ref;
    });
  for (auto &th : threads)
    th.join();
  for (int t = 0; t < 6; ++t)
    EXPECT_TRUE(ok[t]) << "thread " << t;
}

// An array made on a created view reports that view (so do its copies), and a
// kernel that captures it with no view given runs there: on an immediate view
// the launch is submitted at once, on the default view it would wait.
TEST(LaunchBatching, ArraysKeepTheViewTheyWereMadeOn) {
  accelerator acc;
  accelerator_view immediate = acc.create_view(queuing_mode_immediate);
  const int n = 3000;
  std::vector<int> input = pattern(n, 17);
  array<int, 1> a(n, input.begin(), immediate);
  EXPECT_TRUE(a.get_accelerator_view() == immediate);
  EXPECT_TRUE(a.accelerator_view != acc.default_view);
  EXPECT_EQ(a.accelerator_view.queuing_mode, queuing_mode_immediate);
  array<int, 1> copyOfA(a);
  EXPECT_TRUE(copyOfA.get_accelerator_view() == immediate);

  std::uint64_t before = ampvk::rt::debug_counters().submissions.load();
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] * 5 - i[0]; });
  EXPECT_EQ(ampvk::rt::debug_counters().submissions.load() - before, 1u);
  std::vector<int> out = a;
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], input[i] * 5 - i) << i;

  array<int, 1> onDefault(n, input.begin());
  EXPECT_TRUE(onDefault.accelerator_view == acc.default_view);
  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  array<int, 1> staging(n, cpu, immediate);
  EXPECT_TRUE(staging.get_associated_accelerator_view() == immediate);
}

TEST(LaunchBatching, CreatedViewsAreFreedAfterTheirLastHandle) {
  // Views made in a loop: each one's Vulkan objects go once no copy of it
  // and no array made on it is left, after its work is done.
  accelerator acc;
  auto &counters = ampvk::rt::debug_counters();
  const std::uint64_t created = counters.views_created.load();
  const std::uint64_t destroyed = counters.views_destroyed.load();
  const int rounds = 40, n = 777;
  for (int r = 0; r < rounds; ++r) {
    accelerator_view v = acc.create_view(r % 2 ? queuing_mode_immediate : queuing_mode_automatic);
    chain_on(v, r);
    accelerator_view copy = v; // copies are handles too
    EXPECT_TRUE(copy == v);
  }
  EXPECT_EQ(counters.views_created.load() - created, static_cast<std::uint64_t>(rounds));
  EXPECT_EQ(counters.views_destroyed.load() - destroyed, static_cast<std::uint64_t>(rounds));

  // An array keeps the view it was made on alive after every accelerator_view
  // of it is gone; its kernels still run there and see its data.
  std::vector<int> input = pattern(n, 3);
  std::vector<int> result;
  {
    std::unique_ptr<array<int, 1>> a;
    {
      accelerator_view v = acc.create_view();
      a.reset(new array<int, 1>(n, input.begin(), v));
    }
    EXPECT_EQ(counters.views_destroyed.load() - destroyed, static_cast<std::uint64_t>(rounds));
    array<int, 1> &ar = *a;
    parallel_for_each(ar.extent, [&ar](index<1> i) restrict(amp) { ar[i] = ar[i] * 2 + 1; });
    result = ar;
    EXPECT_EQ(ar.get_accelerator_view().queuing_mode, queuing_mode_automatic);
    EXPECT_TRUE(ar.get_accelerator_view() != acc.default_view);
  }
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(result[i], input[i] * 2 + 1) << i;
  acc.create_view(); // a reaping point: the array's view is gone by now
  EXPECT_EQ(counters.views_destroyed.load() - destroyed, static_cast<std::uint64_t>(rounds + 2));
}
