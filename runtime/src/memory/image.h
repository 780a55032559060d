// rt::image: a texture's Vulkan image, in the device's optimal tiling and
// always in VK_IMAGE_LAYOUT_GENERAL (kernels read it through sampled and
// storage descriptors and transfers copy in and out of it; one layout means
// no transitions to track). Unlike a buffer it has no host copy: C++ AMP
// moves texture data only when the program copies it, so the data stays on
// the device across kernels until the host asks for it.
//
// The Vulkan objects live in an image_storage shared by the texture objects'
// image and by every batch that uses it, so that a texture destroyed while a
// kernel still reads it outlives that kernel.
#ifndef AMPVK_RUNTIME_MEMORY_IMAGE_H
#define AMPVK_RUNTIME_MEMORY_IMAGE_H

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include <vulkan/vulkan.h>

#include <ampvk/runtime.h>

#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class device;
class queue;
struct frame;

struct image_storage {
  unique_memory memory; // declared first: destroyed after the image and views
  unique_image handle;
  // Views by (most detailed mip, levels, storage): made when first bound.
  std::map<std::pair<std::uint64_t, bool>, unique_image_view> views;

  // Destroys the Vulkan objects (device teardown, when textures outlive it).
  void release() noexcept;
};

class image {
public:
  image(queue &q, const texel_format &f, int rank, const unsigned extent[3], unsigned mips);
  ~image();
  image(const image &) = delete;
  image &operator=(const image &) = delete;

  device &owner() const noexcept;
  queue &home() const noexcept { return *queue_; }

  const texel_format format;
  const VkFormat vk_format;
  const int rank;
  const unsigned extent[3];
  const unsigned mip_levels;
  VkFormatFeatureFlags features = 0; // optimal tiling features of vk_format

  std::atomic<unsigned> refs{1};

  // Guarded by the device mutex.
  std::shared_ptr<image_storage> storage;
  std::uint64_t last_write = 0; // serials on last_queue
  std::uint64_t last_use = 0;
  queue *last_queue = nullptr;  // null: home()

  // The extent of a mipmap level, width first.
  void mip_extent(unsigned mip, unsigned out[3]) const noexcept;
  // A view of levels [mip, mip + levels); storage views are of one level.
  VkImageView view(unsigned mip, unsigned levels, bool storage_view);
  // Before q records a command on the image: the work of another queue that
  // used it last is waited for. Then the batch f holds it.
  void use_on(queue &q, frame &f, bool writes);

private:
  queue *queue_;
};

// Throws runtime_exception(E_INVALIDARG_AMP) with `what`: C++ AMP's own
// messages as they are, ampvk's beginning "ampvk:".
[[noreturn]] void invalid(const std::string &what);

// A sampler for C++ AMP's filter and address modes and border colour, made
// once per device and combination. Device mutex held. Throws
// unsupported_feature for a border colour Vulkan cannot give without
// VK_EXT_custom_border_color.
VkSampler sampler_for(device &d, const sampler_object &s);

} // namespace rt
} // namespace ampvk

#endif
