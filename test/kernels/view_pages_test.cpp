// A view of host data that moves large data again and again keeps the
// caller's pages imported (runtime/src/memory/view_pages.h) once it has moved
// three times its size through staging memory: then its downloads go straight
// into the caller's memory and its large uploads straight out of it, one copy
// command each. On a device that imports host memory (lavapipe with
// AMPVK_DEBUG_FORCE_STAGING=1: kernel.view_pages_staging; discrete GPUs);
// elsewhere (lavapipe's unified memory, AMPVK_DEBUG_NO_HOST_IMPORT=1) the same
// tests check that nothing is imported. Results are
// compared with a host model on every path.
#include <amp.h>

#include <gtest/gtest.h>

#include "device.h"
#include "host_test_helpers.h"
#include "vulkan/internal_counters.h"

#include <cstdint>
#include <vector>

using namespace concurrency;
namespace rt = ampvk::rt;

namespace {

// Whether the default accelerator imports host memory (and so maps no views).
bool imports_host_memory() {
  return accelerator()._M_native()->physical().imports_host_memory;
}

struct moved {
  std::uint64_t up, down, commands, pages, imports;
  static moved now() {
    const rt::counters &c = rt::debug_counters();
    return {c.bytes_uploaded.load(), c.bytes_downloaded.load(), c.transfer_commands.load(),
            c.bytes_through_view_pages.load(), c.view_page_imports.load()};
  }
  moved since(const moved &b) const {
    return {up - b.up, down - b.down, commands - b.commands, pages - b.pages,
            imports - b.imports};
  }
};

// `mib` MiB: the host changes all of it, refreshes, a kernel changes all of
// it, the host synchronizes, five times. Rounds 0 and 1 move three times its
// size through staging memory (a view over one bulk chunk, 32 MiB, goes up
// ahead of the launch in two chunks; a smaller one inside the launch); from
// round 1's download on, every transfer goes through the caller's pages, one
// command each (uploads ahead of the launch, waited for). The view starts one
// int into the vector, so its pages hold bytes of the vector that are not the
// view's: they stay as they were.
void round_trips(int mib) {
  const int n = (mib << 20) / 4;
  std::vector<int> data(n + 2, -5), model(n);
  array_view<int, 1> v(n, data.data() + 1);
  const std::uint64_t bytes = std::uint64_t(n) * sizeof(int);
  const moved start = moved::now();
  for (int round = 0; round < 5; ++round) {
    const std::vector<int> fresh = hosttest::pattern(n, round);
    for (int i = 0; i < n; ++i) {
      data[i + 1] = fresh[i];
      model[i] = fresh[i] * 3 + round;
    }
    v.refresh();
    const moved before = moved::now();
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 3 + round; });
    v.synchronize();
    const moved m = moved::now().since(before);
    EXPECT_EQ(m.up, bytes) << round;
    EXPECT_EQ(m.down, bytes) << round;
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(data[i + 1], model[i]) << "round " << round << ", element " << i;
    ASSERT_EQ(data.front(), -5) << "the int before the view, in its first page";
    ASSERT_EQ(data.back(), -5) << "the int after the view, in its last page";
    if (!imports_host_memory())
      EXPECT_EQ(m.pages, 0u) << round;
    else if (round == 0)
      EXPECT_EQ(m.pages, 0u) << "staging memory first";
    else if (round == 1)
      EXPECT_EQ(m.pages, bytes) << "the download after three sizes staged";
    else {
      EXPECT_EQ(m.pages, 2 * bytes) << round;
      EXPECT_EQ(m.commands, 2u) << "one copy command each way, round " << round;
    }
  }
  EXPECT_EQ(moved::now().since(start).imports, imports_host_memory() ? 1u : 0u);
}

} // namespace

TEST(ViewPages, RoundTripsGoThroughTheCallersPagesOnceEarned) { round_trips(40); }

// 16 MiB: its staged uploads travel inside the launch's batch; through the
// pages they go ahead of it.
TEST(ViewPages, RoundTripsOfAViewSmallerThanAChunk) { round_trips(16); }

