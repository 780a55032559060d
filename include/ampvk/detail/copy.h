// concurrency::copy: between arrays, array_views and host iterators, as in
// C++ AMP v1.2 §5.3 (the synchronous forms; copy_async needs
// completion_future, which ampvk does not have yet). Every form copies all the
// elements of the source's extent in row-major order and returns when they
// are in place; extents that differ, or an iterator range shorter than the
// destination, are a runtime_exception before anything is written.
#ifndef AMPVK_DETAIL_COPY_H
#define AMPVK_DETAIL_COPY_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/array.h>
#include <ampvk/detail/array_view.h>

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

// The elements of src, row-major, on the host.
template <typename T, int N>
std::vector<typename std::remove_const<T>::type> read_view(const array_view<T, N> &src) {
  std::vector<typename std::remove_const<T>::type> out;
  out.reserve(element_count(src.get_extent()));
  for_each_index(src.get_extent(), [&](const index<N> &i) { out.push_back(src[i]); });
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

template <typename InputIter, typename T, int N>
void write_array(InputIter first, InputIter last, array<T, N> &dest) {
  std::vector<T> values(first, last);
  std::size_t count = element_count(dest.get_extent());
  if (values.size() < count)
    throw runtime_exception("ampvk: copy: the source range holds " +
                                std::to_string(values.size()) + " elements, the destination " +
                                std::to_string(count),
                            E_INVALIDARG_AMP);
  ampvk::rt::buffer_write(dest._M_native(), 0, values.data(), count * sizeof(T));
}

} // namespace detail

// array -> array
template <typename T, int N> void copy(const array<T, N> &src, array<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  std::vector<T> values = src;
  detail::write_array(values.begin(), values.end(), dest);
}

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
  std::vector<T> values = src;
  std::copy(values.begin(), values.end(), destBegin);
}

// array -> array_view
template <typename T, int N> void copy(const array<T, N> &src, const array_view<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
  std::vector<T> values = src;
  detail::write_view(values.begin(), values.end(), dest, true);
}

// array_view -> array
template <typename T, int N> void copy(const array_view<const T, N> &src, array<T, N> &dest) {
  detail::check_copy_extents(src.get_extent(), dest.get_extent());
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
  std::vector<typename std::remove_const<T>::type> values = detail::read_view(src);
  std::copy(values.begin(), values.end(), destBegin);
}

} // namespace Concurrency

#endif
