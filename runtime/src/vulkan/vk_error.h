// Turns VkResult failures into the C++ AMP exceptions of <ampvk/exceptions.h>,
// naming the result and what the runtime was doing, so a user can act on it.
#ifndef AMPVK_RUNTIME_VULKAN_VK_ERROR_H
#define AMPVK_RUNTIME_VULKAN_VK_ERROR_H

#include <string>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

const char *vk_result_name(VkResult result) noexcept;

// Throws accelerator_view_removed for VK_ERROR_DEVICE_LOST, out_of_memory for
// the out-of-memory results and runtime_exception otherwise. `what` is the
// operation in words ("allocating a command buffer on <device>").
[[noreturn]] void throw_vk_error(VkResult result, const std::string &what);

class device;
// As above, for a call on device d: VK_ERROR_DEVICE_LOST also marks d lost, so
// every later use of d throws accelerator_view_removed with the reason.
[[noreturn]] void throw_vk_error(device &d, VkResult result, const std::string &what);
inline void vk_check(device &d, VkResult result, const std::string &what) {
  if (result < 0)
    throw_vk_error(d, result, what);
}

inline void vk_check(VkResult result, const char *what) {
  if (result < 0)
    throw_vk_error(result, what);
}
inline void vk_check(VkResult result, const std::string &what) {
  if (result < 0)
    throw_vk_error(result, what);
}

} // namespace rt
} // namespace ampvk

#endif
