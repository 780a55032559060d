// <amp_math.h>: concurrency::fast_math and concurrency::precise_math, the
// functions Microsoft's C++ AMP documents, with their signatures.
//
//   fast_math     float only; on the device the GLSL.std.450 instructions,
//                 with Vulkan's (loose) precision.
//   precise_math  float and double, C99 semantics; on the device ampvk's own
//                 implementations (ampvk/detail/math_precise.h), computed in
//                 double, so they need shaderFloat64 as Microsoft documents;
//                 a kernel that uses them on a device without it fails at
//                 launch with concurrency::unsupported_feature.
//
// Microsoft declares them restrict(amp); here they are restrict(cpu, amp), and
// on the host they call <cmath>. Each public function is marked
// AMPVK_INTRINSIC("math.device"): its body is the host implementation, and on
// the device the plugin compiles instead the function of the same name and
// signature in namespace detail::fast_math_device or
// detail::precise_math_device (plugin/emit/MathIntrinsics.cpp). Bounds per
// function, measured, are in docs/math.md.
#ifndef AMPVK_AMP_MATH_H
#define AMPVK_AMP_MATH_H

#include <ampvk/detail/keywords.h>
#include <ampvk/detail/math_intrinsics.h>
#include <ampvk/detail/math_precise.h>

#include <cmath>
#include <limits>

#define AMPVK_MATH_DEVICE AMPVK_INTRINSIC("math.device")

// Microsoft's math functions are restrict(amp) only: after `using namespace
// concurrency::precise_math;` an unqualified sqrt(x) is theirs in amp code and
// <cmath>'s in CPU code. Here each is an overload set on restriction: the
// restrict(amp) member wins every call (the plugin's overloading, which
// prefers it to <cmath>'s too), and CPU code is pointed at the restrict(cpu)
// one, which computes with <cmath> (so qualified calls work on the host).
// The parameters come last: `name(__VA_ARGS__) restrict(...)` is what the
// plugin reads as a function declarator.
#define AMPVK_MATH_PAIR(ret, name, host, ...)                                  \
  inline ret name(__VA_ARGS__) restrict(cpu) { return host; }                  \
  inline ret name(__VA_ARGS__) restrict(amp) AMPVK_MATH_DEVICE { return host; }

