// Reads and checks a kernel image (see <ampvk/kernel_image.h>). The bytes come
// from a string literal with no alignment, so everything is read with memcpy.
#ifndef AMPVK_RUNTIME_KERNEL_IMAGE_READER_H
#define AMPVK_RUNTIME_KERNEL_IMAGE_READER_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include <ampvk/kernel_image.h>

namespace ampvk {
namespace rt {

struct kernel_image {
  const char *bytes = nullptr; // the image itself: also the pipeline cache key
  std::size_t size = 0;
  kernel_image_header header{};
  std::vector<kernel_binding> bindings;
  const char *spirv = nullptr; // header.spirv_words unaligned little-endian words
  // header.aliased_spirv_words words of the Aliased variant, or null.
  const char *aliased_spirv = nullptr;
};

// Throws runtime_exception for anything but a well-formed image of this
// runtime's version: a bad image means a mismatched or corrupt build.
kernel_image read_kernel_image(const char *bytes, std::size_t size);

// The SPIR-V words, copied to aligned storage for vkCreateShaderModule.
// The SPIR-V words of the plain or the Aliased variant, copied to aligned
// storage for vkCreateShaderModule.
std::vector<std::uint32_t> copy_spirv(const kernel_image &image, bool aliased = false);

} // namespace rt
} // namespace ampvk

#endif
