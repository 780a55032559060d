// What each VkQueue asked for costs vkCreateDevice, for docs/performance.md's
// "Launch costs" (why a device asks for one): the first Vulkan device's
// queue families, then four rounds of vkCreateDevice with one or two queues
// of its graphics-and-compute family, of its compute-only family, and of both,
// timed on the host; raw Vulkan, nothing of ampvk.
#include "vulkan_probe.h"

#include <chrono>
#include <cstdio>
#include <vector>

namespace {

// first_count queues of first_family, and one of second_family if both.
struct queues {
  const char *name;
  int first_family, first_count, second_family;
  bool both;
};

} // namespace

int main() {
  VkInstance instance = VK_NULL_HANDLE;
  const VkPhysicalDevice physical = probe_first_device(VK_API_VERSION_1_2, instance);
  if (!physical)
    return 1;
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(physical, &props);
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
  int graphics = -1, compute = -1;
  for (std::uint32_t i = 0; i < count; ++i) {
    const bool c = families[i].queueFlags & VK_QUEUE_COMPUTE_BIT;
    const bool g = families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT;
    std::printf("%s: family %u, flags 0x%x, %u queues\n", props.deviceName, i,
                families[i].queueFlags, families[i].queueCount);
    if (c && g && graphics < 0)
      graphics = static_cast<int>(i);
    if (c && !g && compute < 0)
      compute = static_cast<int>(i);
  }
  if (graphics < 0)
    graphics = compute;
  const std::vector<queues> configs = {
      {"one graphics-and-compute queue", graphics, 1, -1, false},
      {"two graphics-and-compute queues", graphics, 2, -1, false},
      {"one compute-only queue", compute, 1, -1, false},
      {"two compute-only queues", compute, 2, -1, false},
      {"one of each family", graphics, 1, compute, true},
  };
  for (int round = 0; round < 4; ++round)
    for (const queues &q : configs) {
      if (q.first_family < 0 ||
          static_cast<std::uint32_t>(q.first_count) > families[q.first_family].queueCount ||
          (q.both && (q.second_family < 0 || q.second_family == q.first_family))) {
        std::printf("round %d  %-34s not offered\n", round, q.name);
        continue;
      }
      const float priorities[2] = {1.0f, 1.0f};
      VkDeviceQueueCreateInfo infos[2] = {{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO},
                                          {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO}};
      infos[0].queueFamilyIndex = static_cast<std::uint32_t>(q.first_family);
      infos[0].queueCount = static_cast<std::uint32_t>(q.first_count);
      infos[0].pQueuePriorities = priorities;
      infos[1].queueFamilyIndex = static_cast<std::uint32_t>(q.second_family);
      infos[1].queueCount = 1;
      infos[1].pQueuePriorities = priorities;
      VkDeviceCreateInfo di{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
      di.queueCreateInfoCount = q.both ? 2 : 1;
      di.pQueueCreateInfos = infos;
      VkDevice device;
      const auto t0 = std::chrono::steady_clock::now();
      const VkResult r = vkCreateDevice(physical, &di, nullptr, &device);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (r == VK_SUCCESS)
        vkDestroyDevice(device, nullptr);
      std::printf("round %d  %-34s vkCreateDevice %7.1f ms%s\n", round, q.name, ms,
                  r == VK_SUCCESS ? "" : " (failed)");
    }
  vkDestroyInstance(instance, nullptr);
  return 0;
}
