// Checked mode at run time (docs/user-guide.md, "Checked mode"). A kernel
// compiled with -fplugin-arg-ampvk-check has bounds checks, and tiled ones
// tile_static race checks, (tiled kernels) behind specialization constants
// and a report buffer binding (kernel_image.h). With AMPVK_CHECK=1 (bounds),
// races or all, the pipeline turns those checks on and each launch gets a
// fresh zeroed report buffer, read when its batch retires; a failure found
// is kept (kernel_failures.h) and thrown, as ampvk::out_of_bounds or
// ampvk::tile_static_race (<ampvk/exceptions.h>), by the next
// synchronization on any thread:
// accelerator_view::wait, a host access that waits for a kernel, a copy.
// Without AMPVK_CHECK the report binding gets one small buffer per device that
// the kernels never touch.
#ifndef AMPVK_RUNTIME_DIAGNOSTICS_BOUNDS_REPORT_H
#define AMPVK_RUNTIME_DIAGNOSTICS_BOUNDS_REPORT_H

#include <cstdint>

#include <vulkan/vulkan.h>

#include "kernels/kernel_image_reader.h"

namespace ampvk {
namespace rt {

class device;
class queue;

// What AMPVK_CHECK turns on (read once): 1 or bounds, races, all.
struct check_modes {
  bool bounds = false;
  bool races = false;
};
const check_modes &check_mode() noexcept;
// Either: launches of checked kernels get report buffers.
bool checks_enabled() noexcept;

// What the report binding of one launch is bound to.
struct check_report_slot {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize range = 0;
};

// Device mutex held. The report buffer for a launch of a checked image that
// records into q's batch with this serial; it is read when that serial
// retires (check_reports_retired).
check_report_slot check_report_for_launch(device &d, queue &q, std::uint64_t serial,
                                          const kernel_image &image);

// Device mutex held: q's batches up to `serial` are done; their reports are
// read and released, a failure kept for throw_kernel_failure.
void check_reports_retired(const queue &q, std::uint64_t serial) noexcept;

// At teardown, before d's memory goes: releases its report buffers.
void release_check_reports(const device &d) noexcept;

} // namespace rt
} // namespace ampvk

#endif
