// concurrency::direct3d: the HLSL-style intrinsics of Microsoft's <amp.h>,
// restrict(amp) as there. Most are plain C++ that the plugin compiles like any
// other restrict(amp) function; the bit scans and counts are intrinsics
// (plugin/emit/Direct3dIntrinsics.cpp), whose bodies here are the host meaning.
//
// Semantics, as HLSL defines them:
// - max/min of floats return the other operand when one is NaN, so clamp and
//   saturate map NaN to the lower bound (saturate(NaN) is 0);
// - firstbithigh(int) scans for the highest bit that differs from the sign
//   bit (for a negative value, the highest 0 bit); it and firstbitlow return
//   -1 when there is none (0, and -1 for firstbithigh);
// - mad(x, y, z) is x * y + z rounded twice, never fused: HLSL lets a driver
//   fuse it, and ampvk keeps every float operation exactly rounded;
// - integer mad, abs and sign wrap (abs(INT_MIN) is INT_MIN), as on the GPU;
// - rcp is 1 / x (Vulkan's division, within 2.5 ULP), not a coarser
//   approximation.
// noise() has no SPIR-V counterpart and HLSL never specified its values, only
// "Perlin noise": ampvk's is 1-D gradient noise written here (below), the same
// on every device.
#ifndef AMPVK_DETAIL_DIRECT3D_H
#define AMPVK_DETAIL_DIRECT3D_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/keywords.h>

namespace Concurrency {
namespace detail {
// HLSL's max and min of floats: a NaN operand loses.
inline float hlsl_fmax(float x, float y) restrict(amp) { return (x >= y || y != y) ? x : y; }
inline float hlsl_fmin(float x, float y) restrict(amp) { return (x <= y || y != y) ? x : y; }
} // namespace detail

namespace direct3d {

inline int imax(int x, int y) restrict(amp) { return x < y ? y : x; }
inline int imin(int x, int y) restrict(amp) { return y < x ? y : x; }
inline unsigned int umax(unsigned int x, unsigned int y) restrict(amp) { return x < y ? y : x; }
inline unsigned int umin(unsigned int x, unsigned int y) restrict(amp) { return y < x ? y : x; }

inline int abs(int x) restrict(amp) {
  return x < 0 ? static_cast<int>(0u - static_cast<unsigned int>(x)) : x;
}

inline float clamp(float x, float min_value, float max_value) restrict(amp) {
  return ::Concurrency::detail::hlsl_fmin(::Concurrency::detail::hlsl_fmax(x, min_value),
                                           max_value);
}
inline int clamp(int x, int min_value, int max_value) restrict(amp) {
  return imin(imax(x, min_value), max_value);
}

inline unsigned int countbits(unsigned int x) restrict(amp)
    AMPVK_INTRINSIC("direct3d.countbits") {
  unsigned int n = 0;
  for (; x != 0; x &= x - 1)
    ++n;
  return n;
}

inline int firstbithigh(int x) restrict(amp) AMPVK_INTRINSIC("direct3d.firstbithigh") {
  unsigned int bits = static_cast<unsigned int>(x < 0 ? ~x : x);
  int at = -1;
  for (int i = 0; i < 32; ++i)
    if ((bits >> i) & 1u)
      at = i;
  return at;
}

inline int firstbitlow(int x) restrict(amp) AMPVK_INTRINSIC("direct3d.firstbitlow") {
  unsigned int bits = static_cast<unsigned int>(x);
  for (int i = 0; i < 32; ++i)
    if ((bits >> i) & 1u)
      return i;
  return -1;
}

inline unsigned int reversebits(unsigned int x) restrict(amp)
    AMPVK_INTRINSIC("direct3d.reversebits") {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i)
    r |= ((x >> i) & 1u) << (31 - i);
  return r;
}

inline float mad(float x, float y, float z) restrict(amp) { return x * y + z; }
inline double mad(double x, double y, double z) restrict(amp) { return x * y + z; }
inline int mad(int x, int y, int z) restrict(amp) {
  return static_cast<int>(static_cast<unsigned int>(x) * static_cast<unsigned int>(y) +
                          static_cast<unsigned int>(z));
}
inline unsigned int mad(unsigned int x, unsigned int y, unsigned int z) restrict(amp) {
  return x * y + z;
}

// Perlin's gradient noise in one dimension: a pseudo-random slope in [-1, 1]
// at every integer (a hash of it), blended between the two neighbours with
// Perlin's quintic fade; 0 at integers, smooth, within [-1, 1] (the blend of
// two unit slopes stays within 0.5, hence the factor 2). Floats of magnitude
// 2^23 and more are integers: 0 (NaN stays NaN).
inline float noise(float x) restrict(amp) {
  if (!(x > -8388608.0f && x < 8388608.0f))
    return x != x ? x : 0.0f;
  int cell = static_cast<int>(x);
  if (static_cast<float>(cell) > x)
    --cell;
  const float f = x - static_cast<float>(cell);
  unsigned hashes[2] = {static_cast<unsigned>(cell), static_cast<unsigned>(cell) + 1u};
  float slopes[2];
  for (int k = 0; k < 2; ++k) {
    unsigned h = hashes[k] * 0x27d4eb2du;
    h ^= h >> 15;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    slopes[k] = static_cast<float>(h & 0xffffu) * (2.0f / 65535.0f) - 1.0f;
  }
  const float left = slopes[0] * f;
  const float right = slopes[1] * (f - 1.0f);
  const float fade = f * f * f * (f * (f * 6.0f - 15.0f) + 10.0f);
  return 2.0f * (left + fade * (right - left));
}

inline float radians(float x) restrict(amp) { return x * 0.0174532925199432957692f; }

inline float rcp(float x) restrict(amp) { return 1.0f / x; }
inline double rcp(double x) restrict(amp) { return 1.0 / x; }

inline float saturate(float x) restrict(amp) { return clamp(x, 0.0f, 1.0f); }

inline int sign(int x) restrict(amp) { return (x > 0) - (x < 0); }
inline int sign(float x) restrict(amp) { return (x > 0.0f) - (x < 0.0f); }

inline float smoothstep(float min_value, float max_value, float x) restrict(amp) {
  float t = saturate((x - min_value) / (max_value - min_value));
  return t * t * (3.0f - 2.0f * t);
}

inline float step(float y, float x) restrict(amp) { return x >= y ? 1.0f : 0.0f; }

} // namespace direct3d

// Kernel output, as Microsoft's <amp.h> declares it (there: on the reference
// device only; here: on every device). The plugin checks the format against
// the arguments at compile time (plugin/check/PrintCallRules.cpp) and the
// kernel writes each call's arguments to a buffer the runtime formats on the
// host when the launch's batch retires (plugin/emit/PrintIntrinsics.cpp,
// runtime/src/diagnostics/kernel_print.cpp). errorf and abort make the launch throw
// runtime_exception at its next synchronization.
template <typename... Args>
void direct3d_printf(const char *, Args...) restrict(amp) AMPVK_INTRINSIC("debug.printf") {}
template <typename... Args>
void direct3d_errorf(const char *, Args...) restrict(amp) AMPVK_INTRINSIC("debug.errorf") {}
inline void direct3d_abort() restrict(amp) AMPVK_INTRINSIC("debug.abort") {}
} // namespace Concurrency

#endif
