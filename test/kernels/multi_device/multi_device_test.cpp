// Several accelerators in one process: arrays on each, copies between them
// (through host memory both import, or by the host, counted), array_views of host data that
// follow the kernels from one accelerator to the other, and kernels on both
// at once from two threads. Uses the first two accelerators of get_all():
// two real devices where the machine has them (lavapipe and a GPU), else the
// replicas AMPVK_DEVICE_REPLICAS=2 makes (CTest: kernel.multi_device), which
// are separate VkDevices with their own memory and queue.
#include <amp.h>

#include <gtest/gtest.h>

#include "../host_test_helpers.h"
#include "device.h"
#include "vulkan/internal_counters.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

using namespace concurrency;
using hosttest::expectRuntimeException;
using hosttest::pattern;

namespace {

std::vector<accelerator> gpus() {
  std::vector<accelerator> out;
  for (const accelerator &a : accelerator::get_all())
    if (a.device_path != accelerator::cpu_accelerator)
      out.push_back(a);
  return out;
}

// "name (Vulkan device N)", as the runtime names a device in messages.
std::string described(const accelerator &a) {
  std::wstring path = a.device_path; // vulkan:N:name
  std::string narrow(path.begin(), path.end());
  std::size_t first = narrow.find(':'), second = narrow.find(':', first + 1);
  std::wstring name = a.description;
  return std::string(name.begin(), name.end()) + " (Vulkan device " +
         narrow.substr(first + 1, second - first - 1) + ")";
}

class MultiDevice : public ::testing::Test {
protected:
  void SetUp() override {
    std::vector<accelerator> all = gpus();
    ASSERT_GE(all.size(), 2u) << "needs two accelerators: run where there are two Vulkan "
                                 "devices, or with AMPVK_DEVICE_REPLICAS=2";
    a0 = all[0];
    a1 = all[1];
  }
  accelerator a0, a1;
};

} // namespace

TEST_F(MultiDevice, TwoDistinctAccelerators) {
  EXPECT_NE(a0, a1);
  EXPECT_NE(a0.device_path, a1.device_path);
  EXPECT_NE(a0.default_view, a1.default_view);
  EXPECT_EQ(a1.default_view.accelerator, a1);
}

TEST_F(MultiDevice, ArraysOnEachAndCopiesBothWays) {
  const int n = 30011;
  std::vector<int> input = pattern(n, 5), expect(n), got(n);
  array<int, 1> x(n, input.begin(), a0.default_view);
  array<int, 1> y(n, a1.default_view);
  array<int, 1> back(n, a0.default_view);
  EXPECT_EQ(x.accelerator_view, a0.default_view);
  EXPECT_EQ(y.accelerator_view, a1.default_view);
  parallel_for_each(x.extent, [&x](index<1> i) restrict(amp) { x[i] = x[i] * 2 + 1; });
  copy(x, y); // a0 -> a1
  parallel_for_each(y.extent, [&y](index<1> i) restrict(amp) { y[i] = y[i] - i[0]; });
  copy(y, back); // a1 -> a0
  parallel_for_each(a0.default_view, back.extent,
                    [&back](index<1> i) restrict(amp) { back[i] *= 3; });
  copy(back, got.begin());
  for (int i = 0; i < n; ++i)
    expect[i] = ((input[i] * 2 + 1) - i) * 3;
  EXPECT_EQ(got, expect);
  // The source arrays kept their own data.
  std::vector<int> ys = y;
  EXPECT_EQ(ys[n - 1], input[n - 1] * 2 + 1 - (n - 1));
}

TEST_F(MultiDevice, ViewOfHostDataFollowsTheKernels) {
  const int n = 4099;
  std::vector<int> data = pattern(n, 6), expect = data;
  array_view<int, 1> v(n, data);
  parallel_for_each(a0.default_view, v.extent, [=](index<1> i) restrict(amp) { v[i] += i[0]; });
  // The results of a0 are on a0 only; a kernel on a1 sees them.
  parallel_for_each(a1.default_view, v.extent, [=](index<1> i) restrict(amp) { v[i] *= 3; });
  parallel_for_each(a0.default_view, v.extent, [=](index<1> i) restrict(amp) { v[i] -= 5; });
  v.synchronize_to(a1.default_view);
  parallel_for_each(a1.default_view, v.extent, [=](index<1> i) restrict(amp) { v[i] ^= 0x55; });
  v.synchronize();
  for (int i = 0; i < n; ++i)
    expect[i] = ((expect[i] + i) * 3 - 5) ^ 0x55;
  EXPECT_EQ(data, expect);
}

