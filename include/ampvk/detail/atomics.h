// The atomic operations of C++ AMP (specification chapter 6), with the
// signatures of Microsoft's <amp.h>. They work on global memory (elements of
// array and array_view, reached through pointers and references) and on
// tile_static memory; the plugin compiles them to SPIR-V atomic instructions
// (plugin/emit/AtomicIntrinsics.cpp) at Device scope for global memory and
// Workgroup scope for tile_static memory, with relaxed memory semantics: as
// in DirectX, an atomic operation orders nothing but itself (use a barrier or
// a fence for the memory around it). A pointer to thread-private memory (a
// local variable, a parameter, a captured value) is a compile-time error.
//
// The functions are restrict(amp) as in Microsoft's headers. Their bodies are
// never compiled for the device; they are a host version with the same meaning.
#ifndef AMPVK_DETAIL_ATOMICS_H
#define AMPVK_DETAIL_ATOMICS_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/keywords.h>

namespace Concurrency {

inline int atomic_exchange(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.exchange") {
  return __atomic_exchange_n(dest, value, __ATOMIC_RELAXED);
}
inline unsigned int atomic_exchange(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.exchange") {
  return __atomic_exchange_n(dest, value, __ATOMIC_RELAXED);
}
inline float atomic_exchange(float *dest, float value) restrict(amp)
    AMPVK_INTRINSIC("atomic.exchange") {
  float old;
  __atomic_exchange(dest, &value, &old, __ATOMIC_RELAXED);
  return old;
}

// True when *dest held *expected_value and now holds value; otherwise
// *expected_value receives what *dest held.
inline bool atomic_compare_exchange(int *dest, int *expected_value, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.compare_exchange") {
  return __atomic_compare_exchange_n(dest, expected_value, value, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
}
inline bool atomic_compare_exchange(unsigned int *dest, unsigned int *expected_value,
                                    unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.compare_exchange") {
  return __atomic_compare_exchange_n(dest, expected_value, value, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
}

namespace detail {
// Host versions of fetch_max and fetch_min, which GCC's builtins lack.
template <typename T> T atomic_host_fetch_max(T *dest, T value) {
  T old = __atomic_load_n(dest, __ATOMIC_RELAXED);
  while (old < value &&
         !__atomic_compare_exchange_n(dest, &old, value, true, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}
template <typename T> T atomic_host_fetch_min(T *dest, T value) {
  T old = __atomic_load_n(dest, __ATOMIC_RELAXED);
  while (value < old &&
         !__atomic_compare_exchange_n(dest, &old, value, true, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  return old;
}
} // namespace detail

// Each returns the value *dest held before the operation. max and min
// compare as the type is signed or unsigned.
inline int atomic_fetch_add(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.add") {
  return __atomic_fetch_add(dest, value, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_add(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.add") {
  return __atomic_fetch_add(dest, value, __ATOMIC_RELAXED);
}
inline int atomic_fetch_sub(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.sub") {
  return __atomic_fetch_sub(dest, value, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_sub(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.sub") {
  return __atomic_fetch_sub(dest, value, __ATOMIC_RELAXED);
}
inline int atomic_fetch_max(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.max") {
  return detail::atomic_host_fetch_max(dest, value);
}
inline unsigned int atomic_fetch_max(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.max") {
  return detail::atomic_host_fetch_max(dest, value);
}
inline int atomic_fetch_min(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.min") {
  return detail::atomic_host_fetch_min(dest, value);
}
inline unsigned int atomic_fetch_min(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.min") {
  return detail::atomic_host_fetch_min(dest, value);
}
inline int atomic_fetch_and(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.and") {
  return __atomic_fetch_and(dest, value, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_and(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.and") {
  return __atomic_fetch_and(dest, value, __ATOMIC_RELAXED);
}
inline int atomic_fetch_or(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.or") {
  return __atomic_fetch_or(dest, value, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_or(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.or") {
  return __atomic_fetch_or(dest, value, __ATOMIC_RELAXED);
}
inline int atomic_fetch_xor(int *dest, int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.xor") {
  return __atomic_fetch_xor(dest, value, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_xor(unsigned int *dest, unsigned int value) restrict(amp)
    AMPVK_INTRINSIC("atomic.xor") {
  return __atomic_fetch_xor(dest, value, __ATOMIC_RELAXED);
}

inline int atomic_fetch_inc(int *dest) restrict(amp) AMPVK_INTRINSIC("atomic.inc") {
  return __atomic_fetch_add(dest, 1, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_inc(unsigned int *dest) restrict(amp)
    AMPVK_INTRINSIC("atomic.inc") {
  return __atomic_fetch_add(dest, 1u, __ATOMIC_RELAXED);
}
inline int atomic_fetch_dec(int *dest) restrict(amp) AMPVK_INTRINSIC("atomic.dec") {
  return __atomic_fetch_sub(dest, 1, __ATOMIC_RELAXED);
}
inline unsigned int atomic_fetch_dec(unsigned int *dest) restrict(amp)
    AMPVK_INTRINSIC("atomic.dec") {
  return __atomic_fetch_sub(dest, 1u, __ATOMIC_RELAXED);
}

} // namespace Concurrency

#endif
