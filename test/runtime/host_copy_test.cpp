// Large host copies spread over the runtime's threads (memory/host_copy.h):
// every byte lands once, whatever the thread count, size and alignment; the
// thread count grows with the size; and staged transfers that use them move
// the data exactly.
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "memory/host_copy.h"

namespace rt = ampvk::rt;

namespace {

std::vector<unsigned char> pattern(std::size_t n, std::uint32_t seed) {
  std::vector<unsigned char> v(n);
  std::uint32_t x = seed;
  for (auto &e : v) {
    x = x * 1664525u + 1013904223u;
    e = static_cast<unsigned char>(x >> 24);
  }
  return v;
}

} // namespace

TEST(HostCopy, EveryByteLandsOnceOnAnyNumberOfThreads) {
  const std::size_t sizes[] = {rt::host_copy_parallel_bytes + 4097, 3 * rt::host_copy_part_bytes + 1,
                               12345, 4096, 1};
  const std::size_t guard = 64;
  for (std::size_t bytes : sizes)
    for (unsigned threads = 1; threads <= 6; ++threads)
      for (std::size_t misalign : {0, 3}) {
        const std::vector<unsigned char> src = pattern(bytes + misalign, 11 + threads);
        std::vector<unsigned char> dst(bytes + 2 * guard, 0xAB);
        rt::copy_host_bytes_on(dst.data() + guard + misalign / 3, src.data() + misalign, bytes,
                               threads);
        const std::size_t at = guard + misalign / 3;
        ASSERT_EQ(std::memcmp(dst.data() + at, src.data() + misalign, bytes), 0)
            << bytes << " bytes on " << threads << " threads, misaligned by " << misalign;
        for (std::size_t k = 0; k < at; ++k)
          ASSERT_EQ(dst[k], 0xAB) << "a byte before the copy changed";
        for (std::size_t k = at + bytes; k < dst.size(); ++k)
          ASSERT_EQ(dst[k], 0xAB) << "a byte after the copy changed";
      }
}

TEST(HostCopy, ThreadsGrowWithTheSize) {
  EXPECT_EQ(rt::host_copy_threads(0), 1u);
  EXPECT_EQ(rt::host_copy_threads(rt::host_copy_parallel_bytes - 1), 1u);
  const unsigned at_threshold = rt::host_copy_threads(rt::host_copy_parallel_bytes);
  const unsigned large = rt::host_copy_threads(std::size_t(1) << 30);
  EXPECT_GE(at_threshold, 1u);
  EXPECT_LE(at_threshold, rt::host_copy_parallel_bytes / rt::host_copy_part_bytes);
  EXPECT_GE(large, at_threshold);
  EXPECT_LE(large, 64u);
}

// Run with AMPVK_DEBUG_FORCE_STAGING=1 and AMPVK_HOST_COPY_THREADS=4 by
// CTest (runtime.host_copies_staged): uploads and downloads through staging
// memory, 32 MiB chunks whose memcpy takes four threads.
TEST(HostCopy, LargeTransfersAreExact) {
  const std::size_t bytes = 40 * (std::size_t(1) << 20) + 12;
  const std::vector<unsigned char> data = pattern(bytes, 5);
  rt::buffer *b = rt::buffer_create(rt::default_device(), bytes);
  rt::buffer_write(b, 0, data.data(), bytes);
  std::vector<unsigned char> back(bytes);
  rt::buffer_read(b, 0, back.data(), bytes);
  EXPECT_TRUE(back == data);
  // A part at an odd offset.
  const std::vector<unsigned char> part = pattern(rt::host_copy_parallel_bytes + 333, 6);
  rt::buffer_write(b, 4097, part.data(), part.size());
  std::vector<unsigned char> part_back(part.size());
  rt::buffer_read(b, 4097, part_back.data(), part_back.size());
  EXPECT_TRUE(part_back == part);
  std::vector<unsigned char> head(4097);
  rt::buffer_read(b, 0, head.data(), head.size());
  EXPECT_TRUE(std::equal(head.begin(), head.end(), data.begin())) << "bytes before the part changed";
  rt::buffer_release(b);
}
