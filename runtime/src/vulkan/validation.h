// AMPVK_VALIDATION=1 support: the Khronos validation layer plus a debug
// messenger that prints every error and makes the process exit non-zero, so a
// test that triggers a validation error fails even if its own checks pass.
#ifndef AMPVK_RUNTIME_VULKAN_VALIDATION_H
#define AMPVK_RUNTIME_VULKAN_VALIDATION_H

#include <vector>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

struct validation_setup {
  bool enabled = false;
  std::vector<const char *> layers;
  std::vector<const char *> extensions;
  VkDebugUtilsMessengerCreateInfoEXT messenger_info{};
  VkValidationFeaturesEXT features{};
  // Chained into VkInstanceCreateInfo::pNext so instance creation and
  // destruction are validated too.
  const void *instance_pnext() const noexcept;
};

// Reads AMPVK_VALIDATION. When it is on and the layer is missing, prints how to
// install it, arranges a failing exit status and throws runtime_exception.
// The returned object must stay at a fixed address while it is chained.
void prepare_validation(validation_setup &setup);

// Creates the persistent messenger; VK_NULL_HANDLE when validation is off.
VkDebugUtilsMessengerEXT create_messenger(VkInstance instance, const validation_setup &setup);
void destroy_messenger(VkInstance instance, VkDebugUtilsMessengerEXT messenger) noexcept;

unsigned validation_error_count() noexcept;

} // namespace rt
} // namespace ampvk

#endif