// ---------------------------------------------------------------------------
// Device implementations, found by name by the plugin.
// ---------------------------------------------------------------------------
namespace Concurrency {
namespace detail {
namespace fast_math_device {
namespace g = ::Concurrency::detail::glsl;
namespace s = ::Concurrency::detail::spirv;

#define AMPVK_FAST_DEVICE_1(name, expr)                                        \
  inline float name##f(float x) restrict(amp) { return expr; }                 \
  inline float name(float x) restrict(amp) { return expr; }
#define AMPVK_FAST_DEVICE_2(name, expr)                                        \
  inline float name##f(float x, float y) restrict(amp) { return expr; }        \
  inline float name(float x, float y) restrict(amp) { return expr; }

AMPVK_FAST_DEVICE_1(acos, g::Acos(x))
AMPVK_FAST_DEVICE_1(asin, g::Asin(x))
AMPVK_FAST_DEVICE_1(atan, g::Atan(x))
AMPVK_FAST_DEVICE_2(atan2, g::Atan2(x, y))
AMPVK_FAST_DEVICE_1(ceil, g::Ceil(x))
AMPVK_FAST_DEVICE_1(cos, g::Cos(x))
AMPVK_FAST_DEVICE_1(cosh, g::Cosh(x))
AMPVK_FAST_DEVICE_1(exp, g::Exp(x))
AMPVK_FAST_DEVICE_1(exp2, g::Exp2(x))
AMPVK_FAST_DEVICE_1(fabs, g::FAbs(x))
AMPVK_FAST_DEVICE_1(floor, g::Floor(x))
AMPVK_FAST_DEVICE_2(fmax, g::FMax(x, y))
AMPVK_FAST_DEVICE_2(fmin, g::FMin(x, y))
AMPVK_FAST_DEVICE_2(fmod, x - y * g::Trunc(x / y))
AMPVK_FAST_DEVICE_1(log, g::Log(x))
AMPVK_FAST_DEVICE_1(log10, g::Log2(x) * 0.30102999566398120f)
AMPVK_FAST_DEVICE_1(log2, g::Log2(x))
AMPVK_FAST_DEVICE_2(pow, g::Pow(x, y))
AMPVK_FAST_DEVICE_1(rsqrt, g::InverseSqrt(x))
AMPVK_FAST_DEVICE_1(sin, g::Sin(x))
AMPVK_FAST_DEVICE_1(sinh, g::Sinh(x))
AMPVK_FAST_DEVICE_1(sqrt, g::Sqrt(x))
AMPVK_FAST_DEVICE_1(tan, g::Tan(x))
AMPVK_FAST_DEVICE_1(tanh, g::Tanh(x))
AMPVK_FAST_DEVICE_1(trunc, g::Trunc(x))

// Halfway cases away from zero (GLSL's Round may go either way).
inline float round_away(float x) restrict(amp) {
  float t = g::Trunc(x);
  return g::FAbs(x - t) >= 0.5f ? t + (x < 0 ? -1.0f : 1.0f) : t;
}
AMPVK_FAST_DEVICE_1(round, round_away(x))

inline float frexpf(float x, int *e) restrict(amp) { return g::FrexpStruct(x, e); }
inline float frexp(float x, int *e) restrict(amp) { return g::FrexpStruct(x, e); }
inline float ldexpf(float x, int e) restrict(amp) { return g::Ldexp(x, e); }
inline float ldexp(float x, int e) restrict(amp) { return g::Ldexp(x, e); }
inline float modff(float x, float *ip) restrict(amp) { return g::ModfStruct(x, ip); }
inline float modf(float x, float *ip) restrict(amp) { return g::ModfStruct(x, ip); }
inline void sincosf(float x, float *sn, float *cs) restrict(amp) {
  *sn = g::Sin(x);
  *cs = g::Cos(x);
}
inline void sincos(float x, float *sn, float *cs) restrict(amp) { sincosf(x, sn, cs); }
inline int isfinite(float x) restrict(amp) { return !s::IsNan(x) && !s::IsInf(x); }
inline int isinf(float x) restrict(amp) { return s::IsInf(x); }
inline int isnan(float x) restrict(amp) { return s::IsNan(x); }
inline int signbitf(float x) restrict(amp) { return (s::FloatBits(x) >> 31) != 0; }
inline int signbit(float x) restrict(amp) { return signbitf(x); }

#undef AMPVK_FAST_DEVICE_1
#undef AMPVK_FAST_DEVICE_2
} // namespace fast_math_device

namespace precise_math_device {
namespace g = ::Concurrency::detail::glsl;
namespace s = ::Concurrency::detail::spirv;
namespace p = ::Concurrency::detail::pm;

// Through double: name##f(float), name(float), name(double).
#define AMPVK_PRECISE_DEVICE_1(name)                                           \
  inline float name##f(float x) restrict(amp) {                                \
    return static_cast<float>(p::name##_d(x));                                 \
  }                                                                            \
  inline float name(float x) restrict(amp) {                                   \
    return static_cast<float>(p::name##_d(x));                                 \
  }                                                                            \
  inline double name(double x) restrict(amp) { return p::name##_d(x); }
#define AMPVK_PRECISE_DEVICE_2(name)                                           \
  inline float name##f(float x, float y) restrict(amp) {                       \
    return static_cast<float>(p::name##_d(x, y));                              \
  }                                                                            \
  inline float name(float x, float y) restrict(amp) {                          \
    return static_cast<float>(p::name##_d(x, y));                              \
  }                                                                            \
  inline double name(double x, double y) restrict(amp) { return p::name##_d(x, y); }
// Exact in either type: the instruction itself.
#define AMPVK_PRECISE_DEVICE_EXACT_1(name, expr)                               \
  inline float name##f(float x) restrict(amp) { return expr; }                 \
  inline float name(float x) restrict(amp) { return expr; }                    \
  inline double name(double x) restrict(amp) { return expr; }

AMPVK_PRECISE_DEVICE_1(acos)
AMPVK_PRECISE_DEVICE_1(acosh)
AMPVK_PRECISE_DEVICE_1(asin)
AMPVK_PRECISE_DEVICE_1(asinh)
AMPVK_PRECISE_DEVICE_1(atan)
AMPVK_PRECISE_DEVICE_2(atan2)
AMPVK_PRECISE_DEVICE_1(atanh)
AMPVK_PRECISE_DEVICE_1(cbrt)
AMPVK_PRECISE_DEVICE_1(cos)
AMPVK_PRECISE_DEVICE_1(cosh)
AMPVK_PRECISE_DEVICE_1(erf)
AMPVK_PRECISE_DEVICE_1(erfc)
AMPVK_PRECISE_DEVICE_1(exp)
AMPVK_PRECISE_DEVICE_1(exp10)
AMPVK_PRECISE_DEVICE_1(exp2)
AMPVK_PRECISE_DEVICE_1(expm1)
AMPVK_PRECISE_DEVICE_2(fmod)
AMPVK_PRECISE_DEVICE_1(lgamma)
AMPVK_PRECISE_DEVICE_1(log)
AMPVK_PRECISE_DEVICE_1(log10)
AMPVK_PRECISE_DEVICE_1(log1p)
AMPVK_PRECISE_DEVICE_1(log2)
AMPVK_PRECISE_DEVICE_1(logb)
AMPVK_PRECISE_DEVICE_1(phi)
AMPVK_PRECISE_DEVICE_2(pow)
AMPVK_PRECISE_DEVICE_1(sin)
AMPVK_PRECISE_DEVICE_1(sinh)
AMPVK_PRECISE_DEVICE_1(sqrt)
AMPVK_PRECISE_DEVICE_1(tan)
AMPVK_PRECISE_DEVICE_1(tanh)
AMPVK_PRECISE_DEVICE_1(tgamma)

AMPVK_PRECISE_DEVICE_EXACT_1(ceil, g::Ceil(x))
AMPVK_PRECISE_DEVICE_EXACT_1(fabs, g::FAbs(x))
AMPVK_PRECISE_DEVICE_EXACT_1(floor, g::Floor(x))
AMPVK_PRECISE_DEVICE_EXACT_1(nearbyint, g::RoundEven(x))
AMPVK_PRECISE_DEVICE_EXACT_1(trunc, g::Trunc(x))

// round: halfway cases away from zero; x - trunc(x) is exact.
inline double round(double x) restrict(amp) { return p::round_d(x); }
inline float roundf(float x) restrict(amp) {
  float t = g::Trunc(x);
  return g::FAbs(x - t) >= 0.5f ? t + (x < 0 ? -1.0f : 1.0f) : t;
}
inline float round(float x) restrict(amp) { return roundf(x); }

// 1 / sqrt and 1 / cbrt, each rounded twice in double.
// 1 / 0 is not defined on every device: the infinities are made here.
inline double rsqrt(double x) restrict(amp) {
  return x == 0 ? p::copy_sign(p::infinity(), x) : 1.0 / p::sqrt_d(x);
}
inline float rsqrtf(float x) restrict(amp) { return static_cast<float>(rsqrt(double(x))); }
inline float rsqrt(float x) restrict(amp) { return rsqrtf(x); }
inline double rcbrt(double x) restrict(amp) {
  return x == 0 ? p::copy_sign(p::infinity(), x) : 1.0 / p::cbrt_d(x);
}
inline float rcbrtf(float x) restrict(amp) { return static_cast<float>(rcbrt(double(x))); }
inline float rcbrt(float x) restrict(amp) { return rcbrtf(x); }

// hypot of floats: the squares and their sum are exact in double.
inline double hypot(double x, double y) restrict(amp) { return p::hypot_d(x, y); }
inline float hypotf(float x, float y) restrict(amp) {
  if (s::IsInf(x) || s::IsInf(y))
    return static_cast<float>(p::infinity());
  double dx = x, dy = y;
  return static_cast<float>(p::sqrt_d(dx * dx + dy * dy));
}
inline float hypot(float x, float y) restrict(amp) { return hypotf(x, y); }

// fma of floats: the product is exact in double and the sum exact as s + t;
// a sum halfway between two floats is moved towards t before rounding.
inline double fma(double x, double y, double z) restrict(amp) { return p::fma_d(x, y, z); }
inline float fmaf(float x, float y, float z) restrict(amp) {
  double prod = double(x) * double(y);
  double sum, err;
  p::two_sum(prod, double(z), sum, err);
  unsigned lo = s::DoubleLow(sum);
  if (err != 0 && (lo & 0x1fffffffu) == 0x10000000u)
    sum = s::WordsDouble(s::DoubleHigh(sum), (err > 0) == (sum > 0) ? lo + 1u : lo - 1u);
  return static_cast<float>(sum);
}
inline float fma(float x, float y, float z) restrict(amp) { return fmaf(x, y, z); }

// C99 fmax/fmin: a NaN argument loses.
#define AMPVK_PRECISE_DEVICE_MINMAX(name, Op)                                  \
  template <typename T> inline T name##_impl(T x, T y) restrict(amp) {         \
    if (s::IsNan(x))                                                           \
      return y;                                                                \
    if (s::IsNan(y))                                                           \
      return x;                                                                \
    return g::Op(x, y);                                                        \
  }                                                                            \
  inline float name##f(float x, float y) restrict(amp) { return name##_impl(x, y); } \
  inline float name(float x, float y) restrict(amp) { return name##_impl(x, y); }    \
  inline double name(double x, double y) restrict(amp) { return name##_impl(x, y); }
AMPVK_PRECISE_DEVICE_MINMAX(fmax, FMax)
AMPVK_PRECISE_DEVICE_MINMAX(fmin, FMin)
#undef AMPVK_PRECISE_DEVICE_MINMAX

template <typename T> inline T fdim_impl(T x, T y) restrict(amp) {
  if (s::IsNan(x) || s::IsNan(y))
    return T(p::quiet_nan());
  return x > y ? x - y : T(0);
}
inline float fdimf(float x, float y) restrict(amp) { return fdim_impl(x, y); }
inline float fdim(float x, float y) restrict(amp) { return fdim_impl(x, y); }
inline double fdim(double x, double y) restrict(amp) { return fdim_impl(x, y); }

inline float copysignf(float x, float y) restrict(amp) {
  return s::BitsFloat((s::FloatBits(x) & 0x7fffffffu) | (s::FloatBits(y) & 0x80000000u));
}
inline float copysign(float x, float y) restrict(amp) { return copysignf(x, y); }
inline double copysign(double x, double y) restrict(amp) { return p::copy_sign(x, y); }

// remainder and remquo of floats: exact through double (fmod_core is exact).
inline double remainder(double x, double y) restrict(amp) {
  int q;
  return p::remquo_d(x, y, q);
}
inline float remainderf(float x, float y) restrict(amp) {
  int q;
  return static_cast<float>(p::remquo_d(x, y, q));
}
inline float remainder(float x, float y) restrict(amp) { return remainderf(x, y); }
// Microsoft: the low 23 bits of the quotient, with its sign.
inline double remquo(double x, double y, int *quo) restrict(amp) {
  int q;
  double r = p::remquo_d(x, y, q);
  *quo = q < 0 ? -((-q) & 0x7fffff) : (q & 0x7fffff);
  return r;
}
inline float remquof(float x, float y, int *quo) restrict(amp) {
  return static_cast<float>(remquo(double(x), double(y), quo));
}
inline float remquo(float x, float y, int *quo) restrict(amp) { return remquof(x, y, quo); }

// The sign of Gamma(x), as glibc's lgamma_r gives it: -1 below 0 where
// floor(x) is odd and x is no integer, and at -0; else 1 (NaN, infinities,
// the poles at 0 and the negative integers included).
inline int lgamma_sign(double x) restrict(amp) {
  if (x == 0)
    return p::sign_bit(x) ? -1 : 1;
  if (!(x < 0) || s::IsInf(x))
    return 1;
  double f = g::Floor(x);
  if (f == x)
    return 1;
  double half = f * 0.5;
  return half != g::Floor(half) ? -1 : 1;
}
inline float lgammaf(float x, int *sign) restrict(amp) {
  *sign = lgamma_sign(x);
  return lgammaf(x);
}
inline float lgamma(float x, int *sign) restrict(amp) { return lgammaf(x, sign); }
inline double lgamma(double x, int *sign) restrict(amp) {
  *sign = lgamma_sign(x);
  return lgamma(x);
}

inline float frexpf(float x, int *e) restrict(amp) {
  if (s::IsNan(x) || s::IsInf(x) || x == 0) {
    *e = 0;
    return x;
  }
  return g::FrexpStruct(x, e);
}
inline float frexp(float x, int *e) restrict(amp) { return frexpf(x, e); }
inline double frexp(double x, int *e) restrict(amp) {
  int k;
  double m = p::frexp_d(x, k);
  *e = k;
  return m;
}

inline float modff(float x, float *ip) restrict(amp) {
  if (s::IsNan(x) || s::IsInf(x)) {
    *ip = x;
    return s::IsNan(x) ? x : copysignf(0.0f, x);
  }
  float w = g::Trunc(x);
  *ip = w;
  return copysignf(x - w, x);
}
inline float modf(float x, float *ip) restrict(amp) { return modff(x, ip); }
inline double modf(double x, double *ip) restrict(amp) {
  double w;
  double f = p::modf_d(x, w);
  *ip = w;
  return f;
}

inline void sincosf(float x, float *sn, float *cs) restrict(amp) {
  double sd, cd;
  p::sincos_d(x, sd, cd);
  *sn = static_cast<float>(sd);
  *cs = static_cast<float>(cd);
}
inline void sincos(float x, float *sn, float *cs) restrict(amp) { sincosf(x, sn, cs); }
inline void sincos(double x, double *sn, double *cs) restrict(amp) {
  double sd, cd;
  p::sincos_d(x, sd, cd);
  *sn = sd;
  *cs = cd;
}

// x * 2^e: Ldexp in steps, so that exponents beyond its defined range work.
inline float ldexpf(float x, int e) restrict(amp) {
  if (e > 400)
    e = 400;
  if (e < -400)
    e = -400;
  int a = e / 3;
  int b = (e - a) / 2;
  return g::Ldexp(g::Ldexp(g::Ldexp(x, a), b), e - a - b);
}
inline float ldexp(float x, int e) restrict(amp) { return ldexpf(x, e); }
inline double ldexp(double x, int e) restrict(amp) { return p::scale(x, e); }
inline float scalbnf(float x, int e) restrict(amp) { return ldexpf(x, e); }
inline float scalbn(float x, int e) restrict(amp) { return ldexpf(x, e); }
inline double scalbn(double x, int e) restrict(amp) { return p::scale(x, e); }
template <typename T> inline T scalb_impl(T x, T e) restrict(amp) {
  if (s::IsNan(x) || s::IsNan(e) || g::Trunc(e) != e)
    return T(p::quiet_nan());
  if (s::IsInf(e))
    return (e > 0) == (x != 0) ? x * T(p::infinity()) : x * T(0);
  T c = g::FMin(g::FMax(e, T(-2200)), T(2200));
  return T(p::scale(double(x), static_cast<int>(c)));
}
inline float scalbf(float x, float e) restrict(amp) { return scalb_impl(x, e); }
inline float scalb(float x, float e) restrict(amp) { return scalb_impl(x, e); }
inline double scalb(double x, double e) restrict(amp) { return scalb_impl(x, e); }

inline int ilogbf(float x) restrict(amp) { return p::ilogb_d(x); }
inline int ilogb(float x) restrict(amp) { return p::ilogb_d(x); }
inline int ilogb(double x) restrict(amp) { return p::ilogb_d(x); }

inline float nanf(int) restrict(amp) { return s::BitsFloat(0x7fc00000u); }
inline double nan(int) restrict(amp) { return p::quiet_nan(); }
inline float nextafterf(float x, float y) restrict(amp) {
  if (s::IsNan(x) || s::IsNan(y))
    return nanf(0);
  if (x == y)
    return y;
  if (x == 0)
    return copysignf(s::BitsFloat(1u), y);
  unsigned u = s::FloatBits(x);
  return s::BitsFloat((y > x) == (x > 0) ? u + 1u : u - 1u);
}
inline float nextafter(float x, float y) restrict(amp) { return nextafterf(x, y); }
inline double nextafter(double x, double y) restrict(amp) { return p::nextafter_d(x, y); }


inline int isfinite(float x) restrict(amp) { return !s::IsNan(x) && !s::IsInf(x); }
inline int isfinite(double x) restrict(amp) { return !s::IsNan(x) && !s::IsInf(x); }
inline int isinf(float x) restrict(amp) { return s::IsInf(x); }
inline int isinf(double x) restrict(amp) { return s::IsInf(x); }
inline int isnan(float x) restrict(amp) { return s::IsNan(x); }
inline int isnan(double x) restrict(amp) { return s::IsNan(x); }
inline int isnormal(float x) restrict(amp) {
  return isfinite(x) && g::FAbs(x) >= 1.17549435e-38f;
}
inline int isnormal(double x) restrict(amp) {
  return isfinite(x) && g::FAbs(x) >= 2.2250738585072014e-308;
}
inline int signbitf(float x) restrict(amp) { return (s::FloatBits(x) >> 31) != 0; }
inline int signbit(float x) restrict(amp) { return signbitf(x); }
inline int signbit(double x) restrict(amp) { return p::sign_bit(x); }
inline int fpclassify(float x) restrict(amp) {
  if (s::IsNan(x))
    return FP_NAN;
  if (s::IsInf(x))
    return FP_INFINITE;
  if (x == 0)
    return FP_ZERO;
  return g::FAbs(x) < 1.17549435e-38f ? FP_SUBNORMAL : FP_NORMAL;
}
inline int fpclassify(double x) restrict(amp) { return p::fpclassify_d(x); }

#undef AMPVK_PRECISE_DEVICE_1
#undef AMPVK_PRECISE_DEVICE_2
#undef AMPVK_PRECISE_DEVICE_EXACT_1
} // namespace precise_math_device
} // namespace detail

// ---------------------------------------------------------------------------
// concurrency::fast_math
// ---------------------------------------------------------------------------
namespace fast_math {

#define AMPVK_FAST_1(name, host)                                               \
  AMPVK_MATH_PAIR(float, name##f, host, float _X)                              \
  AMPVK_MATH_PAIR(float, name, host, float _X)
#define AMPVK_FAST_2(name, host)                                               \
  AMPVK_MATH_PAIR(float, name##f, host, float _Y, float _X)                    \
  AMPVK_MATH_PAIR(float, name, host, float _Y, float _X)

AMPVK_FAST_1(acos, std::acos(_X))
AMPVK_FAST_1(asin, std::asin(_X))
AMPVK_FAST_1(atan, std::atan(_X))
AMPVK_FAST_2(atan2, std::atan2(_Y, _X))
AMPVK_FAST_1(ceil, std::ceil(_X))
AMPVK_FAST_1(cos, std::cos(_X))
AMPVK_FAST_1(cosh, std::cosh(_X))
AMPVK_FAST_1(exp, std::exp(_X))
AMPVK_FAST_1(exp2, std::exp2(_X))
AMPVK_FAST_1(fabs, std::fabs(_X))
AMPVK_FAST_1(floor, std::floor(_X))
AMPVK_FAST_2(fmax, std::fmax(_Y, _X))
AMPVK_FAST_2(fmin, std::fmin(_Y, _X))
AMPVK_FAST_2(fmod, std::fmod(_Y, _X))
AMPVK_FAST_1(log, std::log(_X))
AMPVK_FAST_1(log10, std::log10(_X))
AMPVK_FAST_1(log2, std::log2(_X))
AMPVK_FAST_2(pow, std::pow(_Y, _X))
AMPVK_FAST_1(round, std::round(_X))
AMPVK_FAST_1(rsqrt, 1.0f / std::sqrt(_X))
AMPVK_FAST_1(sin, std::sin(_X))
AMPVK_FAST_1(sinh, std::sinh(_X))
AMPVK_FAST_1(sqrt, std::sqrt(_X))
AMPVK_FAST_1(tan, std::tan(_X))
AMPVK_FAST_1(tanh, std::tanh(_X))
AMPVK_FAST_1(trunc, std::trunc(_X))

inline float frexpf(float _X, int *_Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::frexp(_X, _Exp);
}
inline float frexp(float _X, int *_Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::frexp(_X, _Exp);
}
inline float ldexpf(float _X, int _Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::ldexp(_X, _Exp);
}
inline float ldexp(float _X, int _Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::ldexp(_X, _Exp);
}
inline float modff(float _X, float *_Ip) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::modf(_X, _Ip);
}
inline float modf(float _X, float *_Ip) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::modf(_X, _Ip);
}
inline void sincosf(float _X, float *_S, float *_C) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  *_S = std::sin(_X);
  *_C = std::cos(_X);
}
inline void sincos(float _X, float *_S, float *_C) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  *_S = std::sin(_X);
  *_C = std::cos(_X);
}
inline int isfinite(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::isfinite(_X); }
inline int isinf(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::isinf(_X); }
inline int isnan(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::isnan(_X); }
inline int signbitf(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::signbit(_X); }
inline int signbit(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::signbit(_X); }

#undef AMPVK_FAST_1
#undef AMPVK_FAST_2
} // namespace fast_math

// ---------------------------------------------------------------------------
// concurrency::precise_math
// ---------------------------------------------------------------------------
namespace precise_math {

#define AMPVK_PRECISE_1(name, host)                                            \
  AMPVK_MATH_PAIR(float, name##f, host, float _X)                              \
  AMPVK_MATH_PAIR(float, name, host, float _X)                                 \
  AMPVK_MATH_PAIR(double, name, host, double _X)
#define AMPVK_PRECISE_2(name, host)                                            \
  AMPVK_MATH_PAIR(float, name##f, host, float _X, float _Y)                    \
  AMPVK_MATH_PAIR(float, name, host, float _X, float _Y)                       \
  AMPVK_MATH_PAIR(double, name, host, double _X, double _Y)
// Functions <cmath> does not have: the same code on host and device.
#define AMPVK_PRECISE_OWN_1(name)                                              \
  inline float name##f(float _X) restrict(cpu, amp) {                          \
    return static_cast<float>(detail::pm::name##_d(_X));                       \
  }                                                                            \
  inline float name(float _X) restrict(cpu, amp) {                             \
    return static_cast<float>(detail::pm::name##_d(_X));                       \
  }                                                                            \
  inline double name(double _X) restrict(cpu, amp) { return detail::pm::name##_d(_X); }

AMPVK_PRECISE_1(acos, std::acos(_X))
AMPVK_PRECISE_1(acosh, std::acosh(_X))
AMPVK_PRECISE_1(asin, std::asin(_X))
AMPVK_PRECISE_1(asinh, std::asinh(_X))
AMPVK_PRECISE_1(atan, std::atan(_X))
// Microsoft names atan2's parameters _Y, _X; the order is C's.
AMPVK_PRECISE_2(atan2, std::atan2(_X, _Y))
AMPVK_PRECISE_1(atanh, std::atanh(_X))
AMPVK_PRECISE_1(cbrt, std::cbrt(_X))
AMPVK_PRECISE_1(ceil, std::ceil(_X))
AMPVK_PRECISE_2(copysign, std::copysign(_X, _Y))
AMPVK_PRECISE_1(cos, std::cos(_X))
AMPVK_PRECISE_1(cosh, std::cosh(_X))
AMPVK_PRECISE_OWN_1(cospi)
AMPVK_PRECISE_1(erf, std::erf(_X))
AMPVK_PRECISE_1(erfc, std::erfc(_X))
AMPVK_PRECISE_OWN_1(erfcinv)
AMPVK_PRECISE_OWN_1(erfinv)
AMPVK_PRECISE_1(exp, std::exp(_X))
AMPVK_PRECISE_1(exp10, std::pow(decltype(_X)(10), _X))
AMPVK_PRECISE_1(exp2, std::exp2(_X))
AMPVK_PRECISE_1(expm1, std::expm1(_X))
AMPVK_PRECISE_1(fabs, std::fabs(_X))
AMPVK_PRECISE_2(fdim, std::fdim(_X, _Y))
AMPVK_PRECISE_1(floor, std::floor(_X))
AMPVK_PRECISE_2(fmax, std::fmax(_X, _Y))
AMPVK_PRECISE_2(fmin, std::fmin(_X, _Y))
AMPVK_PRECISE_2(fmod, std::fmod(_X, _Y))
AMPVK_PRECISE_2(hypot, std::hypot(_X, _Y))
AMPVK_PRECISE_1(lgamma, std::lgamma(_X))
AMPVK_PRECISE_1(log, std::log(_X))
AMPVK_PRECISE_1(log10, std::log10(_X))
AMPVK_PRECISE_1(log1p, std::log1p(_X))
AMPVK_PRECISE_1(log2, std::log2(_X))
AMPVK_PRECISE_1(logb, std::logb(_X))
AMPVK_PRECISE_1(nearbyint, std::nearbyint(_X))
AMPVK_PRECISE_2(nextafter, std::nextafter(_X, _Y))
AMPVK_PRECISE_1(phi, decltype(_X)(0.5) * std::erfc(-_X * decltype(_X)(0.70710678118654752440)))
AMPVK_PRECISE_2(pow, std::pow(_X, _Y))
AMPVK_PRECISE_OWN_1(probit)
AMPVK_PRECISE_1(rcbrt, 1 / std::cbrt(_X))
AMPVK_PRECISE_2(remainder, std::remainder(_X, _Y))
AMPVK_PRECISE_1(round, std::round(_X))
AMPVK_PRECISE_1(rsqrt, 1 / std::sqrt(_X))
AMPVK_PRECISE_1(sin, std::sin(_X))
AMPVK_PRECISE_1(sinh, std::sinh(_X))
AMPVK_PRECISE_OWN_1(sinpi)
AMPVK_PRECISE_1(sqrt, std::sqrt(_X))
AMPVK_PRECISE_1(tan, std::tan(_X))
AMPVK_PRECISE_1(tanh, std::tanh(_X))
AMPVK_PRECISE_OWN_1(tanpi)
AMPVK_PRECISE_1(tgamma, std::tgamma(_X))
AMPVK_PRECISE_1(trunc, std::trunc(_X))

inline float fmaf(float _X, float _Y, float _Z) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::fma(_X, _Y, _Z);
}
inline float fma(float _X, float _Y, float _Z) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::fma(_X, _Y, _Z);
}
inline double fma(double _X, double _Y, double _Z) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::fma(_X, _Y, _Z);
}

// Pointer results: any pointer a kernel can form (to a local, an array
// element, tile_static memory).
inline float frexpf(float _X, int *_Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::frexp(_X, _Exp);
}
inline float frexp(float _X, int *_Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::frexp(_X, _Exp);
}
inline double frexp(double _X, int *_Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::frexp(_X, _Exp);
}
// Microsoft's sign-returning lgamma: *_Sign is the sign of Gamma(_X).
inline float lgammaf(float _X, int *_Sign) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return ::lgammaf_r(_X, _Sign);
}
inline float lgamma(float _X, int *_Sign) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return ::lgammaf_r(_X, _Sign);
}
inline double lgamma(double _X, int *_Sign) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return ::lgamma_r(_X, _Sign);
}
inline float modff(float _X, float *_Ip) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::modf(_X, _Ip);
}
inline float modf(float _X, float *_Ip) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::modf(_X, _Ip);
}
inline double modf(double _X, double *_Ip) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::modf(_X, _Ip);
}
// The quotient's low 23 bits (Microsoft's promise; C promises 3), on the host
// too, so the host runs ampvk's exact long division rather than <cmath>.
inline double remquo(double _X, double _Y, int *_Quo) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  int q;
  double r = detail::pm::remquo_d(_X, _Y, q);
  *_Quo = q < 0 ? -((-q) & 0x7fffff) : (q & 0x7fffff);
  return r;
}
inline float remquof(float _X, float _Y, int *_Quo) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return static_cast<float>(remquo(double(_X), double(_Y), _Quo));
}
inline float remquo(float _X, float _Y, int *_Quo) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return static_cast<float>(remquo(double(_X), double(_Y), _Quo));
}
inline void sincosf(float _X, float *_S, float *_C) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  *_S = std::sin(_X);
  *_C = std::cos(_X);
}
inline void sincos(float _X, float *_S, float *_C) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  *_S = std::sin(_X);
  *_C = std::cos(_X);
}
inline void sincos(double _X, double *_S, double *_C) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  *_S = std::sin(_X);
  *_C = std::cos(_X);
}

