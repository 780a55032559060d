// The dispatch plan: how many workgroups a domain needs, and when threads of
// an untiled kernel take several work items (kernel_image.h,
// items_per_thread_spec_id). Pure arithmetic: no device needed.
#include <gtest/gtest.h>

#include "kernels/compute_domain.h"
#include "kernel_image_builder.h"

#include <ampvk/exceptions.h>

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

// An untiled kernel's workgroup is the image's shape where the device allows
// it, and smaller where it does not (untiled_local_size_spec_id): Vulkan
// guarantees only 128 threads per workgroup.
TEST(ComputeDomain, UntiledWorkgroupsKeepTheImageShapeWhereTheDeviceAllowsIt) {
  const std::uint32_t shapes[3][3] = {{256, 1, 1}, {16, 16, 1}, {16, 4, 4}};
  for (const auto &shape : shapes) {
    std::uint32_t ls[3] = {shape[0], shape[1], shape[2]};
    rt::fit_untiled_local_size(ls, limits());
    EXPECT_EQ(ls[0], shape[0]);
    EXPECT_EQ(ls[1], shape[1]);
    EXPECT_EQ(ls[2], shape[2]);
  }
}

TEST(ComputeDomain, UntiledWorkgroupsShrinkToTheDeviceLimitsKeepingXWidest) {
  VkPhysicalDeviceLimits small = limits();
  small.maxComputeWorkGroupInvocations = 128;
  small.maxComputeWorkGroupSize[0] = small.maxComputeWorkGroupSize[1] = 128;
  small.maxComputeWorkGroupSize[2] = 64;
  struct {
    std::uint32_t from[3], to[3];
  } const cases[] = {{{256, 1, 1}, {128, 1, 1}},
                     {{16, 16, 1}, {16, 8, 1}},
                     {{16, 4, 4}, {16, 4, 2}}};
  for (const auto &c : cases) {
    std::uint32_t ls[3] = {c.from[0], c.from[1], c.from[2]};
    rt::fit_untiled_local_size(ls, small);
    EXPECT_EQ(ls[0], c.to[0]) << c.from[0] << "x" << c.from[1] << "x" << c.from[2];
    EXPECT_EQ(ls[1], c.to[1]) << c.from[0] << "x" << c.from[1] << "x" << c.from[2];
    EXPECT_EQ(ls[2], c.to[2]) << c.from[0] << "x" << c.from[1] << "x" << c.from[2];
  }
  // An axis over its own limit shrinks first, whatever the total allows.
  VkPhysicalDeviceLimits narrow = limits();
  narrow.maxComputeWorkGroupSize[0] = 64;
  std::uint32_t ls[3] = {256, 1, 1};
  rt::fit_untiled_local_size(ls, narrow);
  EXPECT_EQ(ls[0], 64u);
  // 16 threads in all: every axis down to what fits.
  VkPhysicalDeviceLimits tiny = limits();
  tiny.maxComputeWorkGroupInvocations = 16;
  std::uint32_t cube[3] = {16, 4, 4};
  rt::fit_untiled_local_size(cube, tiny);
  EXPECT_EQ(cube[0] * cube[1] * cube[2], 16u);
  EXPECT_EQ(cube[1], 1u);
  EXPECT_EQ(cube[2], 1u);
}

TEST(ComputeDomain, DispatchOfAnUntiledKernelCountsTheDevicesWorkgroups) {
  VkPhysicalDeviceLimits small = limits();
  small.maxComputeWorkGroupInvocations = 128;
  const int n = 1000;
  rt::dispatch_shape s =
      rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &n, small, "test", rt::item_policy());
  EXPECT_EQ(s.local_size[0], 128u);
  EXPECT_EQ(s.groups[0], 8u); // ceil(1000 / 128); 256-thread groups would be 4
  const int e[2] = {100, 40};
  s = rt::plan_dispatch(header(false, 16, 16, 1, 2), 2, e, small, "test", rt::item_policy());
  EXPECT_EQ(s.local_size[1], 8u);
  EXPECT_EQ(s.groups[0], 3u); // ceil(40 / 16)
  EXPECT_EQ(s.groups[1], 13u); // ceil(100 / 8)
  // With items per thread, a workgroup covers size.x * items along x.
  rt::item_policy forced;
  forced.items = 3;
  forced.always = true;
  s = rt::plan_dispatch(header(false, 256, 1, 1, 1), 1, &n, small, "test", forced);
  EXPECT_EQ(s.items_per_thread, 3u);
  EXPECT_EQ(s.groups[0], 3u); // ceil(1000 / 384)
  // A tile is the program's: it is checked against the limit, never changed.
  const int t = 1024;
  EXPECT_THROW(rt::plan_dispatch(header(true, 256, 1, 1, 1), 1, &t, small, "test"),
               concurrency::invalid_compute_domain);
}
