// The host side every texture class shares: making a texture's image (or a
// staging texture's host memory) from C++ AMP's arguments, and moving texels
// between it and the host. C++ AMP's extents run slowest dimension first;
// Vulkan's width first: vk_extent and vk_offset turn one into the other.
#ifndef AMPVK_DETAIL_GRAPHICS_TEXTURE_STORAGE_H
#define AMPVK_DETAIL_GRAPHICS_TEXTURE_STORAGE_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/extent.h>
#include <ampvk/detail/graphics/texel_traits.h>
#include <ampvk/detail/index.h>
#include <ampvk/runtime.h>

#include <climits>
#include <cstring>
#include <string>
#include <vector>

namespace Concurrency {
namespace graphics {
namespace detail {

[[noreturn]] inline void texture_error(const std::string &what) {
  throw runtime_exception(what, E_INVALIDARG_AMP);
}

template <int N> void vk_extent(const ::Concurrency::extent<N> &e, unsigned out[3]) {
  for (int i = 0; i < 3; ++i)
    out[i] = i < N ? static_cast<unsigned>(e[N - 1 - i]) : 1u;
}
template <int N> void vk_offset(const ::Concurrency::index<N> &o, unsigned out[3]) {
  for (int i = 0; i < 3; ++i)
    out[i] = i < N ? static_cast<unsigned>(o[N - 1 - i]) : 0u;
}

template <int N>::Concurrency::extent<N> mip_extent(const ::Concurrency::extent<N> &e,
                                                   unsigned int level) {
  ::Concurrency::extent<N> out;
  for (int i = 0; i < N; ++i)
    out[i] = (e[i] >> level) > 0 ? (e[i] >> level) : 1;
  return out;
}

template <int N> void check_texture_extent(const ::Concurrency::extent<N> &e) {
  unsigned long long size = 1;
  for (int i = 0; i < N; ++i) {
    if (e[i] <= 0)
      texture_error("Invalid - values for each dimension must be > 0");
    size *= static_cast<unsigned long long>(e[i]);
  }
  if (size > UINT_MAX)
    texture_error("Invalid - extent size exceeds UINT_MAX");
}

// C++ AMP's bits_per_scalar_element rules for value type T (the runtime
// checks the combination against its format table too).
template <typename T> void check_bits(unsigned int bits) {
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    texture_error("Invalid _Bits_per_scalar_element argument - it can only be 8, 16, 32, or 64.");
  if (bits == 64 && !texel_traits<T>::is_double)
    texture_error("Invalid _Bits_per_scalar_element argument - 64 is only valid for texture of "
                  "double based short vector types.");
  if (bits != 64 && texel_traits<T>::is_double)
    texture_error("Invalid _Bits_per_scalar_element argument - it can only be 64 for texture of "
                  "double based short vector types.");
}

// Where a texture's texels are: a device image, or a staging texture's host
// memory (tightly packed rows of the format's texels), with the format and
// the extent of its most detailed level (width first).
struct texel_place {
  ::ampvk::rt::image *image = nullptr;
  unsigned char *host = nullptr;
  ::ampvk::rt::texel_format format;
  unsigned most_detailed_mip = 0;
  unsigned mip_levels = 1;
  unsigned extent[3] = {1, 1, 1};
};

inline std::size_t texel_bytes_of(const texel_place &p, const unsigned extent[3]) {
  return ::ampvk::rt::texel_bytes(p.format) * extent[0] * extent[1] * extent[2];
}

// The section [offset, offset + extent) of the place's level `mip` (relative
// to its most detailed one) to or from tightly packed texels.
inline void place_read(const texel_place &p, unsigned mip, const unsigned offset[3],
                       const unsigned extent[3], void *texels) {
  if (p.image) {
    ::ampvk::rt::image_read(p.image, p.most_detailed_mip + mip, offset, extent, texels);
    return;
  }
  const std::size_t texel = ::ampvk::rt::texel_bytes(p.format);
  auto *out = static_cast<unsigned char *>(texels);
  for (unsigned z = 0; z < extent[2]; ++z)
    for (unsigned y = 0; y < extent[1]; ++y, out += extent[0] * texel)
      std::memcpy(out,
                  p.host + ((std::size_t(offset[2] + z) * p.extent[1] + offset[1] + y) * p.extent[0] +
                            offset[0]) * texel,
                  extent[0] * texel);
}

inline void place_write(const texel_place &p, unsigned mip, const unsigned offset[3],
                        const unsigned extent[3], const void *texels) {
  if (p.image) {
    ::ampvk::rt::image_write(p.image, p.most_detailed_mip + mip, offset, extent, texels);
    return;
  }
  const std::size_t texel = ::ampvk::rt::texel_bytes(p.format);
  auto *in = static_cast<const unsigned char *>(texels);
  for (unsigned z = 0; z < extent[2]; ++z)
    for (unsigned y = 0; y < extent[1]; ++y, in += extent[0] * texel)
      std::memcpy(p.host + ((std::size_t(offset[2] + z) * p.extent[1] + offset[1] + y) * p.extent[0] +
                            offset[0]) * texel,
                  in, extent[0] * texel);
}

// A section of level `mip` of one place to another (levels relative to each
// place's most detailed one): on the device when both are images, else
// through the host.
inline void place_copy(const texel_place &s, unsigned s_mip, const unsigned s_offset[3],
                       const texel_place &d, unsigned d_mip, const unsigned d_offset[3],
                       const unsigned extent[3]) {
  if (s.image && d.image) {
    ::ampvk::rt::image_copy(s.image, s.most_detailed_mip + s_mip, s_offset, d.image,
                            d.most_detailed_mip + d_mip, d_offset, extent);
    return;
  }
  std::vector<unsigned char> texels(texel_bytes_of(s, extent));
  place_read(s, s_mip, s_offset, extent, texels.data());
  place_write(d, d_mip, d_offset, extent, texels.data());
}

template <int N>::Concurrency::extent<N> checked_mip_extent(const ::Concurrency::extent<N> &e,
                                                           unsigned int level,
                                                           unsigned int levels) {
  if (level >= levels)
    texture_error("Value for _Mipmap_level parameter (" + std::to_string(level) +
                  ") cannot be greater than or equal to number of mipmap levels (" +
                  std::to_string(levels) + ") on the texture or texture view");
  return mip_extent(e, level);
}

// The host-only members a texture and each of its views have alike, on the
// members they all have (_M_extent of the most detailed level they show,
// _M_mip_levels, _M_bits, _M_queue, _M_place()). A base class without data:
// the objects kernels see keep their members in themselves, where the
// plugin finds them.
template <typename Derived, int N> class texture_host_members {
public:
  ::Concurrency::extent<N> get_mipmap_extent(unsigned int level) const restrict(cpu) {
    return checked_mip_extent(self()._M_extent, level, self()._M_mip_levels);
  }
  __declspec(property(get = get_accelerator_view))::Concurrency::accelerator_view
      accelerator_view;
  ::Concurrency::accelerator_view get_accelerator_view() const restrict(cpu) {
    return ::Concurrency::accelerator_view(self()._M_queue);
  }
  __declspec(property(get = get_bits_per_scalar_element)) unsigned int bits_per_scalar_element;
  unsigned int get_bits_per_scalar_element() const restrict(cpu) { return self()._M_bits; }
  // Bytes of the texels of every level shown, as stored.
  __declspec(property(get = get_data_length)) unsigned int data_length;
  unsigned int get_data_length() const restrict(cpu) {
    const texel_place p = self()._M_place();
    std::size_t bytes = 0;
    for (unsigned int l = 0; l < self()._M_mip_levels; ++l) {
      unsigned e[3];
      vk_extent(mip_extent(self()._M_extent, l), e);
      bytes += texel_bytes_of(p, e);
    }
    return static_cast<unsigned int>(bytes);
  }

private:
  const Derived &self() const restrict(cpu) { return static_cast<const Derived &>(*this); }
};

} // namespace detail
} // namespace graphics
} // namespace Concurrency

#endif
