#include "kernels/compute_domain.h"

#include "diagnostics/bounds_report.h"

#include <algorithm>
#include <string>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {
namespace {

const char *const axis_name[3] = {"x", "y", "z"};

[[noreturn]] void invalid(const std::string &why) {
  throw concurrency::invalid_compute_domain("concurrency::parallel_for_each: " + why);
}

std::string on_device(const char *device_name) {
  return std::string(" on ") + device_name;
}

// The kernel numbers the workgroups of a folded grid x + X * (y + Y * z) in 32
// bits (launch_header::grid_folded), so the dispatched grid holds fewer than
// 2^32 of them: as many as the domain needs, in whole rows of the widest x.
void fold_grid(dispatch_shape &shape, const VkPhysicalDeviceLimits &limits,
               const char *device_name) {
  const std::uint64_t total = std::uint64_t(shape.groups[0]) * shape.groups[1] * shape.groups[2];
  const std::uint32_t *most = limits.maxComputeWorkGroupCount;
  const std::uint64_t x = std::min<std::uint64_t>(total, most[0]);
  const std::uint64_t y = std::min<std::uint64_t>((total + x - 1) / x, most[1]);
  const std::uint64_t z = (total + x * y - 1) / (x * y);
  if (z > most[2] || x * y * z > 0xFFFFFFFFu)
    invalid("invalid compute domain: it needs " + std::to_string(shape.groups[0]) + " x " +
            std::to_string(shape.groups[1]) + " x " + std::to_string(shape.groups[2]) + " = " +
            std::to_string(total) +
            " tiles (workgroups), more than ampvk can number (2^32 - 1) and dispatch within "
            "the limit of " +
            std::to_string(most[0]) + " x " + std::to_string(most[1]) + " x " +
            std::to_string(most[2]) + " (maxComputeWorkGroupCount)" + on_device(device_name));
  shape.groups[0] = static_cast<std::uint32_t>(x);
  shape.groups[1] = static_cast<std::uint32_t>(y);
  shape.groups[2] = static_cast<std::uint32_t>(z);
  shape.grid_folded = 1;
}

// Each thread then takes `items` x positions, a workgroup width apart; with
// fewer workgroups than a few waves of a large GPU, fewer threads would leave
// it idle, so small domains keep one item per thread.
constexpr std::uint64_t min_groups_with_items = 2048;

void take_several_items(dispatch_shape &shape, std::uint32_t width, item_policy items) {
  const std::uint64_t groups = std::uint64_t(shape.groups[0]) * shape.groups[1] * shape.groups[2];
  if (!items.always && groups / items.items < min_groups_with_items)
    return;
  const std::uint64_t per_group = std::uint64_t(width) * items.items;
  shape.groups[0] = static_cast<std::uint32_t>((shape.threads[0] + per_group - 1) / per_group);
  shape.items_per_thread = items.items;
}

} // namespace

void fit_untiled_local_size(std::uint32_t ls[3], const VkPhysicalDeviceLimits &limits) {
  auto over = [&](int axis) { return ls[axis] > limits.maxComputeWorkGroupSize[axis]; };
  for (;;) {
    int axis = over(0) ? 0 : over(1) ? 1 : over(2) ? 2 : -1;
    if (axis < 0) {
      if (std::uint64_t(ls[0]) * ls[1] * ls[2] <= limits.maxComputeWorkGroupInvocations)
        return;
      axis = ls[1] > 1 || ls[2] > 1 ? (ls[2] >= ls[1] ? 2 : 1) : 0;
    }
    if (ls[axis] == 1)
      return; // no device has a limit of 0; the launch's check names it
    ls[axis] /= 2;
  }
}

