#include "memory/image.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>

#include "device.h"
#include "execution/barriers.h"
#include "execution/queue.h"
#include "memory/texel_format.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {

void invalid(const std::string &what) {
  throw concurrency::runtime_exception(what, concurrency::E_INVALIDARG_AMP);
}

void image_storage::release() noexcept {
  views.clear();
  handle.reset();
  memory.reset();
}

namespace {

VkImageType image_type(int rank) {
  return rank == 1 ? VK_IMAGE_TYPE_1D : rank == 2 ? VK_IMAGE_TYPE_2D : VK_IMAGE_TYPE_3D;
}

VkImageViewType view_type(int rank) {
  return rank == 1 ? VK_IMAGE_VIEW_TYPE_1D : rank == 2 ? VK_IMAGE_VIEW_TYPE_2D
                                                       : VK_IMAGE_VIEW_TYPE_3D;
}

unsigned full_mip_chain(const unsigned extent[3]) {
  unsigned largest = std::max({extent[0], extent[1], extent[2]}), levels = 1;
  while (largest >>= 1)
    ++levels;
  return levels;
}

// Direct3D 11's limits, which C++ AMP documents for textures, and the device's.
void check_extent(const device &d, int rank, const unsigned extent[3]) {
  if (rank < 1 || rank > 3)
    invalid("ampvk: a texture has rank 1, 2 or 3, not " + std::to_string(rank));
  const unsigned device_limit = rank == 1   ? d.limits().maxImageDimension1D
                                : rank == 2 ? d.limits().maxImageDimension2D
                                            : d.limits().maxImageDimension3D;
  const unsigned amp_limit = rank == 3 ? 2048u : 16384u;
  for (int i = 0; i < rank; ++i) {
    if (extent[i] == 0)
      invalid("Invalid - values for each dimension must be > 0");
    if (extent[i] > std::min(device_limit, amp_limit))
      invalid("ampvk: a texture of rank " + std::to_string(rank) + " has at most " +
              std::to_string(std::min(device_limit, amp_limit)) + " texels along each dimension (" +
              (extent[i] > amp_limit ? "C++ AMP's Direct3D 11 limit" : d.describe() + "'s limit") +
              "); this one asks for " + std::to_string(extent[i]));
  }
}

VkImageUsageFlags usage_for(VkFormatFeatureFlags features) {
  VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  if (features & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
    usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (features & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT)
    usage |= VK_IMAGE_USAGE_STORAGE_BIT;
  return usage;
}

std::uint32_t memory_type(const device &d, std::uint32_t allowed) {
  const VkPhysicalDeviceMemoryProperties &m = d.physical().memory;
  for (std::uint32_t i = 0; i < m.memoryTypeCount; ++i)
    if ((allowed & (1u << i)) &&
        (m.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
      return i;
  for (std::uint32_t i = 0; i < m.memoryTypeCount; ++i)
    if (allowed & (1u << i))
      return i;
  throw concurrency::out_of_memory("ampvk: no memory type of " + d.describe() +
                                   " can hold a texture");
}

VkImageSubresourceRange whole(unsigned levels) {
  return {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1};
}

} // namespace

image::image(queue &q, const texel_format &f, int rank_, const unsigned extent_[3], unsigned mips)
    : format(f), vk_format(rt::vk_format(f)), rank(rank_),
      extent{extent_[0], rank_ > 1 ? extent_[1] : 1u, rank_ > 2 ? extent_[2] : 1u},
      mip_levels(mips ? mips : full_mip_chain(extent)), queue_(&q) {
  device &d = q.owner();
  check_texel_format(f);
  check_extent(d, rank, extent);
  if (mips > full_mip_chain(extent))
    invalid("The texture extent is too small to generate (" + std::to_string(mips) +
            ") mipmap levels, the maximum allowed is (" + std::to_string(full_mip_chain(extent)) +
            ")");
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(d.physical().handle, vk_format, &props);
  features = props.optimalTilingFeatures;
  constexpr VkFormatFeatureFlags copies =
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  if ((features & copies) != copies ||
      !(features & (VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT)))
    throw concurrency::unsupported_feature(
        "ampvk: " + d.describe() + " cannot store textures of " + describe(f) + " (Vulkan format " +
        texel_format_name(f) +
        " in optimal tiling has no sampled-image or storage-image support, or cannot be copied)");

  storage = std::make_shared<image_storage>();
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = image_type(rank);
  info.format = vk_format;
  info.extent = {extent[0], extent[1], extent[2]};
  info.mipLevels = mip_levels;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage_for(features);
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VkImageFormatProperties limits{};
  if (vkGetPhysicalDeviceImageFormatProperties(d.physical().handle, vk_format, info.imageType,
                                               info.tiling, info.usage, 0, &limits) != VK_SUCCESS)
    throw concurrency::unsupported_feature("ampvk: " + d.describe() +
                                           " cannot make a texture of " + describe(f) +
                                           " and rank " + std::to_string(rank));
  std::lock_guard<std::mutex> lock(d.mutex());
  d.check_usable();
  VkImage handle = VK_NULL_HANDLE;
  vk_check(d, vkCreateImage(d.vk(), &info, nullptr, &handle),
           "creating a texture on " + d.describe());
  storage->handle = unique_image(d.vk(), handle);
  VkMemoryRequirements needs{};
  vkGetImageMemoryRequirements(d.vk(), handle, &needs);
  // Its own allocation: optimal-tiling images and buffers in one block would
  // need bufferImageGranularity between them.
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = needs.size;
  alloc.memoryTypeIndex = memory_type(d, needs.memoryTypeBits);
  VkDeviceMemory memory = VK_NULL_HANDLE;
  const VkResult r = vkAllocateMemory(d.vk(), &alloc, nullptr, &memory);
  if (r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY)
    throw concurrency::out_of_memory("ampvk: cannot allocate " + std::to_string(needs.size) +
                                     " bytes for a texture on " + d.describe());
  vk_check(d, r, "allocating texture memory on " + d.describe());
  storage->memory = unique_memory(d.vk(), memory);
  vk_check(d, vkBindImageMemory(d.vk(), handle, memory, 0), "binding texture memory");

  // Into the one layout it keeps, ahead of any other use on its queue.
  frame &fr = q.record();
  VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  barrier.srcAccessMask = 0;
  barrier.dstAccessMask = gpu_accesses;
  barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL;
  barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  barrier.image = handle;
  barrier.subresourceRange = whole(mip_levels);
  vkCmdPipelineBarrier(fr.cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, gpu_stages, 0, 0, nullptr, 0,
                       nullptr, 1, &barrier);
  fr.images.push_back(storage);
  last_use = last_write = fr.serial;
  last_queue = &q;
  q.recorded(fr);
  d.images.insert(storage.get());
  hold_queue(queue_);
}

image::~image() {
  device &d = owner();
  std::lock_guard<std::mutex> lock(d.mutex());
  d.images.erase(storage.get());
  storage.reset(); // batches still using it keep it alive
  drop_queue(queue_);
}

device &image::owner() const noexcept { return queue_->owner(); }

void image::mip_extent(unsigned mip, unsigned out[3]) const noexcept {
  for (int i = 0; i < 3; ++i)
    out[i] = std::max(1u, extent[i] >> mip);
}

VkImageView image::view(unsigned mip, unsigned levels, bool storage_view) {
  const std::uint64_t key = (std::uint64_t(mip) << 32) | levels;
  auto &slot = storage->views[{key, storage_view}];
  if (slot)
    return slot.get();
  device &d = owner();
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = storage->handle.get();
  info.viewType = view_type(rank);
  info.format = vk_format;
  info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, mip, levels, 0, 1};
  VkImageView view = VK_NULL_HANDLE;
  vk_check(d, vkCreateImageView(d.vk(), &info, nullptr, &view),
           "creating a texture view on " + d.describe());
  slot = unique_image_view(d.vk(), view);
  return view;
}

void image::use_on(queue &q, frame &f, bool writes) {
  queue &previous = last_queue ? *last_queue : home();
  if (&previous != &q)
    previous.wait_for(last_use); // separate batches: the earlier work finishes first
  if (f.images.empty() || f.images.back() != storage)
    f.images.push_back(storage);
  if (last_queue != &q) {
    last_queue = &q;
    last_write = 0;
  }
  last_use = f.serial;
  if (writes)
    last_write = f.serial;
}

VkSampler sampler_for(device &d, const sampler_object &s) {
  if (s.filter != 0 && s.filter != 0x15)
    invalid("Invalid sampler configuration (filter mode " + std::to_string(s.filter) + ")");
  if (s.address < 1 || s.address > 4)
    invalid("Invalid sampler configuration (address mode " + std::to_string(s.address) + ")");
  VkBorderColor border = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  if (s.address == 4) {
    const float *c = s.border;
    if (c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0)
      border = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
    else if (c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 1)
      border = VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
    else if (c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1)
      border = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
    else
      throw concurrency::unsupported_feature(
          "ampvk: address_border with the colour (" + std::to_string(c[0]) + ", " +
          std::to_string(c[1]) + ", " + std::to_string(c[2]) + ", " + std::to_string(c[3]) +
          ") is not supported: Vulkan samplers have the border colours (0,0,0,0), (0,0,0,1) and "
          "(1,1,1,1) only");
  }
  std::vector<std::uint32_t> key{s.filter, s.address, static_cast<std::uint32_t>(border)};
  auto &slot = d.samplers[key];
  if (slot)
    return slot.get();
  static const VkSamplerAddressMode modes[] = {
      VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_REPEAT,
      VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER};
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  const bool linear = s.filter == 0x15;
  info.magFilter = info.minFilter = linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  info.mipmapMode = linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  info.addressModeU = info.addressModeV = info.addressModeW = modes[s.address];
  info.maxLod = VK_LOD_CLAMP_NONE;
  info.borderColor = border;
  VkSampler sampler = VK_NULL_HANDLE;
  vk_check(d, vkCreateSampler(d.vk(), &info, nullptr, &sampler),
           "creating a sampler on " + d.describe());
  slot = unique_sampler(d.vk(), sampler);
  return sampler;
}


image *image_create(queue *q, const texel_format &f, int rank, const unsigned extent[3],
                    unsigned mip_levels) {
  if (!q)
    q = default_queue(default_device());
  q->owner().open();
  return new image(*q, f, rank, extent, mip_levels);
}

void image_retain(image *i) noexcept {
  if (i)
    i->refs.fetch_add(1, std::memory_order_relaxed);
}

void image_release(image *i) noexcept {
  if (i && i->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
    delete i;
}

queue *image_queue(const image *i) { return i ? &i->home() : nullptr; }
unsigned image_mip_levels(const image *i) { return i ? i->mip_levels : 0; }
texel_format image_format(const image *i) { return i ? i->format : texel_format{}; }

} // namespace rt
} // namespace ampvk