// A view of host data whose pages the first accelerator imported
// (runtime/src/memory/view_pages.h: 40 MiB moved three times its size) moves
// to the second and back: the import goes with the first device copy, the
// second device earns its own, and the data is right on both.
TEST_F(MultiDevice, ViewWithImportedPagesMovesBetweenAccelerators) {
  const int n = (40 << 20) / 4;
  std::vector<int> data = pattern(n, 8), expect = data;
  array_view<int, 1> v(n, data);
  const ampvk::rt::counters &c = ampvk::rt::debug_counters();
  const std::uint64_t imports = c.view_page_imports, through = c.bytes_through_view_pages;
  auto round_trip = [&](const accelerator &a, int k) {
    v.refresh();
    parallel_for_each(a.default_view, v.extent,
                      [=](index<1> i) restrict(amp) { v[i] = v[i] * 3 + k; });
    v.synchronize();
    for (int &x : expect)
      x = x * 3 + k;
    ASSERT_EQ(data, expect) << "round " << k;
  };
  for (int k = 0; k < 3; ++k)
    round_trip(a0, k);
  for (int k = 3; k < 6; ++k)
    round_trip(a1, k);
  round_trip(a0, 6);
  // One import on each accelerator that imports host memory; the move back
  // to a0 starts over (round 6 alone moves less than three sizes).
  auto imports_on = [](const accelerator &a) {
    return a._M_native()->physical().imports_host_memory ? 1u : 0u;
  };
  EXPECT_EQ(c.view_page_imports - imports, imports_on(a0) + imports_on(a1));
  if (imports_on(a0) + imports_on(a1))
    EXPECT_GT(c.bytes_through_view_pages - through, 0u);
}

TEST_F(MultiDevice, ViewReadOnBothWhileBothWrite) {
  // A read-only input used by kernels on both accelerators, each writing its
  // own array.
  const int n = 2048;
  std::vector<int> in = pattern(n, 7);
  array_view<const int, 1> input(n, in);
  array<int, 1> r0(n, a0.default_view), r1(n, a1.default_view);
  parallel_for_each(r0.extent, [=, &r0](index<1> i) restrict(amp) { r0[i] = input[i] * 7; });
  parallel_for_each(r1.extent, [=, &r1](index<1> i) restrict(amp) { r1[i] = input[i] - 9; });
  std::vector<int> g0 = r0, g1 = r1;
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(g0[i], in[i] * 7) << i;
    ASSERT_EQ(g1[i], in[i] - 9) << i;
  }
}

TEST_F(MultiDevice, ViewOfAnArrayIsCopiedToTheKernelsAccelerator) {
  // C++ AMP: array_views captured by a kernel on another accelerator are
  // synchronized to it implicitly; the array itself stays where it is.
  const int n = 3000;
  std::vector<int> init = pattern(n, 21);
  array<int, 1> x(n, init.begin(), a0.default_view);
  array_view<int, 1> v(x);
  parallel_for_each(a1.default_view, v.extent,
                    [=](index<1> i) restrict(amp) { v[i] = v[i] * 3 + i[0]; });
  std::vector<int> expect = init;
  for (int i = 0; i < n; ++i)
    expect[i] = expect[i] * 3 + i;
  std::vector<int> got = x; // the array sees what the kernel on a1 wrote
  EXPECT_EQ(got, expect);
  EXPECT_EQ(x.get_accelerator_view(), a0.default_view);

  // Back on the array's own accelerator, through the array itself.
  parallel_for_each(x.extent, [&x](index<1> i) restrict(amp) { x[i] -= 5; });
  for (int &e : expect)
    e -= 5;
  // Read-only on a1 again, writing an array there; x keeps its data.
  array<int, 1> r(n, a1.default_view);
  parallel_for_each(a1.default_view, r.extent,
                    [=, &r](index<1> i) restrict(amp) { r[i] = v[i] ^ 0x55; });
  std::vector<int> gr = r, gx = x;
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(gr[i], expect[i] ^ 0x55) << i;
    ASSERT_EQ(gx[i], expect[i]) << i;
  }
  // Through a section, and read on the host through the view.
  array_view<int, 1> middle = v.section(1000, 500);
  parallel_for_each(a1.default_view, middle.extent,
                    [=](index<1> i) restrict(amp) { middle[i] = -middle[i]; });
  for (int i = 1000; i < 1500; ++i)
    expect[i] = -expect[i];
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], expect[i]) << i;
  v.synchronize_to(a1.default_view); // nothing to do: launches copy it
  EXPECT_EQ(v.get_source_accelerator_view(), a0.default_view);
}

