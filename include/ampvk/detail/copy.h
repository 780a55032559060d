// concurrency::copy and copy_async: between arrays, array_views and host
// iterators, as in C++ AMP v1.2 §5.3. Every form copies all the elements of
// the source's extent in row-major order. Between arrays and array_views the
// runtime moves the bytes the two show (rt::buffer_copy: a copy command on one
// accelerator, host memory both import between two). copy returns when they
// are in place, copy_async at once with a completion_future (the copy runs on a
// thread of its own; the objects must live until it is done). Extents that
// differ are a runtime_exception before anything is written (thrown by
// copy_async itself); an iterator range shorter than the destination too (by
// copy, or by copy_async's future).
#ifndef AMPVK_DETAIL_COPY_H
#define AMPVK_DETAIL_COPY_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/array.h>
#include <ampvk/detail/array_view.h>
#include <ampvk/detail/completion_future.h>

#include <iterator>
#include <string>
#include <vector>

namespace Concurrency {
namespace detail {

template <int N> std::string extent_text(const extent<N> &e) {
  std::string s;
  for (int i = 0; i < N; ++i)
    s += (i ? " x " : "") + std::to_string(e[i]);
  return s;
}

template <int N> void check_copy_extents(const extent<N> &src, const extent<N> &dest) {
  if (src != dest)
    throw runtime_exception("ampvk: copy: the source's extent (" + extent_text(src) +
                                ") differs from the destination's (" + extent_text(dest) + ")",
                            E_INVALIDARG_AMP);
}

// The elements of src, row-major, on the host. Read through a view of const
// elements: a copy out only reads, so the next kernel need not upload them.
template <typename T, int N>
std::vector<typename std::remove_const<T>::type> read_view(const array_view<T, N> &src) {
  const array_view<const T, N> in(src);
  std::vector<typename std::remove_const<T>::type> out;
  out.reserve(element_count(in.get_extent()));
  for_each_index(in.get_extent(), [&](const index<N> &i) { out.push_back(in[i]); });
  return out;
}

template <typename T, int N, typename InputIter>
void write_view(InputIter first, InputIter last, const array_view<T, N> &dest,
                bool check_length) {
  std::vector<T> values(first, last);
  std::size_t count = element_count(dest.get_extent());
  if (check_length && values.size() < count)
    throw runtime_exception("ampvk: copy: the source range holds " +
                                std::to_string(values.size()) + " elements, the destination " +
                                std::to_string(count),
                            E_INVALIDARG_AMP);
  std::size_t k = 0;
  for_each_index(dest.get_extent(), [&](const index<N> &i) { dest[i] = values[k++]; });
}

inline void check_source_length(std::size_t have, std::size_t count) {
  if (have < count)
    throw runtime_exception("ampvk: copy: the source range holds " + std::to_string(have) +
                                " elements, the destination " + std::to_string(count),
                            E_INVALIDARG_AMP);
}

template <typename InputIter, typename T, int N>
void write_array(InputIter first, InputIter last, array<T, N> &dest) {
  const std::size_t count = element_count(dest.get_extent());
  if (is_contiguous_iterator<InputIter, T>::value) {
    check_source_length(std::size_t(std::distance(first, last)), count);
    if (count)
      ampvk::rt::buffer_write(dest._M_native(), 0, &*first, count * sizeof(T));
    return;
  }
  std::vector<T> values(first, last);
  check_source_length(values.size(), count);
  ampvk::rt::buffer_write(dest._M_native(), 0, values.data(), count * sizeof(T));
}

// Between two arrays or array_views of equal extents: the runtime copies the
// bytes; views of ranks rt::section cannot name exactly go element by element.
template <typename Src, typename Dest> void copy_between(const Src &src, const Dest &dest) {
  ampvk::rt::buffer_copy(src._M_native(), src._M_section(), dest._M_native(),
                         dest._M_section());
}

} // namespace detail

// array -> array
template <typename T, int N> void copy(const array<T, N> &src, array<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  detail::copy_between(src, dest);
}

namespace detail {
// Copies into a const array or an array_view<const T> would match the
// iterator forms (the destination taken for an output iterator): they are
// errors, as in Microsoft's headers, with one message each.
template <typename T> struct always_false : std::false_type {};
template <typename X> struct is_amp_array : std::false_type {};
template <typename T, int N> struct is_amp_array<array<T, N>> : std::true_type {};
template <typename T, int N> std::vector<T> read_all(const array<T, N> &src) { return src; }
// An array into contiguous memory: straight from the runtime.
template <typename T, int N, typename OutputIter>
bool read_into(const array<T, N> &src, OutputIter destBegin, std::true_type) {
  const std::size_t count = element_count(src.get_extent());
  if (count)
    ampvk::rt::buffer_read(src._M_native(), 0, &*destBegin, count * sizeof(T));
  return true;
}
template <typename Src, typename OutputIter>
bool read_into(const Src &, OutputIter, std::false_type) {
  return false;
}
template <typename T, int N>
std::vector<typename std::remove_const<T>::type> read_all(const array_view<T, N> &src) {
  return read_view(src);
}
template <typename Src, typename OutputIter>
void copy_to_output(const Src &src, OutputIter destBegin, std::false_type) {
  typedef typename std::remove_const<typename Src::value_type>::type T;
  if (read_into(src, destBegin,
                std::integral_constant<bool, is_contiguous_iterator<OutputIter, T>::value &&
                                                 is_amp_array<Src>::value>()))
    return;
  std::vector<T> values = read_all(src);
  std::copy(values.begin(), values.end(), destBegin);
}
template <typename Src, typename OutputIter>
void copy_to_output(const Src &, OutputIter, std::true_type) {
  static_assert(always_false<OutputIter>::value,
                "concurrency::copy: the destination is a const array, which cannot be written");
}
} // namespace detail

// host iterators -> array
template <typename InputIter, typename T, int N>
void copy(InputIter srcBegin, InputIter srcEnd, array<T, N> &dest) {
  detail::write_array(srcBegin, srcEnd, dest);
}
template <typename InputIter, typename T, int N> void copy(InputIter srcBegin, array<T, N> &dest) {
  InputIter srcEnd = srcBegin;
  std::advance(srcEnd, detail::element_count(dest.get_extent()));
  detail::write_array(srcBegin, srcEnd, dest);
}

// array -> host iterator
template <typename OutputIter, typename T, int N>
void copy(const array<T, N> &src, OutputIter destBegin) {
  detail::copy_to_output(src, destBegin,
                         detail::is_amp_container<typename std::remove_const<OutputIter>::type>());
}

// array -> array_view
template <typename T, int N> void copy(const array<T, N> &src, const array_view<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  if (detail::section_is_exact<N>::value)
    return detail::copy_between(src, dest);
  std::vector<T> values = src;
  detail::write_view(values.begin(), values.end(), dest, true);
}

// array_view -> array
template <typename T, int N> void copy(const array_view<const T, N> &src, array<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  if (detail::section_is_exact<N>::value)
    return detail::copy_between(src, dest);
  std::vector<T> values = detail::read_view(src);
  detail::write_array(values.begin(), values.end(), dest);
}
template <typename T, int N> void copy(const array_view<T, N> &src, array<T, N> &dest) {
  copy(array_view<const T, N>(src), dest);
}

// array_view -> array_view
template <typename T, int N>
void copy(const array_view<const T, N> &src, const array_view<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  if (detail::section_is_exact<N>::value)
    return detail::copy_between(src, dest);
  std::vector<T> values = detail::read_view(src);
  detail::write_view(values.begin(), values.end(), dest, true);
}
template <typename T, int N>
void copy(const array_view<T, N> &src, const array_view<T, N> &dest) {
  copy(array_view<const T, N>(src), dest);
}

// host iterators -> array_view
template <typename InputIter, typename T, int N>
void copy(InputIter srcBegin, InputIter srcEnd, const array_view<T, N> &dest) {
  detail::write_view(srcBegin, srcEnd, dest, true);
}
template <typename InputIter, typename T, int N>
void copy(InputIter srcBegin, const array_view<T, N> &dest) {
  InputIter srcEnd = srcBegin;
  std::advance(srcEnd, detail::element_count(dest.get_extent()));
  detail::write_view(srcBegin, srcEnd, dest, true);
}

// array_view -> host iterator
template <typename OutputIter, typename T, int N>
void copy(const array_view<T, N> &src, OutputIter destBegin) {
  detail::copy_to_output(src, destBegin,
                         detail::is_amp_container<typename std::remove_const<OutputIter>::type>());
}

// into an array_view<const T>: an error (more specialized than the iterator
// forms, which would take either side for an iterator)
template <typename S, typename T, int N>
void copy(const array_view<S, N> &, const array_view<const T, N> &) {
  static_assert(detail::always_false<S>::value,
                "concurrency::copy: the destination is an array_view<const T>, which cannot be "
                "written");
}
template <typename S, typename T, int N>
void copy(const array<S, N> &, const array_view<const T, N> &) {
  static_assert(detail::always_false<S>::value,
                "concurrency::copy: the destination is an array_view<const T>, which cannot be "
                "written");
}
template <typename InputIter, typename T, int N>
void copy(InputIter, const array_view<const T, N> &) {
  static_assert(detail::always_false<InputIter>::value,
                "concurrency::copy: the destination is an array_view<const T>, which cannot be "
                "written");
}
template <typename InputIter, typename T, int N>
void copy(InputIter, InputIter, const array_view<const T, N> &) {
  static_assert(detail::always_false<InputIter>::value,
                "concurrency::copy: the destination is an array_view<const T>, which cannot be "
                "written");
}

template <typename T, int N>
void array_view<T, N>::copy_to(array<nonconst_value_type, N> &dest) const {
  copy(*this, dest);
}
template <typename T, int N>
void array_view<T, N>::copy_to(const array_view<nonconst_value_type, N> &dest) const {
  copy(*this, dest);
}
template <typename T, int N>
array<T, N> &array<T, N>::operator=(const array_view<const T, N> &src) {
  copy(src, *this);
  return *this;
}

template <typename T, int N> void array<T, N>::copy_to(array &dest) const { copy(*this, dest); }
template <typename T, int N> void array<T, N>::copy_to(const array_view<T, N> &dest) const {
  copy(*this, dest);
}

// ---- copy_async: the same forms, on a thread of their own ----------------

template <typename T, int N>
completion_future copy_async(const array<T, N> &src, array<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  const array<T, N> *s = &src;
  array<T, N> *d = &dest;
  return detail::run_async([s, d] { ::Concurrency::copy(*s, *d); });
}
template <typename InputIter, typename T, int N>
completion_future copy_async(InputIter srcBegin, InputIter srcEnd, array<T, N> &dest) {
  array<T, N> *d = &dest;
  return detail::run_async([srcBegin, srcEnd, d] { ::Concurrency::copy(srcBegin, srcEnd, *d); });
}
template <typename InputIter, typename T, int N>
completion_future copy_async(InputIter srcBegin, array<T, N> &dest) {
  array<T, N> *d = &dest;
  return detail::run_async([srcBegin, d] { ::Concurrency::copy(srcBegin, *d); });
}
template <typename OutputIter, typename T, int N>
completion_future copy_async(const array<T, N> &src, OutputIter destBegin) {
  const array<T, N> *s = &src;
  return detail::run_async([s, destBegin] { ::Concurrency::copy(*s, destBegin); });
}
template <typename T, int N>
completion_future copy_async(const array<T, N> &src, const array_view<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  const array<T, N> *s = &src;
  return detail::run_async([s, dest] { ::Concurrency::copy(*s, dest); });
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &src, array<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  array<T, N> *d = &dest;
  return detail::run_async([src, d] { ::Concurrency::copy(src, *d); });
}
template <typename T, int N>
completion_future copy_async(const array_view<T, N> &src, array<T, N> &dest) {
  return copy_async(array_view<const T, N>(src), dest);
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &src, const array_view<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  return detail::run_async([src, dest] { ::Concurrency::copy(src, dest); });
}
template <typename T, int N>
completion_future copy_async(const array_view<T, N> &src, const array_view<T, N> &dest) {
  return copy_async(array_view<const T, N>(src), dest);
}
template <typename InputIter, typename T, int N>
completion_future copy_async(InputIter srcBegin, InputIter srcEnd, const array_view<T, N> &dest) {
  return detail::run_async(
      [srcBegin, srcEnd, dest] { ::Concurrency::copy(srcBegin, srcEnd, dest); });
}
template <typename InputIter, typename T, int N>
completion_future copy_async(InputIter srcBegin, const array_view<T, N> &dest) {
  return detail::run_async([srcBegin, dest] { ::Concurrency::copy(srcBegin, dest); });
}
template <typename OutputIter, typename T, int N>
completion_future copy_async(const array_view<T, N> &src, OutputIter destBegin) {
  return detail::run_async([src, destBegin] { ::Concurrency::copy(src, destBegin); });
}

} // namespace Concurrency

#endif
