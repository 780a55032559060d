#include "vulkan/vk_error.h"

#include <ampvk/exceptions.h>

#include "device.h"

namespace ampvk {
namespace rt {

const char *vk_result_name(VkResult result) noexcept {
  switch (result) {
#define AMPVK_RESULT(name)                                                     \
  case name:                                                                   \
    return #name;
    AMPVK_RESULT(VK_SUCCESS)
    AMPVK_RESULT(VK_NOT_READY)
    AMPVK_RESULT(VK_TIMEOUT)
    AMPVK_RESULT(VK_EVENT_SET)
    AMPVK_RESULT(VK_EVENT_RESET)
    AMPVK_RESULT(VK_INCOMPLETE)
    AMPVK_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
    AMPVK_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    AMPVK_RESULT(VK_ERROR_INITIALIZATION_FAILED)
    AMPVK_RESULT(VK_ERROR_DEVICE_LOST)
    AMPVK_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
    AMPVK_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
    AMPVK_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
    AMPVK_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
    AMPVK_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
    AMPVK_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
    AMPVK_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
    AMPVK_RESULT(VK_ERROR_FRAGMENTED_POOL)
    AMPVK_RESULT(VK_ERROR_UNKNOWN)
    AMPVK_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
    AMPVK_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    AMPVK_RESULT(VK_ERROR_FRAGMENTATION)
    AMPVK_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    AMPVK_RESULT(VK_PIPELINE_COMPILE_REQUIRED)
    AMPVK_RESULT(VK_ERROR_VALIDATION_FAILED_EXT)
    AMPVK_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef AMPVK_RESULT
  default:
    return "an unknown VkResult";
  }
}

void throw_vk_error(VkResult result, const std::string &what) {
  std::string message = "ampvk: " + what + " failed with " +
                        vk_result_name(result) + " (" +
                        std::to_string(static_cast<int>(result)) + ")";
  switch (result) {
  case VK_ERROR_DEVICE_LOST:
    message += "; the device was lost (driver reset or GPU fault) and can no "
               "longer be used";
    throw concurrency::accelerator_view_removed(message, static_cast<concurrency::HRESULT>(result));
  case VK_ERROR_OUT_OF_HOST_MEMORY:
  case VK_ERROR_OUT_OF_DEVICE_MEMORY:
  case VK_ERROR_OUT_OF_POOL_MEMORY:
  case VK_ERROR_TOO_MANY_OBJECTS:
  case VK_ERROR_FRAGMENTATION:
  case VK_ERROR_FRAGMENTED_POOL:
    throw concurrency::out_of_memory(message);
  default:
    throw concurrency::runtime_exception(message, concurrency::E_FAIL_AMP);
  }
}

void throw_vk_error(device &d, VkResult result, const std::string &what) {
  if (result == VK_ERROR_DEVICE_LOST)
    d.mark_lost(what + " reported VK_ERROR_DEVICE_LOST (the driver reset the GPU, or it faulted)",
                result);
  throw_vk_error(result, what);
}

} // namespace rt
} // namespace ampvk