inline float ldexpf(float _X, int _Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::ldexp(_X, _Exp);
}
inline float ldexp(float _X, int _Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::ldexp(_X, _Exp);
}
inline double ldexp(double _X, int _Exp) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::ldexp(_X, _Exp);
}
inline float scalbnf(float _X, int _Y) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::scalbn(_X, _Y);
}
inline float scalbn(float _X, int _Y) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::scalbn(_X, _Y);
}
inline double scalbn(double _X, int _Y) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::scalbn(_X, _Y);
}
// scalb(x, y): y must be an integer value (as POSIX's scalb).
inline float scalbf(float _X, float _Y) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::trunc(_Y) == _Y ? std::scalbln(_X, static_cast<long>(std::fmax(std::fmin(_Y, 1e5f), -1e5f)))
                              : std::numeric_limits<float>::quiet_NaN();
}
inline float scalb(float _X, float _Y) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return scalbf(_X, _Y);
}
inline double scalb(double _X, double _Y) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return std::trunc(_Y) == _Y ? std::scalbln(_X, static_cast<long>(std::fmax(std::fmin(_Y, 1e5), -1e5)))
                              : std::numeric_limits<double>::quiet_NaN();
}
inline int ilogbf(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::ilogb(_X); }
inline int ilogb(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::ilogb(_X); }
inline int ilogb(double _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::ilogb(_X); }

