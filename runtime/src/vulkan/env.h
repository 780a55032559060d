// Environment variables the runtime reads. The AMPVK_DEBUG_* knobs exist so the
// test suite can drive the code paths a real GPU takes (staging transfers,
// descriptor pools) on drivers that would otherwise take the shortcut.
//
//   AMPVK_DEVICE                      index or name substring of the default device
//   AMPVK_DEVICE_REPLICAS=N           offer each Vulkan device as N accelerators (runtime_state.cpp)
//   AMPVK_VALIDATION=1                Khronos validation layer; any error fails the process
//   AMPVK_PROFILE, AMPVK_PROFILE_TRACE, AMPVK_LOG   the profiler and the log (profiler.h)
//   AMPVK_CHECK=1|bounds|races|all    checks of kernels built with them (bounds_report.cpp)
//   AMPVK_PRINTF_BUFFER=N             bytes of each launch's direct3d_printf buffer (default
//                                     1048576, clamped to 64 .. 256 MiB; kernel_print.cpp)
//   AMPVK_DEBUG_FORCE_STAGING=1       never map device memory directly
//   AMPVK_DEBUG_NO_PUSH_DESCRIPTOR=1  bind through descriptor pools even with VK_KHR_push_descriptor
//   AMPVK_DEBUG_NO_HOST_IMPORT=1      import no host memory even with VK_EXT_external_memory_host:
//                                     copies between accelerators through the host, transfers
//                                     through staging memory only (physical_device.cpp)
//   AMPVK_DEBUG_SHARED_MEMORY_BYTES=N act as a discrete GPU with N bytes of BAR memory to share
//   AMPVK_DEBUG_RESIZABLE_BAR=1       where all memory is the host's, act as a discrete GPU with
//                                     resizable BAR
//   AMPVK_DEBUG_MAX_WORKGROUP_INVOCATIONS=N  act as a device running at most N threads per
//                                     workgroup (physical_device.cpp)
//   AMPVK_HOST_COPY_THREADS=N         at most N threads per large host copy (memory/host_copy.h)
//   AMPVK_ITEMS_PER_THREAD=N          N work items per thread in every untiled launch (device.cpp)
//   AMPVK_DEBUG_NO_TIMESTAMPS=1       profile as on a queue family without timestamps
//   AMPVK_KERNEL_TIMEOUT_MS=N         longest wait for submitted work before the device counts as
//                                     hung (default 60000; 0: no limit)
//   AMPVK_DEBUG_FAULT=kind:N,...      test-only fault injection (fault_injection.h)
#ifndef AMPVK_RUNTIME_VULKAN_ENV_H
#define AMPVK_RUNTIME_VULKAN_ENV_H

#include <cstdint>

namespace ampvk {
namespace rt {

// Null when unset or empty.
const char *env_value(const char *name) noexcept;
// Set, non-empty and not "0".
bool env_flag(const char *name) noexcept;

// AMPVK_KERNEL_TIMEOUT_MS, read once: how long a wait for submitted work may
// block before the device is given up as hung. Throws runtime_exception for a
// value that is not a number.
std::uint64_t kernel_timeout_ms();
// The same in nanoseconds for vkWaitForFences (UINT64_MAX: no limit).
std::uint64_t kernel_timeout_ns();

// AMPVK_PRINTF_BUFFER, read once: bytes of the buffer a launch of a kernel
// that prints gets, clamped to [min_printf_buffer_bytes,
// max_printf_buffer_bytes] and rounded down to whole words. Throws
// runtime_exception for a value that is not a number.
constexpr std::uint32_t default_printf_buffer_bytes = 1u << 20;
constexpr std::uint32_t min_printf_buffer_bytes = 64;
constexpr std::uint32_t max_printf_buffer_bytes = 256u << 20;
std::uint32_t printf_buffer_bytes();

} // namespace rt
} // namespace ampvk

#endif
