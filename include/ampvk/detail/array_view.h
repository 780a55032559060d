// concurrency::array_view<T, N>: a view of host data (or of an array) that the
// runtime copies to the device before a kernel reads it and back when the host
// touches it again.
//
// Layout contract with the plugin and runtime (kernel_image.h): the
// ampvk::rt::buffer* is the first member. The remaining members are plain data
// the kernel reads from its push-constant block.
#ifndef AMPVK_DETAIL_ARRAY_VIEW_H
#define AMPVK_DETAIL_ARRAY_VIEW_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/extent.h>
#include <ampvk/runtime.h>

#include <cstddef>
#include <string>
#include <type_traits>

namespace Concurrency {

template <typename T, int N> class array;

namespace detail {
inline ampvk::rt::access host_access_for(bool is_const) {
  return is_const ? ampvk::rt::access::read : ampvk::rt::access::read_write;
}

template <typename Container>
auto container_data(Container &c) -> decltype(c.data()) {
  return c.data();
}

inline void check_view_size(unsigned long long needed, unsigned long long available) {
  if (needed > available)
    throw runtime_exception("ampvk: array_view: the container holds fewer elements "
                            "than the extent covers",
                            E_INVALIDARG_AMP);
}

// The number of elements of an array or array_view over e, computed in 64
// bits: every extent must be positive, and the count must fit in int, with
// which elements are indexed (strides, linear indices, kernels' offsets). A
// count that does not is an exception with the numbers, never a short buffer.
template <int N> std::size_t element_count(const extent<N> &e) {
  unsigned long long count = 1;
  std::string dims;
  for (int i = 0; i < N; ++i) {
    dims += (i ? " x " : "") + std::to_string(e[i]);
    if (e[i] <= 0)
      throw runtime_exception("ampvk: array_view/array: every extent must be positive, "
                              "not " + dims,
                              E_INVALIDARG_AMP);
  }
  for (int i = 0; i < N; ++i) {
    count *= static_cast<unsigned long long>(e[i]);
    if (count > 2147483647ull)
      throw runtime_exception("ampvk: array_view/array: an extent of " + dims +
                                  " elements is more than 2147483647 (2^31 - 1), the most "
                                  "ampvk can index",
                              E_INVALIDARG_AMP);
  }
  return static_cast<std::size_t>(count);
}
} // namespace detail

template <typename T, int N = 1> class AMPVK_CLASS("array_view") array_view {
  typedef typename std::remove_const<T>::type nonconst_value_type;

public:
  static const int rank = N;
  typedef T value_type;

  array_view(const ::concurrency::extent<N> &e, T *src) { _M_wrap(e, src); }
  template <typename Container, typename = decltype(detail::container_data(
                                    std::declval<Container &>()))>
  array_view(const ::concurrency::extent<N> &e, Container &src) {
    detail::check_view_size(detail::element_count(e), src.size());
    _M_wrap(e, detail::container_data(src));
  }
  array_view(int e0, T *src) : array_view(::concurrency::extent<N>(e0), src) {}
  array_view(int e0, int e1, T *src)
      : array_view(::concurrency::extent<N>(e0, e1), src) {}
  array_view(int e0, int e1, int e2, T *src)
      : array_view(::concurrency::extent<N>(e0, e1, e2), src) {}
  template <typename Container, typename = decltype(detail::container_data(
                                    std::declval<Container &>()))>
  array_view(int e0, Container &src) : array_view(::concurrency::extent<N>(e0), src) {}
  template <typename Container, typename = decltype(detail::container_data(
                                    std::declval<Container &>()))>
  array_view(int e0, int e1, Container &src)
      : array_view(::concurrency::extent<N>(e0, e1), src) {}
  template <typename Container, typename = decltype(detail::container_data(
                                    std::declval<Container &>()))>
  array_view(int e0, int e1, int e2, Container &src)
      : array_view(::concurrency::extent<N>(e0, e1, e2), src) {}

  // A view of a whole array.
  array_view(array<nonconst_value_type, N> &a);
  array_view(const array<nonconst_value_type, N> &a);

  // array_view<const T> from array_view<T>.
  template <typename U, typename = typename std::enable_if<
                            std::is_same<const U, T>::value && !std::is_same<U, T>::value>::type>
  array_view(const array_view<U, N> &o) {
    _M_copy_from(o._M_buffer, o._M_offset, o._M_extent, o._M_stride);
  }

  array_view(const array_view &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy") {
    _M_copy_from(o._M_buffer, o._M_offset, o._M_extent, o._M_stride);
  }
  array_view &operator=(const array_view &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy") {
    if (this != &o) {
      ampvk::rt::buffer *old = _M_buffer;
      _M_copy_from(o._M_buffer, o._M_offset, o._M_extent, o._M_stride);
      ampvk::rt::buffer_release(old);
    }
    return *this;
  }
  ~array_view() restrict(cpu, amp) AMPVK_INTRINSIC("array_view.destroy") {
    ampvk::rt::buffer_release(_M_buffer);
  }

  ::concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_extent)) ::concurrency::extent<N> extent;

  T &operator[](const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx));
  }
  T &operator()(const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx));
  }
  template <int M = N, typename = typename std::enable_if<M == 1>::type>
  T &operator[](int i0) const restrict(cpu, amp) {
    return _M_element(_M_offset + i0 * _M_stride[0]);
  }
  T &operator()(int i0) const restrict(cpu, amp) {
    static_assert(N == 1, "array_view::operator()(i0) needs rank 1");
    return _M_element(_M_offset + i0 * _M_stride[0]);
  }
  T &operator()(int i0, int i1) const restrict(cpu, amp) {
    static_assert(N == 2, "array_view::operator()(i0, i1) needs rank 2");
    return _M_element(_M_offset + i0 * _M_stride[0] + i1 * _M_stride[1]);
  }
  T &operator()(int i0, int i1, int i2) const restrict(cpu, amp) {
    static_assert(N == 3, "array_view::operator()(i0, i1, i2) needs rank 3");
    return _M_element(_M_offset + i0 * _M_stride[0] + i1 * _M_stride[1] +
                      i2 * _M_stride[2]);
  }

  // Copies device results back into the host data now.
  void synchronize() const { ampvk::rt::buffer_synchronize(_M_buffer); }
  // The next kernel need not upload the current contents.
  void discard_data() const { ampvk::rt::buffer_discard(_M_buffer); }
  // The host data was changed behind the view's back.
  void refresh() const { ampvk::rt::buffer_host_modified(_M_buffer); }

  T *data() const {
    static_assert(N == 1, "array_view::data() needs rank 1");
    return &_M_element(_M_offset);
  }

