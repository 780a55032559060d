// concurrency::graphics::texture_view<T, N> (writable: one mipmap level;
// read and written when T is one 32-bit int, unsigned int or float, else
// write-only), texture_view<const T, N> (read-only: a range of mipmap
// levels, sampling and gathering) and the deprecated writeonly_texture_view.
// Kernels capture views by value; each starts with an ampvk::texture_object's
// members, from which the runtime binds the image's levels.
#ifndef AMPVK_DETAIL_GRAPHICS_TEXTURE_VIEW_H
#define AMPVK_DETAIL_GRAPHICS_TEXTURE_VIEW_H

#include <ampvk/detail/graphics/sampler.h>
#include <ampvk/detail/graphics/texture.h>

namespace Concurrency {
namespace graphics {
namespace detail {

// What a view shows of a texture: its image, from level `most` on, `levels`
// of them. Throws C++ AMP's errors for a staging texture and a bad range.
struct view_range {
  void *image;
  unsigned int most;
  unsigned int levels;
  unsigned int bits;
  ::ampvk::rt::queue *queue;
};

template <typename T, int N>
view_range range_of(const texture<T, N> &src, unsigned int most, unsigned int levels,
                    const char *kind) {
  if (!src._M_image)
    texture_error(std::string(kind) + " cannot be created from a staging texture object.");
  if (most >= 32)
    texture_error("The most detailed mipmap level cannot be greater than or equal to 32");
  if (levels > 32)
    texture_error("The number of mipmap levels cannot be greater than 32");
  if (levels == 0 || most + levels > src._M_mip_levels)
    texture_error("Invalid texture mipmap range");
  ::ampvk::rt::image_retain(static_cast< ::ampvk::rt::image *>(src._M_image));
  ::ampvk::rt::queue_retain(src._M_queue);
  return {src._M_image, most, levels, src._M_bits, src._M_queue};
}

// The members every view has, for the host side.
template <typename View> void view_release(View &v) {
  ::ampvk::rt::image_release(static_cast< ::ampvk::rt::image *>(v._M_image));
  ::ampvk::rt::queue_release(v._M_queue);
  v._M_image = nullptr;
  v._M_queue = nullptr;
}
template <typename View> void view_assign(View &v, const View &o) {
  if (&v == &o)
    return;
  ::ampvk::rt::image_retain(static_cast< ::ampvk::rt::image *>(o._M_image));
  ::ampvk::rt::queue_retain(o._M_queue);
  view_release(v);
  v._M_image = o._M_image;
  v._M_most_detailed_mip = o._M_most_detailed_mip;
  v._M_mip_levels = o._M_mip_levels;
  v._M_extent = o._M_extent;
  v._M_bits = o._M_bits;
  v._M_queue = o._M_queue;
}
template <typename View, typename T, int N>
void view_init(View &v, const texture<T, N> &src, const view_range &r) {
  v._M_image = r.image;
  v._M_most_detailed_mip = r.most;
  v._M_mip_levels = r.levels;
  v._M_extent = mip_extent(src._M_extent, r.most);
  v._M_bits = r.bits;
  v._M_queue = r.queue;
}
template <typename T, typename View> texel_place view_place(const View &v) {
  texel_place p;
  p.image = static_cast< ::ampvk::rt::image *>(v._M_image);
  p.format = format_of<typename std::remove_const<T>::type>(v._M_bits);
  p.most_detailed_mip = v._M_most_detailed_mip;
  p.mip_levels = v._M_mip_levels;
  vk_extent(v._M_extent, p.extent);
  return p;
}
} // namespace detail

// Each view class keeps its data members in itself, where the plugin finds
// them through copies made in kernels; the host-only members come from
// detail::texture_host_members, a base without data.

template <typename T, int N>
class AMPVK_CLASS("texture_view") texture_view
    : public detail::texture_host_members<texture_view<T, N>, N> {
  typedef detail::texel_traits<T> _Traits;
  static_assert(_Traits::valid_in_ampvk, "invalid value_type for a texture_view.");

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename _Traits::scalar_type scalar_type;

  // (Microsoft's one host constructor with a default level, as two: the
  // first overloads the kernel's on restriction.)
  texture_view(texture<T, N> &src) restrict(cpu) { _M_share(src); }
  texture_view(texture<T, N> &src, unsigned int mip_level) restrict(cpu) {
    detail::view_init(*this, src, detail::range_of(src, mip_level, 1, "texture_view"));
  }
  // In a kernel: a view of level 0 of a texture the kernel captured. Its
  // writes are the texture's (one 32-bit scalar, checked at the launch).
  // Microsoft's static_asserts on T are left out here: a host call
  // instantiates this constructor before the plugin points it at the host's.
  texture_view(texture<T, N> &src) restrict(amp)
      : _M_most_detailed_mip(0), _M_mip_levels(1), _M_extent(src._M_extent), _M_bits(0) {
    _M_share(src);
  }
  texture_view(const texture_view &o) restrict(cpu, amp) AMPVK_INTRINSIC("array_view.copy")
      : _M_image(nullptr), _M_queue(nullptr) {
    detail::view_assign(*this, o);
  }
  texture_view &operator=(const texture_view &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy") {
    detail::view_assign(*this, o);
    return *this;
  }
  ~texture_view() restrict(cpu, amp) AMPVK_INTRINSIC("array_view.destroy") {
    detail::view_release(*this);
  }

  __declspec(property(get = get_extent))::Concurrency::extent<N> extent;
  ::Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  unsigned int get_mipmap_levels() const restrict(cpu, amp) { return _M_mip_levels; }
  detail::texel_place _M_place() const restrict(cpu) { return detail::view_place<T>(*this); }

  // Reads: one 32-bit int, unsigned int or float (the runtime checks the bits).
  const value_type operator[](const index<N> &idx) const restrict(amp) { return get(idx); }
  const value_type operator[](int i0) const restrict(amp) { return get(index<1>(i0)); }
  const value_type operator()(const index<N> &idx) const restrict(amp) { return get(idx); }
  const value_type operator()(int i0) const restrict(amp) { return get(index<1>(i0)); }
  const value_type operator()(int i0, int i1) const restrict(amp) { return get(index<2>(i0, i1)); }
  const value_type operator()(int i0, int i1, int i2) const restrict(amp) {
    return get(index<3>(i0, i1, i2));
  }
  const value_type get(const index<N> &idx) const restrict(amp) {
    static_assert(_Traits::size == 1,
                  "Read is only permissible on single-component writable texture_view.");
    static_assert(!_Traits::is_norm, "Read is not permissible on a writable unorm or norm "
                                     "texture_view.");
    static_assert(!_Traits::is_double, "Read is not permissible on a writable double "
                                       "texture_view.");
    return _M_load(idx, 0);
  }
  void set(const index<N> &idx, const value_type &value) const restrict(amp) {
    _M_store(idx, value);
  }

  void *_M_image; // ampvk::texture_object's members
  unsigned int _M_most_detailed_mip;
  unsigned int _M_mip_levels;
  ::Concurrency::extent<N> _M_extent; // of its level
  unsigned int _M_bits;
  ::ampvk::rt::queue *_M_queue;

  // A view made in a kernel shows src's image binding; on the host (C++
  // compiled without the plugin) this is the host constructor's work.
  void _M_share(texture<T, N> &src) restrict(cpu, amp) AMPVK_INTRINSIC("array_view.share") {
    detail::view_init(*this, src, detail::range_of(src, 0, 1, "texture_view"));
  }

  value_type _M_load(const index<N> &, unsigned int) const restrict(amp)
      AMPVK_INTRINSIC("texture.load") {
    return value_type();
  }
  void _M_store(const index<N> &, const value_type &) const restrict(amp)
      AMPVK_INTRINSIC("texture.store") {}
};

template <typename T, int N>
class AMPVK_CLASS("texture_view") texture_view<const T, N>
    : public detail::texture_host_members<texture_view<const T, N>, N> {
  typedef detail::texel_traits<T> _Traits;
  static_assert(_Traits::valid_in_ampvk, "invalid value_type for a texture_view.");

public:
  static const int rank = N;
  typedef const T value_type;
  typedef typename _Traits::scalar_type scalar_type;
  typedef typename short_vector<float, N>::type coordinates_type;
  typedef typename short_vector<scalar_type, 4>::type gather_return_type;

  texture_view(const texture<T, N> &src) restrict(cpu) {
    detail::view_init(*this, src,
                      detail::range_of(src, 0, src._M_mip_levels, "Read-only texture_view"));
  }
  // In a kernel: a view of every level of a texture the kernel captured
  // (also of a single-component one, which Microsoft's headers refuse).
  texture_view(const texture<T, N> &src) restrict(amp)
      : _M_most_detailed_mip(0), _M_mip_levels(src._M_mip_levels), _M_extent(src._M_extent),
        _M_bits(0) {
    _M_share(src);
  }
  texture_view(const texture<T, N> &src, unsigned int most_detailed_mip,
               unsigned int mip_levels) restrict(cpu) {
    detail::view_init(*this, src,
                      detail::range_of(src, most_detailed_mip, mip_levels,
                                       "Read-only texture_view"));
  }
  texture_view(const texture_view<T, N> &o) restrict(cpu) : _M_image(nullptr), _M_queue(nullptr) {
    _M_from(o, 0, o._M_mip_levels);
  }
  texture_view(const texture_view &o) restrict(cpu, amp) AMPVK_INTRINSIC("array_view.copy")
      : _M_image(nullptr), _M_queue(nullptr) {
    detail::view_assign(*this, o);
  }
  texture_view(const texture_view &o, unsigned int most_detailed_mip, unsigned int mip_levels)
      restrict(cpu)
      : _M_image(nullptr), _M_queue(nullptr) {
    _M_from(o, most_detailed_mip, mip_levels);
  }
  texture_view &operator=(const texture_view &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy") {
    detail::view_assign(*this, o);
    return *this;
  }
  texture_view &operator=(const texture_view<T, N> &o) restrict(cpu) {
    texture_view v(o);
    detail::view_assign(*this, v);
    return *this;
  }
  ~texture_view() restrict(cpu, amp) AMPVK_INTRINSIC("array_view.destroy") {
    detail::view_release(*this);
  }

  __declspec(property(get = get_extent))::Concurrency::extent<N> extent;
  ::Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  unsigned int get_mipmap_levels() const restrict(cpu, amp) { return _M_mip_levels; }
  detail::texel_place _M_place() const restrict(cpu) { return detail::view_place<T>(*this); }

  value_type operator[](const index<N> &idx) const restrict(amp) { return _M_load(idx, 0); }
  value_type operator[](int i0) const restrict(amp) { return _M_load(index<1>(i0), 0); }
  value_type operator()(const index<N> &idx) const restrict(amp) { return _M_load(idx, 0); }
  value_type operator()(int i0) const restrict(amp) { return _M_load(index<1>(i0), 0); }
  value_type operator()(int i0, int i1) const restrict(amp) { return _M_load(index<2>(i0, i1), 0); }
  value_type operator()(int i0, int i1, int i2) const restrict(amp) {
    return _M_load(index<3>(i0, i1, i2), 0);
  }
  value_type get(const index<N> &idx, unsigned int mip_level = 0) const restrict(amp) {
    return _M_load(idx, mip_level);
  }

  value_type sample(const sampler &s, const coordinates_type &coord,
                    float level_of_detail = 0.0f) const restrict(amp) {
    static_assert(!_Traits::is_integer && !_Traits::is_double,
                  "sample is not allowed for uint/int/double component types of the texture.");
    return _M_sample(s, coord, level_of_detail);
  }
  template <filter_mode _Filter = filter_linear, address_mode _Address = address_clamp>
  value_type sample(const coordinates_type &coord, float level_of_detail = 0.0f) const
      restrict(amp) {
    static_assert(!_Traits::is_integer && !_Traits::is_double,
                  "sample is not allowed for uint/int/double component types of the texture.");
    static_assert(_Filter == filter_point || _Filter == filter_linear,
                  "Invalid filter mode for sample method.");
    static_assert(_Address >= address_wrap && _Address <= address_border,
                  "Invalid address mode for sample method.");
    return _M_sample_fixed(static_cast<int>(_Filter), static_cast<int>(_Address), coord,
                           level_of_detail);
  }

  const gather_return_type gather_red(const sampler &s, const coordinates_type &coord) const
      restrict(amp) {
    return _M_gather_checked<0>(s, coord);
  }
  const gather_return_type gather_green(const sampler &s, const coordinates_type &coord) const
      restrict(amp) {
    return _M_gather_checked<1>(s, coord);
  }
  const gather_return_type gather_blue(const sampler &s, const coordinates_type &coord) const
      restrict(amp) {
    return _M_gather_checked<2>(s, coord);
  }
  const gather_return_type gather_alpha(const sampler &s, const coordinates_type &coord) const
      restrict(amp) {
    return _M_gather_checked<3>(s, coord);
  }
  template <address_mode _Address = address_clamp>
  const gather_return_type gather_red(const coordinates_type &coord) const restrict(amp) {
    return _M_gather_fixed_checked<0, _Address>(coord);
  }
  template <address_mode _Address = address_clamp>
  const gather_return_type gather_green(const coordinates_type &coord) const restrict(amp) {
    return _M_gather_fixed_checked<1, _Address>(coord);
  }
  template <address_mode _Address = address_clamp>
  const gather_return_type gather_blue(const coordinates_type &coord) const restrict(amp) {
    return _M_gather_fixed_checked<2, _Address>(coord);
  }
  template <address_mode _Address = address_clamp>
  const gather_return_type gather_alpha(const coordinates_type &coord) const restrict(amp) {
    return _M_gather_fixed_checked<3, _Address>(coord);
  }

  void *_M_image; // ampvk::texture_object's members
  unsigned int _M_most_detailed_mip;
  unsigned int _M_mip_levels;
  ::Concurrency::extent<N> _M_extent; // of its most detailed level
  unsigned int _M_bits;
  ::ampvk::rt::queue *_M_queue;

  // As the writable view's _M_share.
  void _M_share(const texture<T, N> &src) restrict(cpu, amp) AMPVK_INTRINSIC("array_view.share") {
    detail::view_init(*this, src,
                      detail::range_of(src, 0, src._M_mip_levels, "Read-only texture_view"));
  }

  typename std::remove_const<value_type>::type _M_load(const index<N> &, unsigned int) const
      restrict(amp) AMPVK_INTRINSIC("texture.load") {
    return T();
  }
  T _M_sample(const sampler &, const coordinates_type &, float) const restrict(amp)
      AMPVK_INTRINSIC("texture.sample") {
    return T();
  }
  T _M_sample_fixed(int, int, const coordinates_type &, float) const restrict(amp)
      AMPVK_INTRINSIC("texture.sample") {
    return T();
  }
  gather_return_type _M_gather(const sampler &, const coordinates_type &, int) const
      restrict(amp) AMPVK_INTRINSIC("texture.gather") {
    return gather_return_type();
  }
  gather_return_type _M_gather_fixed(int, const coordinates_type &, int) const restrict(amp)
      AMPVK_INTRINSIC("texture.gather") {
    return gather_return_type();
  }

private:
  // Component: 0 red .. 3 alpha, a constant of the kernel's code.
  template <int Component>
  gather_return_type _M_gather_checked(const sampler &s, const coordinates_type &coord) const
      restrict(amp) {
    static_assert(N == 2, "gather methods are only permissible on texture_view<value_type, 2>.");
    static_assert(!_Traits::is_integer && !_Traits::is_double,
                  "gather is not allowed for uint/int/double component types of the texture.");
    static_assert(_Traits::size > Component, "the texture has no such component to gather.");
    return _M_gather(s, coord, Component);
  }
  template <int Component, address_mode _Address>
  gather_return_type _M_gather_fixed_checked(const coordinates_type &coord) const restrict(amp) {
    static_assert(N == 2, "gather methods are only permissible on texture_view<value_type, 2>.");
    static_assert(!_Traits::is_integer && !_Traits::is_double,
                  "gather is not allowed for uint/int/double component types of the texture.");
    static_assert(_Traits::size > Component, "the texture has no such component to gather.");
    static_assert(_Address >= address_wrap && _Address <= address_border,
                  "Invalid address mode for gather method.");
    return _M_gather_fixed(static_cast<int>(_Address), coord, Component);
  }

  template <typename View>
  void _M_from(const View &o, unsigned int most, unsigned int levels) restrict(cpu) {
    if (most >= 32)
      detail::texture_error("The most detailed mipmap level cannot be greater than or equal to 32");
    if (levels > 32)
      detail::texture_error("The number of mipmap levels cannot be greater than 32");
    if (levels == 0 || most + levels > o._M_mip_levels)
      detail::texture_error("Invalid texture mipmap range");
    ::ampvk::rt::image_retain(static_cast< ::ampvk::rt::image *>(o._M_image));
    ::ampvk::rt::queue_retain(o._M_queue);
    detail::view_release(*this);
    _M_image = o._M_image;
    _M_most_detailed_mip = o._M_most_detailed_mip + most;
    _M_mip_levels = levels;
    _M_extent = detail::mip_extent(o._M_extent, most);
    _M_bits = o._M_bits;
    _M_queue = o._M_queue;
  }
};

template <typename T, int N>
class AMPVK_CLASS("writeonly_texture_view") writeonly_texture_view
    : public detail::texture_host_members<writeonly_texture_view<T, N>, N> {
  typedef detail::texel_traits<T> _Traits;
  static_assert(_Traits::valid_in_ampvk, "invalid value_type for a writeonly_texture_view.");

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename _Traits::scalar_type scalar_type;

  writeonly_texture_view(texture<T, N> &src) restrict(cpu) { _M_share(src); }
  // In a kernel, as texture_view's.
  writeonly_texture_view(texture<T, N> &src) restrict(amp)
      : _M_most_detailed_mip(0), _M_mip_levels(1), _M_extent(src._M_extent), _M_bits(0) {
    _M_share(src);
  }
  writeonly_texture_view(const writeonly_texture_view &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy")
      : _M_image(nullptr), _M_queue(nullptr) {
    detail::view_assign(*this, o);
  }
  writeonly_texture_view &operator=(const writeonly_texture_view &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy") {
    detail::view_assign(*this, o);
    return *this;
  }
  ~writeonly_texture_view() restrict(cpu, amp) AMPVK_INTRINSIC("array_view.destroy") {
    detail::view_release(*this);
  }

  __declspec(property(get = get_extent))::Concurrency::extent<N> extent;
  ::Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  unsigned int get_mipmap_levels() const restrict(cpu, amp) { return _M_mip_levels; }
  detail::texel_place _M_place() const restrict(cpu) { return detail::view_place<T>(*this); }

  void set(const index<N> &idx, const value_type &value) const restrict(amp) {
    _M_store(idx, value);
  }

  void *_M_image; // ampvk::texture_object's members
  unsigned int _M_most_detailed_mip;
  unsigned int _M_mip_levels;
  ::Concurrency::extent<N> _M_extent;
  unsigned int _M_bits;
  ::ampvk::rt::queue *_M_queue;

  // As texture_view's _M_share.
  void _M_share(texture<T, N> &src) restrict(cpu, amp) AMPVK_INTRINSIC("array_view.share") {
    detail::view_init(*this, src, detail::range_of(src, 0, 1, "writeonly_texture_view"));
  }
  void _M_store(const index<N> &, const value_type &) const restrict(amp)
      AMPVK_INTRINSIC("texture.store") {}
};

template <typename T, int N>
texture<T, N>::texture(const texture_view<T, N> &src) restrict(cpu) {
  _M_clone(detail::view_place<T>(src), ::Concurrency::accelerator_view(src._M_queue), nullptr);
}
template <typename T, int N>
texture<T, N>::texture(const texture_view<const T, N> &src) restrict(cpu) {
  _M_clone(detail::view_place<T>(src), ::Concurrency::accelerator_view(src._M_queue), nullptr);
}
template <typename T, int N>
texture<T, N>::texture(const texture_view<T, N> &src, const ::Concurrency::accelerator_view &av)
    restrict(cpu) {
  _M_clone(detail::view_place<T>(src), av, nullptr);
}
template <typename T, int N>
texture<T, N>::texture(const texture_view<const T, N> &src,
                       const ::Concurrency::accelerator_view &av) restrict(cpu) {
  _M_clone(detail::view_place<T>(src), av, nullptr);
}
template <typename T, int N>
texture<T, N>::texture(const texture_view<T, N> &src, const ::Concurrency::accelerator_view &av,
                       const ::Concurrency::accelerator_view &associated) restrict(cpu) {
  _M_clone(detail::view_place<T>(src), av, &associated);
}
template <typename T, int N>
texture<T, N>::texture(const texture_view<const T, N> &src,
                       const ::Concurrency::accelerator_view &av,
                       const ::Concurrency::accelerator_view &associated) restrict(cpu) {
  _M_clone(detail::view_place<T>(src), av, &associated);
}

} // namespace graphics
} // namespace Concurrency

#endif
