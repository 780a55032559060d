// concurrency::graphics::direct3d: msad4, HLSL's masked sum of absolute
// byte differences, in plain C++ for the host and kernels; and the interop
// with Direct3D 11 textures and samplers, which exists on Windows only: each
// of those functions is declared unavailable, so that naming one is a
// compile-time error saying why (with or without the plugin).
#ifndef AMPVK_DETAIL_GRAPHICS_DIRECT3D_H
#define AMPVK_DETAIL_GRAPHICS_DIRECT3D_H

#include <ampvk/detail/direct3d_interop.h>
#include <ampvk/detail/graphics/texture_view.h>

namespace Concurrency {
namespace graphics {
namespace direct3d {

// For each byte alignment i of the 8-byte source (source.x's bytes, then
// source.y's): accum's component i plus the sum over the reference's bytes
// that are not 0 of |reference byte j - source byte i + j|.
inline uint_4 msad4(unsigned int reference, uint_2 source, uint_4 accum) restrict(cpu, amp) {
  unsigned int sums[4] = {accum.x, accum.y, accum.z, accum.w};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const unsigned int r = (reference >> (8 * j)) & 0xFFu;
      const int at = i + j;
      const unsigned int s = ((at < 4 ? source.x : source.y) >> (8 * (at & 3))) & 0xFFu;
      if (r != 0)
        sums[i] += r > s ? r - s : s - r;
    }
  return uint_4(sums[0], sums[1], sums[2], sums[3]);
}

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
