// concurrency::index<N> and concurrency::extent<N>: small value types usable on
// host and device. Their loops carry `#pragma unroll` so that the optimizer
// keeps the components in registers.
#ifndef AMPVK_DETAIL_INDEX_H
#define AMPVK_DETAIL_INDEX_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/keywords.h>

namespace Concurrency {

template <int N> class extent;

namespace detail {
// Shared storage and arithmetic of index<N> and extent<N> (CRTP keeps the
// results typed as the derived class).
template <int N, typename Derived> class coordinate {
public:
  static_assert(N > 0, "the rank of an index or extent must be at least 1");
  static const int rank = N;
  typedef int value_type;

  int operator[](unsigned c) const restrict(cpu, amp) { return _M_base[c]; }
  int &operator[](unsigned c) restrict(cpu, amp) { return _M_base[c]; }

  friend bool operator==(const Derived &a, const Derived &b) restrict(cpu, amp) {
    bool same = true;
#pragma unroll
    for (int i = 0; i < N; ++i)
      same = same && a._M_base[i] == b._M_base[i];
    return same;
  }
  friend bool operator!=(const Derived &a, const Derived &b) restrict(cpu, amp) {
    return !(a == b);
  }

// C++ AMP defines index/extent arithmetic with another coordinate only for +
// and -; *, / and % take an int (so `idx *= idx` does not compile, as in
// Microsoft's <amp.h>).
#define AMPVK_COORDINATE_SCALAR_OP(op)                                         \
  Derived &operator op##=(int v) restrict(cpu, amp) {                          \
    _Pragma("unroll") for (int i = 0; i < N; ++i) _M_base[i] op## = v;         \
    return static_cast<Derived &>(*this);                                      \
  }                                                                            \
  friend Derived operator op(const Derived &a, int v) restrict(cpu, amp) {     \
    Derived r = a;                                                             \
    r op## = v;                                                                \
    return r;                                                                  \
  }                                                                            \
  friend Derived operator op(int v, const Derived &a) restrict(cpu, amp) {     \
    Derived r;                                                                 \
    _Pragma("unroll") for (int i = 0; i < N; ++i) r._M_base[i] = v op a._M_base[i]; \
    return r;                                                                  \
  }
#define AMPVK_COORDINATE_OP(op)                                                \
  AMPVK_COORDINATE_SCALAR_OP(op)                                               \
  Derived &operator op##=(const Derived & o) restrict(cpu, amp) {              \
    _Pragma("unroll") for (int i = 0; i < N; ++i) _M_base[i] op## = o._M_base[i]; \
    return static_cast<Derived &>(*this);                                      \
  }                                                                            \
  friend Derived operator op(const Derived &a, const Derived &b) restrict(cpu, amp) { \
    Derived r = a;                                                             \
    r op## = b;                                                                \
    return r;                                                                  \
  }
  AMPVK_COORDINATE_OP(+)
  AMPVK_COORDINATE_OP(-)
  AMPVK_COORDINATE_SCALAR_OP(*)
  AMPVK_COORDINATE_SCALAR_OP(/)
  AMPVK_COORDINATE_SCALAR_OP(%)
#undef AMPVK_COORDINATE_OP
#undef AMPVK_COORDINATE_SCALAR_OP

  Derived &operator++() restrict(cpu, amp) { return *this += 1; }
  Derived operator++(int) restrict(cpu, amp) {
    Derived old = static_cast<Derived &>(*this);
    *this += 1;
    return old;
  }
  Derived &operator--() restrict(cpu, amp) { return *this -= 1; }
  Derived operator--(int) restrict(cpu, amp) {
    Derived old = static_cast<Derived &>(*this);
    *this -= 1;
    return old;
  }

protected:
  void _M_set(int i0) restrict(cpu, amp) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      _M_base[i] = i0;
  }
  int _M_base[N];
};
} // namespace detail

template <int N> class index : public detail::coordinate<N, index<N>> {

public:
  index() restrict(cpu, amp) { this->_M_set(0); }
  explicit index(int i0) restrict(cpu, amp) {
    static_assert(N == 1, "index(i0) needs an index of rank 1");
    this->_M_base[0] = i0;
  }
  index(int i0, int i1) restrict(cpu, amp) {
    static_assert(N == 2, "index(i0, i1) needs an index of rank 2");
    this->_M_base[0] = i0;
    this->_M_base[1] = i1;
  }
  index(int i0, int i1, int i2) restrict(cpu, amp) {
    static_assert(N == 3, "index(i0, i1, i2) needs an index of rank 3");
    this->_M_base[0] = i0;
    this->_M_base[1] = i1;
    this->_M_base[2] = i2;
  }
  explicit index(const int components[]) restrict(cpu, amp) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      this->_M_base[i] = components[i];
  }
};

} // namespace Concurrency

#endif
