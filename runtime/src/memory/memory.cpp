#include "memory/memory.h"

#include <optional>
#include <string>

#include <ampvk/exceptions.h>

#include "device.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {
namespace {

// Kernels may read byte arrays as 32-bit words and Vulkan wants non-zero
// sizes, so buffers are padded to a multiple of 16 bytes.
constexpr VkDeviceSize size_granule = 16;

struct memory_flags {
  VkMemoryPropertyFlags required;
  VkMemoryPropertyFlags preferred;
};

memory_flags flags_for(memory_use use) {
  switch (use) {
  case memory_use::storage:
    return {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0};
  case memory_use::mapped_storage:
    return {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
            VK_MEMORY_PROPERTY_HOST_CACHED_BIT};
  case memory_use::captures:
    return {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT};
  case memory_use::staging:
  default:
    // Cached memory makes reading results back fast; uploads do not suffer.
    return {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
            VK_MEMORY_PROPERTY_HOST_CACHED_BIT};
  }
}

VkBufferUsageFlags usage_for(memory_use use) {
  if (use == memory_use::staging)
    return VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  return VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
         VK_BUFFER_USAGE_TRANSFER_DST_BIT;
}

std::optional<std::uint32_t> find_type(const VkPhysicalDeviceMemoryProperties &memory,
                                       std::uint32_t allowed, memory_flags flags,
                                       VkDeviceSize size) {
  std::optional<std::uint32_t> fallback;
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if (!(allowed & (1u << i)))
      continue;
    VkMemoryPropertyFlags have = memory.memoryTypes[i].propertyFlags;
    if ((have & flags.required) != flags.required)
      continue;
    if (memory.memoryHeaps[memory.memoryTypes[i].heapIndex].size < size)
      continue; // would fail validation (allocationSize > heap size) and never succeed
    if ((have & flags.preferred) == flags.preferred)
      return i;
    if (!fallback)
      fallback = i;
  }
  return fallback;
}

[[noreturn]] void throw_too_large(const device &d, std::size_t bytes, const std::string &why) {
  throw concurrency::out_of_memory("ampvk: cannot allocate a buffer of " + std::to_string(bytes) +
                                   " bytes on " + d.describe() + ": " + why);
}

VkDeviceSize largest_heap(const VkPhysicalDeviceMemoryProperties &memory, std::uint32_t allowed,
                          VkMemoryPropertyFlags required) {
  VkDeviceSize largest = 0;
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i)
    if ((allowed & (1u << i)) &&
        (memory.memoryTypes[i].propertyFlags & required) == required)
      largest = std::max(largest, memory.memoryHeaps[memory.memoryTypes[i].heapIndex].size);
  return largest;
}

} // namespace

device_allocation allocate_buffer(device &d, std::size_t bytes, memory_use use) {
  const physical_device &phys = d.physical();
  if (bytes > static_cast<std::size_t>(-1) - size_granule)
    throw_too_large(d, bytes, "the size overflows");
  VkDeviceSize capacity = (static_cast<VkDeviceSize>(bytes) + size_granule - 1) / size_granule *
                          size_granule;
  if (capacity == 0)
    capacity = size_granule;
  if (phys.max_allocation_size && capacity > phys.max_allocation_size)
    throw_too_large(d, bytes,
                    "the device's largest single allocation (maxMemoryAllocationSize) is " +
                        std::to_string(phys.max_allocation_size) + " bytes");

  device_allocation a;
  a.capacity = capacity;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = capacity;
  info.usage = usage_for(use);
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkResult r = vkCreateBuffer(d.vk(), &info, nullptr, &buffer);
  if (r < 0)
    throw_vk_error(d, r, "creating a buffer of " + std::to_string(bytes) + " bytes on " +
                          d.describe());
  a.buffer = unique_buffer(d.vk(), buffer);

  VkMemoryRequirements needs{};
  vkGetBufferMemoryRequirements(d.vk(), buffer, &needs);
  memory_flags flags = flags_for(use);
  auto type = find_type(phys.memory, needs.memoryTypeBits, flags, needs.size);
  r = type ? d.memory().allocate(needs, *type, a.memory) : VK_ERROR_OUT_OF_DEVICE_MEMORY;
  if (r < 0 && use == memory_use::mapped_storage &&
      (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY)) {
    // Host-visible device memory is missing or full (a small BAR heap): the
    // caller then stages through transfers.
    flags = flags_for(memory_use::storage);
    type = find_type(phys.memory, needs.memoryTypeBits, flags, needs.size);
    r = type ? d.memory().allocate(needs, *type, a.memory) : VK_ERROR_OUT_OF_DEVICE_MEMORY;
  }
  if (!type) {
    VkDeviceSize heap = largest_heap(phys.memory, needs.memoryTypeBits, flags.required);
    throw_too_large(d, bytes,
                    "it exceeds the largest suitable memory heap (" + std::to_string(heap) +
                        " bytes)");
  }
  if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY ||
      r == VK_ERROR_TOO_MANY_OBJECTS)
    throw_too_large(d, bytes, std::string("Vulkan reports ") + vk_result_name(r));
  if (r < 0)
    throw_vk_error(d, r, "allocating " + std::to_string(bytes) + " bytes of memory on " +
                          d.describe());
  vk_check(d, vkBindBufferMemory(d.vk(), buffer, a.memory.memory(), a.memory.offset()),
           "binding buffer memory");

  constexpr VkMemoryPropertyFlags mappable =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  if (use != memory_use::storage &&
      (phys.memory.memoryTypes[*type].propertyFlags & mappable) == mappable)
    a.mapped = a.memory.mapped();
  return a;
}

} // namespace rt
} // namespace ampvk
