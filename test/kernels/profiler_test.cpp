// Profiling costs nothing when it is off (no query pool, no timestamp), and
// the GPU time it measures for the benchmarks (rt::enable_gpu_timing) counts
// every dispatch. The table, the log and the trace of a whole program are
// checked by test/profiling/check_profile.py.
#include <amp.h>

#include <gtest/gtest.h>

#include "fresh_process.h"
#include "vulkan/internal_counters.h"
#include "diagnostics/profiler.h"

#include <cstdlib>
#include <vector>

using namespace concurrency;

namespace {

// v[i] = v[i] * 3 + 1, `times` times; checked against the host.
void run_and_check(int times) {
  const int n = 4099;
  std::vector<int> data(n), ref(n);
  for (int i = 0; i < n; ++i)
    data[i] = ref[i] = (i * 37) % 101 - 50;
  array<int, 1> a(n, data.begin());
  for (int t = 0; t < times; ++t) {
    parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] * 3 + 1; });
    for (int &v : ref)
      v = static_cast<int>(static_cast<unsigned>(v) * 3u + 1u);
  }
  std::vector<int> got = a;
  EXPECT_EQ(got, ref);
}

} // namespace

TEST(Profiler, OffRecordsNoTimestamps) {
  ASSERT_EQ(std::getenv("AMPVK_PROFILE"), nullptr);
  ASSERT_EQ(std::getenv("AMPVK_PROFILE_TRACE"), nullptr);
  run_and_check(3);
  EXPECT_EQ(ampvk::rt::debug_counters().query_pools_created.load(), 0u);
  EXPECT_EQ(ampvk::rt::kernel_gpu_time().dispatches, 0u);
}

TEST(Profiler, GpuTimeForBenchmarks) {
  EXPECT_IN_FRESH_PROCESS([] {
    ampvk::rt::enable_gpu_timing(true);
    run_and_check(5);
    accelerator().default_view.wait();
    const ampvk::rt::gpu_time_total total = ampvk::rt::kernel_gpu_time();
    EXPECT_EQ(total.dispatches, 5u);
    EXPECT_GT(total.ns, 0.0);
    // One batch: one query pool, kept with its frame.
    EXPECT_GE(ampvk::rt::debug_counters().query_pools_created.load(), 1u);
  });
}