private:
  template <typename, int> friend class array_view;

  void _M_wrap(const ::concurrency::extent<N> &e, T *src) {
    std::size_t count = detail::element_count(e);
    _M_buffer = ampvk::rt::buffer_wrap_host(
        ampvk::rt::default_device(),
        const_cast<nonconst_value_type *>(src), count * sizeof(T));
    _M_offset = 0;
    _M_extent = e;
    int stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      _M_stride[i] = stride;
      stride *= e[i];
    }
  }

  void _M_copy_from(ampvk::rt::buffer *b, int offset,
                    const ::concurrency::extent<N> &e, const int *stride) {
    ampvk::rt::buffer_retain(b);
    _M_buffer = b;
    _M_offset = offset;
    _M_extent = e;
    for (int i = 0; i < N; ++i)
      _M_stride[i] = stride[i];
  }

  int _M_linear(const index<N> &idx) const restrict(cpu, amp) {
    int linear = _M_offset;
#pragma unroll
    for (int i = 0; i < N; ++i)
      linear += idx[i] * _M_stride[i];
    return linear;
  }

  // On the device: element `linear` of this view's storage buffer.
  T &_M_element(int linear) const restrict(cpu, amp)
      AMPVK_INTRINSIC("buffer.element") {
    void *host = ampvk::rt::buffer_host_data(
        _M_buffer, detail::host_access_for(std::is_const<T>::value));
    return static_cast<T *>(host)[linear];
  }

  ampvk::rt::buffer *_M_buffer;
  int _M_offset;
  ::concurrency::extent<N> _M_extent;
  int _M_stride[N];
};

} // namespace Concurrency

#endif
