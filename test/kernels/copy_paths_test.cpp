// Which way concurrency::copy moves the bytes between arrays and array_views
// (runtime/src/execution/buffer_copies.h), counted: on one accelerator a copy
// command that moves exactly the sections' bytes and nothing through the
// host; into a view of host data, and from data current on the host only,
// the host copies. Results against a host model on sections of 1-, 2- and
// 3-D views, overlapping sections of one array included. CTest runs these on
// unified memory (kernel_tests) and on the discrete-GPU path
// (kernel.copy_paths_staging), and as a discrete GPU with resizable BAR
// (kernel.copy_paths_resizable_bar).
#include <amp.h>

#include <gtest/gtest.h>

#include "host_test_helpers.h"
#include "memory/host_copy.h"
#include "vulkan/internal_counters.h"

#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace concurrency;
using hosttest::pattern;

namespace {

// What moved, from a starting point.
struct moved {
  std::uint64_t on_device, on_host, downloaded, uploaded;
  static moved now() {
    const ampvk::rt::counters &c = ampvk::rt::debug_counters();
    return {c.bytes_copied_on_device.load(), c.bytes_copied_on_host.load(),
            c.bytes_downloaded.load(), c.bytes_uploaded.load()};
  }
  moved since(const moved &start) const {
    return {on_device - start.on_device, on_host - start.on_host,
            downloaded - start.downloaded, uploaded - start.uploaded};
  }
};

// a[i] = a[i] * 3 + linear index, on the device: the source's current data
// is then the device's.
template <int N> void scrambleOnDevice(array<int, N> &a) {
  parallel_for_each(a.extent, [&a](index<N> i) restrict(amp) {
    int linear = 0;
    for (int d = 0; d < N; ++d)
      linear = linear * 1000 + i[d];
    a[i] = a[i] * 3 + linear;
  });
}

template <int N> std::vector<int> scrambled(std::vector<int> v, const extent<N> &e) {
  for (int k = 0; k < static_cast<int>(v.size()); ++k) {
    int rest = k, linear = 0;
    std::vector<int> idx(N);
    for (int d = N - 1; d >= 0; --d) {
      idx[d] = rest % e[d];
      rest /= e[d];
    }
    for (int d = 0; d < N; ++d)
      linear = linear * 1000 + idx[d];
    v[k] = v[k] * 3 + linear;
  }
  return v;
}

} // namespace

TEST(CopyPaths, ArrayToArrayIsOneDeviceCopy) {
  const int rows = 300, cols = 257;
  const std::vector<int> in = pattern(rows * cols, 1);
  array<int, 2> a(rows, cols, in.begin());
  scrambleOnDevice(a);
  array<int, 2> b(rows, cols);
  const moved start = moved::now();
  copy(a, b);
  const moved m = moved::now().since(start);
  EXPECT_EQ(m.on_device, in.size() * sizeof(int));
  EXPECT_EQ(m.on_host, 0u);
  EXPECT_EQ(m.downloaded, 0u);
  EXPECT_EQ(m.uploaded, 0u);
  // The copy is ordered before later kernels and host reads.
  scrambleOnDevice(b);
  const std::vector<int> out = b;
  EXPECT_EQ(out, scrambled(scrambled(in, a.extent), a.extent));
}

TEST(CopyPaths, ArrayCopyConstructorAndCopyToStayOnTheDevice) {
  const int n = 5000;
  const std::vector<int> in = pattern(n, 2);
  array<int, 1> a(n, in.begin());
  scrambleOnDevice(a);
  const moved start = moved::now();
  array<int, 1> b(a);
  array<int, 1> c(n);
  b.copy_to(c);
  const moved m = moved::now().since(start);
  EXPECT_EQ(m.on_device, 2 * n * sizeof(int));
  EXPECT_EQ(m.on_host + m.downloaded + m.uploaded, 0u);
  EXPECT_EQ(std::vector<int>(c), scrambled(in, a.extent));
  array<int, 1> shorter(n - 1);
  EXPECT_THROW(a.copy_to(shorter), runtime_exception);
}