TEST_F(MultiDevice, ViewWithoutDataSourceFollowsTheKernel) {
  const int n = 1500;
  array_view<int, 1> scratch(n); // made on the default accelerator
  parallel_for_each(a1.default_view, scratch.extent,
                    [=](index<1> i) restrict(amp) { scratch[i] = i[0] * 7 - 3; });
  parallel_for_each(a0.default_view, scratch.extent,
                    [=](index<1> i) restrict(amp) { scratch[i] += 2; });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(scratch[i], i * 7 - 1) << i;
}

TEST_F(MultiDevice, ViewWithoutDataSourceMovesToTheKernelsAcceleratorOnce) {
  // A view without a data source belongs to no accelerator (C++ AMP): the
  // first kernel on a1 takes it there, and the kernels after it there copy
  // nothing. (It used to stay on the default accelerator as an array does,
  // every kernel on a1 reaching it through the host: two ranks of the MPI
  // sample, one per GPU of an H200 pair, ran 70 times slower than one.)
  const int n = 4096;
  std::vector<int> init = pattern(n, 11);
  array_view<const int, 1> src(n, init);
  array_view<int, 1> scratch(n); // made on the default accelerator
  parallel_for_each(a1.default_view, scratch.extent,
                    [=](index<1> i) restrict(amp) { scratch[i] = src[i] * 3; });
  EXPECT_EQ(ampvk::rt::buffer_device(scratch._M_native()), a1.default_view._M_device());
  a1.default_view.wait();
  const ampvk::rt::counters &c = ampvk::rt::debug_counters();
  const std::uint64_t uploads = c.uploads, downloads = c.downloads;
  for (int r = 0; r < 5; ++r)
    parallel_for_each(a1.default_view, scratch.extent,
                      [=](index<1> i) restrict(amp) { scratch[i] += src[i]; });
  a1.default_view.wait();
  EXPECT_EQ(c.uploads - uploads, 0u);
  EXPECT_EQ(c.downloads - downloads, 0u);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(scratch[i], init[i] * 8) << i;
}

TEST_F(MultiDevice, SynchronizeToTakesAViewWithoutDataSourceAlong) {
  const int n = 700;
  array_view<int, 1> scratch(n);
  parallel_for_each(a0.default_view, scratch.extent,
                    [=](index<1> i) restrict(amp) { scratch[i] = i[0] * 5 + 1; });
  scratch.synchronize_to(a1.default_view);
  EXPECT_EQ(ampvk::rt::buffer_device(scratch._M_native()), a1.default_view._M_device());
  parallel_for_each(a1.default_view, scratch.extent,
                    [=](index<1> i) restrict(amp) { scratch[i] -= 1; });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(scratch[i], i * 5) << i;
}

TEST_F(MultiDevice, KernelWithoutViewRunsWhereTheViewedArrayIs) {
  // No accelerator_view named: the kernel runs on the accelerator of the
  // array a captured view shows, and a view of host data it also uses goes
  // there.
  const int n = 800;
  std::vector<int> init = pattern(n, 5), out(n, 0);
  array<int, 1> x(n, init.begin(), a1.default_view);
  array_view<const int, 1> v(x);
  array_view<int, 1> host_out(n, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { host_out[i] = v[i] + 1; });
  EXPECT_EQ(ampvk::rt::buffer_device(host_out._M_native()), a1.default_view._M_device());
  host_out.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], init[i] + 1) << i;
}

TEST_F(MultiDevice, ArrayCapturedOnAnotherAcceleratorIsAnError) {
  array<int, 1> x(64, a0.default_view);
  expectRuntimeException(
      [&] {
        parallel_for_each(a1.default_view, x.extent,
                          [&x](index<1> i) restrict(amp) { x[i] = 1; });
      },
      "ampvk: mismatched accelerators: the kernel runs on " + described(a1) +
          " but binding 0 uses an array that lives on " + described(a0) +
          "; copy it to an array on the kernel's accelerator first");
}

