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

#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/completion_future.h>
#include <ampvk/detail/extent.h>
#include <ampvk/runtime.h>

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace Concurrency {

template <typename T, int N> class array;
template <typename T, int N> class array_view;

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

// Calls f(idx) for every index of e, in row-major order.
template <int N, typename F> void for_each_index(const extent<N> &e, F f) {
  index<N> idx;
  std::size_t count = element_count(e);
  for (std::size_t k = 0; k < count; ++k) {
    f(idx);
    for (int d = N - 1; d >= 0; --d) {
      if (++idx[d] < e[d])
        break;
      idx[d] = 0;
    }
  }
}

// Selects the constructor that makes a view of another view's (or an array's)
// data; the caller then sets the new view's offset, extent and strides.
struct view_share_tag {};
// Whether rt::section names exactly the elements of a view of rank N (the
// runtime's copies then move those bytes alone; element by element above).
// Iterators over elements that lie one after another in memory (pointers,
// std::vector's): bulk copies read and write through them directly, with no
// temporary vector.
template <typename It, typename T>
struct is_contiguous_iterator
    : std::integral_constant<bool, std::is_same<It, T *>::value ||
                                       std::is_same<It, const T *>::value ||
                                       std::is_same<It, typename std::vector<T>::iterator>::value ||
                                       std::is_same<It,
                                                    typename std::vector<T>::const_iterator>::value> {
};
template <int N>
struct section_is_exact : std::integral_constant<bool, N - 1 <= ampvk::rt::max_section_outer> {};

template <int N> std::string describe(const int *c, const char *separator) {
  std::string s;
  for (int i = 0; i < N; ++i)
    s += (i ? separator : "") + std::to_string(c[i]);
  return s;
}

// The checks of views derived on the host: a kernel cannot throw, so there
// they do nothing (intrinsic "host.only").
template <int N>
void check_section(const extent<N> &base, const index<N> &origin, const extent<N> &ext)
    restrict(cpu, amp) AMPVK_INTRINSIC("host.only") {
  int o[N], e[N], b[N];
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    o[i] = origin[i];
    e[i] = ext[i];
    b[i] = base[i];
    ok = ok && o[i] >= 0 && e[i] > 0 &&
         static_cast<long long>(o[i]) + e[i] <= static_cast<long long>(b[i]);
  }
  if (!ok)
    throw runtime_exception("ampvk: section: origin (" + describe<N>(o, ", ") +
                                ") with extent " + describe<N>(e, " x ") +
                                " is out of bounds of the extent " + describe<N>(b, " x "),
                            E_INVALIDARG_AMP);
}

inline void check_view_as(unsigned int available, unsigned int wanted)
    restrict(cpu, amp) AMPVK_INTRINSIC("host.only") {
  if (wanted > available)
    throw runtime_exception("ampvk: view_as: the new extent has " + std::to_string(wanted) +
                                " elements, more than the " + std::to_string(available) +
                                " of the source",
                            E_INVALIDARG_AMP);
}

template <int K> void check_view_as_extent(const extent<K> &e) restrict(cpu, amp)
    AMPVK_INTRINSIC("host.only") {
  element_count(e);
}

inline void check_reinterpret(int offset, int count, int old_size, int new_size)
    restrict(cpu, amp) AMPVK_INTRINSIC("host.only") {
  unsigned long long offset_bytes = static_cast<unsigned long long>(offset) * old_size;
  unsigned long long bytes = static_cast<unsigned long long>(count) * old_size;
  if (bytes % new_size || offset_bytes % new_size)
    throw runtime_exception("ampvk: reinterpret_as: a view of " + std::to_string(bytes) +
                                " bytes at byte " + std::to_string(offset_bytes) +
                                " is not made of whole elements of " +
                                std::to_string(new_size) + " bytes",
                            E_INVALIDARG_AMP);
}

// array and array_view: never a container or an iterator to copy through.
template <typename X> struct is_amp_container : std::false_type {};
template <typename T, int N> struct is_amp_container<array<T, N>> : std::true_type {};
template <typename T, int N> struct is_amp_container<array_view<T, N>> : std::true_type {};

// The extent of a rank-1 view of n elements: n must fit in int.
inline int rank1_extent(unsigned long long n) {
  if (n == 0 || n > 2147483647ull)
    throw runtime_exception("ampvk: array_view: a view of the whole container needs 1 to "
                                "2147483647 elements, it holds " +
                                std::to_string(n),
                            E_INVALIDARG_AMP);
  return static_cast<int>(n);
}

