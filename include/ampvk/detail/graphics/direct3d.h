// concurrency::graphics::direct3d: interop with Direct3D 11 textures and
// samplers exists on Windows only. Each function is declared unavailable, so
// that naming one is a compile-time error saying why (with or without the
// plugin). msad4 is not interop and is not here yet.
#ifndef AMPVK_DETAIL_GRAPHICS_DIRECT3D_H
#define AMPVK_DETAIL_GRAPHICS_DIRECT3D_H

#include <ampvk/detail/direct3d_interop.h>
#include <ampvk/detail/graphics/texture_view.h>

namespace Concurrency {
namespace graphics {
namespace direct3d {

template <typename T, int N, typename Unknown>
texture<T, N> make_texture(const accelerator_view &, Unknown *, int = 0)
    AMPVK_DIRECT3D_ONLY("concurrency::graphics::direct3d::make_texture");
template <typename T, int N, typename Unknown = void>
Unknown *get_texture(const texture<T, N> &)
    AMPVK_DIRECT3D_ONLY("concurrency::graphics::direct3d::get_texture");
template <typename T, int N, typename Unknown = void>
Unknown *get_texture(const texture_view<T, N> &)
    AMPVK_DIRECT3D_ONLY("concurrency::graphics::direct3d::get_texture");
template <typename T, int N, typename Unknown = void>
Unknown *get_texture(const writeonly_texture_view<T, N> &)
    AMPVK_DIRECT3D_ONLY("concurrency::graphics::direct3d::get_texture");
template <typename Unknown>
sampler make_sampler(Unknown *)
    AMPVK_DIRECT3D_ONLY("concurrency::graphics::direct3d::make_sampler");
template <typename Unknown = void>
Unknown *get_sampler(const accelerator_view &, const sampler &)
    AMPVK_DIRECT3D_ONLY("concurrency::graphics::direct3d::get_sampler");

} // namespace direct3d
} // namespace graphics
} // namespace Concurrency

#endif
