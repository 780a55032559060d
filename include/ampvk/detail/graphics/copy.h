// concurrency::graphics::copy and copy_async: between textures (or views)
// and host memory (void* with a byte size, or iterators of value_type), and
// between textures, whole or by sections (offset + extent), as C++ AMP 1.2
// has them. Raw memory holds texels as the texture stores them, rows
// tightly packed; iterators hold value_type elements, converted to and from
// the format. copy_async runs the copy on a thread of its own, as the array
// copies do.
#ifndef AMPVK_DETAIL_GRAPHICS_COPY_H
#define AMPVK_DETAIL_GRAPHICS_COPY_H

#include <ampvk/detail/completion_future.h>
#include <ampvk/detail/graphics/texture_view.h>

#include <iterator>

namespace Concurrency {
namespace graphics {
namespace detail {

template <typename X> struct texture_traits {
  static const bool is_texture = false;
  static const bool is_writable = false;
};
template <typename T, int N> struct texture_traits<texture<T, N>> {
  static const bool is_texture = true;
  static const bool is_writable = true;
  typedef T value_type;
  static texel_place place(const texture<T, N> &t) { return t._M_place(); }
};
template <typename T, int N> struct texture_traits<const texture<T, N>> : texture_traits<texture<T, N>> {
  static const bool is_writable = false;
};
template <typename T, int N> struct texture_traits<texture_view<T, N>> {
  static const bool is_texture = true;
  static const bool is_writable = !std::is_const<T>::value;
  typedef typename std::remove_const<T>::type value_type;
  static texel_place place(const texture_view<T, N> &t) { return view_place<T>(t); }
};
template <typename T, int N> struct texture_traits<writeonly_texture_view<T, N>> {
  static const bool is_texture = true;
  static const bool is_writable = true;
  typedef T value_type;
  static texel_place place(const writeonly_texture_view<T, N> &t) { return view_place<T>(t); }
};

template <typename X> texel_place place_of(const X &t) {
  return texture_traits<typename std::remove_const<X>::type>::place(t);
}
template <typename X> void check_writable() {
  static_assert(texture_traits<X>::is_writable, "Destination is not a writable texture type.");
}

template <int N>
void check_texture_section(const ::Concurrency::extent<N> &whole, const index<N> &offset,
                   const ::Concurrency::extent<N> &extent) {
  for (int i = 0; i < N; ++i) {
    if (offset[i] < 0)
      texture_error("Invalid - values for each dimension must be >= 0");
    if (extent[i] <= 0)
      texture_error("Invalid - values for each dimension must be > 0");
    if (offset[i] + extent[i] > whole[i])
      texture_error("the specified section index and extent are out of bound");
  }
}

template <int N> ::Concurrency::extent<N> whole_of(const texel_place &p) {
  ::Concurrency::extent<N> e;
  for (int i = 0; i < N; ++i)
    e[i] = static_cast<int>(p.extent[N - 1 - i]);
  return e;
}

// The section of a single-level place to or from packed texels; Reading
// says which, for the checks' messages.
template <int N, bool Reading>
void check_transfer(const texel_place &p, const index<N> &offset,
                    const ::Concurrency::extent<N> &extent, std::size_t bytes, unsigned o[3],
                    unsigned e[3]) {
  if (p.mip_levels != 1)
    texture_error(Reading ? "Invalid source - multiple mipmap levels cannot be copied to "
                            "destination"
                          : "Invalid destination - multiple mipmap levels cannot be copied from "
                            "source");
  check_texture_section(whole_of<N>(p), offset, extent);
  vk_offset(offset, o);
  vk_extent(extent, e);
  if (bytes < texel_bytes_of(p, e))
    texture_error(Reading ? "Invalid _Dst_byte_size argument. _Dst_byte_size is smaller than the "
                            "size of the source section."
                          : "Invalid _Src_byte_size argument. _Src_byte_size is smaller than the "
                            "provided section of _Dst.");
}
template <int N>
void section_read(const texel_place &p, const index<N> &offset, const ::Concurrency::extent<N> &extent,
                  void *dst, std::size_t dst_bytes) {
  unsigned o[3], e[3];
  check_transfer<N, true>(p, offset, extent, dst_bytes, o, e);
  place_read(p, 0, o, e, dst);
}
template <int N>
void section_write(const texel_place &p, const index<N> &offset,
                   const ::Concurrency::extent<N> &extent, const void *src, std::size_t src_bytes) {
  unsigned o[3], e[3];
  check_transfer<N, false>(p, offset, extent, src_bytes, o, e);
  place_write(p, 0, o, e, src);
}

template <typename V, int N, typename InputIt>
void section_from_iterators(const texel_place &p, InputIt first, InputIt last,
                            const index<N> &offset, const ::Concurrency::extent<N> &extent) {
  std::vector<V> values;
  for (std::size_t n = extent.size(); first != last && values.size() < n; ++first)
    values.push_back(*first);
  if (values.size() < static_cast<std::size_t>(extent.size()))
    texture_error("Inadequate amount of data supplied through the iterators");
  std::vector<unsigned char> texels(::ampvk::rt::texel_bytes(p.format) * values.size());
  ::ampvk::rt::texels_pack(p.format, values.data(), texels.data(), values.size());
  section_write(p, offset, extent, texels.data(), texels.size());
}

template <typename V, int N, typename OutputIt>
void section_to_iterator(const texel_place &p, const index<N> &offset,
                         const ::Concurrency::extent<N> &extent, OutputIt dst) {
  std::vector<unsigned char> texels(::ampvk::rt::texel_bytes(p.format) * extent.size());
  section_read(p, offset, extent, texels.data(), texels.size());
  std::vector<V> values(extent.size());
  ::ampvk::rt::texels_unpack(p.format, texels.data(), values.data(), values.size());
  std::copy(values.begin(), values.end(), dst);
}

template <int N>
void texture_to_texture(const texel_place &s, const index<N> &so, const texel_place &d,
                        const index<N> &dof, const ::Concurrency::extent<N> &extent, bool whole) {
  if (s.format.scalar != d.format.scalar || s.format.components != d.format.components ||
      s.format.bits != d.format.bits)
    texture_error("The source and destination textures are not compatible.");
  if (whole) {
    if (s.mip_levels != d.mip_levels)
      texture_error("The source and destination textures must have the same number of mipmap "
                    "levels for texture copy.");
  } else if (s.mip_levels != 1 || d.mip_levels != 1) {
    texture_error("Sections are not allowed when copy involves multiple mipmap levels");
  }
  check_texture_section(whole_of<N>(s), so, extent);
  check_texture_section(whole_of<N>(d), dof, extent);
  for (unsigned l = 0; l < (whole ? s.mip_levels : 1u); ++l) {
    unsigned o1[3], o2[3], e[3];
    vk_offset(so, o1);
    vk_offset(dof, o2);
    vk_extent(whole ? mip_extent(extent, l) : extent, e);
    place_copy(s, l, o1, d, l, o2, e);
  }
}

} // namespace detail

// ---- texture -> raw memory, raw memory -> texture ------------------------
template <class Src> void copy(const Src &src, void *dst, unsigned int dst_bytes) {
  const detail::texel_place p = detail::place_of(src);
  detail::section_read<Src::rank>(p, index<Src::rank>(), detail::whole_of<Src::rank>(p), dst,
                                  dst_bytes);
}
template <class Src>
void copy(const Src &src, const index<Src::rank> &src_offset,
          const ::Concurrency::extent<Src::rank> &extent, void *dst, unsigned int dst_bytes) {
  detail::section_read<Src::rank>(detail::place_of(src), src_offset, extent, dst, dst_bytes);
}
template <class Dst> void copy(const void *src, unsigned int src_bytes, Dst &dst) {
  detail::check_writable<Dst>();
  const detail::texel_place p = detail::place_of(dst);
  if (src_bytes < detail::texel_bytes_of(p, p.extent))
    detail::texture_error("Invalid _Src_byte_size argument. _Src_byte_size is smaller than the "
                          "total size of _Dst.");
  detail::section_write<Dst::rank>(p, index<Dst::rank>(), detail::whole_of<Dst::rank>(p), src,
                                   src_bytes);
}
template <class Dst>
void copy(const void *src, unsigned int src_bytes, Dst &dst, const index<Dst::rank> &dst_offset,
          const ::Concurrency::extent<Dst::rank> &extent) {
  detail::check_writable<Dst>();
  detail::section_write<Dst::rank>(detail::place_of(dst), dst_offset, extent, src, src_bytes);
}

// ---- iterators ----------------------------------------------------------
namespace detail {
template <class InputIt, class Dst> void copy_from_iterators(InputIt first, InputIt last, Dst &dst) {
  check_writable<Dst>();
  const texel_place p = place_of(dst);
  section_from_iterators<typename texture_traits<Dst>::value_type, Dst::rank>(
      p, first, last, index<Dst::rank>(), whole_of<Dst::rank>(p));
}
} // namespace detail
// One overload per destination class, so that each is more specialized than
// std::copy, which argument-dependent lookup finds beside it.
template <class InputIt, typename T, int N>
void copy(InputIt first, InputIt last, texture<T, N> &dst) {
  detail::copy_from_iterators(first, last, dst);
}
template <class InputIt, typename T, int N>
void copy(InputIt first, InputIt last, texture_view<T, N> &dst) {
  detail::copy_from_iterators(first, last, dst);
}
template <class InputIt, typename T, int N>
void copy(InputIt first, InputIt last, writeonly_texture_view<T, N> &dst) {
  detail::copy_from_iterators(first, last, dst);
}
template <class InputIt, class Dst>
void copy(InputIt first, InputIt last, Dst &dst, const index<Dst::rank> &dst_offset,
          const ::Concurrency::extent<Dst::rank> &extent) {
  detail::check_writable<Dst>();
  detail::section_from_iterators<typename detail::texture_traits<Dst>::value_type, Dst::rank>(
      detail::place_of(dst), first, last, dst_offset, extent);
}
template <class Src, class OutputIt,
          typename = typename std::enable_if<
              detail::texture_traits<Src>::is_texture &&
              !detail::texture_traits<OutputIt>::is_texture>::type>
void copy(const Src &src, OutputIt dst) {
  const detail::texel_place p = detail::place_of(src);
  detail::section_to_iterator<typename detail::texture_traits<Src>::value_type, Src::rank>(
      p, index<Src::rank>(), detail::whole_of<Src::rank>(p), dst);
}
template <class Src, class OutputIt>
void copy(const Src &src, const index<Src::rank> &src_offset,
          const ::Concurrency::extent<Src::rank> &extent, OutputIt dst) {
  detail::section_to_iterator<typename detail::texture_traits<Src>::value_type, Src::rank>(
      detail::place_of(src), src_offset, extent, dst);
}

// ---- texture -> texture -------------------------------------------------
template <class Src, class Dst,
          typename = typename std::enable_if<detail::texture_traits<Src>::is_texture &&
                                             detail::texture_traits<Dst>::is_texture>::type>
void copy(const Src &src, Dst &dst) {
  detail::check_writable<Dst>();
  const detail::texel_place s = detail::place_of(src), d = detail::place_of(dst);
  for (int i = 0; i < 3; ++i)
    if (s.extent[i] != d.extent[i])
      detail::texture_error("The source and destination textures must have the exactly the same "
                            "extent for whole-texture copy.");
  detail::texture_to_texture<Src::rank>(s, index<Src::rank>(), d, index<Dst::rank>(),
                                        detail::whole_of<Src::rank>(s), true);
}
template <class Src, class Dst>
void copy(const Src &src, const index<Src::rank> &src_offset, Dst &dst,
          const index<Dst::rank> &dst_offset, const ::Concurrency::extent<Src::rank> &extent) {
  detail::check_writable<Dst>();
  detail::texture_to_texture<Src::rank>(detail::place_of(src), src_offset, detail::place_of(dst),
                                        dst_offset, extent, false);
}

// ---- copy_async: the same forms, on a thread of their own ----------------
template <class Src>
completion_future copy_async(const Src &src, void *dst, unsigned int dst_bytes) {
  const Src *s = &src;
  return ::Concurrency::detail::run_async([=] { graphics::copy(*s, dst, dst_bytes); });
}
template <class Src>
completion_future copy_async(const Src &src, const index<Src::rank> &src_offset,
                             const ::Concurrency::extent<Src::rank> &extent, void *dst,
                             unsigned int dst_bytes) {
  const Src *s = &src;
  return ::Concurrency::detail::run_async(
      [=] { graphics::copy(*s, src_offset, extent, dst, dst_bytes); });
}
template <class Dst>
completion_future copy_async(const void *src, unsigned int src_bytes, Dst &dst) {
  detail::check_writable<Dst>();
  Dst *d = &dst;
  return ::Concurrency::detail::run_async([=] { graphics::copy(src, src_bytes, *d); });
}
template <class Dst>
completion_future copy_async(const void *src, unsigned int src_bytes, Dst &dst,
                             const index<Dst::rank> &dst_offset,
                             const ::Concurrency::extent<Dst::rank> &extent) {
  detail::check_writable<Dst>();
  Dst *d = &dst;
  return ::Concurrency::detail::run_async(
      [=] { graphics::copy(src, src_bytes, *d, dst_offset, extent); });
}
template <class InputIt, class Dst,
          typename = typename std::enable_if<detail::texture_traits<Dst>::is_texture &&
                                             !detail::texture_traits<InputIt>::is_texture>::type>
completion_future copy_async(InputIt first, InputIt last, Dst &dst) {
  detail::check_writable<Dst>();
  Dst *d = &dst;
  return ::Concurrency::detail::run_async([=] { detail::copy_from_iterators(first, last, *d); });
}
template <class InputIt, class Dst>
completion_future copy_async(InputIt first, InputIt last, Dst &dst,
                             const index<Dst::rank> &dst_offset,
                             const ::Concurrency::extent<Dst::rank> &extent) {
  detail::check_writable<Dst>();
  Dst *d = &dst;
  return ::Concurrency::detail::run_async(
      [=] { graphics::copy(first, last, *d, dst_offset, extent); });
}
template <class Src, class OutputIt,
          typename = typename std::enable_if<
              detail::texture_traits<Src>::is_texture &&
              !detail::texture_traits<OutputIt>::is_texture>::type>
completion_future copy_async(Src &src, OutputIt dst) {
  Src *s = &src;
  return ::Concurrency::detail::run_async([=] { graphics::copy(*s, dst); });
}
template <class Src, class OutputIt>
completion_future copy_async(Src &src, const index<Src::rank> &src_offset,
                             const ::Concurrency::extent<Src::rank> &extent, OutputIt dst) {
  Src *s = &src;
  return ::Concurrency::detail::run_async([=] { graphics::copy(*s, src_offset, extent, dst); });
}
template <class Src, class Dst,
          typename = typename std::enable_if<detail::texture_traits<Src>::is_texture &&
                                             detail::texture_traits<Dst>::is_texture>::type>
completion_future copy_async(Src &src, Dst &dst) {
  detail::check_writable<Dst>();
  Src *s = &src;
  Dst *d = &dst;
  return ::Concurrency::detail::run_async([=] { graphics::copy(*s, *d); });
}
template <class Src, class Dst>
completion_future copy_async(Src &src, const index<Src::rank> &src_offset, Dst &dst,
                             const index<Dst::rank> &dst_offset,
                             const ::Concurrency::extent<Src::rank> &extent) {
  detail::check_writable<Dst>();
  Src *s = &src;
  Dst *d = &dst;
  return ::Concurrency::detail::run_async(
      [=] { graphics::copy(*s, src_offset, *d, dst_offset, extent); });
}

// texture::copy_to.
template <typename T, int N> void texture<T, N>::copy_to(texture &dest) const restrict(cpu) {
  if (dest._M_extent != _M_extent)
    detail::texture_error("The source and destination textures must have the exactly the same "
                          "extent.");
  graphics::copy(*this, dest);
}
template <typename T, int N>
void texture<T, N>::copy_to(const writeonly_texture_view<T, N> &dest) const restrict(cpu) {
  if (dest._M_extent != _M_extent)
    detail::texture_error("The source and destination textures must have the exactly the same "
                          "extent.");
  writeonly_texture_view<T, N> d(dest);
  graphics::copy(*this, d);
}

} // namespace graphics
} // namespace Concurrency

#endif
