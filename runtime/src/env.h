// Environment variables the runtime reads. The AMPVK_DEBUG_* knobs exist so the
// test suite can drive the code paths a real GPU takes (staging transfers,
// descriptor pools) on drivers that would otherwise take the shortcut.
//
//   AMPVK_DEVICE                      index or name substring of the default device
//   AMPVK_DEVICE_REPLICAS=N           offer each Vulkan device as N accelerators (runtime_state.cpp)
//   AMPVK_VALIDATION=1                Khronos validation layer; any error fails the process
//   AMPVK_PROFILE, AMPVK_PROFILE_TRACE, AMPVK_LOG   the profiler and the log (profiler.h)
//   AMPVK_CHECK=1                     bounds checks of kernels built with them (bounds_report.cpp)
//   AMPVK_DEBUG_FORCE_STAGING=1       never map device memory directly
//   AMPVK_DEBUG_NO_PUSH_DESCRIPTOR=1  bind through descriptor pools even with VK_KHR_push_descriptor
//   AMPVK_DEBUG_SHARED_MEMORY_BYTES=N act as a discrete GPU with N bytes of BAR memory to share
//   AMPVK_ITEMS_PER_THREAD=N          N work items per thread in every untiled launch (device.cpp)
//   AMPVK_DEBUG_NO_TIMESTAMPS=1       profile as on a queue family without timestamps
#ifndef AMPVK_RUNTIME_ENV_H
#define AMPVK_RUNTIME_ENV_H

namespace ampvk {
namespace rt {

// Null when unset or empty.
const char *env_value(const char *name) noexcept;
// Set, non-empty and not "0".
bool env_flag(const char *name) noexcept;

} // namespace rt
} // namespace ampvk

#endif