// array_view<const T>::reinterpret_as<U> gives array_view<const U>.
template <typename From, typename To> struct same_constness {
  typedef typename std::conditional<std::is_const<From>::value, const To, To>::type type;
};
} // namespace detail

template <typename T, int N = 1> class AMPVK_CLASS("array_view") array_view {
  typedef typename std::remove_const<T>::type nonconst_value_type;

public:
  static const int rank = N;
  typedef T value_type;

  array_view(const ::concurrency::extent<N> &e, T *src) { _M_wrap(e, src); }
  // No data source: the runtime owns the storage (contents undefined until
  // written, as in C++ AMP).
  explicit array_view(const ::concurrency::extent<N> &e) {
    static_assert(!std::is_const<T>::value,
                  "an array_view without a data source needs a non-const element type");
    std::size_t count = detail::element_count(e);
    _M_buffer =
        ampvk::rt::buffer_create_without_source(ampvk::rt::default_device(), count * sizeof(T));
    _M_offset = 0;
    _M_extent = e;
    _M_dense_strides();
  }
  explicit array_view(int e0) : array_view(::concurrency::extent<N>(e0)) {}
  array_view(int e0, int e1) : array_view(::concurrency::extent<N>(e0, e1)) {}
  array_view(int e0, int e1, int e2) : array_view(::concurrency::extent<N>(e0, e1, e2)) {}
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
  // In kernels: a view of the elements from src on, which must lie in an
  // array's or array_view's buffer (&av[i], av.data()); the new view shares
  // that binding, dense from src's element (emit/ViewIntrinsics.cpp).
  array_view(const ::concurrency::extent<N> &e, T *src) restrict(amp) {
    _M_view_elements_at(src);
    _M_extent = e;
    _M_dense_strides();
  }
  array_view(int e0, T *src) restrict(amp) : array_view(::concurrency::extent<N>(e0), src) {}
  array_view(int e0, int e1, T *src) restrict(amp)
      : array_view(::concurrency::extent<N>(e0, e1), src) {}
  array_view(int e0, int e1, int e2, T *src) restrict(amp)
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

  // C++ AMP 1.2: a rank-1 view of a whole container (data() and size()) or C
  // array, its extent the element count.
  template <typename Container, int M = N,
            typename = decltype(detail::container_data(std::declval<Container &>())),
            typename = decltype(std::declval<Container &>().size()),
            typename std::enable_if<M == 1 && !detail::is_amp_container<
                                                  typename std::remove_const<Container>::type>::value,
                                    int>::type = 0>
  explicit array_view(Container &src)
      : array_view(::concurrency::extent<N>(detail::rank1_extent(src.size())), src) {}
  template <typename U, int Size, int M = N,
            typename std::enable_if<M == 1 && std::is_convertible<U *, T *>::value, int>::type = 0>
  explicit array_view(U (&src)[Size])
      : array_view(::concurrency::extent<N>(Size), static_cast<T *>(src)) {}

  // A view of a whole array.
  array_view(array<nonconst_value_type, N> &a) restrict(cpu, amp);
  array_view(const array<nonconst_value_type, N> &a) restrict(cpu, amp);

  // array_view<const T> from array_view<T>.
  template <typename U, typename = typename std::enable_if<
                            std::is_same<const U, T>::value && !std::is_same<U, T>::value>::type>
  array_view(const array_view<U, N> &o) restrict(cpu, amp)
      AMPVK_INTRINSIC("array_view.copy") {
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
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  T &operator()(const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  // C++ AMP leaves the host's get_ref of data not synchronized undefined;
  // here it synchronizes as operator[] does.
  T &get_ref(const index<N> &idx) const restrict(cpu, amp) {
    return _M_element(_M_linear(idx), _M_in_bounds(idx));
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  T &operator[](int i0) const restrict(cpu, amp) {
    return _M_element(_M_origin() + i0, _M_in_bounds(index<N>(i0)));
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  T &operator()(int i0) const restrict(cpu, amp) {
    return _M_element(_M_origin() + i0, _M_in_bounds(index<N>(i0)));
  }
  // Projection: the view of row i0, one rank less.
  template <int M = N, typename std::enable_if<(M > 1), int>::type = 0>
  array_view<T, M - 1> operator[](int i0) const restrict(cpu, amp) {
    return _M_project<M>(i0);
  }
  template <int M = N, typename std::enable_if<(M > 1), int>::type = 0>
  array_view<T, M - 1> operator()(int i0) const restrict(cpu, amp) {
    return _M_project<M>(i0);
  }
  T &operator()(int i0, int i1) const restrict(cpu, amp) {
    static_assert(N == 2, "array_view::operator()(i0, i1) needs rank 2");
    return _M_element(_M_origin() + i0 * _M_stride[0] + i1,
                      _M_in_bounds(index<N>(i0, i1)));
  }
  T &operator()(int i0, int i1, int i2) const restrict(cpu, amp) {
    static_assert(N == 3, "array_view::operator()(i0, i1, i2) needs rank 3");
    return _M_element(_M_origin() + i0 * _M_stride[0] + i1 * _M_stride[1] + i2,
                      _M_in_bounds(index<N>(i0, i1, i2)));
  }

  // Sections: views of part of this view's data, sharing it.
  array_view section(const index<N> &origin, const ::concurrency::extent<N> &ext) const
      restrict(cpu, amp) {
    detail::check_section(_M_extent, origin, ext);
    array_view r(*this);
    r._M_offset = _M_linear(origin);
    r._M_extent = ext;
    return r;
  }
  array_view section(const index<N> &origin) const restrict(cpu, amp) {
    ::concurrency::extent<N> rest = _M_extent;
    for (int i = 0; i < N; ++i)
      rest[i] -= origin[i];
    return section(origin, rest);
  }
  array_view section(const ::concurrency::extent<N> &ext) const restrict(cpu, amp) {
    return section(index<N>(), ext);
  }
  template <int M = N, typename std::enable_if<M == 1, int>::type = 0>
  array_view section(int i0, int e0) const restrict(cpu, amp) {
    return section(index<N>(i0), ::concurrency::extent<N>(e0));
  }
  template <int M = N, typename std::enable_if<M == 2, int>::type = 0>
  array_view section(int i0, int i1, int e0, int e1) const restrict(cpu, amp) {
    return section(index<N>(i0, i1), ::concurrency::extent<N>(e0, e1));
  }
  template <int M = N, typename std::enable_if<M == 3, int>::type = 0>
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const
      restrict(cpu, amp) {
    return section(index<N>(i0, i1, i2), ::concurrency::extent<N>(e0, e1, e2));
  }

  // The same elements with another shape (rank 1 views are contiguous).
  template <int K>
  array_view<T, K> view_as(const ::concurrency::extent<K> &ext) const restrict(cpu, amp) {
    static_assert(N == 1, "view_as is only permissible on array views of rank 1");
    detail::check_view_as_extent(ext);
    detail::check_view_as(_M_extent.size(), ext.size());
    array_view<T, K> r(detail::view_share_tag(), *this);
    r._M_offset = _M_offset;
    r._M_extent = ext;
    r._M_dense_strides();
    return r;
  }

  // The same bytes as elements of another type.
  template <typename U>
  array_view<typename detail::same_constness<T, U>::type, 1> reinterpret_as() const
      restrict(cpu, amp) {
    static_assert(N == 1, "reinterpret_as is only permissible on array views of rank 1");
    typedef typename detail::same_constness<T, U>::type R;
    detail::check_reinterpret(_M_offset, _M_extent[0], static_cast<int>(sizeof(T)),
                              static_cast<int>(sizeof(U)));
    array_view<R, 1> r(detail::view_share_tag(), *this);
    r._M_offset = static_cast<int>(_M_offset * static_cast<int>(sizeof(T)) /
                                   static_cast<int>(sizeof(U)));
    r._M_extent = ::concurrency::extent<1>(
        static_cast<int>(_M_extent[0] * static_cast<int>(sizeof(T)) /
                         static_cast<int>(sizeof(U))));
    r._M_stride[0] = 1;
    return r;
  }

  // Copies device results back into the host data now. The access the host
  // intends: access_type_read (the default) keeps the device copy current;
  // a write access makes the host copy the only current one, so the next
  // kernel uploads it (access_type_write downloads as read_write does: the
  // host may write part of the view only).
  // Only the view's own bytes move: a section of a larger view
  // synchronizes that section.
  void synchronize(access_type type = access_type_read) const {
    const ampvk::rt::section s = _M_section();
    if (type & access_type_write)
      (void)ampvk::rt::buffer_host_data(_M_buffer, ampvk::rt::access::read_write, &s);
    else
      ampvk::rt::buffer_synchronize(_M_buffer, &s);
  }

  // concurrency::copy(*this, dest) (copy.h).
  void copy_to(array<nonconst_value_type, N> &dest) const;
  void copy_to(const array_view<nonconst_value_type, N> &dest) const;
  // The download is recorded and submitted now, after the kernels launched
  // so far: kernels launched afterwards neither delay it nor change what it
  // brings home (the bytes they write stay stale on the host). The future's
  // thread waits for it and copies it home; a write access then makes the
  // host copy the only current one, as synchronize does.
  completion_future synchronize_async(access_type type = access_type_read) const {
    const ampvk::rt::section s = _M_section();
    ampvk::rt::async_download *d = ampvk::rt::buffer_synchronize_begin(_M_buffer, &s);
    array_view self = *this;
    try {
      return detail::run_async([self, type, d] {
        ampvk::rt::buffer_synchronize_end(d);
        if (type & access_type_write)
          self.synchronize(type);
      });
    } catch (...) {
      ampvk::rt::buffer_synchronize_end(d); // no thread: end it here
      throw;
    }
  }
  // Kernels on av see the view's current data: the runtime uploads what is
  // stale before every kernel that uses it, so on the view's own accelerator
  // there is nothing to do now. A view of host data, or without a data
  // source, moves to another accelerator (through the host). An array never
  // leaves its accelerator: a kernel elsewhere gets its data through the host
  // at launch.
  void synchronize_to(const accelerator_view &av, access_type type = access_type_read) const {
    if (av._M_is_cpu())
      return synchronize(type);
    if (av._M_device() == ampvk::rt::buffer_device(_M_buffer) ||
        !ampvk::rt::buffer_moves_with_kernels(_M_buffer))
      return;
    ampvk::rt::buffer_move_to(_M_buffer, av._M_device());
  }
  completion_future synchronize_to_async(const accelerator_view &av,
                                         access_type type = access_type_read) const {
    array_view self = *this;
    accelerator_view target = av;
    return detail::run_async([self, target, type] { self.synchronize_to(target, type); });
  }
  // Where the data the view was made from lives: the CPU accelerator for
  // host memory, else the array's accelerator. A view made from an extent
  // alone (and every view derived from it) has no data source: C++ AMP
  // documents a runtime_exception.
  accelerator_view get_source_accelerator_view() const {
    if (!ampvk::rt::buffer_has_source(_M_buffer))
      throw runtime_exception("ampvk: array_view::get_source_accelerator_view: this view has "
                              "no data source (it was made from an extent alone)",
                              E_INVALIDARG_AMP);
    if (ampvk::rt::buffer_wraps_host(_M_buffer) ||
        ampvk::rt::buffer_placement(_M_buffer) != ampvk::rt::placement::device)
      return accelerator_view(nullptr);
    return accelerator_view(ampvk::rt::default_queue(ampvk::rt::buffer_device(_M_buffer)));
  }
  __declspec(property(get = get_source_accelerator_view))::Concurrency::accelerator_view
      source_accelerator_view;
  // The next kernel need not upload the current contents.
  void discard_data() const {
    const ampvk::rt::section s = _M_section();
    ampvk::rt::buffer_discard(_M_buffer, &s);
  }
  // The host data was changed behind the view's back.
  void refresh() const {
    const ampvk::rt::section s = _M_section();
    ampvk::rt::buffer_host_modified(_M_buffer, &s);
  }

  // In kernels too: a pointer into the view's buffer (emit/Pointers.cpp).
  T *data() const restrict(cpu, amp) {
    static_assert(N == 1, "array_view::data() needs rank 1");
    return &_M_element(_M_origin(), true);
  }

  ampvk::rt::buffer *_M_native() const { return _M_buffer; }

  // The bytes of the buffer this view shows (runtime.h, rt::section): exactly
  // its elements up to rank max_section_outer + 1 (detail::section_is_exact),
  // from the first to the last beyond. A launch reads the same from the
  // captured view (kernel_image.h, array_view_extent_at).
  ampvk::rt::section _M_section() const {
    static_assert(offsetof(array_view, _M_offset) == ampvk::array_view_offset_at &&
                      offsetof(array_view, _M_extent) == ampvk::array_view_extent_at &&
                      offsetof(array_view, _M_stride) == ampvk::array_view_stride_at(N),
                  "the runtime reads a captured view's offset, extent and strides here");
    ampvk::rt::section s;
    s.offset = std::size_t(_M_offset) * sizeof(T);
    if (detail::section_is_exact<N>::value) {
      s.row_bytes = std::size_t(_M_extent[N - 1]) * sizeof(T);
      s.outer = N - 1;
      for (int i = 0; i < N - 1 && i < ampvk::rt::max_section_outer; ++i) {
        s.count[i] = std::size_t(_M_extent[i]);
        s.pitch[i] = std::size_t(_M_stride[i]) * sizeof(T);
      }
      return s;
    }
    std::size_t last = std::size_t(_M_extent[N - 1]);
    for (int i = 0; i < N - 1; ++i) {
      if (_M_extent[i] == 0)
        return s;
      last += std::size_t(_M_extent[i] - 1) * std::size_t(_M_stride[i]);
    }
    s.row_bytes = _M_extent[N - 1] == 0 ? 0 : last * sizeof(T);
    return s;
  }

private:
  template <typename, int> friend class array_view;
  template <typename, int> friend class array;

  // A view of src's data (an array or array_view) whose shape the caller sets.
  template <typename Src>
  array_view(detail::view_share_tag, const Src &src) restrict(cpu, amp) {
    _M_share(src);
  }

  // On the device, this view's storage buffer becomes src's binding.
  template <typename Src>
  void _M_share(const Src &src) restrict(cpu, amp) AMPVK_INTRINSIC("array_view.share") {
    _M_buffer = src._M_native();
    ampvk::rt::buffer_retain(_M_buffer);
  }

  // On the device: this view's binding becomes the buffer src points into,
  // and its offset src's element index.
  void _M_view_elements_at(T *) restrict(amp) AMPVK_INTRINSIC("array_view.elements_at") {}

  template <int M> array_view<T, M - 1> _M_project(int i0) const restrict(cpu, amp) {
    array_view<T, M - 1> r(detail::view_share_tag(), *this);
    r._M_offset = _M_origin() + i0 * _M_stride[0];
    for (int i = 0; i < M - 1; ++i) {
      r._M_extent[i] = _M_extent[i + 1];
      r._M_stride[i] = _M_stride[i + 1];
    }
    _M_check_row(r, i0);
    return r;
  }

  // Row-major strides of the view's own extent (a contiguous view).
  void _M_dense_strides() restrict(cpu, amp) {
    int stride = 1;
    for (int i = N - 1; i >= 0; --i) {
      _M_stride[i] = stride;
      stride *= _M_extent[i];
    }
  }

  void _M_wrap(const ::concurrency::extent<N> &e, T *src) {
    std::size_t count = detail::element_count(e);
    _M_buffer = ampvk::rt::buffer_wrap_host(
        ampvk::rt::default_device(),
        const_cast<nonconst_value_type *>(src), count * sizeof(T));
    _M_offset = 0;
    _M_extent = e;
    _M_dense_strides();
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
    int linear = _M_origin() + idx[N - 1];
#pragma unroll
    for (int i = 0; i < N - 1; ++i)
      linear += idx[i] * _M_stride[i];
    return linear;
  }

  // Checked mode (-fplugin-arg-ampvk-check, docs/user-guide.md): on the
  // device, whether idx is inside the extent, a failure recorded for the
  // runtime to report; the host does not check.
  bool _M_in_bounds(const index<N> &) const restrict(cpu, amp)
      AMPVK_INTRINSIC("bounds.check") {
    return true;
  }
  // Checked mode: the projection of row i0; outside the extent, the failure
  // is recorded and row's extent made empty, so that no access through it
  // touches memory.
  template <typename Row>
  void _M_check_row(Row &, int) const restrict(cpu, amp) AMPVK_INTRINSIC("bounds.row") {}

  // _M_offset. On the device, 0 without a load when this is a captured view
  // the runtime found at offset 0 (view_origin_spec_id in kernel_image.h).
  int _M_origin() const restrict(cpu, amp) AMPVK_INTRINSIC("view.origin") { return _M_offset; }

  // On the device: element `linear` of this view's storage buffer, touched
  // only when in_bounds (_M_in_bounds of the index it addresses).
  T &_M_element(int linear, bool) const restrict(cpu, amp)
      AMPVK_INTRINSIC("buffer.element") {
    const ampvk::rt::section s = _M_section();
    void *host = ampvk::rt::buffer_host_data(
        _M_buffer, detail::host_access_for(std::is_const<T>::value), &s);
    return static_cast<T *>(host)[linear];
  }

  ampvk::rt::buffer *_M_buffer;
  // Read by the runtime at ampvk::array_view_offset_at (kernel_image.h).
  int _M_offset;
  ::concurrency::extent<N> _M_extent;
  // Elements between neighbours along each dimension. The last is always 1,
  // and indexing does not read it (a kernel would load it from its captures
  // at every access): every view is contiguous along its last dimension, as
  // sections keep it, projections drop the first dimension, and view_as and
  // reinterpret_as make dense views.
  int _M_stride[N];
};

} // namespace Concurrency

#endif
