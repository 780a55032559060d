// copy_async (every form of copy), completion_future, synchronize_async,
// synchronize_to and accelerator_view::create_marker. Results are compared
// with the host data they came from; kernels between the copies make the
// device copies the current ones.
#include <amp.h>

#include <gtest/gtest.h>

#include "host_test_helpers.h"
#include "vulkan/internal_counters.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace concurrency;

using hosttest::expectRuntimeException;
using hosttest::pattern;

TEST(AsyncCopy, EveryFormCopiesTheElements) {
  const int R = 6, C = 11, n = R * C;
  std::vector<int> src = pattern(n, 1);
  array<int, 2> a(R, C), b(R, C);
  copy_async(src.begin(), src.end(), a).get();
  // Make the device copy the current one.
  parallel_for_each(a.extent, [&a](index<2> i) restrict(amp) { a[i] = a[i] * 2 + 1; });
  std::vector<int> twice(n);
  for (int i = 0; i < n; ++i)
    twice[i] = src[i] * 2 + 1;

  copy_async(a, b).get();
  EXPECT_EQ(std::vector<int>(b), twice);

  std::vector<int> out(n, 0);
  copy_async(a, out.begin()).wait();
  EXPECT_EQ(out, twice);

  std::vector<int> viewData(n, 0);
  array_view<int, 2> v(R, C, viewData);
  copy_async(a, v).get();
  EXPECT_EQ(v(5, 10), twice[n - 1]);
  v.synchronize();
  EXPECT_EQ(viewData, twice);

  std::vector<int> src2 = pattern(n, 2);
  copy_async(src2.begin(), b).get();
  EXPECT_EQ(std::vector<int>(b), src2);

  array_view<const int, 2> cv(R, C, src2);
  copy_async(cv, a).get();
  EXPECT_EQ(std::vector<int>(a), src2);
  copy_async(v, a).get(); // array_view<T> -> array
  EXPECT_EQ(std::vector<int>(a), twice);

  std::vector<int> other(n, 0);
  array_view<int, 2> w(R, C, other);
  copy_async(cv, w).get();
  copy_async(w.section(0, 0, 2, C), v.section(4, 0, 2, C)).get(); // view -> view
  w.synchronize();
  EXPECT_EQ(other, src2);
  for (int j = 0; j < C; ++j)
    ASSERT_EQ(v(4, j), src2[j]);

  std::vector<int> src3 = pattern(n, 3);
  copy_async(src3.begin(), src3.end(), w).get();
  std::vector<int> back(n);
  copy_async(w, back.begin()).get();
  EXPECT_EQ(back, src3);
  std::vector<int> src4 = pattern(n, 4);
  copy_async(src4.begin(), w).get();
  EXPECT_EQ(w(3, 3), src4[3 * C + 3]);
}

TEST(AsyncCopy, MismatchedExtentsThrowAtTheCall) {
  array<int, 1> a(10), b(11);
  expectRuntimeException([&] { copy_async(a, b); },
                         "ampvk: copy: the source's extent (10) differs from the destination's "
                         "(11)");
}

TEST(AsyncCopy, AShortRangeIsReportedByGet) {
  std::vector<int> few(5, 1);
  array<int, 1> a(10);
  completion_future f = copy_async(few.begin(), few.end(), a);
  expectRuntimeException([&] { f.get(); },
                         "ampvk: copy: the source range holds 5 elements, the destination 10");
}

TEST(CompletionFuture, StatesWaitsAndCallbacks) {
  completion_future empty;
  EXPECT_FALSE(empty.valid());
  expectRuntimeException([&] { empty.then([] {}); },
                         "ampvk: completion_future::then: this completion_future is "
                         "default-constructed or moved from (it has no operation)");
  EXPECT_THROW(empty.wait(), std::future_error);

  const int n = 5000;
  std::vector<int> src = pattern(n, 5), dst(n, 0);
  array<int, 1> a(n);
  completion_future f = copy_async(src.begin(), src.end(), a);
  EXPECT_TRUE(f.valid());
  completion_future copy = f; // copies share the operation
  EXPECT_TRUE(copy.valid());
  std::atomic<int> calls(0);
  f.then([&calls] { ++calls; });
  EXPECT_EQ(copy.wait_for(std::chrono::seconds(30)), std::future_status::ready);
  EXPECT_EQ(f.wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(30)),
            std::future_status::ready);
  std::shared_future<void> sf = f;
  sf.get();
  completion_future moved = std::move(f);
  EXPECT_FALSE(f.valid());
  EXPECT_TRUE(moved.valid());
  moved.get();
  EXPECT_EQ(std::vector<int>(a), src);
  // then() after completion still runs its callback (on its own thread).
  std::atomic<int> late(0);
  moved.then([&late] { late = 7; });
  for (int i = 0; i < 3000 && (calls.load() != 1 || late.load() != 7); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(calls.load(), 1);
  EXPECT_EQ(late.load(), 7);
}

TEST(CompletionFuture, SynchronizeAsyncBringsKernelResultsHome) {
  const int n = 4096;
  std::vector<int> data = pattern(n, 6), expect(n);
  for (int i = 0; i < n; ++i)
    expect[i] = data[i] * 3 - i;
  array_view<int, 1> v(n, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 3 - i[0]; });
  completion_future f = v.synchronize_async();
  f.get();
  EXPECT_EQ(data, expect);
  // synchronize_to the view's own accelerator: kernels there see host writes.
  data[0] = 123456;
  v.refresh();
  v.synchronize_to(v.get_source_accelerator_view());
  v.synchronize_to_async(accelerator().default_view).get();
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
  EXPECT_EQ(v[0], 123457);
}

