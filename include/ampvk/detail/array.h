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

namespace detail {
// array(int e0, first) and array(int e0, int e1): an int is an extent.
template <typename InputIt>
using if_iterator = typename std::enable_if<!std::is_integral<InputIt>::value>::type;
} // namespace detail

template <typename T, int N = 1> class AMPVK_CLASS("array") array {
  static_assert(!std::is_const<T>::value, "array<const T> is not allowed");

public:
  static const int rank = N;
  typedef T value_type;

  // Every constructor of C++ AMP v1.2 §3.2. The accelerator_view says where
  // the array lives (the CPU accelerator's view: on the host, not usable by
  // kernels); with a second, associated view it is a staging array.
  explicit array(const ::concurrency::extent<N> &e) { _M_create(e, nullptr); }
  explicit array(int e0) : array(::concurrency::extent<N>(e0)) {}
  array(int e0, int e1) : array(::concurrency::extent<N>(e0, e1)) {}
  array(int e0, int e1, int e2) : array(::concurrency::extent<N>(e0, e1, e2)) {}

  array(const ::concurrency::extent<N> &e, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto) {
    _M_create(e, &av, cpu_access);
  }
  array(int e0, ::Concurrency::accelerator_view av, access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0), av, cpu_access) {}
  array(int e0, int e1, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0, e1), av, cpu_access) {}
  array(int e0, int e1, int e2, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0, e1, e2), av, cpu_access) {}

  // Staging arrays.
  array(const ::concurrency::extent<N> &e, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av) {
    _M_create_staging(e, av, associated_av);
  }
  array(int e0, ::Concurrency::accelerator_view av, ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0), av, associated_av) {}
  array(int e0, int e1, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0, e1), av, associated_av) {}
  array(int e0, int e1, int e2, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0, e1, e2), av, associated_av) {}

  // From host data: [first, last), or extent.size() elements from first.
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, InputIt last) {
    _M_create(e, nullptr);
    _M_fill(first, last);
  }
  template <typename InputIt> array(const ::concurrency::extent<N> &e, InputIt first) {
    _M_create(e, nullptr);
    _M_fill_n(first);
  }
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, InputIt last,
        ::Concurrency::accelerator_view av, access_type cpu_access = access_type_auto) {
    _M_create(e, &av, cpu_access);
    _M_fill(first, last);
  }
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto) {
    _M_create(e, &av, cpu_access);
    _M_fill_n(first);
  }
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, InputIt last,
        ::Concurrency::accelerator_view av, ::Concurrency::accelerator_view associated_av) {
    _M_create_staging(e, av, associated_av);
    _M_fill(first, last);
  }
  template <typename InputIt>
  array(const ::concurrency::extent<N> &e, InputIt first, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av) {
    _M_create_staging(e, av, associated_av);
    _M_fill_n(first);
  }
  // The same with int extents.
  template <typename InputIt>
  array(int e0, InputIt first, InputIt last) : array(::concurrency::extent<N>(e0), first, last) {}
  template <typename InputIt>
  array(int e0, int e1, InputIt first, InputIt last)
      : array(::concurrency::extent<N>(e0, e1), first, last) {}
  template <typename InputIt>
  array(int e0, int e1, int e2, InputIt first, InputIt last)
      : array(::concurrency::extent<N>(e0, e1, e2), first, last) {}
  template <typename InputIt, typename = detail::if_iterator<InputIt>>
  array(int e0, InputIt first) : array(::concurrency::extent<N>(e0), first) {}
  template <typename InputIt, typename = detail::if_iterator<InputIt>>
  array(int e0, int e1, InputIt first) : array(::concurrency::extent<N>(e0, e1), first) {}
  template <typename InputIt, typename = detail::if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt first)
      : array(::concurrency::extent<N>(e0, e1, e2), first) {}
  template <typename InputIt>
  array(int e0, InputIt first, InputIt last, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0), first, last, av, cpu_access) {}
  template <typename InputIt>
  array(int e0, int e1, InputIt first, InputIt last, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0, e1), first, last, av, cpu_access) {}
  template <typename InputIt>
  array(int e0, int e1, int e2, InputIt first, InputIt last, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0, e1, e2), first, last, av, cpu_access) {}
  template <typename InputIt>
  array(int e0, InputIt first, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0), first, av, cpu_access) {}
  template <typename InputIt>
  array(int e0, int e1, InputIt first, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0, e1), first, av, cpu_access) {}
  template <typename InputIt>
  array(int e0, int e1, int e2, InputIt first, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(::concurrency::extent<N>(e0, e1, e2), first, av, cpu_access) {}
  template <typename InputIt>
  array(int e0, InputIt first, InputIt last, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0), first, last, av, associated_av) {}
  template <typename InputIt>
  array(int e0, int e1, InputIt first, InputIt last, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0, e1), first, last, av, associated_av) {}
  template <typename InputIt>
  array(int e0, int e1, int e2, InputIt first, InputIt last, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0, e1, e2), first, last, av, associated_av) {}
  template <typename InputIt>
  array(int e0, InputIt first, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0), first, av, associated_av) {}
  template <typename InputIt>
  array(int e0, int e1, InputIt first, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0, e1), first, av, associated_av) {}
  template <typename InputIt>
  array(int e0, int e1, int e2, InputIt first, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av)
      : array(::concurrency::extent<N>(e0, e1, e2), first, av, associated_av) {}

  // From a view's elements.
  explicit array(const array_view<const T, N> &src) {
    _M_create(src.get_extent(), nullptr);
    _M_fill_from(src);
  }
  array(const array_view<const T, N> &src, ::Concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto) {
    _M_create(src.get_extent(), &av, cpu_access);
    _M_fill_from(src);
  }
  array(const array_view<const T, N> &src, ::Concurrency::accelerator_view av,
        ::Concurrency::accelerator_view associated_av) {
    _M_create_staging(src.get_extent(), av, associated_av);
    _M_fill_from(src);
  }

  // On the same accelerator as o: a copy command there (rt::buffer_copy).
  array(const array &o) {
    ::Concurrency::accelerator_view av = o._M_device_view();
    _M_create(o._M_extent, &av, o.get_cpu_access_type());
    ampvk::rt::buffer_copy(o._M_buffer, o._M_section(), _M_buffer, _M_section());
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
  // concurrency::copy(src, *this) (copy.h): the extents must be equal.
  array &operator=(const array_view<const T, N> &src);
  ~array() {
    if (_M_buffer)
      ampvk::rt::buffer_release(_M_buffer);
  }

  ::concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __declspec(property(get = get_extent)) ::concurrency::extent<N> extent;

  // (Qualified: inside the class, accelerator_view names the property.)
  // Const: `a.get_accelerator_view() = v;` would assign to a copy, which
  // changes nothing; it does not compile, as `a.accelerator_view = v;` does
  // not.
  const ::Concurrency::accelerator_view get_accelerator_view() const {
    if (ampvk::rt::buffer_placement(_M_buffer) != ampvk::rt::placement::device)
      return ::Concurrency::accelerator_view(nullptr);
    return _M_device_view();
  }
  __declspec(property(get = get_accelerator_view))::Concurrency::accelerator_view
      accelerator_view;
  // A staging array's associated view; otherwise its own.
  const ::Concurrency::accelerator_view get_associated_accelerator_view() const {
    if (ampvk::rt::buffer_placement(_M_buffer) == ampvk::rt::placement::cpu)
      return ::Concurrency::accelerator_view(nullptr);
    return _M_device_view();
  }
  __declspec(property(get = get_associated_accelerator_view))::Concurrency::accelerator_view
      associated_accelerator_view;
  access_type get_cpu_access_type() const {
    return static_cast<access_type>(ampvk::rt::buffer_cpu_access(_M_buffer));
  }
  __declspec(property(get = get_cpu_access_type)) access_type cpu_access_type;

  // The elements in host memory (row-major), current until the next kernel
  // that uses the array; null when the array was made with access_type_none.
  T *data() const restrict(cpu) {
    if (get_cpu_access_type() == access_type_none)
      return nullptr;
    return static_cast<T *>(
        ampvk::rt::buffer_host_data(_M_buffer, ampvk::rt::access::read_write));
  }
  // In kernels: a pointer to the first element, into the array's buffer.
  T *data() const restrict(amp) { return &_M_element(0, true); }

  // Copies the whole array to the host.
  operator std::vector<T>() const {
    std::vector<T> out(static_cast<std::size_t>(_M_extent.size()));
    ampvk::rt::buffer_read(_M_buffer, 0, out.data(), out.size() * sizeof(T));
    return out;
  }

  T &operator[](const index<N> &idx) restrict(cpu, amp) {
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  const T &operator[](const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  T &operator()(const index<N> &idx) restrict(cpu, amp) {
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  const T &operator()(const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  T &operator[](int i0) restrict(cpu, amp) {
    return _M_element(i0, _M_in_bounds(index<N>(i0)));
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  const T &operator[](int i0) const restrict(cpu, amp) {
    return _M_element(i0, _M_in_bounds(index<N>(i0)));
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  T &operator()(int i0) restrict(cpu, amp) {
    return _M_element(i0, _M_in_bounds(index<N>(i0)));
  }
  T &operator()(int i0, int i1) restrict(cpu, amp) {
    static_assert(N == 2, "array::operator()(i0, i1) needs rank 2");
    return _M_element(i0 * _M_extent[1] + i1, _M_in_bounds(index<N>(i0, i1)));
  }
  T &operator()(int i0, int i1, int i2) restrict(cpu, amp) {
    static_assert(N == 3, "array::operator()(i0, i1, i2) needs rank 3");
    return _M_element((i0 * _M_extent[1] + i1) * _M_extent[2] + i2,
                      _M_in_bounds(index<N>(i0, i1, i2)));
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  const T &operator()(int i0) const restrict(cpu, amp) {
    return _M_element(i0, _M_in_bounds(index<N>(i0)));
  }
  const T &operator()(int i0, int i1) const restrict(cpu, amp) {
    static_assert(N == 2, "array::operator()(i0, i1) needs rank 2");
    return _M_element(i0 * _M_extent[1] + i1, _M_in_bounds(index<N>(i0, i1)));
  }
  const T &operator()(int i0, int i1, int i2) const restrict(cpu, amp) {
    static_assert(N == 3, "array::operator()(i0, i1, i2) needs rank 3");
    return _M_element((i0 * _M_extent[1] + i1) * _M_extent[2] + i2,
                      _M_in_bounds(index<N>(i0, i1, i2)));
  }

  // concurrency::copy (copy.h): dest keeps its accelerator; extents must match.
  void copy_to(array &dest) const;
  void copy_to(const array_view<T, N> &dest) const;

  // Views of the array's data: projections (rank > 1), sections, reshapes.
  template <int M = N, typename std::enable_if<(M > 1), int>::type = 0>
  array_view<T, M - 1> operator[](int i0) restrict(cpu, amp) {
    return array_view<T, N>(*this)[i0];
  }
  template <int M = N, typename std::enable_if<(M > 1), int>::type = 0>
  array_view<const T, M - 1> operator[](int i0) const restrict(cpu, amp) {
    return array_view<const T, N>(*this)[i0];
  }
  template <int M = N, typename std::enable_if<(M > 1), int>::type = 0>
  array_view<T, M - 1> operator()(int i0) restrict(cpu, amp) {
    return array_view<T, N>(*this)[i0];
  }
  template <int M = N, typename std::enable_if<(M > 1), int>::type = 0>
  array_view<const T, M - 1> operator()(int i0) const restrict(cpu, amp) {
    return array_view<const T, N>(*this)[i0];
  }

  array_view<T, N> section(const index<N> &origin, const ::concurrency::extent<N> &ext)
      restrict(cpu, amp) {
    return array_view<T, N>(*this).section(origin, ext);
  }
  array_view<const T, N> section(const index<N> &origin,
                                 const ::concurrency::extent<N> &ext) const restrict(cpu, amp) {
    return array_view<const T, N>(*this).section(origin, ext);
  }
  array_view<T, N> section(const index<N> &origin) restrict(cpu, amp) {
    return array_view<T, N>(*this).section(origin);
  }
  array_view<const T, N> section(const index<N> &origin) const restrict(cpu, amp) {
    return array_view<const T, N>(*this).section(origin);
  }
  array_view<T, N> section(const ::concurrency::extent<N> &ext) restrict(cpu, amp) {
    return array_view<T, N>(*this).section(ext);
  }
  array_view<const T, N> section(const ::concurrency::extent<N> &ext) const restrict(cpu, amp) {
    return array_view<const T, N>(*this).section(ext);
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  array_view<T, 1> section(int i0, int e0) restrict(cpu, amp) {
    return array_view<T, 1>(*this).section(i0, e0);
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  array_view<const T, 1> section(int i0, int e0) const restrict(cpu, amp) {
    return array_view<const T, 1>(*this).section(i0, e0);
  }
  template <int M = N, typename std::enable_if<M == 2, int>::type = 0>
  array_view<T, 2> section(int i0, int i1, int e0, int e1) restrict(cpu, amp) {
    return array_view<T, 2>(*this).section(i0, i1, e0, e1);
  }
  template <int M = N, typename std::enable_if<M == 2, int>::type = 0>
  array_view<const T, 2> section(int i0, int i1, int e0, int e1) const restrict(cpu, amp) {
    return array_view<const T, 2>(*this).section(i0, i1, e0, e1);
  }
  template <int M = N, typename std::enable_if<M == 3, int>::type = 0>
  array_view<T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) restrict(cpu, amp) {
    return array_view<T, 3>(*this).section(i0, i1, i2, e0, e1, e2);
  }
  template <int M = N, typename std::enable_if<M == 3, int>::type = 0>
  array_view<const T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) const
      restrict(cpu, amp) {
    return array_view<const T, 3>(*this).section(i0, i1, i2, e0, e1, e2);
  }

  // An array is contiguous: any rank can be viewed with another shape.
  template <int K>
  array_view<T, K> view_as(const ::concurrency::extent<K> &ext) restrict(cpu, amp) {
    return _M_flat<T>().view_as(ext);
  }
  template <int K>
  array_view<const T, K> view_as(const ::concurrency::extent<K> &ext) const restrict(cpu, amp) {
    return _M_flat<const T>().view_as(ext);
  }
  template <typename U> array_view<U, 1> reinterpret_as() restrict(cpu, amp) {
    return _M_flat<T>().template reinterpret_as<U>();
  }
  template <typename U> array_view<const U, 1> reinterpret_as() const restrict(cpu, amp) {
    return _M_flat<const T>().template reinterpret_as<U>();
  }

  ampvk::rt::buffer *_M_native() const { return _M_buffer; }
  // All the bytes of the array (rt::section).
  ampvk::rt::section _M_section() const {
    ampvk::rt::section s;
    s.row_bytes = std::size_t(_M_extent.size()) * sizeof(T);
    return s;
  }

private:
  template <typename, int> friend class array_view;

  // The whole array as one row.
  template <typename V> array_view<V, 1> _M_flat() const restrict(cpu, amp) {
    array_view<V, 1> r(detail::view_share_tag(), *this);
    r._M_offset = 0;
    r._M_extent = ::concurrency::extent<1>(static_cast<int>(_M_extent.size()));
    r._M_stride[0] = 1;
    return r;
  }

  // The view the array was made on (a staging array's associated view).
  ::Concurrency::accelerator_view _M_device_view() const {
    ampvk::rt::queue *q = ampvk::rt::buffer_view(_M_buffer);
    return ::Concurrency::accelerator_view(
        q ? q : ampvk::rt::default_queue(ampvk::rt::buffer_device(_M_buffer)));
  }

  // On av's accelerator (or the default's); an array on the CPU accelerator
  // keeps its data in the default accelerator's buffer, marked so that
  // kernels refuse it.
  void _M_create(const ::concurrency::extent<N> &e, const ::Concurrency::accelerator_view *av,
                 access_type cpu_access = access_type_auto) {
    std::size_t count = detail::element_count(e);
    bool on_cpu = av && av->_M_is_cpu();
    ampvk::rt::device *d =
        av && !on_cpu ? av->_M_device() : ampvk::rt::default_device();
    _M_extent = e;
    if (on_cpu)
      cpu_access = access_type_read_write;
    else if (cpu_access == access_type_auto)
      cpu_access = static_cast<access_type>(ampvk::rt::default_cpu_access(d));
    if (cpu_access == access_type_auto)
      cpu_access = static_cast<access_type>(ampvk::rt::auto_cpu_access(d));
    _M_buffer = ampvk::rt::buffer_create(d, count * sizeof(T), cpu_access);
    ampvk::rt::buffer_set_placement(
        _M_buffer, on_cpu ? ampvk::rt::placement::cpu : ampvk::rt::placement::device,
        cpu_access);
    if (av && !on_cpu)
      ampvk::rt::buffer_set_view(_M_buffer, av->_M_native());
  }
  void _M_create_staging(const ::concurrency::extent<N> &e,
                         const ::Concurrency::accelerator_view &av,
                         const ::Concurrency::accelerator_view &associated_av) {
    if (!av._M_is_cpu() || associated_av._M_is_cpu())
      throw runtime_exception("ampvk: array: a staging array needs the CPU accelerator's view "
                              "first and another accelerator's view second",
                              E_INVALIDARG_AMP);
    _M_extent = e;
    _M_buffer = ampvk::rt::buffer_create(associated_av._M_device(),
                                         detail::element_count(e) * sizeof(T));
    ampvk::rt::buffer_set_placement(_M_buffer, ampvk::rt::placement::staging,
                                    access_type_read_write);
    ampvk::rt::buffer_set_view(_M_buffer, associated_av._M_native());
  }

  template <typename InputIt> void _M_fill_n(InputIt first) {
    if (detail::is_contiguous_iterator<InputIt, T>::value && _M_extent.size()) {
      ampvk::rt::buffer_write(_M_buffer, 0, &*first, _M_extent.size() * sizeof(T));
      return;
    }
    std::vector<T> tmp;
    tmp.reserve(_M_extent.size());
    for (unsigned i = 0; i < _M_extent.size(); ++i, ++first)
      tmp.push_back(*first);
    ampvk::rt::buffer_write(_M_buffer, 0, tmp.data(), tmp.size() * sizeof(T));
  }
  void _M_fill_from(const array_view<const T, N> &src) {
    if (detail::section_is_exact<N>::value) {
      ampvk::rt::buffer_copy(src._M_native(), src._M_section(), _M_buffer, _M_section());
      return;
    }
    std::vector<T> tmp;
    tmp.reserve(_M_extent.size());
    detail::for_each_index(_M_extent, [&](const index<N> &i) { tmp.push_back(src[i]); });
    ampvk::rt::buffer_write(_M_buffer, 0, tmp.data(), tmp.size() * sizeof(T));
  }

  template <typename InputIt> void _M_fill(InputIt first, InputIt last) {
    if (detail::is_contiguous_iterator<InputIt, T>::value) {
      if (std::size_t(std::distance(first, last)) < _M_extent.size())
        _M_short_source();
      if (_M_extent.size())
        ampvk::rt::buffer_write(_M_buffer, 0, &*first, _M_extent.size() * sizeof(T));
      return;
    }
    std::vector<T> tmp(first, last);
    if (tmp.size() < _M_extent.size())
      _M_short_source();
    ampvk::rt::buffer_write(_M_buffer, 0, tmp.data(), _M_extent.size() * sizeof(T));
  }
  [[noreturn]] static void _M_short_source() {
    throw runtime_exception("ampvk: array: the source range holds fewer "
                            "elements than the extent covers",
                            E_INVALIDARG_AMP);
  }

  int _M_linear(const index<N> &idx) const restrict(cpu, amp) {
    int linear = 0;
#pragma unroll
    for (int i = 0; i < N; ++i)
      linear = linear * _M_extent[i] + idx[i];
    return linear;
  }

  // Checked mode, as array_view's (docs/user-guide.md).
  bool _M_in_bounds(const index<N> &) const restrict(cpu, amp)
      AMPVK_INTRINSIC("bounds.check") {
    return true;
  }

  T &_M_element(int linear, bool) const restrict(cpu, amp)
      AMPVK_INTRINSIC("buffer.element") {
    void *host = ampvk::rt::buffer_host_data(_M_buffer, ampvk::rt::access::read_write);
    return static_cast<T *>(host)[linear];
  }

  ampvk::rt::buffer *_M_buffer;
  ::concurrency::extent<N> _M_extent;
};

template <typename T, int N>
array_view<T, N>::array_view(array<nonconst_value_type, N> &a) restrict(cpu, amp) {
  _M_share(a);
  _M_offset = 0;
  _M_extent = a.get_extent();
  _M_dense_strides();
}

template <typename T, int N>
array_view<T, N>::array_view(const array<nonconst_value_type, N> &a) restrict(cpu, amp) {
  _M_share(a);
  _M_offset = 0;
  _M_extent = a.get_extent();
  _M_dense_strides();
}

} // namespace Concurrency

#endif
