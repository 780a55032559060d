// Device memory for buffers: one VkBuffer bound to a range of a pooled
// VkDeviceMemory block (memory_pool.h), mapped when the use asks for host
// access and the memory type allows it. Allocation failures become
// concurrency::out_of_memory naming the size and the device, and nothing is
// leaked on the way out.
#ifndef AMPVK_RUNTIME_MEMORY_MEMORY_H
#define AMPVK_RUNTIME_MEMORY_MEMORY_H

#include <cstddef>

#include <vulkan/vulkan.h>

#include "memory/memory_pool.h"
#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class device;

struct device_allocation {
  memory_lease memory;       // declared first: the buffer is destroyed before its memory
  unique_buffer buffer;
  void *mapped = nullptr;    // persistent mapping of host-visible memory
  VkDeviceSize capacity = 0; // the VkBuffer's size (at least the requested bytes)

  explicit operator bool() const noexcept { return static_cast<bool>(buffer); }
};

enum class memory_use {
  storage,        // kernel data in DEVICE_LOCAL memory
  mapped_storage, // kernel data the host maps (DEVICE_LOCAL|HOST_VISIBLE);
                  // falls back to unmapped storage when no mappable type fits
                  // or that memory is full
  staging,        // host-visible transfer source/destination
  captures,       // host-visible storage the kernels read (capture_buffer.h),
                  // device-local where such memory exists
};

// Throws out_of_memory (too large for the device, or Vulkan out of memory) or
// runtime_exception. `bytes` may be 0: Vulkan gets a small minimum size.
device_allocation allocate_buffer(device &d, std::size_t bytes, memory_use use);

} // namespace rt
} // namespace ampvk

#endif