inline float nanf(int _X) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return (void)_X, std::numeric_limits<float>::quiet_NaN();
}
inline double nan(int _X) restrict(cpu, amp) AMPVK_MATH_DEVICE {
  return (void)_X, std::numeric_limits<double>::quiet_NaN();
}

#define AMPVK_PRECISE_CLASSIFY(name, host)                                     \
  inline int name(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return host; } \
  inline int name(double _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return host; }
AMPVK_PRECISE_CLASSIFY(fpclassify, std::fpclassify(_X))
AMPVK_PRECISE_CLASSIFY(isfinite, std::isfinite(_X))
AMPVK_PRECISE_CLASSIFY(isinf, std::isinf(_X))
AMPVK_PRECISE_CLASSIFY(isnan, std::isnan(_X))
AMPVK_PRECISE_CLASSIFY(isnormal, std::isnormal(_X))
AMPVK_PRECISE_CLASSIFY(signbit, std::signbit(_X))
inline int signbitf(float _X) restrict(cpu, amp) AMPVK_MATH_DEVICE { return std::signbit(_X); }

#undef AMPVK_PRECISE_1
#undef AMPVK_PRECISE_2
#undef AMPVK_MATH_PAIR
#undef AMPVK_PRECISE_OWN_1
#undef AMPVK_PRECISE_CLASSIFY
} // namespace precise_math
} // namespace Concurrency

#endif
