// The process's Vulkan instance, with validation when AMPVK_VALIDATION=1.
#ifndef AMPVK_RUNTIME_VULKAN_INSTANCE_H
#define AMPVK_RUNTIME_VULKAN_INSTANCE_H

#include <cstdint>

#include <vulkan/vulkan.h>

#include "vulkan/validation.h"

namespace ampvk {
namespace rt {

struct vulkan_instance {
  VkInstance handle = VK_NULL_HANDLE;
  std::uint32_t api_version = 0;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  validation_setup validation;

  vulkan_instance() = default;
  vulkan_instance(const vulkan_instance &) = delete;
  vulkan_instance &operator=(const vulkan_instance &) = delete;
  ~vulkan_instance() { destroy(); }
  void destroy() noexcept;
};

// Throws runtime_exception saying how to install a loader or driver.
void create_instance(vulkan_instance &out);

} // namespace rt
} // namespace ampvk

#endif
