// The instance and devices of the raw-Vulkan probes (coop_matrix_types,
// vk_queue_cost), which use nothing of ampvk.
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

#endif