// A 2-D section of one array into a section elsewhere in another: its rows
// and nothing else.
TEST(CopyPaths, TwoDimensionalSectionsMoveTheirRowsOnly) {
  const int rows = 120, cols = 200;
  const std::vector<int> in = pattern(rows * cols, 3), other = pattern(rows * cols, 4);
  array<int, 2> a(rows, cols, in.begin());
  array<int, 2> b(rows, cols, other.begin());
  scrambleOnDevice(a);
  scrambleOnDevice(b);
  const std::vector<int> a_now = scrambled(in, a.extent), b_then = scrambled(other, b.extent);
  array_view<int, 2> from = array_view<int, 2>(a).section(index<2>(10, 30), extent<2>(50, 70));
  array_view<int, 2> to = array_view<int, 2>(b).section(index<2>(60, 101), extent<2>(50, 70));
  const moved start = moved::now();
  copy(from, to);
  const moved m = moved::now().since(start);
  EXPECT_EQ(m.on_device, 50u * 70 * sizeof(int));
  EXPECT_EQ(m.on_host + m.downloaded + m.uploaded, 0u);
  std::vector<int> expect = b_then;
  for (int r = 0; r < 50; ++r)
    for (int c = 0; c < 70; ++c)
      expect[(60 + r) * cols + 101 + c] = a_now[(10 + r) * cols + 30 + c];
  EXPECT_EQ(std::vector<int>(b), expect);
}

TEST(CopyPaths, ThreeDimensionalSectionIntoAnArray) {
  const extent<3> whole(12, 17, 23);
  const std::vector<int> in = pattern(whole.size(), 5);
  array<int, 3> a(whole, in.begin());
  scrambleOnDevice(a);
  const std::vector<int> a_now = scrambled(in, whole);
  array_view<const int, 3> from =
      array_view<const int, 3>(a).section(index<3>(2, 3, 4), extent<3>(7, 9, 11));
  array<int, 3> b(7, 9, 11);
  const moved start = moved::now();
  copy(from, b);
  const moved m = moved::now().since(start);
  EXPECT_EQ(m.on_device, 7u * 9 * 11 * sizeof(int));
  EXPECT_EQ(m.on_host + m.downloaded + m.uploaded, 0u);
  std::vector<int> expect;
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 9; ++j)
      for (int k = 0; k < 11; ++k)
        expect.push_back(a_now[((2 + i) * 17 + 3 + j) * 23 + 4 + k]);
  EXPECT_EQ(std::vector<int>(b), expect);
}

// Overlapping sections of one array: the copy reads every source element
// before it writes, as copying through a temporary would.
TEST(CopyPaths, OverlappingSectionsOfOneArray) {
  const int rows = 40, cols = 30;
  const std::vector<int> in = pattern(rows * cols, 6);
  array<int, 2> a(rows, cols, in.begin());
  scrambleOnDevice(a);
  const std::vector<int> before = scrambled(in, a.extent);
  array_view<int, 2> v(a);
  copy(v.section(index<2>(0, 0), extent<2>(30, 25)), v.section(index<2>(3, 2), extent<2>(30, 25)));
  std::vector<int> expect = before;
  for (int r = 0; r < 30; ++r)
    for (int c = 0; c < 25; ++c)
      expect[(3 + r) * cols + 2 + c] = before[r * cols + c];
  EXPECT_EQ(std::vector<int>(a), expect);
  // Disjoint sections of one array take the device copy (once a kernel made
  // the device's data current again).
  scrambleOnDevice(a);
  expect = scrambled(expect, a.extent);
  const moved start = moved::now();
  copy(v.section(index<2>(0, 0), extent<2>(10, 30)), v.section(index<2>(30, 0), extent<2>(10, 30)));
  EXPECT_EQ(moved::now().since(start).on_device, 10u * 30 * sizeof(int));
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 30; ++c)
      expect[(30 + r) * cols + c] = expect[r * cols + c];
  EXPECT_EQ(std::vector<int>(a), expect);
}

