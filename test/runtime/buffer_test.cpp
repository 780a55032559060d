// Buffers without kernels: wrapping host memory, runtime-owned storage, bulk
// copies, residency bookkeeping and allocation failures.
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"

namespace rt = ampvk::rt;

namespace {

std::vector<std::uint32_t> pattern(std::size_t n, std::uint32_t seed) {
  std::vector<std::uint32_t> v(n);
  std::uint32_t x = seed;
  for (auto &e : v) {
    x = x * 1664525u + 1013904223u;
    e = x;
  }
  return v;
}

} // namespace

TEST(Buffers, WrapHostExposesTheCallersMemory) {
  std::vector<std::uint32_t> data = pattern(1000, 7);
  const std::vector<std::uint32_t> original = data;
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  EXPECT_EQ(rt::buffer_device(b), rt::default_device());
  EXPECT_EQ(rt::buffer_size(b), data.size() * 4);
  EXPECT_EQ(rt::buffer_host_data(b, rt::access::read), data.data());
  EXPECT_EQ(rt::buffer_host_data(b, rt::access::read_write), data.data());

  std::vector<std::uint32_t> back(data.size());
  rt::buffer_read(b, 0, back.data(), back.size() * 4);
  EXPECT_EQ(back, original);

  std::vector<std::uint32_t> update = pattern(10, 99);
  rt::buffer_write(b, 40 * 4, update.data(), update.size() * 4);
  EXPECT_TRUE(std::equal(update.begin(), update.end(), data.begin() + 40));
  EXPECT_EQ(data[39], original[39]);
  EXPECT_EQ(data[50], original[50]);
  rt::buffer_synchronize(b); // nothing newer on the device: a no-op
  rt::buffer_release(b);
  EXPECT_EQ(data[0], original[0]);
}

TEST(Buffers, RetainKeepsBufferAliveUntilLastRelease) {
  std::vector<int> data(64, 5);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  rt::buffer_retain(b);
  rt::buffer_release(b);
  // Still alive: one reference left.
  EXPECT_EQ(rt::buffer_size(b), 64u * 4);
  EXPECT_EQ(static_cast<int *>(rt::buffer_host_data(b, rt::access::read))[3], 5);
  rt::buffer_release(b);
}

TEST(Buffers, CreateWriteReadRoundTrip) {
  const std::vector<std::uint32_t> data = pattern(4099, 3); // not a multiple of 16 bytes
  rt::buffer *b = rt::buffer_create(rt::default_device(), data.size() * 4);
  EXPECT_EQ(rt::buffer_size(b), data.size() * 4);
  rt::buffer_write(b, 0, data.data(), data.size() * 4);
  std::vector<std::uint32_t> back(data.size());
  rt::buffer_read(b, 0, back.data(), back.size() * 4);
  EXPECT_EQ(back, data);

  // Partial reads and writes at odd offsets.
  const char text[] = "ampvk partial write";
  rt::buffer_write(b, 13, text, sizeof text);
  char out[sizeof text] = {};
  rt::buffer_read(b, 13, out, sizeof out);
  EXPECT_STREQ(out, text);
  std::uint32_t first = 0;
  rt::buffer_read(b, 0, &first, 4);
  EXPECT_EQ(first, data[0]);
  rt::buffer_release(b);
}

TEST(Buffers, CreateHostDataIsPersistentStorage) {
  rt::buffer *b = rt::buffer_create(rt::default_device(), 256 * sizeof(double));
  auto *p = static_cast<double *>(rt::buffer_host_data(b, rt::access::write));
  ASSERT_NE(p, nullptr);
  for (int i = 0; i < 256; ++i)
    p[i] = i * 0.5 - 3.25;
  // The fast path hands back the same pointer with nothing changed.
  EXPECT_EQ(rt::buffer_host_data(b, rt::access::read), p);
  EXPECT_EQ(rt::buffer_host_data(b, rt::access::write), p);
  std::vector<double> back(256);
  rt::buffer_read(b, 0, back.data(), back.size() * sizeof(double));
  for (int i = 0; i < 256; ++i)
    EXPECT_EQ(back[i], i * 0.5 - 3.25);
  rt::buffer_release(b);
}

TEST(Buffers, ZeroByteBuffersWork) {
  rt::buffer *created = rt::buffer_create(rt::default_device(), 0);
  EXPECT_EQ(rt::buffer_size(created), 0u);
  EXPECT_NE(rt::buffer_host_data(created, rt::access::read_write), nullptr);
  rt::buffer_write(created, 0, nullptr, 0);
  rt::buffer_read(created, 0, nullptr, 0);
  rt::buffer_synchronize(created);
  rt::buffer_discard(created);
  rt::buffer_release(created);

  std::vector<int> empty;
  rt::buffer *wrapped = rt::buffer_wrap_host(rt::default_device(), empty.data(), 0);
  EXPECT_EQ(rt::buffer_size(wrapped), 0u);
  rt::buffer_host_data(wrapped, rt::access::read);
  rt::buffer_release(wrapped);
}