// Every way of waiting for synchronize_async's future brings the kernel's
// results home: get() on one or two threads, wait_for polls, wait_until, a
// then() callback, the conversion to std::shared_future, and the future's
// destruction without a wait.
TEST(CompletionFuture, SynchronizeAsyncIsFinishedByEveryKindOfWaiter) {
  const int n = 6 * 1024;
  std::vector<int> data = pattern(n, 9);
  array_view<int, 1> v(n, data);
  auto expected = [&](int round) {
    std::vector<int> e = pattern(n, 9);
    for (int r = 1; r <= round; ++r)
      for (int i = 0; i < n; ++i)
        e[i] = e[i] * 5 + (i ^ r);
    return e;
  };
  int round = 0;
  auto kernel = [&] {
    ++round;
    const int r = round;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 5 + (i[0] ^ r); });
  };

  kernel(); // get() on this thread
  v.synchronize_async().get();
  EXPECT_EQ(data, expected(round));

  kernel(); // get() on two threads at once
  {
    completion_future f = v.synchronize_async();
    completion_future g = f;
    std::thread other([g] { g.get(); });
    f.get();
    other.join();
    EXPECT_EQ(data, expected(round));
  }

  kernel(); // polled with wait_for(0)
  {
    completion_future f = v.synchronize_async();
    std::future_status status = std::future_status::timeout;
    for (int i = 0; i < 30000 && status != std::future_status::ready; ++i) {
      status = f.wait_for(std::chrono::seconds(0));
      if (status != std::future_status::ready)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(status, std::future_status::ready);
    EXPECT_EQ(data, expected(round));
  }

  kernel(); // wait_until
  {
    completion_future f = v.synchronize_async();
    EXPECT_EQ(f.wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(30)),
              std::future_status::ready);
    EXPECT_EQ(data, expected(round));
  }

  kernel(); // a callback sees the data home
  {
    std::vector<int> want = expected(round);
    std::atomic<int> seen(0);
    {
      completion_future f = v.synchronize_async();
      f.then([&] { seen = data == want ? 1 : 2; });
    } // the last copy's destruction waits for the callback
    EXPECT_EQ(seen.load(), 1);
  }

  kernel(); // through std::shared_future
  {
    std::shared_future<void> sf = v.synchronize_async();
    EXPECT_EQ(sf.wait_for(std::chrono::seconds(30)), std::future_status::ready);
    sf.get();
    EXPECT_EQ(data, expected(round));
  }

  kernel(); // never waited for: its destruction finishes it
  v.synchronize_async();
  EXPECT_EQ(data, expected(round));
}

// Operations run on the runtime's threads (async_tasks.h): one after another
// they reuse a waiting thread instead of starting one each, as std::async did.
TEST(CompletionFuture, OperationsReuseTheRuntimesThreads) {
  const int n = 4096;
  std::vector<int> data = pattern(n, 4);
  std::vector<int> want = data;
  array_view<int, 1> v(n, data);
  const auto &started = ampvk::rt::debug_counters().async_threads_started;
  const std::uint64_t before = started.load();
  for (int r = 1; r <= 40; ++r) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 3 + (i[0] ^ r); });
    for (int i = 0; i < n; ++i)
      want[i] = want[i] * 3 + (i ^ r);
    v.synchronize_async().get();
    ASSERT_EQ(data, want) << "round " << r;
  }
  // A thread that has just ended an operation may not be waiting yet when
  // the next one comes: a second thread, rarely a third.
  EXPECT_GE(started.load(), 1u); // they ran on the runtime's threads
  EXPECT_LE(started.load() - before, 3u);

  // Sixteen at once: each ends with the data as of its start.
  std::vector<std::vector<int>> homes(8, std::vector<int>(n));
  std::vector<completion_future> pending;
  for (int k = 0; k < 8; ++k)
    pending.push_back(copy_async(v, homes[k].begin()));
  for (int k = 0; k < 8; ++k)
    pending.push_back(v.section(k * 512, 512).synchronize_async());
  for (completion_future &f : pending)
    f.get();
  for (const std::vector<int> &h : homes)
    EXPECT_EQ(h, want);
  EXPECT_EQ(data, want);
}

TEST(CompletionFuture, MarkerIsReadyAfterEarlierKernels) {
  const int n = 1 << 16;
  std::vector<float> data(n, 1.5f);
  array<float, 1> a(n, data.begin(), data.end());
  accelerator_view av = a.accelerator_view;
  parallel_for_each(av, a.extent, [&a](index<1> i) restrict(amp) {
    float x = a[i];
    for (int k = 0; k < 64; ++k)
      x = x * 0.5f + 1.0f;
    a[i] = x;
  });
  completion_future marker = av.create_marker();
  marker.wait();
  float x = 1.5f;
  for (int k = 0; k < 64; ++k)
    x = x * 0.5f + 1.0f;
  std::vector<float> out = a;
  EXPECT_EQ(out[0], x);
  EXPECT_EQ(out[n - 1], x);
}
