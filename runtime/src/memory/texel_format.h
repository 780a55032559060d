// The Vulkan format of each texture element type C++ AMP allows, chosen as
// Direct3D's DXGI formats are (unorm_4 with 8 bits is R8G8B8A8_UNORM, float
// with 16 bits R16_SFLOAT, double is two 32-bit unsigned words), and the
// host-side conversion between C++ AMP's value types and stored texels.
#ifndef AMPVK_RUNTIME_MEMORY_TEXEL_FORMAT_H
#define AMPVK_RUNTIME_MEMORY_TEXEL_FORMAT_H

#include <vulkan/vulkan.h>

#include <ampvk/runtime.h>

namespace ampvk {
namespace rt {

// VK_FORMAT_UNDEFINED for a combination C++ AMP does not allow.
VkFormat vk_format(const texel_format &f);

// Throws runtime_exception naming the element type and bits when C++ AMP
// does not allow them.
void check_texel_format(const texel_format &f);

// "unorm_4 with 8 bits per scalar element", for messages.
std::string describe(const texel_format &f);

} // namespace rt
} // namespace ampvk

#endif
