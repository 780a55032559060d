#include "memory/host_import.h"

#include <cstdint>
#include <cstdlib>
#include <string>

#include <ampvk/exceptions.h>

#include "device.h"
#include "vulkan/physical_device.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {

void host_allocation_deleter::operator()(void *p) const noexcept { std::free(p); }

aligned_host_memory allocate_aligned_host_memory(std::size_t bytes, std::size_t alignment) {
  void *p = std::aligned_alloc(alignment, bytes);
  if (!p)
    throw concurrency::out_of_memory("ampvk: cannot allocate " + std::to_string(bytes) +
                                     " bytes of host memory for a copy between accelerators");
  return aligned_host_memory(static_cast<unsigned char *>(p));
}

imported_host_buffer import_host_memory(device &d, void *host, std::size_t bytes) {
  const VkDevice vk = d.vk();
  const std::string what =
      "importing " + std::to_string(bytes) + " bytes of host memory into " + d.describe();
  imported_host_buffer out;

  VkExternalMemoryBufferCreateInfo external{VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO};
  external.handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.pNext = &external;
  info.size = bytes;
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkBuffer buffer = VK_NULL_HANDLE;
  vk_check(d, vkCreateBuffer(vk, &info, nullptr, &buffer), what);
  out.buffer = unique_buffer(vk, buffer);

  VkMemoryHostPointerPropertiesEXT pointer{VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
  vk_check(d,
           d.host_pointer_properties_fn()(
               vk, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT, host, &pointer),
           what);
  VkMemoryRequirements needs{};
  vkGetBufferMemoryRequirements(vk, buffer, &needs);
  const std::uint32_t allowed = pointer.memoryTypeBits & needs.memoryTypeBits;
  if (!allowed || needs.size > bytes)
    throw concurrency::runtime_exception("ampvk: " + what + ": no memory type fits",
                                         concurrency::E_FAIL_AMP);
  // A coherent type where there is one: the host reads and writes the
  // memory through its own pointer, never through a mapping it could flush.
  const VkPhysicalDeviceMemoryProperties &types = d.physical().memory;
  std::uint32_t type = 0;
  while (!(allowed & (1u << type)))
    ++type;
  for (std::uint32_t t = type; t < types.memoryTypeCount; ++t)
    if ((allowed & (1u << t)) &&
        (types.memoryTypes[t].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)) {
      type = t;
      break;
    }

  VkImportMemoryHostPointerInfoEXT import{VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT};
  import.handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  import.pHostPointer = host;
  VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocate.pNext = &import;
  allocate.allocationSize = bytes;
  allocate.memoryTypeIndex = type;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  vk_check(d, vkAllocateMemory(vk, &allocate, nullptr, &memory), what);
  out.memory = unique_memory(vk, memory);
  vk_check(d, vkBindBufferMemory(vk, buffer, memory, 0), what);
  return out;
}

bool import_host_range(device &d, const void *p, std::size_t bytes, imported_range &out) {
  const std::uintptr_t align = d.physical().host_import_alignment;
  const std::uintptr_t begin = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t first = begin & ~(align - 1);
  const std::uintptr_t end = (begin + bytes + align - 1) & ~(align - 1);
  try {
    out.memory = import_host_memory(d, reinterpret_cast<void *>(first), end - first);
  } catch (const concurrency::runtime_exception &) {
    return false;
  }
  out.at = begin - first;
  return true;
}

} // namespace rt
} // namespace ampvk
