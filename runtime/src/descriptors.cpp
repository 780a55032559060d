#include "descriptors.h"

#include <algorithm>

#include "buffer.h"
#include "device.h"
#include "internal_counters.h"
#include "pipeline_cache.h"
#include "queue.h"
#include "vk_error.h"

namespace ampvk {
namespace rt {
namespace {

// Pools are sized for a batch of common kernels so they are rarely recreated.
constexpr std::uint32_t min_pool_descriptors = 256;
constexpr std::uint32_t pool_sets = 64; // launches per batch before it is submitted

VkDescriptorSet allocate_set(device &d, frame &f, const kernel_pipeline &pipeline) {
  if (!f.descriptors ||
      (f.descriptor_sets_used == 0 && f.descriptor_capacity < pipeline.num_descriptors)) {
    std::uint32_t capacity = std::max(pipeline.num_descriptors, min_pool_descriptors);
    VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, capacity};
    VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    info.maxSets = pool_sets;
    info.poolSizeCount = 1;
    info.pPoolSizes = &size;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    vk_check(d, vkCreateDescriptorPool(d.vk(), &info, nullptr, &pool),
             "creating a descriptor pool on " + d.describe());
    f.descriptors = unique_descriptor_pool(d.vk(), pool); // the old one is unused: no sets yet
    f.descriptor_capacity = capacity;
    ++debug_counters().descriptor_pools_created;
  }
  VkDescriptorSetLayout layout = pipeline.set_layout.get();
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = f.descriptors.get();
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &layout;
  VkDescriptorSet set = VK_NULL_HANDLE;
  vk_check(d, vkAllocateDescriptorSets(d.vk(), &alloc, &set),
           "allocating a descriptor set on " + d.describe());
  f.descriptors_dirty = true;
  ++f.descriptor_sets_used;
  f.descriptors_used += pipeline.num_descriptors;
  return set;
}

} // namespace

bool descriptor_room(const frame &f, const kernel_pipeline &pipeline) noexcept {
  if (pipeline.push_descriptors || pipeline.num_descriptors == 0 || f.descriptor_sets_used == 0)
    return true;
  return f.descriptor_sets_used < pool_sets &&
         f.descriptors_used + pipeline.num_descriptors <= f.descriptor_capacity;
}

void bind_buffers(device &d, frame &f, const kernel_pipeline &pipeline,
                  const std::vector<bound_buffer> &bound, const check_report_slot &report) {
  if (pipeline.num_descriptors == 0)
    return;
  std::vector<VkDescriptorBufferInfo> infos(pipeline.num_descriptors);
  std::vector<VkWriteDescriptorSet> writes(pipeline.num_descriptors);
  auto write = [&](std::size_t i, std::uint32_t binding, VkBuffer buffer, VkDeviceSize range,
                   VkDeviceSize offset = 0) {
    infos[i] = {buffer, offset, range};
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstBinding = binding;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  };
  for (std::size_t i = 0; i < bound.size(); ++i) {
    // Padding may take the buffer past maxStorageBufferRange; the data never does.
    VkDeviceSize range =
        std::min<VkDeviceSize>(bound[i].b->storage.capacity, d.limits().maxStorageBufferRange);
    write(i, bound[i].binding, bound[i].b->storage.buffer.get(), range);
  }
  if (pipeline.capture_buffer_size)
    write(bound.size(), pipeline.num_bindings, f.captures.buffer.get(),
          pipeline.capture_buffer_size, f.capture_offset);
  if (pipeline.checked)
    write(pipeline.num_descriptors - 1, pipeline.num_descriptors - 1, report.buffer, report.range);
  if (pipeline.push_descriptors) {
    d.push_descriptor_fn()(f.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.get(), 0,
                           static_cast<std::uint32_t>(writes.size()), writes.data());
    return;
  }
  VkDescriptorSet set = allocate_set(d, f, pipeline);
  for (auto &w : writes)
    w.dstSet = set;
  vkUpdateDescriptorSets(d.vk(), static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                         nullptr);
  vkCmdBindDescriptorSets(f.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.get(), 0, 1, &set,
                          0, nullptr);
}

} // namespace rt
} // namespace ampvk
