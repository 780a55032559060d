// concurrency::array<T, N>: data that lives on an accelerator. Kernels capture
// it by reference; the runtime copies the array object itself (buffer pointer
// and extent) into the kernel's push constants.
#ifndef AMPVK_DETAIL_ARRAY_H
#define AMPVK_DETAIL_ARRAY_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/array_view.h>

#include <iterator>
#include <vector>

namespace Concurrency {

template <typename T, int N = 1> class AMPVK_CLASS("array") array {
  static_assert(!std::is_const<T>::value, "array<const T> is not allowed");

public:
  static const int rank = N;
  typedef T value_type;

  explicit array(const ::concurrency::extent<N> &e) { _M_create(e, nullptr); }
  explicit array(int e0) : array(::concurrency::extent<N>(e0)) {}
  array(int e0, int e1) : array(::concurrency::extent<N>(e0, e1)) {}
  array(int e0, int e1, int e2) : array(::concurrency::extent<N>(e0, e1, e2)) {}
  array(const ::concurrency::extent<N> &e, accelerator_view av) {
    _M_create(e, &av);
  }

  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, InputIt last) {
    _M_create(e, nullptr);
    _M_fill(first, last);
  }
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first) {
    _M_create(e, nullptr);
    InputIt last = first;
    std::advance(last, e.size());
    _M_fill(first, last);
  }
  template <typename InputIt>
  array(int e0, InputIt first, InputIt last)
      : array(::concurrency::extent<N>(e0), first, last) {}
  template <typename InputIt>
  array(int e0, int e1, InputIt first, InputIt last)
      : array(::concurrency::extent<N>(e0, e1), first, last) {}
  template <typename InputIt>
  array(int e0, int e1, int e2, InputIt first, InputIt last)
      : array(::concurrency::extent<N>(e0, e1, e2), first, last) {}
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, InputIt last,
        accelerator_view av) {
    _M_create(e, &av);
    _M_fill(first, last);
  }

  array(const array &o) {
    _M_create(o._M_extent, nullptr);
    std::vector<T> tmp = o;
    ampvk::rt::buffer_write(_M_buffer, 0, tmp.data(), tmp.size() * sizeof(T));
  }
  array(array &&o) noexcept : _M_buffer(o._M_buffer), _M_extent(o._M_extent) {
    o._M_buffer = nullptr;
  }
  array &operator=(const array &o) {
    if (this != &o) {
      array tmp(o);
      std::swap(_M_buffer, tmp._M_buffer);
      std::swap(_M_extent, tmp._M_extent);
    }
    return *this;
  }
  array &operator=(array &&o) noexcept {
    std::swap(_M_buffer, o._M_buffer);
    std::swap(_M_extent, o._M_extent);
    return *this;
  }
  ~array() {
    if (_M_buffer)
      ampvk::rt::buffer_release(_M_buffer);
  }

  ::concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_extent)) ::concurrency::extent<N> extent;

  accelerator_view get_accelerator_view() const {
    return accelerator_view(
        ampvk::rt::default_queue(ampvk::rt::buffer_device(_M_buffer)));
  }
  __declspec(property(get = get_accelerator_view)) accelerator_view accelerator_view;

  // Copies the whole array to the host.
  operator std::vector<T>() const {
    std::vector<T> out(static_cast<std::size_t>(_M_extent.size()));
    ampvk::rt::buffer_read(_M_buffer, 0, out.data(), out.size() * sizeof(T));
    return out;
  }

  T &operator[](const index<N> &idx) restrict(cpu, amp) {
    return _M_element(_M_linear(idx));
  }
  const T &operator[](const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx));
  }
  T &operator()(const index<N> &idx) restrict(cpu, amp) {
    return _M_element(_M_linear(idx));
  }
  const T &operator()(const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx));
  }
  template <int M = N, typename = typename std::enable_if<M == 1>::type>
  T &operator[](int i0) restrict(cpu, amp) {
    return _M_element(i0);
  }
  template <int M = N, typename = typename std::enable_if<M == 1>::type>
  const T &operator[](int i0) const restrict(cpu, amp) {
    return _M_element(i0);
  }
  T &operator()(int i0) restrict(cpu, amp) {
    static_assert(N == 1, "array::operator()(i0) needs rank 1");
    return _M_element(i0);
  }
  T &operator()(int i0, int i1) restrict(cpu, amp) {
    static_assert(N == 2, "array::operator()(i0, i1) needs rank 2");
    return _M_element(i0 * _M_extent[1] + i1);
  }
  T &operator()(int i0, int i1, int i2) restrict(cpu, amp) {
    static_assert(N == 3, "array::operator()(i0, i1, i2) needs rank 3");
    return _M_element((i0 * _M_extent[1] + i1) * _M_extent[2] + i2);
  }
  const T &operator()(int i0) const restrict(cpu, amp) {
    static_assert(N == 1, "array::operator()(i0) needs rank 1");
    return _M_element(i0);
  }
  const T &operator()(int i0, int i1) const restrict(cpu, amp) {
    static_assert(N == 2, "array::operator()(i0, i1) needs rank 2");
    return _M_element(i0 * _M_extent[1] + i1);
  }
  const T &operator()(int i0, int i1, int i2) const restrict(cpu, amp) {
    static_assert(N == 3, "array::operator()(i0, i1, i2) needs rank 3");
    return _M_element((i0 * _M_extent[1] + i1) * _M_extent[2] + i2);
  }

  void copy_to(array &dest) const { dest = *this; }

  ampvk::rt::buffer *_M_native() const { return _M_buffer; }

private:
  void _M_create(const ::concurrency::extent<N> &e, const ::concurrency::accelerator_view *av) {
    std::size_t count = detail::element_count(e);
    ampvk::rt::device *d = av ? ampvk::rt::queue_device(av->_M_native())
                              : ampvk::rt::default_device();
    _M_extent = e;
    _M_buffer = ampvk::rt::buffer_create(d, count * sizeof(T));
  }

  template <typename InputIt> void _M_fill(InputIt first, InputIt last) {
    std::vector<T> tmp(first, last);
    if (tmp.size() < _M_extent.size())
      throw runtime_exception("ampvk: array: the source range holds fewer "
                              "elements than the extent covers",
                              E_INVALIDARG_AMP);
    ampvk::rt::buffer_write(_M_buffer, 0, tmp.data(), _M_extent.size() * sizeof(T));
  }

  int _M_linear(const index<N> &idx) const restrict(cpu, amp) {
    int linear = 0;
#pragma unroll
    for (int i = 0; i < N; ++i)
      linear = linear * _M_extent[i] + idx[i];
    return linear;
  }

  T &_M_element(int linear) const restrict(cpu, amp)
      AMPVK_INTRINSIC("buffer.element") {
    void *host = ampvk::rt::buffer_host_data(_M_buffer, ampvk::rt::access::read_write);
    return static_cast<T *>(host)[linear];
  }

  ampvk::rt::buffer *_M_buffer;
  ::concurrency::extent<N> _M_extent;
};

template <typename T, int N>
array_view<T, N>::array_view(array<nonconst_value_type, N> &a) {
  int stride[N];
  int s = 1;
  for (int i = N - 1; i >= 0; --i) {
    stride[i] = s;
    s *= a.get_extent()[i];
  }
  _M_copy_from(a._M_native(), 0, a.get_extent(), stride);
}

template <typename T, int N>
array_view<T, N>::array_view(const array<nonconst_value_type, N> &a)
    : array_view(const_cast<array<nonconst_value_type, N> &>(a)) {}

} // namespace Concurrency

#endif