// A view of host data is written where its owner reads it: the host memory
// holds the elements when copy returns, with no synchronize.
TEST(CopyPaths, IntoAViewOfHostDataTheHostMemoryHoldsTheResult) {
  const int n = 4096;
  const std::vector<int> in = pattern(n, 7);
  array<int, 1> a(n, in.begin());
  scrambleOnDevice(a);
  std::vector<int> host(n, 0);
  array_view<int, 1> v(n, host);
  const moved start = moved::now();
  copy(a.section(100, 1000), v.section(2000, 1000));
  const moved m = moved::now().since(start);
  EXPECT_EQ(m.on_host, 1000u * sizeof(int));
  EXPECT_EQ(m.on_device, 0u);
  const std::vector<int> a_now = scrambled(in, a.extent);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(host[i], i >= 2000 && i < 3000 ? a_now[i - 1900] : 0) << i;
}

// Data the host wrote last comes from the host: nothing is uploaded first
// and the destination's next kernel sees it.
TEST(CopyPaths, SourceCurrentOnTheHostIsCopiedThere) {
  const int n = 3000;
  std::vector<int> in = pattern(n, 8);
  array<int, 1> a(n, in.begin());
  array<int, 1> b(n);
  for (int i = 0; i < n; ++i) // element by element: the host copy is current
    a[i] = in[i] = in[i] - i;
  const moved start = moved::now();
  copy(a, b);
  const moved m = moved::now().since(start);
  EXPECT_EQ(m.on_device + m.on_host, n * sizeof(int));
  EXPECT_EQ(m.uploaded, 0u);
  scrambleOnDevice(b);
  EXPECT_EQ(std::vector<int>(b), scrambled(in, b.extent));
}

// Bulk copies between host memory and an array the host does not map go
// straight between the caller's memory and the device copy (staging memory
// between them), by one transfer each way.
TEST(CopyPaths, BulkHostCopiesMoveOnceEachWay) {
  const int n = 1 << 18;
  const std::vector<int> in = pattern(n, 10);
  array<int, 1> a(n);
  const moved start = moved::now();
  copy(in.begin(), in.end(), a);
  scrambleOnDevice(a);
  std::vector<int> out(n);
  copy(a, out.begin());
  const moved m = moved::now().since(start);
  const char *staging = std::getenv("AMPVK_DEBUG_FORCE_STAGING");
  const std::uint64_t bytes = n * sizeof(int);
  if (staging && *staging == '1') {
    EXPECT_EQ(m.uploaded, bytes);
    EXPECT_EQ(m.downloaded, bytes);
  } else { // as above, or nothing where the host maps the array
    EXPECT_TRUE((m.uploaded == bytes && m.downloaded == bytes) ||
                m.uploaded + m.downloaded == 0u)
        << m.uploaded << " bytes up, " << m.downloaded << " down";
  }
  EXPECT_EQ(out, scrambled(in, a.extent));
  // Into a const pointer range and out to a raw pointer.
  const int *first = in.data();
  copy(first, first + n, a);
  std::vector<int> again(n);
  copy(a, again.data());
  EXPECT_EQ(again, in);
}

