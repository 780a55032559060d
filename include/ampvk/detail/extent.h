// concurrency::extent<N> and concurrency::tiled_extent<D0, D1, D2>.
#ifndef AMPVK_DETAIL_EXTENT_H
#define AMPVK_DETAIL_EXTENT_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/index.h>

namespace Concurrency {

template <int D0, int D1 = 0, int D2 = 0> class tiled_extent;

template <int N> class extent : public detail::coordinate<N, extent<N>> {
public:
  extent() restrict(cpu, amp) { this->_M_set(0); }
  explicit extent(int e0) restrict(cpu, amp) {
    static_assert(N == 1, "extent(e0) needs an extent of rank 1");
    this->_M_base[0] = e0;
  }
  extent(int e0, int e1) restrict(cpu, amp) {
    static_assert(N == 2, "extent(e0, e1) needs an extent of rank 2");
    this->_M_base[0] = e0;
    this->_M_base[1] = e1;
  }
  extent(int e0, int e1, int e2) restrict(cpu, amp) {
    static_assert(N == 3, "extent(e0, e1, e2) needs an extent of rank 3");
    this->_M_base[0] = e0;
    this->_M_base[1] = e1;
    this->_M_base[2] = e2;
  }
  explicit extent(const int components[]) restrict(cpu, amp) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      this->_M_base[i] = components[i];
  }

  // An extent moves by an index, too (Microsoft's extent::operator+=).
  using detail::coordinate<N, extent<N>>::operator+=;
  using detail::coordinate<N, extent<N>>::operator-=;
  extent &operator+=(const index<N> &idx) restrict(cpu, amp) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      this->_M_base[i] += idx[i];
    return *this;
  }
  extent &operator-=(const index<N> &idx) restrict(cpu, amp) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      this->_M_base[i] -= idx[i];
    return *this;
  }
  extent operator+(const index<N> &idx) const restrict(cpu, amp) {
    extent r = *this;
    r += idx;
    return r;
  }
  extent operator-(const index<N> &idx) const restrict(cpu, amp) {
    extent r = *this;
    r -= idx;
    return r;
  }

  unsigned int size() const restrict(cpu, amp) {
    unsigned int s = 1;
#pragma unroll
    for (int i = 0; i < N; ++i)
      s *= static_cast<unsigned int>(this->_M_base[i]);
    return s;
  }

  bool contains(const index<N> &idx) const restrict(cpu, amp) {
    bool inside = true;
#pragma unroll
    for (int i = 0; i < N; ++i)
      inside = inside && idx[i] >= 0 && idx[i] < this->_M_base[i];
    return inside;
  }

  template <int D0> tiled_extent<D0> tile() const restrict(cpu, amp) {
    static_assert(N == 1, "tile<D0>() needs an extent of rank 1");
    return tiled_extent<D0>(*this);
  }
  template <int D0, int D1> tiled_extent<D0, D1> tile() const restrict(cpu, amp) {
    static_assert(N == 2, "tile<D0, D1>() needs an extent of rank 2");
    return tiled_extent<D0, D1>(*this);
  }
  template <int D0, int D1, int D2>
  tiled_extent<D0, D1, D2> tile() const restrict(cpu, amp) {
    static_assert(N == 3, "tile<D0, D1, D2>() needs an extent of rank 3");
    return tiled_extent<D0, D1, D2>(*this);
  }
};

namespace detail {
template <int D0, int D1, int D2> struct tile_rank {
  static const int value = D1 == 0 ? 1 : (D2 == 0 ? 2 : 3);
};
} // namespace detail

// The tile limits are checked here, at compile time, as Microsoft's compiler
// did: every extent positive, at most 1024 threads a tile, D0 <= 64 in 3-D.
// The checks sit in the constructors (every tiled_extent is made by one), not
// at class scope: a failed static_assert at class scope makes the class
// invalid and buries the message under follow-on errors about its members.
template <int D0, int D1, int D2>
class tiled_extent : public extent<detail::tile_rank<D0, D1, D2>::value> {
public:
  static const int rank = detail::tile_rank<D0, D1, D2>::value;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  tiled_extent() restrict(cpu, amp) {
    static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D1 == 0 && D2 != 0),
                  "tile extents must be positive");
    static_assert(D0 * (D1 ? D1 : 1) * (D2 ? D2 : 1) <= 1024,
                  "the product of the tile extents must not exceed 1024");
    static_assert(D2 == 0 || D0 <= 64, "the first extent of a 3-D tile must not exceed 64");
  }
  tiled_extent(const extent<rank> &e) restrict(cpu, amp) : extent<rank>(e) {
    static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D1 == 0 && D2 != 0),
                  "tile extents must be positive");
    static_assert(D0 * (D1 ? D1 : 1) * (D2 ? D2 : 1) <= 1024,
                  "the product of the tile extents must not exceed 1024");
    static_assert(D2 == 0 || D0 <= 64, "the first extent of a 3-D tile must not exceed 64");
  }

  extent<rank> get_tile_extent() const restrict(cpu, amp) {
    return _M_tile_extent();
  }
  __declspec(property(get = get_tile_extent)) extent<rank> tile_extent;

  // The extent rounded up (pad) or down (truncate) to whole tiles.
  tiled_extent pad() const restrict(cpu, amp) {
    extent<rank> t = _M_tile_extent();
    extent<rank> r = *this;
#pragma unroll
    for (int i = 0; i < rank; ++i)
      r[i] = (r[i] + t[i] - 1) / t[i] * t[i];
    return tiled_extent(r);
  }
  tiled_extent truncate() const restrict(cpu, amp) {
    extent<rank> t = _M_tile_extent();
    extent<rank> r = *this;
#pragma unroll
    for (int i = 0; i < rank; ++i)
      r[i] = r[i] / t[i] * t[i];
    return tiled_extent(r);
  }

private:
  static extent<rank> _M_tile_extent() restrict(cpu, amp) {
    int dims[3] = {D0, D1, D2};
    return extent<rank>(dims);
  }
};

} // namespace Concurrency

#endif
