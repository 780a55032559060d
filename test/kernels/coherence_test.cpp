// Host/device coherence of array_view as C++ AMP defines it.
#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

TEST(Coherence, RefreshKeepsHostChangesMadeBehindTheView) {
  const int n = 300;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = i * 3 - 100;
  array_view<int, 1> v(n, data);
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] = v[i] * 2; });
  v.synchronize();
  // The kernel's results arrived; now change the vector directly.
  for (int i = 0; i < n; ++i)
    data[i] += 7;
  v.refresh();
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] = v[i] + 1000; });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], (i * 3 - 100) * 2 + 7 + 1000) << "at " << i;
}

TEST(Coherence, RefreshWhileKernelResultsAreStillOnTheDevice) {
  const int n = 128;
  std::vector<int> data(n, 5);
  array_view<int, 1> v(n, data);
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] = -1; });
  // No synchronize: the device copy is newer. The host overwrites and refreshes,
  // so the host data wins and is what the next kernel reads.
  for (int i = 0; i < n; ++i)
    data[i] = i;
  v.refresh();
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] = v[i] * 10; });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], i * 10) << "at " << i;
}

TEST(Coherence, HostWritesThroughTheViewReachTheNextKernel) {
  const int n = 64;
  std::vector<float> data(n, 1.0f);
  array_view<float, 1> v(n, data);
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] += static_cast<float>(i[0]); });
  v[10] = 500.0f; // host access waits, copies back, then writes
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] *= 2.0f; });
  for (int i = 0; i < n; ++i)
    ASSERT_FLOAT_EQ(v[i], i == 10 ? 1000.0f : (1.0f + i) * 2.0f) << "at " << i;
}

TEST(Coherence, LastViewDestroyedCopiesResultsBack) {
  const int n = 50;
  std::vector<int> data(n, 3);
  {
    array_view<int, 1> v(n, data);
    parallel_for_each(v.extent, [=](index1 i) restrict(amp) { v[i] = v[i] * i[0]; });
  }
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], 3 * i) << "at " << i;
}

TEST(Coherence, TwoViewsOfTheSameDataInOneKernel) {
  // `in` is derived from `out`, so both are views of one data source and bind
  // the same buffer. Each thread writes through `out` and then reads the same
  // element through `in`: it must see its own write, which only the Aliased
  // variant of the kernel guarantees.
  const int n = 200;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = i - 50;
  array_view<int, 1> out(n, data);
  array_view<const int, 1> in = out;
  parallel_for_each(out.extent, [=](index1 i) restrict(amp) {
    out[i] = in[i] * 2;
    out[i] += in[i];
  });
  out.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], (i - 50) * 4) << "at " << i;
}

TEST(Coherence, TwoViewsOfTheSameDataOneNeverAccessed) {
  // Both views bind the same buffer, but the kernel touches only `used`: it
  // has no Aliased variant (nothing could observe one) and the runtime runs
  // the plain one.
  const int n = 300;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = 3 * i - 7;
  array_view<int, 1> used(n, data);
  array_view<int, 1> unused = used;
  parallel_for_each(used.extent, [=](index1 i) restrict(amp) {
    used[i] = used[i] * 5 + i[0];
    (void)unused;
  });
  used.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], (3 * i - 7) * 5 + i) << "at " << i;
}