// Once imported, the pages serve sections and never carry bytes the host
// holds current: a section's synchronize writes its rows only, a row the host
// wrote through the view stays the host's, and a refreshed section goes up
// alone.
TEST(ViewPages, SectionsMoveOnlyTheirBytesThroughThePages) {
  const int rows = 2560, cols = 4096; // 40 MiB
  std::vector<int> data = hosttest::pattern(rows * cols, 21), model = data;
  array_view<int, 2> v(rows, cols, data);
  auto at = [&](int r, int c) { return std::size_t(r) * cols + c; };
  // Two round trips earn the pages (the second's download goes through them).
  for (int round = 0; round < 2; ++round) {
    v.refresh();
    parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = v[i] + i[1]; });
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        model[at(r, c)] += c;
    v.synchronize();
  }
  ASSERT_EQ(data, model);

  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = 2 * v[i] - i[0]; });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      model[at(r, c)] = 2 * model[at(r, c)] - r;
  // The host writes row 5 through a section of it (which brings row 5 home
  // first).
  array_view<int, 2> row5 = v.section(index<2>(5, 0), extent<2>(1, cols));
  for (int c = 0; c < cols; ++c)
    row5(0, c) = model[at(5, c)] = -c;
  moved before = moved::now();
  v.section(index<2>(100, 8), extent<2>(300, 1000)).synchronize();
  moved m = moved::now().since(before);
  EXPECT_EQ(m.down, 300u * 1000 * sizeof(int));
  if (imports_host_memory()) {
    EXPECT_EQ(m.pages, m.down);
    EXPECT_EQ(m.commands, 1u) << "300 rows in one copy command";
  }
  for (int r = 100; r < 400; r += 3)
    for (int c = 8; c < 1008; c += 5)
      ASSERT_EQ(data[at(r, c)], model[at(r, c)]) << r << "," << c;
  EXPECT_NE(data[at(100, 7)], model[at(100, 7)]) << "a byte beside the section came home";
  EXPECT_NE(data[at(400, 8)], model[at(400, 8)]) << "a row below the section came home";

  before = moved::now();
  v.synchronize();
  m = moved::now().since(before);
  EXPECT_EQ(m.down, (std::uint64_t(rows) * cols - 300u * 1000 - cols) * sizeof(int))
      << "all but the section and the host's row";
  EXPECT_EQ(data, model) << "row 5 kept the host's values";

  // The host changes rows 40..49 in place and refreshes them: a kernel takes
  // them and row 5 alone (less than a chunk: staging memory, inside the
  // launch).
  for (int r = 40; r < 50; ++r)
    for (int c = 0; c < cols; ++c)
      data[at(r, c)] = model[at(r, c)] = r * c;
  v.section(index<2>(40, 0), extent<2>(10, cols)).refresh();
  before = moved::now();
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = v[i] ^ 0x55; });
  v.synchronize();
  m = moved::now().since(before);
  for (int &x : model)
    x ^= 0x55;
  EXPECT_EQ(m.up, 11u * cols * sizeof(int));
  EXPECT_EQ(data, model);
}

// A synchronize_async in flight (staged: the data as of its call) and a
// synchronize through the pages after a later kernel: the host ends with the
// later kernel's data, whichever finishes its copy first.
TEST(ViewPages, SynchronizeAfterAnOvertakenSynchronizeAsyncKeepsTheLaterData) {
  const int n = (40 << 20) / 4;
  std::vector<int> data = hosttest::pattern(n, 5), model = data;
  array_view<int, 1> v(n, data);
  for (int round = 0; round < 2; ++round) { // earns the pages
    v.refresh();
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] + 1; });
    v.synchronize();
  }
  for (int &x : model)
    x += 2;
  for (int round = 0; round < 3; ++round) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 5 - i[0]; });
    completion_future f = v.synchronize_async();
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] ^ 0x3c3c; });
    accelerator().default_view.flush();
    v.synchronize();
    f.get();
    for (int i = 0; i < n; ++i)
      model[i] = (model[i] * 5 - i) ^ 0x3c3c;
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(data[i], model[i]) << "round " << round << ", element " << i;
  }
}
