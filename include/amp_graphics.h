// <amp_graphics.h> for ampvk: C++ AMP's textures (namespace
// concurrency::graphics) on Vulkan images. docs/features.md lists what is
// there and what Vulkan leaves out (Direct3D interop, 3-component textures,
// border colours other than transparent black, opaque black and white).
#ifndef AMPVK_AMP_GRAPHICS_H
#define AMPVK_AMP_GRAPHICS_H

#include <amp.h>
#include <amp_short_vectors.h>

#include <ampvk/detail/graphics/sampler.h>
#include <ampvk/detail/graphics/texture.h>
#include <ampvk/detail/graphics/texture_view.h>
#include <ampvk/detail/graphics/copy.h>
#include <ampvk/detail/graphics/direct3d.h>

#endif
