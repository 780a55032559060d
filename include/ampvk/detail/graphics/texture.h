// concurrency::graphics::texture<T, N>: texels in a Vulkan image on an
// accelerator (or, for a staging texture, in host memory on the CPU
// accelerator). Kernels capture textures by reference; the runtime binds the
// image (a sampled image when the kernel only reads it, a storage image when
// it writes it) and copies the object, for its extent, into the capture
// block. The object starts with an ampvk::texture_object's members.
#ifndef AMPVK_DETAIL_GRAPHICS_TEXTURE_H
#define AMPVK_DETAIL_GRAPHICS_TEXTURE_H

#include <ampvk/detail/graphics/texture_storage.h>
#include <ampvk/kernel_image.h>

#include <iterator>
#include <utility>

namespace Concurrency {
namespace graphics {

template <typename T, int N> class texture_view;
template <typename T, int N> class writeonly_texture_view;

template <typename T, int N>
class AMPVK_CLASS("texture") texture
    : public detail::texture_host_members<texture<T, N>, N> {
  typedef detail::texel_traits<T> _Traits;
  static_assert(N >= 1 && N <= 3, "texture is only supported for rank 1, 2, and 3.");
  static_assert(!std::is_const<T>::value, "const value type is not supported for texture.");
  static_assert(_Traits::valid, "invalid value_type for a texture.");
  static_assert(_Traits::valid || _Traits::valid_in_ampvk,
                "ampvk: 3-component textures (int_3, uint_3, float_3) are not supported: few "
                "Vulkan devices store R32G32B32 images; use a 4-component texture");

  template <typename It>
  using _If_iterator = typename std::enable_if<!std::is_integral<It>::value>::type;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename _Traits::scalar_type scalar_type;

  // Without bits per scalar element: the default (32, 64 for double); not
  // for norm and unorm, which have none.
  explicit texture(const ::Concurrency::extent<N> &e) restrict(cpu) {
    _M_init(e, _M_default_bits(), 1, nullptr, nullptr);
  }
  explicit texture(int e0) restrict(cpu) : texture(::Concurrency::extent<N>(e0)) {}
  texture(int e0, int e1) restrict(cpu) : texture(::Concurrency::extent<N>(e0, e1)) {}
  texture(int e0, int e1, int e2) restrict(cpu) : texture(::Concurrency::extent<N>(e0, e1, e2)) {}
  texture(const ::Concurrency::extent<N> &e, const ::Concurrency::accelerator_view &av) restrict(cpu) {
    _M_init(e, _M_default_bits(), 1, &av, nullptr);
  }
  texture(int e0, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), av) {}
  texture(int e0, int e1, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), av) {}
  texture(int e0, int e1, int e2, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), av) {}
  texture(const ::Concurrency::extent<N> &e, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu) {
    _M_init(e, _M_default_bits(), 1, &av, &associated);
  }
  texture(int e0, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), av, associated) {}
  texture(int e0, int e1, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), av, associated) {}
  texture(int e0, int e1, int e2, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), av, associated) {}

  // From [first, last) of value_type elements, converted to the format.
  template <typename It, typename = _If_iterator<It>>
  texture(const ::Concurrency::extent<N> &e, It first, It last) restrict(cpu) : texture(e) {
    _M_fill(first, last);
  }
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, It first, It last) restrict(cpu) : texture(::Concurrency::extent<N>(e0), first, last) {}
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, int e1, It first, It last) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), first, last) {}
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, int e1, int e2, It first, It last) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), first, last) {}
  template <typename It, typename = _If_iterator<It>>
  texture(const ::Concurrency::extent<N> &e, It first, It last,
          const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(e, av) {
    _M_fill(first, last);
  }
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, It first, It last, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), first, last, av) {}
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, int e1, It first, It last, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), first, last, av) {}
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, int e1, int e2, It first, It last, const ::Concurrency::accelerator_view &av)
      restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), first, last, av) {}
  template <typename It, typename = _If_iterator<It>>
  texture(const ::Concurrency::extent<N> &e, It first, It last,
          const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(e, av, associated) {
    _M_fill(first, last);
  }
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, It first, It last, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), first, last, av, associated) {}
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, int e1, It first, It last, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), first, last, av, associated) {}
  template <typename It, typename = _If_iterator<It>>
  texture(int e0, int e1, int e2, It first, It last, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), first, last, av, associated) {}

  // With bits per scalar element (and mipmap levels: 0 is the full chain).
  texture(const ::Concurrency::extent<N> &e, unsigned int bits) restrict(cpu) {
    _M_init(e, bits, 1, nullptr, nullptr);
  }
  texture(const ::Concurrency::extent<N> &e, unsigned int bits, unsigned int mips) restrict(cpu) {
    _M_init(e, bits, mips, nullptr, nullptr);
  }
  texture(int e0, unsigned int bits) restrict(cpu) : texture(::Concurrency::extent<N>(e0), bits) {}
  texture(int e0, int e1, unsigned int bits) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), bits) {}
  texture(int e0, int e1, int e2, unsigned int bits) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), bits) {}
  texture(const ::Concurrency::extent<N> &e, unsigned int bits,
          const ::Concurrency::accelerator_view &av) restrict(cpu) {
    _M_init(e, bits, 1, &av, nullptr);
  }
  texture(const ::Concurrency::extent<N> &e, unsigned int bits, unsigned int mips,
          const ::Concurrency::accelerator_view &av) restrict(cpu) {
    _M_init(e, bits, mips, &av, nullptr);
  }
  texture(const ::Concurrency::extent<N> &e, unsigned int bits,
          const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu) {
    _M_init(e, bits, 1, &av, &associated);
  }
  texture(int e0, unsigned int bits, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), bits, av) {}
  texture(int e0, unsigned int bits, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), bits, av, associated) {}
  texture(int e0, int e1, unsigned int bits, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), bits, av) {}
  texture(int e0, int e1, unsigned int bits, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), bits, av, associated) {}
  texture(int e0, int e1, int e2, unsigned int bits, const ::Concurrency::accelerator_view &av)
      restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), bits, av) {}
  texture(int e0, int e1, int e2, unsigned int bits, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), bits, av, associated) {}

  // From src_bytes bytes of texels in the format (tightly packed rows).
  texture(const ::Concurrency::extent<N> &e, const void *src, unsigned int src_bytes,
          unsigned int bits) restrict(cpu)
      : texture(e, bits) {
    _M_copy_in(src, src_bytes);
  }
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), src, src_bytes, bits) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), src, src_bytes, bits) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits)
      restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits) {}
  texture(const ::Concurrency::extent<N> &e, const void *src, unsigned int src_bytes,
          unsigned int bits, const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(e, bits, av) {
    _M_copy_in(src, src_bytes);
  }
  texture(const ::Concurrency::extent<N> &e, const void *src, unsigned int src_bytes,
          unsigned int bits, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(e, bits, av, associated) {
    _M_copy_in(src, src_bytes);
  }
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits,
          const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), src, src_bytes, bits, av) {}
  texture(int e0, const void *src, unsigned int src_bytes, unsigned int bits,
          const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0), src, src_bytes, bits, av, associated) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits,
          const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), src, src_bytes, bits, av) {}
  texture(int e0, int e1, const void *src, unsigned int src_bytes, unsigned int bits,
          const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1), src, src_bytes, bits, av, associated) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits,
          const ::Concurrency::accelerator_view &av) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits, av) {}
  texture(int e0, int e1, int e2, const void *src, unsigned int src_bytes, unsigned int bits,
          const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu)
      : texture(::Concurrency::extent<N>(e0, e1, e2), src, src_bytes, bits, av, associated) {}

  // Deep copies: of a texture (on its views, or on others), of a view.
  texture(const texture &src) restrict(cpu) {
    const ::Concurrency::accelerator_view av(src._M_queue), associated(src._M_associated);
    _M_clone(src._M_place(), av, src._M_host ? &associated : nullptr);
  }
  texture(const texture &src, const ::Concurrency::accelerator_view &av) restrict(cpu) {
    _M_clone(src._M_place(), av, nullptr);
  }
  texture(const texture &src, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu) {
    _M_clone(src._M_place(), av, &associated);
  }
  texture(const texture_view<T, N> &src) restrict(cpu);
  texture(const texture_view<const T, N> &src) restrict(cpu);
  texture(const texture_view<T, N> &src, const ::Concurrency::accelerator_view &av) restrict(cpu);
  texture(const texture_view<const T, N> &src, const ::Concurrency::accelerator_view &av)
      restrict(cpu);
  texture(const texture_view<T, N> &src, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu);
  texture(const texture_view<const T, N> &src, const ::Concurrency::accelerator_view &av,
          const ::Concurrency::accelerator_view &associated) restrict(cpu);
  texture(texture &&o) restrict(cpu) { _M_take(o); }
  texture &operator=(const texture &o) restrict(cpu) {
    if (this != &o) {
      texture copy(o);
      _M_release();
      _M_take(copy);
    }
    return *this;
  }
  texture &operator=(texture &&o) restrict(cpu) {
    if (this != &o) {
      _M_release();
      _M_take(o);
    }
    return *this;
  }
  ~texture() restrict(cpu) { _M_release(); }

  void copy_to(texture &dest) const restrict(cpu);
  void copy_to(const writeonly_texture_view<T, N> &dest) const restrict(cpu);

  __declspec(property(get = get_extent))::Concurrency::extent<N> extent;
  ::Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_associated_accelerator_view))::Concurrency::accelerator_view
      associated_accelerator_view;
  ::Concurrency::accelerator_view get_associated_accelerator_view() const restrict(cpu) {
    return ::Concurrency::accelerator_view(_M_host ? _M_associated : _M_queue);
  }
  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  unsigned int get_mipmap_levels() const restrict(cpu, amp) { return _M_mip_levels; }
  __declspec(property(get = get_row_pitch)) unsigned int row_pitch;
  unsigned int get_row_pitch() const restrict(cpu) {
    static_assert(N >= 2, "row_pitch is only applicable to textures of rank 2 or higher.");
    if (!_M_host)
      detail::texture_error("row_pitch is only applicable to staging textures.");
    return static_cast<unsigned int>(_M_extent[N - 1] * ::ampvk::rt::texel_bytes(_M_format()));
  }
  __declspec(property(get = get_depth_pitch)) unsigned int depth_pitch;
  unsigned int get_depth_pitch() const restrict(cpu) {
    static_assert(N == 3, "depth_pitch is only applicable to textures of rank 3.");
    if (!_M_host)
      detail::texture_error("depth_pitch is only applicable to staging textures.");
    return get_row_pitch() * static_cast<unsigned int>(_M_extent[1]);
  }
  // A staging texture's texels; null for a texture on an accelerator.
  void *data() restrict(cpu) { return _M_host; }
  const void *data() const restrict(cpu) { return _M_host; }

  // Element access in kernels: mipmap level 0.
  const value_type operator[](const index<N> &idx) const restrict(amp) { return _M_load(idx, 0); }
  const value_type operator[](int i0) const restrict(amp) { return get(index<1>(i0)); }
  const value_type operator()(const index<N> &idx) const restrict(amp) { return _M_load(idx, 0); }
  const value_type operator()(int i0) const restrict(amp) { return get(index<1>(i0)); }
  const value_type operator()(int i0, int i1) const restrict(amp) { return get(index<2>(i0, i1)); }
  const value_type operator()(int i0, int i1, int i2) const restrict(amp) {
    return get(index<3>(i0, i1, i2));
  }
  const value_type get(const index<N> &idx) const restrict(amp) { return _M_load(idx, 0); }
  void set(const index<N> &idx, const value_type &value) restrict(amp) {
    static_assert(_Traits::size == 1, "Invalid value_type for set method.");
    static_assert(!_Traits::is_norm, "Invalid value_type for set method.");
    static_assert(!_Traits::is_double, "Invalid value_type for set method.");
    _M_store(idx, value);
  }

  // ampvk::texture_object's members, then the extent of level 0.
  void *_M_image;
  unsigned int _M_most_detailed_mip;
  unsigned int _M_mip_levels;
  ::Concurrency::extent<N> _M_extent;
  // Host only.
  unsigned int _M_bits;
  ::ampvk::rt::queue *_M_queue;      // the accelerator_view (null: the CPU's)
  ::ampvk::rt::queue *_M_associated; // a staging texture's associated view
  unsigned char *_M_host;            // a staging texture's texels

  detail::texel_place _M_place() const restrict(cpu) {
    detail::texel_place p;
    p.image = static_cast< ::ampvk::rt::image *>(_M_image);
    p.host = _M_host;
    p.format = _M_format();
    p.mip_levels = _M_mip_levels;
    detail::vk_extent(_M_extent, p.extent);
    return p;
  }
  ::ampvk::rt::texel_format _M_format() const restrict(cpu) {
    return detail::format_of<T>(_M_bits);
  }

  // Device access (the plugin supplies these; never called on the host).
  value_type _M_load(const index<N> &, unsigned int) const restrict(amp)
      AMPVK_INTRINSIC("texture.load") {
    return value_type();
  }
  void _M_store(const index<N> &, const value_type &) const restrict(amp)
      AMPVK_INTRINSIC("texture.store") {}