TEST_F(MultiDevice, KernelsOnBothAtOnceFromTwoThreads) {
  const int n = 50000, rounds = 25;
  auto work = [](accelerator acc, int seed, std::vector<int> *out) {
    std::vector<int> input = pattern(n, seed);
    array<int, 1> a(n, input.begin(), acc.default_view);
    for (int r = 0; r < rounds; ++r)
      parallel_for_each(a.extent, [&a, r](index<1> i) restrict(amp) {
        a[i] = a[i] * 5 + r - (a[i] >> 3);
      });
    *out = a;
  };
  std::vector<int> out0, out1;
  std::thread t0(work, a0, 11, &out0), t1(work, a1, 12, &out1);
  t0.join();
  t1.join();
  for (int seed : {11, 12}) {
    std::vector<int> expect = pattern(n, seed);
    for (int r = 0; r < rounds; ++r)
      for (int &x : expect)
        x = x * 5 + r - (x >> 3);
    EXPECT_EQ(seed == 11 ? out0 : out1, expect) << "accelerator " << seed - 11;
  }
}

// A view of host data used by kernels on both accelerators in turn, with
// host writes (refresh), discards, synchronizes and element reads of random
// sections in between, against a host model: each move to the other
// accelerator carries the data the host and the last kernel left.
TEST_F(MultiDevice, SectionOperationsBetweenKernelsOnBoth) {
  const int rows = 24, cols = 20;
  std::vector<int> data = pattern(rows * cols, 21), model = data;
  std::vector<char> defined(data.size(), 1);
  array_view<int, 2> v(rows, cols, data);
  unsigned x = 99;
  auto pick = [&](int n) {
    x = x * 1103515245u + 12345u;
    return static_cast<int>((x >> 8) % static_cast<unsigned>(n));
  };
  for (int step = 0; step < 120; ++step) {
    const index<2> at(pick(rows), pick(cols));
    const extent<2> ext(1 + pick(rows - at[0]), 1 + pick(cols - at[1]));
    array_view<int, 2> s = v.section(at, ext);
    switch (pick(5)) {
    case 0:
    case 1: { // a kernel on either accelerator
      const int k = pick(50);
      accelerator_view where = pick(2) ? a1.default_view : a0.default_view;
      parallel_for_each(where, v.extent, [=](index<2> i) restrict(amp) {
        v[i] = (v[i] * 5 + k - i[0]) & 0x3fff;
      });
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
          model[r * cols + c] = (model[r * cols + c] * 5 + k - r) & 0x3fff;
      break;
    }
    case 2: // the host writes the section behind the view's back
      s.synchronize(access_type_read_write);
      for (int r = at[0]; r < at[0] + ext[0]; ++r)
        for (int c = at[1]; c < at[1] + ext[1]; ++c) {
          data[r * cols + c] = model[r * cols + c] = (r * 13 + c + step) & 0x3ff;
          defined[r * cols + c] = 1;
        }
      s.refresh();
      break;
    case 3:
      s.discard_data();
      for (int r = at[0]; r < at[0] + ext[0]; ++r)
        for (int c = at[1]; c < at[1] + ext[1]; ++c)
          defined[r * cols + c] = 0;
      break;
    case 4: {
      const array_view<const int, 2> in = s;
      for (int r = 0; r < ext[0]; ++r)
        for (int c = 0; c < ext[1]; ++c) {
          const int m = (at[0] + r) * cols + at[1] + c;
          if (defined[m])
            ASSERT_EQ(in(r, c), model[m]) << step << ": " << at[0] + r << "," << at[1] + c;
        }
      break;
    }
    }
  }
  v.synchronize();
  for (std::size_t m = 0; m < data.size(); ++m)
    if (defined[m])
      ASSERT_EQ(data[m], model[m]) << m;
}

