// Test-only fault injection (AMPVK_DEBUG_FAULT), so the test suite can drive the
// paths a failing driver or GPU takes: a failed allocation, a failed
// submission, a device lost or hung while the host waits for it, a pipeline
// the driver could not create.
//
//   AMPVK_DEBUG_FAULT=alloc:N    the Nth vkAllocateMemory reports VK_ERROR_OUT_OF_DEVICE_MEMORY
//   AMPVK_DEBUG_FAULT=pipeline:N the Nth vkCreateComputePipelines reports
//                                VK_ERROR_OUT_OF_DEVICE_MEMORY
//   AMPVK_DEBUG_FAULT=submit:N   the Nth vkQueueSubmit reports VK_ERROR_OUT_OF_HOST_MEMORY
//   AMPVK_DEBUG_FAULT=lost:N     the Nth fence wait reports VK_ERROR_DEVICE_LOST
//   AMPVK_DEBUG_FAULT=timeout:N  the Nth fence wait reports VK_TIMEOUT (the kernel time limit)
//
// Several may be given, separated by commas; N counts from 1 over the whole
// process (all devices). The call itself is skipped (alloc, submit, pipeline) or made
// first (fence waits: the GPU really finishes, so the objects it used may be
// destroyed without validation errors, as they may after a real loss).
// The counters count whether or not a fault is set, so a test can run a
// program once, read how many calls it makes, then fail each one in turn.
#ifndef AMPVK_RUNTIME_VULKAN_FAULT_INJECTION_H
#define AMPVK_RUNTIME_VULKAN_FAULT_INJECTION_H

#include <atomic>
#include <cstdint>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

enum class fault_site { alloc, submit, wait, pipeline };

// Counts the call and returns the result to report instead of the real one,
// VK_SUCCESS when no fault is injected there. Throws runtime_exception for a
// malformed AMPVK_DEBUG_FAULT.
VkResult injected_fault(fault_site site);

// Calls made so far at each site (read by tests through internal_counters.h too).
std::uint64_t fault_site_calls(fault_site site) noexcept;

} // namespace rt
} // namespace ampvk

#endif
