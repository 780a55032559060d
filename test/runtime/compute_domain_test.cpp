// The dispatch plan: how many workgroups a domain needs, and when threads of
// an untiled kernel take several work items (kernel_image.h,
// items_per_thread_spec_id). Pure arithmetic: no device needed.
#include <gtest/gtest.h>

#include "compute_domain.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using ampvk::kernel_image_header;

namespace {

// An image header as the plugin writes it: untiled kernels loop over items.
kernel_image_header header(bool tiled, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                           std::uint32_t rank) {
  kernel_image_header h = ampvk_test::header(x, y, z, rank, tiled, 0, 0);
  h.item_loop = tiled ? 0 : 1;
  return h;
}

VkPhysicalDeviceLimits limits() {
  VkPhysicalDeviceLimits l{};
  l.maxComputeWorkGroupCount[0] = l.maxComputeWorkGroupCount[1] = l.maxComputeWorkGroupCount[2] =
      65535;
  l.maxComputeWorkGroupInvocations = 1024;
  l.maxComputeWorkGroupSize[0] = l.maxComputeWorkGroupSize[1] = 1024;
  l.maxComputeWorkGroupSize[2] = 64;
  l.maxComputeSharedMemorySize = 32768;
  l.maxPushConstantsSize = 128;
  return l;
}

rt::item_policy gpu_policy() {
  rt::item_policy p;
  p.items = 4;
  return p;
}

} // namespace

TEST(ComputeDomain, LargeUntiledDomainsTakeSeveralItemsPerThread) {
  const int n = 16 * 1024 * 1024 + 3;
  rt::dispatch_shape s = rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &n, limits(), "test",
                                           gpu_policy());
  EXPECT_EQ(s.items_per_thread, 4u);
  EXPECT_EQ(s.threads[0], static_cast<std::uint32_t>(n)); // the kernel still stops at n
  EXPECT_EQ(s.groups[0], (static_cast<std::uint32_t>(n) + 1023) / 1024);
  EXPECT_EQ(s.grid_folded, 0u); // 65537 workgroups of one item would have folded

  const int e[2] = {4096, 4096}; // rank 2: 16 x 16 workgroups, items along x
  s = rt::plan_dispatch(header(false, 16, 16, 1, 2), 2, e, limits(), "test", gpu_policy());
  EXPECT_EQ(s.items_per_thread, 4u);
  EXPECT_EQ(s.groups[0], 4096u / 64);
  EXPECT_EQ(s.groups[1], 4096u / 16);
}

TEST(ComputeDomain, SmallTiledAndFoldedDomainsKeepOneItemPerThread) {
  const int small = 100000; // 391 workgroups: too few to share out
  rt::dispatch_shape s = rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &small, limits(),
                                           "test", gpu_policy());
  EXPECT_EQ(s.items_per_thread, 1u);
  EXPECT_EQ(s.groups[0], 391u);

  const int tiled = 8 * 1024 * 1024;
  s = rt::plan_dispatch(header(true, 256, 1, 1, 1), 1, &tiled, limits(), "test", gpu_policy());
  EXPECT_EQ(s.items_per_thread, 1u);
  EXPECT_EQ(s.groups[0], static_cast<std::uint32_t>(tiled / 256));

  const int folded = 65535 * 256 * 5; // more workgroups than one axis dispatches, even with 4 items
  s = rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &folded, limits(), "test", gpu_policy());
  EXPECT_EQ(s.grid_folded, 1u);
  EXPECT_EQ(s.items_per_thread, 1u);

  s = rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &small, limits(), "test");
  EXPECT_EQ(s.items_per_thread, 1u); // the default policy: one item

  // An image whose kernel has no item loop (not made by the plugin) keeps one.
  kernel_image_header no_loop = header(false, 256, 1, 1, 1);
  no_loop.item_loop = 0;
  const int large = 16 * 1024 * 1024;
  s = rt::plan_dispatch(no_loop, 1, &large, limits(), "test", gpu_policy());
  EXPECT_EQ(s.items_per_thread, 1u);
  EXPECT_EQ(s.groups[0], 65535u); // folded instead
  EXPECT_EQ(s.grid_folded, 1u);
}

TEST(ComputeDomain, ForcedItemsApplyToEveryUntiledDomain) {
  rt::item_policy forced;
  forced.items = 3;
  forced.always = true;
  const int n = 1000;
  rt::dispatch_shape s =
      rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &n, limits(), "test", forced);
  EXPECT_EQ(s.items_per_thread, 3u);
  EXPECT_EQ(s.groups[0], 2u); // 768 items per workgroup
}
