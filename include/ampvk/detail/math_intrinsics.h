// The device instructions <amp_math.h> is built from. Each function is an
// intrinsic: on the device the plugin emits the instruction its name names
// (plugin/emit/MathIntrinsics.cpp), on the host its body runs.
//
//   detail::glsl::Name   "math.glsl": the GLSL.std.450 extended instruction
//                        `Name` (Sin, FAbs, FrexpStruct, ...), one for each
//                        row of glsl_instructions.h. The trigonometric,
//                        exponential and power instructions take float only.
//   detail::spirv::Name  "math.spirv": a core instruction (OpIsNan, OpIsInf) or
//                        a reinterpretation of a value's bits.
#ifndef AMPVK_DETAIL_MATH_INTRINSICS_H
#define AMPVK_DETAIL_MATH_INTRINSICS_H

#include <ampvk/detail/glsl_instructions.h>
#include <ampvk/detail/keywords.h>

#include <cmath>
#include <cstring>

namespace Concurrency {
namespace detail {
namespace glsl {

#define AMPVK_GLSL_UNARY(Name, HostExpr)                                       \
  template <typename T>                                                        \
  inline T Name(T x) restrict(cpu, amp) AMPVK_INTRINSIC("math.glsl") {         \
    return HostExpr;                                                           \
  }
#define AMPVK_GLSL_BINARY(Name, HostExpr)                                      \
  template <typename T>                                                        \
  inline T Name(T x, T y) restrict(cpu, amp) AMPVK_INTRINSIC("math.glsl") {    \
    return HostExpr;                                                           \
  }

// float only on the device
AMPVK_GLSL_UNARY(Sin, std::sin(x))
AMPVK_GLSL_UNARY(Cos, std::cos(x))
AMPVK_GLSL_UNARY(Tan, std::tan(x))
AMPVK_GLSL_UNARY(Asin, std::asin(x))
AMPVK_GLSL_UNARY(Acos, std::acos(x))
AMPVK_GLSL_UNARY(Atan, std::atan(x))
AMPVK_GLSL_UNARY(Sinh, std::sinh(x))
AMPVK_GLSL_UNARY(Cosh, std::cosh(x))
AMPVK_GLSL_UNARY(Tanh, std::tanh(x))
AMPVK_GLSL_UNARY(Exp, std::exp(x))
AMPVK_GLSL_UNARY(Exp2, std::exp2(x))
AMPVK_GLSL_UNARY(Log, std::log(x))
AMPVK_GLSL_UNARY(Log2, std::log2(x))
AMPVK_GLSL_BINARY(Atan2, std::atan2(x, y))
AMPVK_GLSL_BINARY(Pow, std::pow(x, y))
// float and double on the device
AMPVK_GLSL_UNARY(Sqrt, std::sqrt(x))
AMPVK_GLSL_UNARY(InverseSqrt, T(1) / std::sqrt(x))
AMPVK_GLSL_UNARY(FAbs, std::fabs(x))
AMPVK_GLSL_UNARY(Floor, std::floor(x))
AMPVK_GLSL_UNARY(Ceil, std::ceil(x))
AMPVK_GLSL_UNARY(Trunc, std::trunc(x))
AMPVK_GLSL_UNARY(RoundEven, std::nearbyint(x))
AMPVK_GLSL_BINARY(FMin, std::fmin(x, y))
AMPVK_GLSL_BINARY(FMax, std::fmax(x, y))

#undef AMPVK_GLSL_UNARY
#undef AMPVK_GLSL_BINARY

// Trunc and RoundEven of a double are made of Floor, which every driver we
// know rounds right: lavapipe (Mesa 22.3's llvmpipe, on CPUs without
// AVX-512) returns doubles of magnitude 2^24 and more unchanged, fraction and
// all, from the GLSL instructions. x - Floor(x) is exact.
inline double Trunc(double x) restrict(cpu, amp) { return x < 0 ? -Floor(-x) : Floor(x); }
inline double RoundEven(double x) restrict(cpu, amp) {
  double down = Floor(x);
  double above = x - down; // NaN for an infinity: then `down` is x
  double up = down + 1;
  double r = above > 0.5 ? up : above < 0.5 ? down : Floor(down * 0.5) * 2 == down ? down : up;
  return r == 0 ? x * 0 : r; // the zero keeps x's sign
}

template <typename T>
inline T Fma(T x, T y, T z) restrict(cpu, amp) AMPVK_INTRINSIC("math.glsl") {
  return std::fma(x, y, z);
}
template <typename T>
inline T Ldexp(T x, int e) restrict(cpu, amp) AMPVK_INTRINSIC("math.glsl") {
  return std::ldexp(x, e);
}
// FrexpStruct and ModfStruct return both parts; the plugin stores the second
// through the pointer, wherever it points.
template <typename T>
inline T FrexpStruct(T x, int *e) restrict(cpu, amp) AMPVK_INTRINSIC("math.glsl") {
  return std::frexp(x, e);
}
template <typename T>
inline T ModfStruct(T x, T *whole) restrict(cpu, amp) AMPVK_INTRINSIC("math.glsl") {
  return std::modf(x, whole);
}

// Every row of glsl_instructions.h has its function here.
#define AMPVK_GLSL_HAS_FUNCTION(Name, FloatOnly) using Name##_function = decltype(&Name<float>);
AMPVK_GLSL_INSTRUCTIONS(AMPVK_GLSL_HAS_FUNCTION)
#undef AMPVK_GLSL_HAS_FUNCTION

} // namespace glsl

namespace spirv {

template <typename T> inline bool IsNan(T x) restrict(cpu, amp) AMPVK_INTRINSIC("math.spirv") {
  return std::isnan(x);
}
template <typename T> inline bool IsInf(T x) restrict(cpu, amp) AMPVK_INTRINSIC("math.spirv") {
  return std::isinf(x);
}
// A float's bits and back (OpBitcast).
inline unsigned FloatBits(float x) restrict(cpu, amp) AMPVK_INTRINSIC("math.spirv") {
  unsigned u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
inline float BitsFloat(unsigned u) restrict(cpu, amp) AMPVK_INTRINSIC("math.spirv") {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
// A double's high and low words and back (GLSL.std.450 UnpackDouble2x32 and
// PackDouble2x32, so no 64-bit integers are needed on the device).
inline unsigned DoubleHigh(double x) restrict(cpu, amp) AMPVK_INTRINSIC("math.spirv") {
  unsigned long long u;
  std::memcpy(&u, &x, sizeof u);
  return static_cast<unsigned>(u >> 32);
}
inline unsigned DoubleLow(double x) restrict(cpu, amp) AMPVK_INTRINSIC("math.spirv") {
  unsigned long long u;
  std::memcpy(&u, &x, sizeof u);
  return static_cast<unsigned>(u);
}
inline double WordsDouble(unsigned high, unsigned low) restrict(cpu, amp)
    AMPVK_INTRINSIC("math.spirv") {
  unsigned long long u = (static_cast<unsigned long long>(high) << 32) | low;
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

} // namespace spirv
} // namespace detail
} // namespace Concurrency

#endif
