// From a C++ AMP compute domain to a Vulkan dispatch: checks the extents and
// the tile against the device's limits and computes the workgroup counts.
// C++ AMP dimension rank-1 maps to x, rank-2 to y, rank-3 to z; a domain of
// rank > 3 folds dimensions 0 .. rank-3 into z (kernel_image.h). A domain that
// needs more workgroups along an axis than the device dispatches is spread
// over a grid of at least as many workgroups, which the kernel renumbers
// (launch_header::grid_folded).
#ifndef AMPVK_RUNTIME_KERNELS_COMPUTE_DOMAIN_H
#define AMPVK_RUNTIME_KERNELS_COMPUTE_DOMAIN_H

#include <cstdint>

#include <vulkan/vulkan.h>

#include <ampvk/kernel_image.h>

namespace ampvk {
namespace rt {

struct dispatch_shape {
  std::uint32_t threads[3]; // x, y, z: the launch header's thread counts
  std::uint32_t groups[3];  // vkCmdDispatch arguments
  // The workgroup size: the tile, or for an untiled kernel the image's shape
  // fitted to the device (untiled_local_size_spec_id).
  std::uint32_t local_size[3];
  std::uint32_t grid_folded; // launch_header::grid_folded
  // Rank > 3: extent[1] .. extent[rank-3], for the end of the capture block.
  std::uint32_t folded[max_compute_rank];
  std::uint32_t folded_count;
  // Work items per thread of an untiled kernel (kernel_image.h,
  // items_per_thread_spec_id); 1 for tiled kernels and folded grids.
  std::uint32_t items_per_thread;
};

// How many work items each thread of an untiled kernel takes: `items` where
// enough workgroups remain to fill a large GPU (or always, for tests).
struct item_policy {
  std::uint32_t items = 1;
  bool always = false;
};

// An untiled kernel's workgroup on this device: the image's shape (256
// threads) where the device allows it, else halved, z or y before x (x stays
// widest, for neighbouring accesses), until it fits
// maxComputeWorkGroupInvocations and maxComputeWorkGroupSize.
void fit_untiled_local_size(std::uint32_t local_size[3], const VkPhysicalDeviceLimits &limits);

// Throws invalid_compute_domain with the offending numbers and the limit.
// `device_name` goes into the messages.
dispatch_shape plan_dispatch(const kernel_image_header &header, int rank, const int *extent,
                             const VkPhysicalDeviceLimits &limits, const char *device_name,
                             item_policy items = item_policy());

} // namespace rt
} // namespace ampvk

#endif
