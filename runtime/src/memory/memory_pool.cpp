#include "memory/memory_pool.h"

#include <algorithm>

#include "device.h"
#include "diagnostics/profiler.h"
#include "vulkan/fault_injection.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

constexpr VkDeviceSize default_block_bytes = VkDeviceSize(64) << 20;
constexpr VkDeviceSize min_block_bytes = VkDeviceSize(1) << 20;

VkDeviceSize align_up(VkDeviceSize value, VkDeviceSize alignment) {
  return alignment > 1 ? (value + alignment - 1) / alignment * alignment : value;
}

// Takes [start, start + size) out of the free range at `it`, keeping what is
// left on either side free.
void carve(memory_block &b, std::map<VkDeviceSize, VkDeviceSize>::iterator it, VkDeviceSize start,
           VkDeviceSize size) {
  const VkDeviceSize range_begin = it->first, range_end = it->first + it->second;
  b.free.erase(it);
  if (start > range_begin)
    b.free.emplace(range_begin, start - range_begin);
  if (start + size < range_end)
    b.free.emplace(start + size, range_end - (start + size));
  b.used += size;
}

} // namespace

memory_lease &memory_lease::operator=(memory_lease &&other) noexcept {
  if (this != &other) {
    reset();
    pool_ = std::exchange(other.pool_, nullptr);
    block_ = std::exchange(other.block_, nullptr);
    offset_ = other.offset_;
    size_ = other.size_;
  }
  return *this;
}

void memory_lease::reset() noexcept {
  if (block_)
    pool_->release(block_, offset_, size_);
  pool_ = nullptr;
  block_ = nullptr;
}

VkDeviceMemory memory_lease::memory() const noexcept {
  return block_ ? block_->memory.get() : VK_NULL_HANDLE;
}

VkDeviceSize memory_lease::block_size() const noexcept { return block_ ? block_->size : 0; }

void *memory_lease::mapped() const noexcept {
  return block_ && block_->mapped ? static_cast<unsigned char *>(block_->mapped) + offset_
                                  : nullptr;
}

memory_pool::~memory_pool() = default;

VkDeviceSize memory_pool::block_size(std::uint32_t type) const noexcept {
  const physical_device &p = device_.physical();
  const VkDeviceSize heap = p.memory.memoryHeaps[p.memory.memoryTypes[type].heapIndex].size;
  VkDeviceSize size = default_block_bytes;
  while (size > min_block_bytes && size > heap / 8)
    size /= 2;
  if (p.max_allocation_size && size > p.max_allocation_size)
    size = p.max_allocation_size;
  return size;
}

VkDeviceSize memory_pool::next_block_size(std::uint32_t type, VkDeviceSize full,
                                          VkDeviceSize request) const noexcept {
  std::size_t shared_blocks = 0;
  for (const auto &b : blocks_)
    shared_blocks += !b->dedicated && b->type == type;
  VkDeviceSize size = full >> (3 - std::min<std::size_t>(shared_blocks, 3));
  while (size < request || size < min_block_bytes)
    size *= 2;
  return std::min(size, full);
}

VkResult memory_pool::new_block(std::uint32_t type, VkDeviceSize size, bool dedicated,
                                memory_block *&out) {
  VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  info.allocationSize = size;
  info.memoryTypeIndex = type;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  setup_phase phase("device memory block allocated");
  ++debug_counters().memory_allocations;
  VkResult r = injected_fault(fault_site::alloc);
  if (r == VK_SUCCESS)
    r = vkAllocateMemory(device_.vk(), &info, nullptr, &memory);
  if (r < 0)
    return r;
  auto block = std::make_unique<memory_block>();
  block->memory = unique_memory(device_.vk(), memory);
  block->type = type;
  block->size = size;
  block->dedicated = dedicated;
  if (device_.physical().memory.memoryTypes[type].propertyFlags &
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
    r = vkMapMemory(device_.vk(), memory, 0, VK_WHOLE_SIZE, 0, &block->mapped);
    if (r < 0)
      return r; // the block's memory is freed on the way out
  }
  block->free.emplace(0, size);
  blocks_.push_back(std::move(block));
  out = blocks_.back().get();
  return VK_SUCCESS;
}

VkResult memory_pool::allocate(const VkMemoryRequirements &needs, std::uint32_t type,
                               memory_lease &out) {
  out.reset(); // before locking: giving a range back takes the lock too
  std::lock_guard<std::mutex> lock(mutex_);
  const VkDeviceSize block_bytes = block_size(type);
  memory_block *block = nullptr;
  std::map<VkDeviceSize, VkDeviceSize>::iterator range;
  VkDeviceSize start = 0;
  if (needs.size <= block_bytes / 2) {
    // Best fit: the smallest free range that holds the aligned request.
    for (auto &b : blocks_) {
      if (b->dedicated || b->type != type)
        continue;
      for (auto it = b->free.begin(); it != b->free.end(); ++it) {
        VkDeviceSize s = align_up(it->first, needs.alignment);
        if (s + needs.size > it->first + it->second)
          continue;
        if (!block || it->second < range->second) {
          block = b.get();
          range = it;
          start = s;
        }
      }
    }
    if (!block) {
      VkResult r = new_block(type, next_block_size(type, block_bytes, needs.size), false, block);
      if (r < 0 && r != VK_ERROR_OUT_OF_DEVICE_MEMORY && r != VK_ERROR_OUT_OF_HOST_MEMORY)
        return r;
      if (block) {
        range = block->free.begin();
        start = 0;
      }
    }
  }
  if (!block) {
    // Large, or no room for a whole new block: memory of exactly this size.
    VkResult r = new_block(type, needs.size, true, block);
    if (r < 0)
      return r;
    range = block->free.begin();
    start = 0;
  }
  carve(*block, range, start, needs.size);
  out.pool_ = this;
  out.block_ = block;
  out.offset_ = start;
  out.size_ = needs.size;
  return VK_SUCCESS;
}

void memory_pool::release(memory_block *block, VkDeviceSize offset, VkDeviceSize size) noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  block->used -= size;
  auto next = block->free.emplace(offset, size).first;
  if (next != block->free.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == next->first) {
      prev->second += next->second;
      block->free.erase(next);
      next = prev;
    }
  }
  auto after = std::next(next);
  if (after != block->free.end() && next->first + next->second == after->first) {
    next->second += after->second;
    block->free.erase(after);
  }
  if (block->used)
    return;
  // One empty block of each type is kept, the largest, so that a program that
  // frees and reallocates does not pay vkAllocateMemory each time.
  memory_block *unused = block;
  if (!block->dedicated) {
    auto other = std::find_if(blocks_.begin(), blocks_.end(), [&](const auto &b) {
      return b.get() != block && !b->dedicated && b->type == block->type && b->used == 0;
    });
    if (other == blocks_.end())
      return;
    if ((*other)->size < block->size)
      unused = other->get();
  }
  ++debug_counters().memory_frees;
  blocks_.erase(std::find_if(blocks_.begin(), blocks_.end(),
                             [&](const auto &b) { return b.get() == unused; }));
}

} // namespace rt
} // namespace ampvk
