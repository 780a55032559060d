// access_type and CPU-shared memory: an array the host may access lives in
// memory both the host and the kernels use (unified memory, BAR) where the
// device has it, so host access copies nothing; elsewhere, and once a small
// BAR's share is used up, it is staged as before. Runs plainly (lavapipe:
// unified memory), with AMPVK_DEBUG_SHARED_MEMORY_BYTES (a discrete GPU
// with a small BAR: CTest entry kernel.shared_memory_small_bar) and with
// AMPVK_DEBUG_RESIZABLE_BAR (one whose memory the host maps all of:
// kernel.copy_paths_resizable_bar).
#include <amp.h>

#include <gtest/gtest.h>

#include "host_test_helpers.h"
#include "vulkan/internal_counters.h"

#include <cstdlib>
#include <string>
#include <vector>

using namespace concurrency;
using hosttest::pattern;

namespace {

// The BAR share the environment gives the runtime, or -1 when unset.
long long simulatedBarBytes() {
  const char *text = std::getenv("AMPVK_DEBUG_SHARED_MEMORY_BYTES");
  return text && *text ? std::atoll(text) : -1;
}

bool simulatedResizableBar() {
  const char *text = std::getenv("AMPVK_DEBUG_RESIZABLE_BAR");
  return text && *text == '1';
}

struct Transfers {
  std::uint64_t uploads, downloads;
  static Transfers now() {
    auto &c = ampvk::rt::debug_counters();
    return {c.uploads.load(), c.downloads.load()};
  }
  bool operator==(const Transfers &o) const {
    return uploads == o.uploads && downloads == o.downloads;
  }
};

// Host writes through data(), a kernel updates every element, the host reads
// the result through data() again; returns whether this moved any data.
bool roundTrip(array<int, 1> &a, int seed) {
  const int n = a.extent[0];
  std::vector<int> input = pattern(n, seed);
  int *p = a.data();
  EXPECT_NE(p, nullptr);
  if (!p)
    return true;
  Transfers before = Transfers::now();
  for (int i = 0; i < n; ++i)
    p[i] = input[i];
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] * 3 - i[0]; });
  const int *q = a.data();
  EXPECT_EQ(q, p); // the host's copy is the kernel's memory, not a shadow
  for (int i = 0; i < n; ++i)
    if (q[i] != input[i] * 3 - i) {
      ADD_FAILURE() << "element " << i << ": " << q[i] << ", expected " << input[i] * 3 - i;
      break;
    }
  return !(Transfers::now() == before);
}

} // namespace

TEST(SharedMemory, SupportedWhereArraysAreShared) {
  accelerator acc;
  const long long bar = simulatedBarBytes();
  const bool resizable_bar = simulatedResizableBar();
  if (bar >= 0) // a small BAR: some arrays, not all, can be shared
    EXPECT_FALSE(acc.supports_cpu_shared_memory);
  else if (acc.is_emulated) // lavapipe: all memory is the host's (or mapped)
    EXPECT_TRUE(acc.supports_cpu_shared_memory);
  // access_type_auto: read_write where all memory is the host's (unified),
  // none on a discrete GPU, even with resizable BAR: reading mapped VRAM from
  // the host is slow, so sharing it is the program's choice.
  array<int, 1> a(64, acc.default_view);
  if (bar >= 0 || resizable_bar)
    EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  else if (acc.is_emulated)
    EXPECT_EQ(a.get_cpu_access_type(), access_type_read_write);
  else if (!acc.supports_cpu_shared_memory)
    EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(a.data() == nullptr, a.get_cpu_access_type() == access_type_none);
}

TEST(SharedMemory, ReadWriteArrayIsTheMemoryTheKernelUses) {
  accelerator acc;
  array<int, 1> a(40000, acc.default_view, access_type_read_write);
  EXPECT_EQ(a.get_cpu_access_type(), access_type_read_write);
  const bool shared = acc.supports_cpu_shared_memory || simulatedBarBytes() >= 160000;
  EXPECT_EQ(roundTrip(a, 1), !shared);
  // Host element access and copy() see the kernel's results as well.
  std::vector<int> input = pattern(40000, 1);
  EXPECT_EQ(a[123], input[123] * 3 - 123);
  std::vector<int> out(40000);
  copy(a, out.begin());
  EXPECT_EQ(out[39999], input[39999] * 3 - 39999);
  // A view of the array: a kernel through it, synchronize, host reads.
  array_view<int, 1> v(a);
  Transfers before = Transfers::now();
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] + 2 * i[0]; });
  v.synchronize();
  for (int i = 0; i < 40000; i += 97)
    ASSERT_EQ(v[i], input[i] * 3 - i + 2 * i) << i;
  EXPECT_EQ(a.data()[777], input[777] * 3 + 777);
  EXPECT_EQ(Transfers::now() == before, shared);
}

TEST(SharedMemory, ArrayWithoutCpuAccessIsStagedWhereSharingIsOptional) {
  accelerator acc;
  array<int, 1> a(5000, acc.default_view, access_type_none);
  std::vector<int> input = pattern(5000, 2), out(5000);
  copy(input.begin(), input.end(), a);
  Transfers before = Transfers::now();
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] + 7; });
  copy(a, out.begin());
  for (int i = 0; i < 5000; ++i)
    ASSERT_EQ(out[i], input[i] + 7) << i;
  // Unified memory shares every array anyway; a BAR (resizable, small or
  // simulated) only the ones the host may access. Unified memory is where
  // access_type_auto means read_write.
  const bool unified =
      ampvk::rt::auto_cpu_access(ampvk::rt::default_device()) == access_type_read_write;
  EXPECT_EQ(Transfers::now() == before, unified);
}

TEST(SharedMemory, SmallBarShareIsNotExhausted) {
  // Six arrays of 256 KiB with CPU access: with a 1 MiB share the first four
  // are shared and the rest fall back to staging; all compute correctly.
  accelerator acc;
  const long long bar = simulatedBarBytes();
  const int n = 65536;
  std::vector<array<int, 1>> arrays;
  for (int k = 0; k < 6; ++k)
    arrays.emplace_back(n, acc.default_view, access_type_read_write);
  for (int k = 0; k < 6; ++k) {
    const bool shared =
        bar >= 0 ? (k + 1) * static_cast<long long>(n) * 4 <= bar : acc.supports_cpu_shared_memory;
    EXPECT_EQ(roundTrip(arrays[k], 10 + k), !shared) << "array " << k;
  }
  // Freed shares are reused.
  arrays.clear();
  array<int, 1> again(n, acc.default_view, access_type_read_write);
  EXPECT_EQ(roundTrip(again, 20), !(bar >= n * 4 || (bar < 0 && acc.supports_cpu_shared_memory)));
}