private:
  static unsigned int _M_default_bits() restrict(cpu) {
    static_assert(!_Traits::is_norm, "texture cannot be constructed from unorm/norm based short "
                                     "vectors via this constructor.");
    return _Traits::default_bits;
  }

  void _M_init(const ::Concurrency::extent<N> &e, unsigned int bits, unsigned int mips,
               const ::Concurrency::accelerator_view *av,
               const ::Concurrency::accelerator_view *associated) restrict(cpu) {
    _M_image = nullptr;
    _M_host = nullptr;
    _M_queue = _M_associated = nullptr;
    _M_most_detailed_mip = 0;
    _M_extent = e;
    _M_bits = bits;
    detail::check_texture_extent(e);
    detail::check_bits<T>(bits);
    if (static_cast<unsigned long long>(e.size()) * bits * _Traits::size / 8 > UINT_MAX)
      detail::texture_error("Invalid - texture data_length exceeds UINT_MAX");
    if (mips > 32)
      detail::texture_error("The number of mipmap levels cannot be greater than 32");
    ::ampvk::rt::texel_format f = _M_format();
    if (av && av->_M_is_cpu()) {
      if (!associated || associated->_M_is_cpu())
        detail::texture_error("ampvk: a texture cannot live on the CPU accelerator; give an "
                              "associated accelerator_view to make a staging texture");
      if (mips != 1)
        detail::texture_error("Creating staging textures with mipmap levels > 1 is not supported");
      if (::ampvk::rt::texel_format_name(f).empty())
        detail::texture_error("ampvk: a texture of this value_type cannot have " +
                              std::to_string(bits) + " bits per scalar element");
      _M_mip_levels = 1;
      _M_host = new unsigned char[static_cast<std::size_t>(e.size()) *
                                  ::ampvk::rt::texel_bytes(f)]();
      _M_associated = associated->_M_native();
      ::ampvk::rt::queue_retain(_M_associated);
      return;
    }
    unsigned ve[3];
    detail::vk_extent(e, ve);
    ::ampvk::rt::queue *q = av ? av->_M_native() : nullptr;
    ::ampvk::rt::image *img = ::ampvk::rt::image_create(q, f, N, ve, mips);
    _M_image = img;
    _M_mip_levels = ::ampvk::rt::image_mip_levels(img);
    _M_queue = ::ampvk::rt::image_queue(img);
    ::ampvk::rt::queue_retain(_M_queue);
  }

  // A texture of src's extent, format and levels on av, holding src's texels.
  void _M_clone(const detail::texel_place &src, const ::Concurrency::accelerator_view &av,
                const ::Concurrency::accelerator_view *associated) restrict(cpu) {
    ::Concurrency::extent<N> e;
    for (int i = 0; i < N; ++i)
      e[i] = static_cast<int>(src.extent[N - 1 - i]);
    _M_init(e, src.format.bits, src.mip_levels, &av, associated);
    _M_copy_levels_from(src);
  }

  void _M_copy_levels_from(const detail::texel_place &src) restrict(cpu) {
    const detail::texel_place dst = _M_place();
    for (unsigned int l = 0; l < _M_mip_levels; ++l) {
      unsigned e[3], zero[3] = {0, 0, 0};
      detail::vk_extent(detail::mip_extent(_M_extent, l), e);
      detail::place_copy(src, l, zero, dst, l, zero, e);
    }
  }

  void _M_copy_in(const void *src, unsigned int bytes) restrict(cpu) {
    unsigned e[3], zero[3] = {0, 0, 0};
    detail::vk_extent(_M_extent, e);
    const detail::texel_place p = _M_place();
    if (bytes < detail::texel_bytes_of(p, e))
      detail::texture_error("Invalid _Src_byte_size argument. _Src_byte_size is smaller than the "
                            "total size of _Dst.");
    detail::place_write(p, 0, zero, e, src);
  }

  template <typename It> void _M_fill(It first, It last) restrict(cpu) {
    std::vector<value_type> values(first, last);
    if (values.size() < static_cast<std::size_t>(_M_extent.size()))
      detail::texture_error("Inadequate amount of data supplied through the iterators");
    unsigned e[3], zero[3] = {0, 0, 0};
    detail::vk_extent(_M_extent, e);
    const detail::texel_place p = _M_place();
    std::vector<unsigned char> texels(detail::texel_bytes_of(p, e));
    ::ampvk::rt::texels_pack(p.format, values.data(), texels.data(),
                             static_cast<std::size_t>(_M_extent.size()));
    detail::place_write(p, 0, zero, e, texels.data());
  }

  void _M_take(texture &o) restrict(cpu) {
    _M_image = o._M_image;
    _M_most_detailed_mip = o._M_most_detailed_mip;
    _M_mip_levels = o._M_mip_levels;
    _M_extent = o._M_extent;
    _M_bits = o._M_bits;
    _M_queue = o._M_queue;
    _M_associated = o._M_associated;
    _M_host = o._M_host;
    o._M_image = nullptr;
    o._M_host = nullptr;
    o._M_queue = o._M_associated = nullptr;
  }

  void _M_release() restrict(cpu) {
    ::ampvk::rt::image_release(static_cast< ::ampvk::rt::image *>(_M_image));
    ::ampvk::rt::queue_release(_M_queue);
    ::ampvk::rt::queue_release(_M_associated);
    delete[] _M_host;
    _M_image = nullptr;
    _M_host = nullptr;
    _M_queue = _M_associated = nullptr;
  }

  template <typename U, int M> friend class texture_view;
  template <typename U, int M> friend class writeonly_texture_view;
};

} // namespace graphics
} // namespace Concurrency

#endif
