// What a texture's value_type means to the runtime: its scalar kind, its
// components, and the bits per scalar element C++ AMP allows and defaults to
// (texture<T, N>'s static checks and the runtime's texel_format).
#ifndef AMPVK_DETAIL_GRAPHICS_TEXEL_TRAITS_H
#define AMPVK_DETAIL_GRAPHICS_TEXEL_TRAITS_H

#include <ampvk/detail/namespace.h>
#include <ampvk/runtime.h>

#include <amp_short_vectors.h>

#include <type_traits>

namespace Concurrency {
namespace graphics {
namespace detail {

template <typename S> struct texel_scalar_of {
  static const bool valid = false;
};
#define AMPVK_TEXEL_SCALAR(type, kind)                                                            \
  template <> struct texel_scalar_of<type> {                                                      \
    static const bool valid = true;                                                               \
    static const ::ampvk::rt::texel_scalar value = ::ampvk::rt::texel_scalar::kind;               \
  };
AMPVK_TEXEL_SCALAR(int, int32)
AMPVK_TEXEL_SCALAR(unsigned int, uint32)
AMPVK_TEXEL_SCALAR(float, float32)
AMPVK_TEXEL_SCALAR(norm, norm)
AMPVK_TEXEL_SCALAR(unorm, unorm)
AMPVK_TEXEL_SCALAR(double, float64)
#undef AMPVK_TEXEL_SCALAR

// short_vector_traits for the types it knows, nothing for the rest.
template <typename V, typename = void> struct vector_shape {
  typedef void scalar_type;
  static const int size = 0;
};
template <typename V>
struct vector_shape<V, decltype(void(sizeof(typename short_vector_traits<V>::value_type)))> {
  typedef typename short_vector_traits<V>::value_type scalar_type;
  static const int size = short_vector_traits<V>::size;
};

template <typename T> struct texel_traits {
  typedef typename std::remove_const<T>::type value_type;
  typedef typename vector_shape<value_type>::scalar_type scalar_type;
  static const int size = vector_shape<value_type>::size;
  static const bool known_scalar = texel_scalar_of<scalar_type>::valid;
  static const bool is_double = std::is_same<scalar_type, double>::value;
  static const bool is_norm =
      std::is_same<scalar_type, norm>::value || std::is_same<scalar_type, unorm>::value;
  static const bool is_integer = std::is_same<scalar_type, int>::value ||
                                 std::is_same<scalar_type, unsigned int>::value;
  // C++ AMP's value types: 1, 2 or 4 scalars (3 only for int, uint and
  // float at 32 bits, which ampvk does not store: see valid_in_ampvk),
  // double and double_2 only.
  static const bool valid = known_scalar && (size == 1 || size == 2 || size == 4 ||
                                             (size == 3 && !is_norm && !is_double)) &&
                            !(is_double && size > 2);
  static const bool valid_in_ampvk = valid && size != 3;
  // Readable and writable in one kernel (texture::set, a writable
  // texture_view's reads): one int, unsigned int or float.
  static const bool read_write = size == 1 && !is_norm && !is_double;
  static const unsigned int default_bits = is_double ? 64u : is_norm ? 0u : 32u;
};

template <typename T>::ampvk::rt::texel_format format_of(unsigned int bits) {
  ::ampvk::rt::texel_format f;
  f.scalar = texel_scalar_of<typename texel_traits<T>::scalar_type>::value;
  f.components = static_cast<unsigned>(texel_traits<T>::size);
  f.bits = bits;
  return f;
}

} // namespace detail
} // namespace graphics
} // namespace Concurrency

#endif
