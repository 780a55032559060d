// array_view::synchronize, synchronize_async, synchronize_to and
// synchronize_to_async with the access the host intends (C++ AMP 1.2), and
// get_ref: a read keeps the device copy current (the next kernel uploads
// nothing), a write access makes the host copy the only current one (the
// next kernel uploads it once), and the host's writes after it reach the
// kernel. Counted with the runtime's transfer counters.
#include <amp.h>

#include <gtest/gtest.h>

#include "host_test_helpers.h"
#include "vulkan/internal_counters.h"

#include <vector>

using namespace concurrency;
using hosttest::pattern;
namespace rt = ampvk::rt;

namespace {
// One kernel that reads and writes every element, then the host's data.
void bump(const array_view<int, 1> &v, int k) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 2 + k; });
}
std::uint64_t uploads() { return rt::debug_counters().uploads.load(); }
} // namespace

TEST(ViewSyncAccess, ReadKeepsTheDeviceCopyWriteMakesTheHostsCurrent) {
  const int n = 1000;
  std::vector<int> data = pattern(n, 5), expect = data;
  array_view<int, 1> v(n, data);
  bump(v, 1);
  for (int &x : expect)
    x = x * 2 + 1;
  v.synchronize(); // access_type_read
  EXPECT_EQ(data, expect);
  std::uint64_t before = uploads();
  bump(v, 2);
  for (int &x : expect)
    x = x * 2 + 2;
  v.synchronize(access_type_read);
  EXPECT_EQ(data, expect);
  EXPECT_EQ(uploads(), before) << "a read synchronize leaves the device copy current";

  v.synchronize(access_type_read_write);
  data[17] = -5; // written through the host pointer, no refresh()
  expect[17] = -5;
  before = uploads();
  bump(v, 3);
  for (int &x : expect)
    x = x * 2 + 3;
  EXPECT_GE(uploads(), before + 1) << "a write synchronize hands the data to the host";
  v.synchronize_async(access_type_write).get();
  EXPECT_EQ(data, expect);
  data[0] = 40;
  expect[0] = 40;
  bump(v, 4);
  for (int &x : expect)
    x = x * 2 + 4;
  v.synchronize_to(accelerator(accelerator::cpu_accelerator).default_view, access_type_read);
  EXPECT_EQ(data, expect);
  v.synchronize_to_async(accelerator(accelerator::cpu_accelerator).default_view,
                         access_type_read_write)
      .wait();
  EXPECT_EQ(data, expect);
  // On the view's own accelerator there is nothing to move.
  v.synchronize_to(accelerator().default_view, access_type_read);
  v.synchronize_to_async(accelerator().default_view).wait();
  EXPECT_EQ(data, expect);
}

TEST(ViewSyncAccess, GetRefOnBothSides) {
  const int rows = 9, cols = 31;
  std::vector<float> data(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    data[i] = 0.25f * i - 7.0f;
  std::vector<float> expect = data;
  array_view<float, 2> v(rows, cols, data);
  array_view<float, 2> inner = v.section(index<2>(1, 2), extent<2>(rows - 2, cols - 4));
  parallel_for_each(inner.extent, [=](index<2> i) restrict(amp) {
    float &r = inner.get_ref(i);
    r = r * 3.0f + static_cast<float>(i[1]);
  });
  for (int r = 1; r < rows - 1; ++r)
    for (int c = 2; c < cols - 2; ++c)
      expect[r * cols + c] = expect[r * cols + c] * 3.0f + static_cast<float>(c - 2);
  v.synchronize();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_EQ(v.get_ref(index<2>(r, c)), expect[r * cols + c]) << r << "," << c;
  inner.get_ref(index<2>(0, 0)) = 100.0f;
  EXPECT_EQ(data[1 * cols + 2], 100.0f);
}
