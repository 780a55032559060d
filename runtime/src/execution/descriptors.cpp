#include "execution/descriptors.h"

#include <algorithm>

#include "device.h"
#include "execution/queue.h"
#include "kernels/pipeline_cache.h"
#include "memory/buffer.h"
#include "vulkan/internal_counters.h"
#include "vulkan/vk_error.h"

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
  // Per launch: the message is built only on failure.
  const VkResult r = vkAllocateDescriptorSets(d.vk(), &alloc, &set);
  if (r < 0)
    throw_vk_error(d, r, "allocating a descriptor set on " + d.describe());
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

namespace {

// Up to this many descriptors a launch builds its writes on the stack.
constexpr std::uint32_t inline_descriptors = 8;

// count elements: the stack array's, or the heap's when there are more.
template <class T>
T *room_for(std::uint32_t count, T (&on_stack)[inline_descriptors], std::vector<T> &heap) {
  if (count <= inline_descriptors)
    return on_stack;
  heap.resize(count);
  return heap.data();
}

bool same_descriptors(const std::vector<VkDescriptorBufferInfo> &bound,
                      const VkDescriptorBufferInfo *infos, std::uint32_t count) noexcept {
  if (bound.size() != count)
    return false;
  for (std::uint32_t i = 0; i < count; ++i)
    if (bound[i].buffer != infos[i].buffer || bound[i].offset != infos[i].offset ||
        bound[i].range != infos[i].range)
      return false;
  return true;
}

} // namespace

void bind_buffers(device &d, frame &f, const kernel_pipeline &pipeline,
                  const std::vector<bound_buffer> &bound, const report_slots &reports) {
  const std::uint32_t count = pipeline.num_descriptors;
  if (count == 0)
    return;
  VkDescriptorBufferInfo inline_infos[inline_descriptors];
  std::vector<VkDescriptorBufferInfo> heap_infos;
  VkDescriptorBufferInfo *infos = room_for(count, inline_infos, heap_infos);
  // Indexed by binding: the views' are 0 .. num_bindings-1, then the capture
  // buffer's, the check report's and the print buffer's.
  for (const bound_buffer &bb : bound)
    // Padding may take the buffer past maxStorageBufferRange; the data never does.
    infos[bb.binding] = {bb.b->storage.buffer.get(), 0,
                         std::min<VkDeviceSize>(bb.b->storage.capacity,
                                                d.limits().maxStorageBufferRange)};
  if (pipeline.capture_buffer_size)
    infos[pipeline.num_bindings] = {f.captures.buffer.get(), f.capture_offset,
                                    pipeline.capture_buffer_size};
  if (pipeline.checked)
    infos[check_report_binding(pipeline.header)] = {reports.check.buffer, 0, reports.check.range};
  if (pipeline.prints)
    infos[print_buffer_binding(pipeline.header)] = {reports.print.buffer, 0, reports.print.range};
  if (has_loop_witness(pipeline.header))
    infos[loop_witness_binding(pipeline.header)] = {reports.witness.buffer, 0,
                                                    reports.witness.range};

  // The launch before bound the same buffers for the same layout (a kernel
  // launched in a loop): they are still bound. Every buffer named there is
  // held by this batch, so a handle cannot have been reused meanwhile.
  f.use_layout(pipeline.layout.get());
  if (same_descriptors(f.bound_descriptors, infos, count))
    return;

  VkWriteDescriptorSet inline_writes[inline_descriptors];
  std::vector<VkWriteDescriptorSet> heap_writes;
  VkWriteDescriptorSet *writes = room_for(count, inline_writes, heap_writes);
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (!pipeline.push_descriptors)
    set = allocate_set(d, f, pipeline);
  for (std::uint32_t i = 0; i < count; ++i) {
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstSet = set;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  // Forgotten first: a failure below leaves nothing known to be bound.
  f.bound_descriptors.clear();
  if (pipeline.push_descriptors) {
    d.push_descriptor_fn()(f.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.get(), 0, count,
                           writes);
  } else {
    vkUpdateDescriptorSets(d.vk(), count, writes, 0, nullptr);
    vkCmdBindDescriptorSets(f.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.get(), 0, 1,
                            &set, 0, nullptr);
  }
  ++debug_counters().descriptor_bindings;
  f.bound_descriptors.assign(infos, infos + count);
}

} // namespace rt
} // namespace ampvk