// Large bulk copies between host memory and an array on a device that
// imports host memory (VK_EXT_external_memory_host; lavapipe with
// AMPVK_DEBUG_FORCE_STAGING=1, discrete GPUs) copy straight between the
// caller's pages and the device copy where the host would copy staged chunks
// on fewer than host_copy_outruns_import threads (CTest's
// kernel.copy_paths_staging runs with AMPVK_HOST_COPY_THREADS=1,
// kernel.copy_paths_staging_threads with 4). The pages are imported whole,
// the bytes around the range included: those must stay as they were.
TEST(CopyPaths, LargeHostCopiesThroughTheCallersPages) {
  const int n = (9 << 20) / 4 + 3; // over 8 MiB, not a whole number of pages
  std::vector<int> in = pattern(n + 2, 11);
  array<int, 1> a(n);
  const std::uint64_t pages_before = ampvk::rt::debug_counters().bytes_through_caller_pages;
  const moved start = moved::now();
  copy(in.data() + 1, in.data() + 1 + n, a); // not at a page boundary
  scrambleOnDevice(a);
  std::vector<int> out(n + 2, -7);
  copy(a, out.data() + 1);
  const moved m = moved::now().since(start);
  const std::uint64_t pages =
      ampvk::rt::debug_counters().bytes_through_caller_pages - pages_before;
  EXPECT_EQ(out.front(), -7) << "the byte before the range, in the same page";
  EXPECT_EQ(out.back(), -7) << "the byte after the range, in the same page";
  const std::vector<int> expect =
      scrambled(std::vector<int>(in.begin() + 1, in.end() - 1), a.extent);
  EXPECT_TRUE(std::equal(expect.begin(), expect.end(), out.begin() + 1));
  const char *staging = std::getenv("AMPVK_DEBUG_FORCE_STAGING");
  const char *no_import = std::getenv("AMPVK_DEBUG_NO_HOST_IMPORT");
  const std::uint64_t bytes = std::uint64_t(n) * sizeof(int);
  // Each 32 MiB chunk copied on enough threads: staging memory instead.
  const bool threaded =
      ampvk::rt::host_copy_threads(32u << 20) >= ampvk::rt::host_copy_outruns_import;
  if ((no_import && *no_import == '1') || threaded)
    EXPECT_EQ(pages, 0u);
  else if (staging && *staging == '1')
    EXPECT_EQ(pages, 2 * bytes) << "lavapipe imports host memory";
  if (pages) {
    EXPECT_EQ(m.uploaded, bytes);
    EXPECT_EQ(m.downloaded, bytes);
  }
}

// A program that uploads, computes and downloads 64 MiB in turn keeps its
// staging memory: after the first round, three more make at most two staging
// buffers (one per direction where the first round's second chunk found the
// first one's buffer back in time), where a pool of 64 MiB dropped two of the
// four 32 MiB chunk buffers and made them again every round. Staged where the
// device copies through staging memory (kernel.copy_paths_staging_threads,
// kernel.copy_paths_resizable_bar); elsewhere no staging buffer is made.
TEST(CopyPaths, RoundTripsKeepTheirStagingMemory) {
  const int n = (64 << 20) / 4;
  const std::vector<int> in = pattern(n, 13);
  const std::vector<int> expect = scrambled(in, extent<1>(n));
  array<int, 1> a(n);
  std::vector<int> out(n);
  const ampvk::rt::counters &c = ampvk::rt::debug_counters();
  std::uint64_t after_round_0 = 0;
  for (int round = 0; round < 4; ++round) {
    copy(in.begin(), in.end(), a);
    scrambleOnDevice(a);
    copy(a, out.begin());
    EXPECT_EQ(out, expect) << "round " << round;
    if (round == 0)
      after_round_0 = c.staging_buffers_created;
  }
  EXPECT_LE(c.staging_buffers_created - after_round_0, 2u);
}

// Rank 5: more dimensions than a section names exactly; element by element.
TEST(CopyPaths, FiveDimensionalViewsCopyElementByElement) {
  int dims[5] = {3, 4, 2, 5, 6};
  const extent<5> e(dims);
  const std::vector<int> in = pattern(e.size(), 9);
  array<int, 5> a(e, in.begin());
  int starts[5] = {1, 1, 0, 2, 1}, sizes[5] = {2, 3, 2, 3, 4};
  array<int, 5> b{extent<5>(sizes)};
  copy(array_view<int, 5>(a).section(index<5>(starts), extent<5>(sizes)), b);
  std::vector<int> expect;
  for (int i0 = 0; i0 < 2; ++i0)
    for (int i1 = 0; i1 < 3; ++i1)
      for (int i2 = 0; i2 < 2; ++i2)
        for (int i3 = 0; i3 < 3; ++i3)
          for (int i4 = 0; i4 < 4; ++i4)
            expect.push_back(
                in[(((((1 + i0) * 4 + 1 + i1) * 2 + i2) * 5 + 2 + i3) * 6) + 1 + i4]);
  EXPECT_EQ(std::vector<int>(b), expect);
}
