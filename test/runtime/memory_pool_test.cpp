// Sub-allocation (memory_pool.cpp): buffers share few vkAllocateMemory blocks,
// freed ranges are reused, large buffers get memory of their own, and kernels
// on sub-allocated buffers compute what the host reference says.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "device.h"
#include "vulkan/internal_counters.h"
#include "memory/memory_pool.h"
#include "vulkan/physical_device.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

std::vector<int> pattern(std::size_t n, std::uint32_t seed) {
  std::vector<int> v(n);
  for (auto &e : v) {
    seed = seed * 1664525u + 1013904223u;
    e = static_cast<int>(seed >> 12) - (1 << 19);
  }
  return v;
}

// 1 KiB .. 300 KiB, not multiples of anything in particular.
std::size_t varied_ints(std::size_t i) { return 256 + (i * 7919) % 76543; }

std::uint64_t allocations() { return rt::debug_counters().memory_allocations.load(); }

} // namespace

TEST(MemoryPool, ManyBuffersOfVariedSizesShareFewAllocations) {
  rt::device *d = rt::default_device();
  const std::uint64_t before = allocations();
  std::vector<rt::buffer *> buffers;
  std::vector<std::vector<int>> expected;
  for (std::size_t i = 0; i < 120; ++i) {
    std::vector<int> data = pattern(varied_ints(i), static_cast<std::uint32_t>(i));
    rt::buffer *b = rt::buffer_create(d, data.size() * sizeof(int));
    rt::buffer_write(b, 0, data.data(), data.size() * sizeof(int));
    const int offset = static_cast<int>(i) * 3 - 100;
    launch_scale_offset(b, static_cast<int>(data.size()), offset);
    for (int &x : data)
      x = 2 * x + offset;
    buffers.push_back(b);
    expected.push_back(std::move(data));
  }
  // 120 buffers of 12 MiB in all: one block for the buffers, and with
  // staging (AMPVK_DEBUG_FORCE_STAGING) a few for the staging pool.
  EXPECT_LE(allocations() - before, 6u);
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    std::vector<int> got(expected[i].size());
    rt::buffer_read(buffers[i], 0, got.data(), got.size() * sizeof(int));
    ASSERT_EQ(got, expected[i]) << "buffer " << i;
  }
  for (rt::buffer *b : buffers)
    rt::buffer_release(b);
}

TEST(MemoryPool, FreedRangesAreReused) {
  rt::device *d = rt::default_device();
  constexpr std::size_t mib = std::size_t(1) << 20;
  // 40 MiB of 1 MiB buffers fit one 64 MiB block; after they are freed, a
  // different mix of sizes fits it again with no new device memory.
  std::vector<rt::buffer *> first;
  for (int i = 0; i < 40; ++i)
    first.push_back(rt::buffer_create(d, mib));
  const std::uint64_t after_first = allocations();
  for (rt::buffer *b : first)
    rt::buffer_release(b);
  std::vector<rt::buffer *> second;
  for (std::size_t i = 0; i < 60; ++i)
    second.push_back(rt::buffer_create(d, varied_ints(i) * 8));
  EXPECT_EQ(allocations(), after_first);
  // The reused memory holds what is written to it.
  for (std::size_t i = 0; i < second.size(); ++i) {
    std::vector<int> data = pattern(varied_ints(i) * 2, static_cast<std::uint32_t>(i + 500));
    rt::buffer_write(second[i], 0, data.data(), data.size() * sizeof(int));
    launch_scale_offset(second[i], static_cast<int>(data.size()), 9);
    std::vector<int> got(data.size());
    rt::buffer_read(second[i], 0, got.data(), got.size() * sizeof(int));
    for (int &x : data)
      x = 2 * x + 9;
    ASSERT_EQ(got, data) << "buffer " << i;
  }
  for (rt::buffer *b : second)
    rt::buffer_release(b);
}

TEST(MemoryPool, LargeBuffersGetMemoryOfTheirOwnAndGiveItBack) {
  rt::device *d = rt::default_device();
  const std::size_t ints = (std::size_t(40) << 20) / sizeof(int); // more than half a block
  const std::uint64_t before = allocations();
  rt::buffer *b = rt::buffer_create(d, ints * sizeof(int));
  EXPECT_EQ(allocations(), before + 1);
  std::vector<int> data = pattern(ints, 77);
  rt::buffer_write(b, 0, data.data(), data.size() * sizeof(int));
  launch_scale_offset(b, 1 << 20, -3); // the first 1M elements
  std::vector<int> got(ints);
  rt::buffer_read(b, 0, got.data(), got.size() * sizeof(int));
  for (std::size_t i = 0; i < (std::size_t(1) << 20); ++i)
    data[i] = 2 * data[i] - 3;
  EXPECT_EQ(got, data);
  const std::uint64_t frees = rt::debug_counters().memory_frees.load();
  rt::buffer_release(b);
  EXPECT_EQ(rt::debug_counters().memory_frees.load(), frees + 1);
}

// A program with little data maps and clears little memory at its first
// launch: a type's first blocks are an eighth, a quarter and half the full
// size, then full; a request larger than the step gets the smallest that
// holds it.
TEST(MemoryPool, FirstBlocksGrowToTheFullSize) {
  rt::device *d = rt::default_device();
  rt::default_queue(d); // opens the device
  const VkPhysicalDeviceMemoryProperties &mem = d->physical().memory;
  std::uint32_t type = 0;
  while (type < mem.memoryTypeCount &&
         !(mem.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
    ++type;
  ASSERT_LT(type, mem.memoryTypeCount);
  auto needs = [](VkDeviceSize size) {
    VkMemoryRequirements r{};
    r.size = size;
    r.alignment = 256;
    r.memoryTypeBits = ~0u;
    return r;
  };
  {
    rt::memory_pool pool(*d);
    const VkDeviceSize full = pool.block_size(type);
    ASSERT_GE(full, VkDeviceSize(8) << 20) << "needs a heap of at least 64 MiB";
    rt::memory_lease small, eighth, quarter, half;
    ASSERT_EQ(pool.allocate(needs(4096), type, small), VK_SUCCESS);
    ASSERT_EQ(pool.allocate(needs(full / 8), type, eighth), VK_SUCCESS);
    ASSERT_EQ(pool.allocate(needs(full / 4), type, quarter), VK_SUCCESS);
    ASSERT_EQ(pool.allocate(needs(full / 2), type, half), VK_SUCCESS);
    EXPECT_EQ(small.block_size(), full / 8);
    EXPECT_EQ(eighth.block_size(), full / 4);
    EXPECT_EQ(quarter.block_size(), full / 2);
    EXPECT_EQ(half.block_size(), full);
  }
  {
    rt::memory_pool pool(*d);
    const VkDeviceSize full = pool.block_size(type);
    rt::memory_lease big;
    ASSERT_EQ(pool.allocate(needs(full / 4 + 256), type, big), VK_SUCCESS);
    EXPECT_EQ(big.block_size(), full / 2);
  }
}