namespace {

// How a copy between the two accelerators moved its bytes (buffer_copies.h):
// through host memory both devices import where they do (the discrete-GPU
// path, unless AMPVK_DEBUG_NO_HOST_IMPORT), else by the host.
struct copy_counts {
  std::uint64_t between, on_host, downloaded, uploaded;
  static copy_counts now() {
    const ampvk::rt::counters &c = ampvk::rt::debug_counters();
    return {c.bytes_copied_between_devices.load(), c.bytes_copied_on_host.load(),
            c.bytes_downloaded.load(), c.bytes_uploaded.load()};
  }
  copy_counts since(const copy_counts &s) const {
    return {between - s.between, on_host - s.on_host, downloaded - s.downloaded,
            uploaded - s.uploaded};
  }
};

bool flag(const char *name) {
  const char *v = std::getenv(name);
  return v && *v && std::string(v) != "0";
}

// The discrete-GPU path on lavapipe imports host memory (as NVIDIA's driver
// does), unless told not to; unified memory copies on the host. A real GPU
// without the variables takes the path its memory offers.
void expectMovedOnce(const copy_counts &m, std::uint64_t bytes) {
  const bool through_host = flag("AMPVK_DEBUG_NO_HOST_IMPORT");
  const bool bridged = flag("AMPVK_DEBUG_FORCE_STAGING") && !through_host;
  if (through_host || bridged) {
    EXPECT_EQ(m.between, bridged ? bytes : 0u);
    EXPECT_EQ(m.on_host, bridged ? 0u : bytes);
  } else {
    EXPECT_EQ(m.between + m.on_host, bytes);
    EXPECT_TRUE(m.between == 0 || m.on_host == 0);
  }
  if (m.between) {
    EXPECT_EQ(m.downloaded, 0u);
    EXPECT_EQ(m.uploaded, 0u);
  }
}

} // namespace

// 72 MiB: three chunks through the two slots (the first slot is used again
// once the destination device has copied it out).
TEST_F(MultiDevice, LargeCopyBetweenAcceleratorsInChunks) {
  const int rows = 4608, cols = 4096;
  std::vector<int> input(std::size_t(rows) * cols);
  for (std::size_t k = 0; k < input.size(); ++k)
    input[k] = static_cast<int>((k * 2654435761u) >> 7);
  array<int, 2> x(rows, cols, input.begin(), a0.default_view);
  parallel_for_each(x.extent, [&x](index<2> i) restrict(amp) { x[i] ^= i[0] * 31 + i[1]; });
  array<int, 2> y(rows, cols, a1.default_view);
  const copy_counts start = copy_counts::now();
  copy(x, y);
  expectMovedOnce(copy_counts::now().since(start), input.size() * sizeof(int));
  parallel_for_each(y.extent, [&y](index<2> i) restrict(amp) { y[i] += 7; });
  const std::vector<int> got = y;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const std::size_t k = std::size_t(r) * cols + c;
      ASSERT_EQ(got[k], (input[k] ^ (r * 31 + c)) + 7) << r << "," << c;
    }
}

// A section of rows with a pitch into a section elsewhere: its bytes only.
TEST_F(MultiDevice, SectionCopyBetweenAccelerators) {
  const int rows = 1200, cols = 1024;
  std::vector<int> a_in = pattern(rows * cols, 31), b_in = pattern(rows * cols, 32);
  array<int, 2> a(rows, cols, a_in.begin(), a0.default_view);
  array<int, 2> b(rows, cols, b_in.begin(), a1.default_view);
  parallel_for_each(a.extent, [&a](index<2> i) restrict(amp) { a[i] = a[i] * 3 - i[1]; });
  parallel_for_each(b.extent, [&b](index<2> i) restrict(amp) { b[i] += 1; });
  const copy_counts start = copy_counts::now();
  copy(array_view<int, 2>(a).section(index<2>(100, 200), extent<2>(700, 512)),
       array_view<int, 2>(b).section(index<2>(450, 13), extent<2>(700, 512)));
  expectMovedOnce(copy_counts::now().since(start), 700u * 512 * sizeof(int));
  const std::vector<int> got = b;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int want = b_in[r * cols + c] + 1;
      if (r >= 450 && r < 1150 && c >= 13 && c < 525) {
        const int sr = r - 350, sc = c + 187;
        want = a_in[sr * cols + sc] * 3 - sc;
      }
      ASSERT_EQ(got[r * cols + c], want) << r << "," << c;
    }
}

// Data the host wrote last is copied by the host, whatever the devices offer.
TEST_F(MultiDevice, CopyOfHostWrittenDataBetweenAccelerators) {
  const int n = 1 << 19;
  std::vector<int> input = pattern(n, 33);
  array<int, 1> a(n, input.begin(), a0.default_view);
  array<int, 1> b(n, a1.default_view);
  // The host writes the array element by element: its host copy is current.
  for (int i = 0; i < n; ++i)
    a[i] = input[i] = input[i] / 2 + i;
  const copy_counts start = copy_counts::now();
  copy(a, b);
  const copy_counts m = copy_counts::now().since(start);
  EXPECT_EQ(m.between, 0u);
  EXPECT_EQ(m.on_host, n * sizeof(int));
  EXPECT_EQ(std::vector<int>(b), input);
}
