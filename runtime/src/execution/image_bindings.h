// A launch's textures, texture views and samplers (kernel_image.h's image
// bindings): read out of the kernel object, checked against what the device
// and C++ AMP allow, held by the batch, and bound to descriptor set
// image_binding_set from the frame's own pool.
#ifndef AMPVK_RUNTIME_EXECUTION_IMAGE_BINDINGS_H
#define AMPVK_RUNTIME_EXECUTION_IMAGE_BINDINGS_H

#include <cstdint>
#include <vector>

#include <vulkan/vulkan.h>

#include "kernels/kernel_image_reader.h"

namespace ampvk {
namespace rt {

class device;
class image;
class queue;
struct frame;
struct kernel_pipeline;

struct bound_image {
  const kernel_binding *entry;
  image *img = nullptr;         // textures and views
  std::uint32_t most_detailed_mip = 0;
  std::uint32_t mip_levels = 0;
  sampler_object sampler{};     // samplers
};

// Reads each image binding's object (no lock needed). Throws
// runtime_exception for a texture object without an image.
void resolve_image_bindings(const kernel_image &kernel, const void *kernel_object,
                            std::vector<bound_image> &bound);

// The queue of the first texture, or null.
queue *image_queue_of(const std::vector<bound_image> &bound);

// Whether the frame's image descriptor pool has room for one more launch.
bool image_descriptor_room(const frame &f, const kernel_pipeline &pipeline) noexcept;

// Device mutex held, the launch recorded into f on q: checks each texture
// (on this device; its format readable, writable or filterable as the kernel
// needs: unsupported_feature naming the format otherwise), holds it in f,
// and binds set image_binding_set.
void bind_images(device &d, queue &q, frame &f, const kernel_pipeline &pipeline,
                 const std::vector<bound_image> &bound);

} // namespace rt
} // namespace ampvk

#endif
