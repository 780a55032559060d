// Reads and checks a kernel image with the shared decoder
// (<ampvk/kernel_image_codec.h>); a bad image becomes a runtime_exception.
#ifndef AMPVK_RUNTIME_KERNELS_KERNEL_IMAGE_READER_H
#define AMPVK_RUNTIME_KERNELS_KERNEL_IMAGE_READER_H

#include <cstddef>

#include <ampvk/kernel_image_codec.h>

namespace ampvk {
namespace rt {

// The header, the bindings and pointers to the SPIR-V words in the image's
// bytes; copy_spirv (from the codec) copies the words of the plain or the
// Aliased variant to aligned storage for vkCreateShaderModule.
using kernel_image = decoded_kernel_image;

// Throws runtime_exception for anything but a well-formed image of this
// runtime's version: a bad image means a mismatched or corrupt build.
kernel_image read_kernel_image(const char *bytes, std::size_t size);

// As read_kernel_image, for launches: the images a thread launched last are
// kept decoded, so a kernel launched in a loop is decoded once. A kept image
// is used again when the address, the size, the header and the bindings all
// match (what the decoded image is made of; the pipeline cache takes an image
// at a known address with the same header for the same kernel too). The
// reference is valid until this thread's next call.
const kernel_image &read_kernel_image_cached(const char *bytes, std::size_t size);

} // namespace rt
} // namespace ampvk

#endif
