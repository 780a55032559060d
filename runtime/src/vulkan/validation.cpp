#include "vulkan/validation.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

constexpr const char *validation_layer = "VK_LAYER_KHRONOS_validation";

std::atomic<unsigned> error_count{0};
std::atomic<bool> exit_check_installed{false};

// Runs after the runtime's own teardown (registered earlier, so it runs later)
// so that errors raised while destroying objects are counted too.
void fail_exit_if_errors() {
  unsigned errors = error_count.load();
  if (errors == 0)
    return;
  std::fprintf(stderr, "ampvk: %u Vulkan validation error(s) occurred; exiting with status 3\n",
               errors);
  std::fflush(nullptr);
  std::_Exit(3);
}

void install_exit_check() {
  if (!exit_check_installed.exchange(true))
    std::atexit(fail_exit_if_errors);
}

VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                          VkDebugUtilsMessageTypeFlagsEXT,
                                          const VkDebugUtilsMessengerCallbackDataEXT *data,
                                          void *) {
  const char *message = data && data->pMessage ? data->pMessage : "(no message)";
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    error_count.fetch_add(1);
    std::fprintf(stderr, "ampvk: Vulkan validation error: %s\n", message);
  } else {
    std::fprintf(stderr, "ampvk: Vulkan validation warning: %s\n", message);
  }
  return VK_FALSE; // never abort the call: the error is reported at exit instead
}

bool has_layer(const char *name) {
  uint32_t count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS)
    return false;
  std::vector<VkLayerProperties> layers(count);
  if (vkEnumerateInstanceLayerProperties(&count, layers.data()) < 0)
    return false;
  for (const auto &layer : layers)
    if (std::strcmp(layer.layerName, name) == 0)
      return true;
  return false;
}

bool layer_has_extension(const char *layer, const char *extension) {
  uint32_t count = 0;
  if (vkEnumerateInstanceExtensionProperties(layer, &count, nullptr) != VK_SUCCESS)
    return false;
  std::vector<VkExtensionProperties> extensions(count);
  if (vkEnumerateInstanceExtensionProperties(layer, &count, extensions.data()) < 0)
    return false;
  for (const auto &e : extensions)
    if (std::strcmp(e.extensionName, extension) == 0)
      return true;
  return false;
}

// The layer reads vk_layer_settings.txt from the working directory (or from
// VK_LAYER_SETTINGS_PATH), and such a file can turn every check off or mute
// the reports; AMPVK_VALIDATION=1 must mean the same wherever a program runs.
// An empty settings file gives the layer its defaults; the settings this
// runtime needs go through the instance's pNext chain.
void ignore_layer_settings_files() {
  const char *neutral = "/dev/null";
  const char *user = std::getenv("VK_LAYER_SETTINGS_PATH");
  if (user && std::strcmp(user, neutral) != 0)
    std::fprintf(stderr,
                 "ampvk: AMPVK_VALIDATION=1 ignores VK_LAYER_SETTINGS_PATH=%s (the validation "
                 "layer runs with ampvk's settings)\n",
                 user);
  setenv("VK_LAYER_SETTINGS_PATH", neutral, 1);
}

} // namespace

const void *validation_setup::instance_pnext() const noexcept {
  return enabled ? &messenger_info : nullptr;
}

void prepare_validation(validation_setup &setup) {
  setup = validation_setup{};
  if (!env_flag("AMPVK_VALIDATION"))
    return;
  install_exit_check();
  if (!has_layer(validation_layer)) {
    error_count.fetch_add(1);
    const char *message =
        "ampvk: AMPVK_VALIDATION=1 but the Vulkan layer VK_LAYER_KHRONOS_validation is not "
        "installed (on Debian: apt-get install vulkan-validationlayers). Refusing to run "
        "without validation; unset AMPVK_VALIDATION to run anyway.";
    std::fprintf(stderr, "%s\n", message);
    throw concurrency::runtime_exception(message, concurrency::E_FAIL_AMP);
  }
  ignore_layer_settings_files();
  setup.enabled = true;
  setup.layers.push_back(validation_layer);
  setup.extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

  setup.messenger_info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
  setup.messenger_info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  setup.messenger_info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  setup.messenger_info.pfnUserCallback = on_message;

  // Synchronization validation catches missing barriers between uploads,
  // dispatches and downloads, which the core checks cannot see.
  if (layer_has_extension(validation_layer, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME)) {
    static const VkValidationFeatureEnableEXT enables[] = {
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    setup.extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    setup.features.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT;
    setup.features.enabledValidationFeatureCount = 1;
    setup.features.pEnabledValidationFeatures = enables;
    setup.messenger_info.pNext = &setup.features;
  }
}

VkDebugUtilsMessengerEXT create_messenger(VkInstance instance, const validation_setup &setup) {
  if (!setup.enabled)
    return VK_NULL_HANDLE;
  auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkDebugUtilsMessengerCreateInfoEXT info = setup.messenger_info;
  info.pNext = nullptr;
  if (!create || create(instance, &info, nullptr, &messenger) != VK_SUCCESS) {
    error_count.fetch_add(1);
    const char *message = "ampvk: AMPVK_VALIDATION=1 but the VK_EXT_debug_utils messenger "
                          "could not be created, so validation errors would go unseen";
    std::fprintf(stderr, "%s\n", message);
    throw concurrency::runtime_exception(message, concurrency::E_FAIL_AMP);
  }
  return messenger;
}

void destroy_messenger(VkInstance instance, VkDebugUtilsMessengerEXT messenger) noexcept {
  if (messenger == VK_NULL_HANDLE)
    return;
  auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
  if (destroy)
    destroy(instance, messenger, nullptr);
}

unsigned validation_error_count() noexcept { return error_count.load(); }

} // namespace rt
} // namespace ampvk
