#include "execution/image_bindings.h"

#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

#include "device.h"
#include "execution/queue.h"
#include "kernels/pipeline_cache.h"
#include "memory/image.h"
#include "memory/texel_format.h"
#include "vulkan/internal_counters.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {
namespace {

const unsigned char *at(const void *object, std::uint32_t offset) {
  return static_cast<const unsigned char *>(object) + offset;
}

[[noreturn]] void fail(std::size_t entry, const std::string &why) {
  throw concurrency::runtime_exception("ampvk: kernel image binding " + std::to_string(entry) +
                                           ": " + why,
                                       concurrency::E_INVALIDARG_AMP);
}

constexpr std::uint32_t pool_sets = 64;
constexpr std::uint32_t pool_descriptors = 256; // of each type

} // namespace

void resolve_image_bindings(const kernel_image &kernel, const void *kernel_object,
                            std::vector<bound_image> &bound) {
  bound.clear();
  for (std::size_t i = 0; i < kernel.image_bindings.size(); ++i) {
    const kernel_binding &kb = kernel.image_bindings[i];
    bound_image bi;
    bi.entry = &kb;
    switch (static_cast<binding_kind>(kb.kind)) {
    case binding_kind::fixed_sampler:
      bi.sampler.filter = kb.image_offset;
      bi.sampler.address = kb.object_size;
      break;
    case binding_kind::sampler:
      std::memcpy(&bi.sampler, at(kernel_object, kb.host_offset), sizeof bi.sampler);
      break;
    default: {
      const void *object = at(kernel_object, kb.host_offset);
      if (kb.kind == static_cast<std::uint32_t>(binding_kind::texture_reference)) {
        std::memcpy(&object, object, sizeof object);
        if (!object)
          fail(i, "the captured texture reference is null");
      }
      texture_object t;
      std::memcpy(&t, object, sizeof t);
      if (!t.image)
        fail(i, "the captured texture has no image (a staging texture, or moved from); kernels "
                "use textures on an accelerator");
      bi.img = static_cast<image *>(t.image);
      bi.most_detailed_mip = t.most_detailed_mip;
      bi.mip_levels = t.mip_levels;
    }
    }
    bound.push_back(bi);
  }
}

queue *image_queue_of(const std::vector<bound_image> &bound) {
  for (const bound_image &bi : bound)
    if (bi.img)
      return &bi.img->home();
  return nullptr;
}

bool image_descriptor_room(const frame &f, const kernel_pipeline &pipeline) noexcept {
  return pipeline.num_image_bindings == 0 ||
         (f.image_sets_used < pool_sets &&
          (f.image_sets_used + 1) * pipeline.num_image_bindings <= pool_descriptors);
}

namespace {

void check_format(const device &d, const image &img, const kernel_binding &kb,
                  bool linear_filtering) {
  const bool sampled = kb.access & binding_sampled;
  const bool by_reference = kb.kind == static_cast<std::uint32_t>(binding_kind::texture_reference);
  auto missing = [&](const std::string &what) {
    throw concurrency::unsupported_feature("ampvk: " + d.describe() + " cannot " + what +
                                           " textures of " + describe(img.format) + " (Vulkan format " +
                                           texel_format_name(img.format) + ")");
  };
  if (sampled) {
    if (!(img.features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
      missing("read (as sampled images)");
    if (linear_filtering && (kb.access & binding_filters) &&
        !(img.features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT))
      missing("filter linearly");
    return;
  }
  if (!(img.features & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
    missing("write (as storage images)");
  // Reads, and writes through texture&, use the format the kernel declares:
  // that of a 32-bit single-component texture, as C++ AMP requires.
  if ((kb.access & binding_reads) || by_reference)
    if (img.format.components != 1 || img.format.bits != 32)
      throw concurrency::unsupported_feature(
          "ampvk: a kernel " +
          std::string((kb.access & binding_reads) && (kb.access & binding_writes)
                           ? "reads and writes"
                       : (kb.access & binding_reads) ? "reads a writable view of"
                                                     : "writes") +
          " a texture of " + describe(img.format) +
          "; C++ AMP allows that only for 32-bit single-component textures. Read it through a "
          "texture_view<const T, N> (or a const texture&) and write it through a texture_view<T, "
          "N>");
}

} // namespace

void bind_images(device &d, queue &q, frame &f, const kernel_pipeline &pipeline,
                 const std::vector<bound_image> &bound) {
  if (bound.empty())
    return;
  bool linear_filtering = false;
  for (const bound_image &bi : bound)
    if (!bi.img && bi.sampler.filter == 0x15)
      linear_filtering = true;
  std::vector<VkDescriptorImageInfo> infos(bound.size());
  std::vector<VkWriteDescriptorSet> writes(bound.size());
  for (std::size_t i = 0; i < bound.size(); ++i) {
    const bound_image &bi = bound[i];
    const kernel_binding &kb = *bi.entry;
    VkWriteDescriptorSet &w = writes[i];
    w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstBinding = kb.binding;
    w.descriptorCount = 1;
    w.pImageInfo = &infos[i];
    if (is_sampler_binding(kb.kind)) {
      w.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER;
      infos[i].sampler = sampler_for(d, bi.sampler);
      continue;
    }
    image &img = *bi.img;
    if (&img.owner() != &d)
      throw concurrency::runtime_exception(
          "ampvk: the kernel runs on " + d.describe() + " but a texture it uses lives on " +
              img.owner().describe() + "; textures do not move between accelerators: copy it",
          concurrency::E_INVALIDARG_AMP);
    check_format(d, img, kb, linear_filtering);
    const bool sampled = kb.access & binding_sampled;
    if (bi.mip_levels == 0 || bi.most_detailed_mip + bi.mip_levels > img.mip_levels)
      fail(i, "Invalid texture mipmap range");
    infos[i].imageView = img.view(bi.most_detailed_mip, sampled ? bi.mip_levels : 1, !sampled);
    infos[i].imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    w.descriptorType = sampled ? VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    img.use_on(q, f, (kb.access & binding_writes) != 0);
  }

  if (!f.image_descriptors) {
    const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, pool_descriptors},
                                          {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, pool_descriptors},
                                          {VK_DESCRIPTOR_TYPE_SAMPLER, pool_descriptors}};
    VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    info.maxSets = pool_sets;
    info.poolSizeCount = 3;
    info.pPoolSizes = sizes;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    vk_check(d, vkCreateDescriptorPool(d.vk(), &info, nullptr, &pool),
             "creating a texture descriptor pool on " + d.describe());
    f.image_descriptors = unique_descriptor_pool(d.vk(), pool);
  }
  VkDescriptorSetLayout layout = pipeline.image_set_layout.get();
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = f.image_descriptors.get();
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &layout;
  VkDescriptorSet set = VK_NULL_HANDLE;
  vk_check(d, vkAllocateDescriptorSets(d.vk(), &alloc, &set),
           "allocating a texture descriptor set on " + d.describe());
  ++f.image_sets_used;
  for (VkWriteDescriptorSet &w : writes)
    w.dstSet = set;
  vkUpdateDescriptorSets(d.vk(), static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                         nullptr);
  vkCmdBindDescriptorSets(f.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.get(),
                          image_binding_set, 1, &set, 0, nullptr);
}

} // namespace rt
} // namespace ampvk
