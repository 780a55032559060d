#include "vulkan/instance.h"

#include <algorithm>
#include <string>

#include <ampvk/exceptions.h>

#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {
namespace {

constexpr const char *install_hint =
    "Install a Vulkan driver (on Debian: apt-get install mesa-vulkan-drivers for the lavapipe "
    "CPU driver, or your GPU vendor's driver); `vulkaninfo --summary` shows what Vulkan sees.";

[[noreturn]] void fail(const std::string &message) {
  throw concurrency::runtime_exception(message, concurrency::E_FAIL_AMP);
}

std::string version_text(std::uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v));
}

} // namespace

void vulkan_instance::destroy() noexcept {
  if (handle == VK_NULL_HANDLE)
    return;
  destroy_messenger(handle, messenger);
  messenger = VK_NULL_HANDLE;
  vkDestroyInstance(handle, nullptr);
  handle = VK_NULL_HANDLE;
}

void create_instance(vulkan_instance &out) {
  std::uint32_t loader_version = VK_API_VERSION_1_0;
  if (vkEnumerateInstanceVersion(&loader_version) != VK_SUCCESS)
    loader_version = VK_API_VERSION_1_0;
  if (loader_version < VK_API_VERSION_1_1)
    fail("ampvk: the Vulkan loader supports Vulkan " + version_text(loader_version) +
         " but ampvk needs 1.1 or newer; update the loader (on Debian: apt-get install "
         "libvulkan1)");
  out.api_version = std::min<std::uint32_t>(loader_version, VK_API_VERSION_1_3);

  prepare_validation(out.validation);

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "ampvk application";
  app.pEngineName = "ampvk";
  app.engineVersion = VK_MAKE_API_VERSION(0, 0, 1, 0);
  app.apiVersion = out.api_version;

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pNext = out.validation.instance_pnext();
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<std::uint32_t>(out.validation.layers.size());
  info.ppEnabledLayerNames = out.validation.layers.data();
  info.enabledExtensionCount = static_cast<std::uint32_t>(out.validation.extensions.size());
  info.ppEnabledExtensionNames = out.validation.extensions.data();

  VkInstance instance = VK_NULL_HANDLE;
  VkResult r = vkCreateInstance(&info, nullptr, &instance);
  if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
    fail(std::string("ampvk: no Vulkan driver found (vkCreateInstance returned "
                     "VK_ERROR_INCOMPATIBLE_DRIVER). ") +
         install_hint);
  if (r < 0)
    fail(std::string("ampvk: could not create a Vulkan ") + version_text(out.api_version) +
         " instance: vkCreateInstance returned " + vk_result_name(r) + ". " + install_hint);
  out.handle = instance;
  out.messenger = create_messenger(instance, out.validation);
}

} // namespace rt
} // namespace ampvk
