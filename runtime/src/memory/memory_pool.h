// Sub-allocation of device memory: buffers take ranges of large VkDeviceMemory
// blocks instead of one vkAllocateMemory each (drivers limit the number of
// allocations, maxMemoryAllocationCount, and each costs a kernel call). One
// best-fit free list per block; large requests get a block of their own.
// Our own code, not VMA: see docs/architecture.md ("Device memory").
#ifndef AMPVK_RUNTIME_MEMORY_MEMORY_POOL_H
#define AMPVK_RUNTIME_MEMORY_MEMORY_POOL_H

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include <vulkan/vulkan.h>

#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class device;
class memory_pool;
struct memory_block;

// A range of a block, returned to the pool when destroyed. `mapped` is the
// range's host address when its memory type is host-visible.
class memory_lease {
public:
  memory_lease() noexcept = default;
  memory_lease(const memory_lease &) = delete;
  memory_lease &operator=(const memory_lease &) = delete;
  memory_lease(memory_lease &&other) noexcept { *this = std::move(other); }
  memory_lease &operator=(memory_lease &&other) noexcept;
  ~memory_lease() { reset(); }

  void reset() noexcept;
  explicit operator bool() const noexcept { return block_ != nullptr; }
  VkDeviceMemory memory() const noexcept;
  VkDeviceSize offset() const noexcept { return offset_; }
  void *mapped() const noexcept;
  VkDeviceSize block_size() const noexcept; // of the block the range is cut from

private:
  friend class memory_pool;
  memory_pool *pool_ = nullptr;
  memory_block *block_ = nullptr;
  VkDeviceSize offset_ = 0;
  VkDeviceSize size_ = 0;
};

struct memory_block {
  unique_memory memory;
  std::uint32_t type = 0;
  VkDeviceSize size = 0;
  void *mapped = nullptr;               // whole-block mapping of host-visible types
  bool dedicated = false;               // one buffer only; freed with it
  std::map<VkDeviceSize, VkDeviceSize> free; // offset -> size, merged neighbours
  VkDeviceSize used = 0;
};

class memory_pool {
public:
  explicit memory_pool(device &d) : device_(d) {}
  ~memory_pool(); // every lease must be gone

  // A range of memory type `type` fitting `needs`. Returns VK_SUCCESS or the
  // vkAllocateMemory / vkMapMemory error (the lease stays empty then).
  VkResult allocate(const VkMemoryRequirements &needs, std::uint32_t type, memory_lease &out);

  // The size of the blocks ranges are cut from, for this memory type: 64 MiB,
  // less on small heaps (a 256 MiB BAR heap gets 32 MiB blocks).
  VkDeviceSize block_size(std::uint32_t type) const noexcept;

private:
  friend class memory_lease;
  void release(memory_block *block, VkDeviceSize offset, VkDeviceSize size) noexcept;
  VkResult new_block(std::uint32_t type, VkDeviceSize size, bool dedicated, memory_block *&out);
  // The first blocks of a type are an eighth, a quarter and half the full
  // size: a program with little data should not pay for mapping and clearing
  // 64 MiB at its first launch (issue 11's first-launch goal); from the fourth
  // block on, or for a request that needs it, the full size.
  VkDeviceSize next_block_size(std::uint32_t type, VkDeviceSize full,
                               VkDeviceSize request) const noexcept;

  device &device_;
  std::mutex mutex_; // leases are returned from any thread holding any lock
  std::vector<std::unique_ptr<memory_block>> blocks_;
};

} // namespace rt
} // namespace ampvk

#endif