TEST(Buffers, OutOfRangeCopiesThrow) {
  rt::buffer *b = rt::buffer_create(rt::default_device(), 64);
  char bytes[16] = {};
  EXPECT_THROW(rt::buffer_write(b, 60, bytes, 8), concurrency::runtime_exception);
  EXPECT_THROW(rt::buffer_read(b, 65, bytes, 0), concurrency::runtime_exception);
  EXPECT_THROW(rt::buffer_read(b, 8, bytes, static_cast<std::size_t>(-4)),
               concurrency::runtime_exception);
  rt::buffer_release(b);
  EXPECT_THROW(rt::buffer_wrap_host(rt::default_device(), nullptr, 16),
               concurrency::runtime_exception);
  EXPECT_THROW(rt::buffer_create(nullptr, 16), concurrency::runtime_exception);
}

TEST(Buffers, HugeCreateThrowsOutOfMemoryNamingSizeAndDevice) {
  const std::size_t huge = std::size_t(1) << 40;
  try {
    rt::buffer_create(rt::default_device(), huge);
    FAIL() << "a 1 TiB buffer was created";
  } catch (const concurrency::out_of_memory &e) {
    std::string message = e.what();
    EXPECT_NE(message.find(std::to_string(huge) + " bytes"), std::string::npos) << message;
    std::wstring name = rt::info(rt::default_device()).description;
    EXPECT_NE(message.find(std::string(name.begin(), name.end())), std::string::npos) << message;
    EXPECT_EQ(e.get_error_code(), concurrency::E_OUTOFMEMORY_AMP);
  }
  // The device still works afterwards.
  rt::buffer *b = rt::buffer_create(rt::default_device(), 1024);
  rt::buffer_release(b);
}

TEST(Buffers, HostDataFastPathMakesNoTransfers) {
  std::vector<int> data(1 << 12);
  std::iota(data.begin(), data.end(), -100);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  auto &c = rt::debug_counters();
  auto downloads = c.downloads.load(), submissions = c.submissions.load();
  long sum = 0;
  for (std::size_t i = 0; i < data.size(); ++i)
    sum += static_cast<int *>(rt::buffer_host_data(b, rt::access::read))[i];
  EXPECT_EQ(sum, std::accumulate(data.begin(), data.end(), 0L));
  EXPECT_EQ(c.downloads.load(), downloads);
  EXPECT_EQ(c.submissions.load(), submissions);
  rt::buffer_release(b);
}

TEST(Buffers, PlacementAndCpuAccessAreRecorded) {
  std::vector<int> host(16, 2);
  rt::buffer *wrapped = rt::buffer_wrap_host(rt::default_device(), host.data(), 64);
  rt::buffer *owned = rt::buffer_create(rt::default_device(), 64);
  EXPECT_TRUE(rt::buffer_wraps_host(wrapped));
  EXPECT_FALSE(rt::buffer_wraps_host(owned));
  EXPECT_EQ(rt::buffer_placement(owned), rt::placement::device);
  EXPECT_EQ(rt::buffer_cpu_access(owned), 3); // read_write unless an array says
  rt::buffer_set_placement(owned, rt::placement::staging, 1);
  EXPECT_EQ(rt::buffer_placement(owned), rt::placement::staging);
  EXPECT_EQ(rt::buffer_cpu_access(owned), 1);
  rt::buffer_release(owned);
  rt::buffer_release(wrapped);
}

TEST(Buffers, OnlyMarkedBuffersLackADataSource) {
  std::vector<int> host(16, 2);
  rt::buffer *wrapped = rt::buffer_wrap_host(rt::default_device(), host.data(), 64);
  rt::buffer *owned = rt::buffer_create(rt::default_device(), 64);
  rt::buffer *scratch = rt::buffer_create_without_source(rt::default_device(), 64);
  EXPECT_TRUE(rt::buffer_has_source(wrapped));
  EXPECT_TRUE(rt::buffer_has_source(owned));
  EXPECT_FALSE(rt::buffer_has_source(scratch));
  // The mark does not change what the buffer holds.
  const int values[16] = {1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16};
  rt::buffer_write(scratch, 0, values, sizeof values);
  int back[16] = {};
  rt::buffer_read(scratch, 0, back, sizeof back);
  EXPECT_EQ(std::memcmp(back, values, sizeof values), 0);
  try {
    rt::buffer_has_source(nullptr);
    ADD_FAILURE() << "no exception";
  } catch (const concurrency::runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()), "ampvk: buffer_has_source called with a null buffer");
  }
  rt::buffer_release(scratch);
  rt::buffer_release(owned);
  rt::buffer_release(wrapped);
}
