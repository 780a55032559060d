// The instance and devices of the raw-Vulkan probes (coop_matrix_types,
// vk_queue_cost, host_transfer_rates, and ampvk_bench's raw launch), which
// use nothing of ampvk.
#ifndef AMPVK_BENCH_VULKAN_PROBE_H
#define AMPVK_BENCH_VULKAN_PROBE_H

#include <vulkan/vulkan.h>

#include <cstdint>
#include <cstdio>
#include <vector>

// A Vulkan instance of api_version and its physical devices; null (and a
// line saying so) when there is no instance.
inline VkInstance probe_instance(std::uint32_t api_version, std::vector<VkPhysicalDevice> &devices) {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = api_version;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  VkInstance instance = VK_NULL_HANDLE;
  if (vkCreateInstance(&info, nullptr, &instance) != VK_SUCCESS) {
    std::printf("no Vulkan instance\n");
    return VK_NULL_HANDLE;
  }
  std::uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  devices.resize(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  return instance;
}

// The first physical device of a new instance (`instance` set when one was
// made, for the caller to destroy); null and a line saying why when there is
// none.
inline VkPhysicalDevice probe_first_device(std::uint32_t api_version, VkInstance &instance) {
  std::vector<VkPhysicalDevice> devices;
  instance = probe_instance(api_version, devices);
  if (!instance)
    return VK_NULL_HANDLE;
  if (devices.empty()) {
    std::printf("no Vulkan device\n");
    return VK_NULL_HANDLE;
  }
  return devices[0];
}

// The first queue family of `physical` that computes (0 if none claims to).
inline std::uint32_t first_compute_family(VkPhysicalDevice physical) {
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
  for (std::uint32_t family = 0; family < count; ++family)
    if (families[family].queueFlags & VK_QUEUE_COMPUTE_BIT)
      return family;
  return 0;
}

// A device with one queue of `family`, no extensions and no features.
inline VkResult create_one_queue_device(VkPhysicalDevice physical, std::uint32_t family,
                                        VkDevice &device) {
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo qi{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qi.queueFamilyIndex = family;
  qi.queueCount = 1;
  qi.pQueuePriorities = &priority;
  VkDeviceCreateInfo di{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  di.queueCreateInfoCount = 1;
  di.pQueueCreateInfos = &qi;
  return vkCreateDevice(physical, &di, nullptr, &device);
}

#endif