dispatch_shape plan_dispatch(const kernel_image_header &h, int rank, const int *extent,
                             const VkPhysicalDeviceLimits &limits, const char *device_name,
                             item_policy items) {
  if (rank < 1 || rank > max_compute_rank)
    invalid("invalid compute domain: rank " + std::to_string(rank) + "; ampvk launches ranks 1 to " +
            std::to_string(max_compute_rank));
  if (static_cast<std::uint32_t>(rank) != h.rank)
    throw concurrency::runtime_exception(
        "ampvk: the kernel was compiled for a rank-" + std::to_string(h.rank) +
            " compute domain but launched over rank " + std::to_string(rank),
        concurrency::E_INVALIDARG_AMP);
  for (int i = 0; i < rank; ++i)
    if (extent[i] <= 0)
      invalid("invalid compute domain: extent[" + std::to_string(i) + "] is " +
              std::to_string(extent[i]) + "; every extent must be positive");

  dispatch_shape shape{};
  shape.items_per_thread = 1;
  for (int axis = 0; axis < 3; ++axis) {
    int dim = rank - 1 - axis; // C++ AMP dimension feeding this axis
    shape.threads[axis] = dim >= 0 ? static_cast<std::uint32_t>(extent[dim]) : 1u;
  }
  if (rank > 3) {
    if (h.tiled)
      throw concurrency::runtime_exception("ampvk: invalid kernel image: a tiled kernel of rank " +
                                               std::to_string(rank),
                                           concurrency::E_FAIL_AMP);
    std::uint64_t z = 1;
    for (int dim = 0; dim <= rank - 3; ++dim) {
      z *= static_cast<std::uint64_t>(extent[dim]);
      if (z > 0xFFFFFFFFu)
        invalid("invalid compute domain: extent[0] * ... * extent[" + std::to_string(rank - 3) +
                "] exceeds 2^32 - 1; ampvk runs those dimensions of a rank-" +
                std::to_string(rank) + " domain along one axis");
    }
    shape.threads[2] = static_cast<std::uint32_t>(z);
    shape.folded_count = folded_extent_words(rank);
    for (std::uint32_t i = 0; i < shape.folded_count; ++i)
      shape.folded[i] = static_cast<std::uint32_t>(extent[1 + i]);
  }

  for (int axis = 0; axis < 3; ++axis)
    shape.local_size[axis] = h.local_size[axis];
  if (!h.tiled)
    fit_untiled_local_size(shape.local_size, limits);
  const std::uint32_t *ls = shape.local_size;
  const std::uint64_t invocations = std::uint64_t(ls[0]) * ls[1] * ls[2];
  if (invocations > limits.maxComputeWorkGroupInvocations)
    invalid("a tile of " + std::to_string(ls[0]) + "x" + std::to_string(ls[1]) + "x" +
            std::to_string(ls[2]) + " (x*y*z) = " + std::to_string(invocations) +
            " threads exceeds the limit of " +
            std::to_string(limits.maxComputeWorkGroupInvocations) +
            " threads per tile (maxComputeWorkGroupInvocations)" + on_device(device_name));
  for (int axis = 0; axis < 3; ++axis)
    if (ls[axis] > limits.maxComputeWorkGroupSize[axis])
      invalid("a tile extent of " + std::to_string(ls[axis]) + " along " + axis_name[axis] +
              " exceeds the limit of " + std::to_string(limits.maxComputeWorkGroupSize[axis]) +
              " (maxComputeWorkGroupSize[" + std::to_string(axis) + "])" +
              on_device(device_name));
  if (h.tile_static_bytes > limits.maxComputeSharedMemorySize)
    invalid("the kernel uses " + std::to_string(h.tile_static_bytes) +
            " bytes of tile_static memory, more than the limit of " +
            std::to_string(limits.maxComputeSharedMemorySize) +
            " bytes (maxComputeSharedMemorySize)" + on_device(device_name));
  if (h.race_slots && check_mode().races &&
      h.tile_static_bytes + std::uint64_t(h.race_slots) * race_shadow_words_per_slot * 4 >
          limits.maxComputeSharedMemorySize)
    throw concurrency::unsupported_feature(
        "concurrency::parallel_for_each: checked mode (AMPVK_CHECK=races) needs " +
        std::to_string(std::uint64_t(h.race_slots) * race_shadow_words_per_slot * 4) +
        " bytes of shared memory to shadow the kernel's " + std::to_string(h.tile_static_bytes) +
        " bytes of tile_static memory (" + std::to_string(race_shadow_words_per_slot * 4) +
        " per scalar), more than the device's " +
        std::to_string(limits.maxComputeSharedMemorySize) +
        " bytes (maxComputeSharedMemorySize) allow" + on_device(device_name) +
        "; check this kernel with smaller tiles, or with AMPVK_CHECK=1 (bounds only)");
  if (h.push_size > limits.maxPushConstantsSize)
    invalid("the kernel's captured data needs a " + std::to_string(h.push_size) +
            "-byte push-constant block, more than the limit of " +
            std::to_string(limits.maxPushConstantsSize) +
            " bytes (maxPushConstantsSize)" + on_device(device_name) +
            "; capture fewer or smaller objects");

  bool fold = false;
  for (int axis = 0; axis < 3; ++axis) {
    int dim = rank - 1 - axis;
    std::uint32_t threads = shape.threads[axis];
    if (h.tiled) {
      if (dim < 0 && ls[axis] != 1)
        throw concurrency::runtime_exception(
            "ampvk: invalid kernel image: a rank-" + std::to_string(rank) +
                " tiled kernel has local_size " + std::to_string(ls[axis]) + " along unused axis " +
                axis_name[axis],
            concurrency::E_FAIL_AMP);
      if (threads % ls[axis] != 0)
        invalid("invalid compute domain: extent[" + std::to_string(dim) + "] is " +
                std::to_string(threads) + ", which is not divisible by the tile extent " +
                std::to_string(ls[axis]) + " of that dimension");
      shape.groups[axis] = threads / ls[axis];
    } else {
      shape.groups[axis] = static_cast<std::uint32_t>((std::uint64_t(threads) + ls[axis] - 1) /
                                                      ls[axis]);
    }
  }
  // Items first: they may spare the fold. A grid that must fold anyway keeps
  // one item per thread (the kernel's renumbering assumes it).
  const std::uint32_t one_item_groups_x = shape.groups[0];
  if (!h.tiled && h.item_loop && items.items > 1)
    take_several_items(shape, ls[0], items);
  for (int axis = 0; axis < 3; ++axis)
    fold |= shape.groups[axis] > limits.maxComputeWorkGroupCount[axis];
  if (fold) {
    shape.groups[0] = one_item_groups_x;
    shape.items_per_thread = 1;
  }
  if (fold)
    fold_grid(shape, limits, device_name);
  return shape;
}

} // namespace rt
} // namespace ampvk
