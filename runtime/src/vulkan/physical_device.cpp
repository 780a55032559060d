#include "vulkan/physical_device.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

bool has_device_extension(VkPhysicalDevice handle, const char *name) {
  uint32_t count = 0;
  if (vkEnumerateDeviceExtensionProperties(handle, nullptr, &count, nullptr) != VK_SUCCESS)
    return false;
  std::vector<VkExtensionProperties> extensions(count);
  if (vkEnumerateDeviceExtensionProperties(handle, nullptr, &count, extensions.data()) < 0)
    return false;
  for (const auto &e : extensions)
    if (std::strcmp(e.extensionName, name) == 0)
      return true;
  return false;
}

std::optional<std::uint32_t> compute_queue_family(VkPhysicalDevice handle) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, families.data());
  // The first compute family is the universal one on every common driver,
  // which runs at full priority; dedicated async-compute families are not.
  for (std::uint32_t i = 0; i < count; ++i)
    if ((families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) && families[i].queueCount > 0)
      return i;
  return std::nullopt;
}

kernel_features query_features(VkPhysicalDevice handle, std::uint32_t api_version) {
  kernel_features f;
  VkPhysicalDeviceFeatures2 core{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDevice16BitStorageFeatures storage16{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  core.pNext = &storage16;
  const bool is12 = api_version >= VK_API_VERSION_1_2;
  if (is12)
    storage16.pNext = &v12;
  vkGetPhysicalDeviceFeatures2(handle, &core);
  f.float64 = core.features.shaderFloat64;
  f.robust_buffer_access = core.features.robustBufferAccess;
  f.int64 = core.features.shaderInt64;
  f.int16 = core.features.shaderInt16;
  f.storage_image_write_without_format = core.features.shaderStorageImageWriteWithoutFormat;
  f.storage_buffer_16bit = storage16.storageBuffer16BitAccess;
  if (has_device_extension(handle, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME)) {
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    query.pNext = &atomic_float;
    vkGetPhysicalDeviceFeatures2(handle, &query);
    f.atomic_float_extension = true;
    f.float32_atomics_buffer = atomic_float.shaderBufferFloat32Atomics;
    f.float32_atomics_shared = atomic_float.shaderSharedFloat32Atomics;
  }
  if (is12)
    for (const vulkan12_feature &feature : vulkan12_features)
      f.*feature.ours = v12.*feature.vulkan;
  return f;
}

constexpr VkMemoryPropertyFlags shared_flags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
                                               VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                               VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

// The largest heap of DEVICE_LOCAL|HOST_VISIBLE|HOST_COHERENT memory; 0 if none.
VkDeviceSize shared_heap_size(const physical_device &d) {
  VkDeviceSize largest = 0;
  for (std::uint32_t i = 0; i < d.memory.memoryTypeCount; ++i)
    if ((d.memory.memoryTypes[i].propertyFlags & shared_flags) == shared_flags)
      largest = std::max(largest, d.memory.memoryHeaps[d.memory.memoryTypes[i].heapIndex].size);
  return largest;
}

VkDeviceSize largest_device_heap(const physical_device &d) {
  VkDeviceSize largest = 0;
  for (std::uint32_t i = 0; i < d.memory.memoryHeapCount; ++i)
    if (d.memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      largest = std::max(largest, d.memory.memoryHeaps[i].size);
  return largest;
}

bool has_unified_memory(const physical_device &d) {
  auto type = d.properties.deviceType;
  if (type != VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU && type != VK_PHYSICAL_DEVICE_TYPE_CPU)
    return false; // mapped VRAM on a discrete GPU is slow to read from the host
  return shared_heap_size(d) != 0;
}

// Sets the memory strategy: unified memory, shared (BAR) memory for arrays
// the host accesses, or staging only. AMPVK_DEBUG_FORCE_STAGING turns both
// shortcuts off; AMPVK_DEBUG_SHARED_MEMORY_BYTES=N makes any device behave as
// a discrete GPU with a small BAR of which N bytes may be used, and
// AMPVK_DEBUG_RESIZABLE_BAR a device whose memory is all the host's (lavapipe,
// integrated GPUs) behave as a discrete GPU with resizable BAR (tests).
void choose_memory_strategy(physical_device &d) {
  if (env_flag("AMPVK_DEBUG_FORCE_STAGING"))
    return;
  const VkDeviceSize shared = shared_heap_size(d);
  if (const char *bar = env_value("AMPVK_DEBUG_SHARED_MEMORY_BYTES")) {
    d.shared_memory_budget = shared ? std::strtoull(bar, nullptr, 10) : 0;
    return;
  }
  d.unified_memory = has_unified_memory(d) && !env_flag("AMPVK_DEBUG_RESIZABLE_BAR");
  if (d.unified_memory || !shared)
    return;
  d.resizable_bar = shared * 2 >= largest_device_heap(d);
  d.shared_memory_budget = d.resizable_bar ? shared : shared / 4;
}

device_info build_info(const physical_device &d) {
  device_info info;
  info.description = widen_utf8(d.properties.deviceName);
  info.device_path =
      widen_utf8("vulkan:" + std::to_string(d.index) + ":" + d.properties.deviceName);
  info.dedicated_memory_kb = static_cast<std::size_t>(largest_device_heap(d) / 1024);
  // C++ AMP's form: major version in the high 16 bits, minor in the low.
  info.version = (VK_API_VERSION_MAJOR(d.properties.apiVersion) << 16) |
                 VK_API_VERSION_MINOR(d.properties.apiVersion);
  info.is_emulated = d.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  info.has_display = false;
  info.supports_double_precision = d.features.float64;
  info.supports_limited_double_precision = d.features.float64;
  info.supports_cpu_shared_memory = d.unified_memory || d.resizable_bar;
  info.max_tile_invocations = d.limits().maxComputeWorkGroupInvocations;
  info.max_tile_static_bytes = d.limits().maxComputeSharedMemorySize;
  info.max_push_constant_bytes = d.limits().maxPushConstantsSize;
  return info;
}

// AMPVK_DEBUG_MAX_WORKGROUP_INVOCATIONS=N: act as a device that runs at most N
// threads per workgroup (and along each axis), as Vulkan allows down to 128,
// so that the suite runs untiled kernels in smaller workgroups on lavapipe.
void limit_workgroup_invocations_for_tests(VkPhysicalDeviceLimits &limits) {
  const char *value = env_value("AMPVK_DEBUG_MAX_WORKGROUP_INVOCATIONS");
  if (!value)
    return;
  const long n = std::strtol(value, nullptr, 10);
  if (n < 1)
    return;
  const auto most = static_cast<std::uint32_t>(n);
  limits.maxComputeWorkGroupInvocations = std::min(limits.maxComputeWorkGroupInvocations, most);
  for (std::uint32_t &size : limits.maxComputeWorkGroupSize)
    size = std::min(size, most);
}

} // namespace

std::wstring widen_utf8(const std::string &text) {
  std::wstring out;
  for (std::size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    int extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
    if (extra < 0 || text.size() - i <= static_cast<std::size_t>(extra)) {
      out.push_back(L'?'); // not UTF-8: device names are ASCII in practice
      ++i;
      continue;
    }
    char32_t cp = extra == 0 ? c : c & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    out.push_back(static_cast<wchar_t>(cp));
    i += extra + 1;
  }
  return out;
}

std::optional<physical_device> describe_physical_device(VkPhysicalDevice handle, unsigned index,
                                                        std::uint32_t instance_api) {
  physical_device d;
  d.handle = handle;
  d.index = index;

  VkPhysicalDevicePushDescriptorPropertiesKHR push{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
  VkPhysicalDeviceMaintenance3Properties maintenance3{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  vkGetPhysicalDeviceProperties(handle, &properties.properties);
  if (properties.properties.apiVersion < VK_API_VERSION_1_1)
    return std::nullopt;

  d.has_push_descriptor = has_device_extension(handle, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME) &&
                          !env_flag("AMPVK_DEBUG_NO_PUSH_DESCRIPTOR");
  d.reports_pipeline_statistics =
      has_device_extension(handle, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  const bool has_driver_id = properties.properties.apiVersion >= VK_API_VERSION_1_2;
  VkPhysicalDeviceExternalMemoryHostPropertiesEXT host_import{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
  const bool has_host_import =
      has_device_extension(handle, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME) &&
      !env_flag("AMPVK_DEBUG_NO_HOST_IMPORT");
  properties.pNext = &maintenance3;
  void **tail = &maintenance3.pNext;
  if (d.has_push_descriptor) {
    *tail = &push;
    tail = &push.pNext;
  }
  if (has_host_import) {
    *tail = &host_import;
    tail = &host_import.pNext;
  }
  if (has_driver_id)
    *tail = &driver;
  vkGetPhysicalDeviceProperties2(handle, &properties);
  d.properties = properties.properties;
  // Mesa's lavapipe ends an invocation's loops after 65,535 iterations in all
  // (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS).
  d.cuts_loops = (has_driver_id && driver.driverID == VK_DRIVER_ID_MESA_LLVMPIPE) ||
                 env_flag("AMPVK_DEBUG_LOOP_WITNESS");
  limit_workgroup_invocations_for_tests(d.properties.limits);
  d.max_allocation_size = maintenance3.maxMemoryAllocationSize;
  d.max_push_descriptors = d.has_push_descriptor ? push.maxPushDescriptors : 0;

  auto family = compute_queue_family(handle);
  if (!family)
    return std::nullopt;
  d.queue_family = *family;

  vkGetPhysicalDeviceMemoryProperties(handle, &d.memory);
  d.api_version = std::min(d.properties.apiVersion, instance_api);
  d.features = query_features(handle, d.api_version);
  choose_memory_strategy(d);
  d.imports_host_memory = has_host_import && !d.unified_memory;
  d.host_import_alignment = d.imports_host_memory ? host_import.minImportedHostPointerAlignment : 0;
  d.info = build_info(d);
  return d;
}

} // namespace rt
} // namespace ampvk
