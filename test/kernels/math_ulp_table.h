// The precise_math functions measured by math_precise_{float,double}_test.cpp:
// X(name, exact value in long double, inputs for result type T, bound for
// float, bound for double). Bounds in ULP; docs/math.md lists them.
#ifndef AMPVK_TEST_KERNELS_MATH_ULP_TABLE_H
#define AMPVK_TEST_KERNELS_MATH_ULP_TABLE_H

#include "math_ulp.h"

namespace mathulp {

// The largest magnitudes worth sampling, per type.
template <typename T> long double big() { return sizeof(T) == 4 ? 1e30L : 1e300L; }
template <typename T> long double tiny() { return sizeof(T) == 4 ? 1e-30L : 1e-300L; }
template <typename T> long double pick(long double forFloat, long double forDouble) {
  return sizeof(T) == 4 ? forFloat : forDouble;
}
// Over the whole range (the reduction is exact for every finite argument),
// with the double closest to a multiple of pi/2 (6381956970095103 2^797,
// 2^-61 away) and others hard for reductions among the edges.
template <typename T> std::vector<T> trigInputs() {
  return mix(uniform<T>(-10, 10, {T(0), T(1), T(-1), T(1.5707963267948966), T(3.141592653589793)}),
             magnitudes<T>(1e-3L, big<T>(), true,
                           {T(std::ldexp(6381956970095103.0L, 797)), T(1e22L), T(1e300L),
                            T(-1e10L), T(1.7976931348623157e308L), T(5.0e15L), T(1e5L),
                            T(3.4028234663852886e38L), T(1e30L), T(-1.6e6L)}));
}
// The values next to the multiples k pi/2 for k from 1 to about 2^30 (all k
// up to 700, then 0.14% apart), where sin or cos is tiny and any reduction
// error counts relative to it.
template <typename T> std::vector<T> nearHalfPiMultiples() {
  std::vector<T> v;
  for (double kk = 1; v.size() < kCount; kk = std::max(kk + 1, kk * 1.0014)) {
    if (kk > 1073741824.0)
      kk = 1.5;
    long double k = std::floor(kk);
    T x = static_cast<T>(k * 1.570796326794896619231321691639751442L);
    v.push_back(x);
    v.push_back(std::nextafter(x, T(0)));
    v.push_back(-std::nextafter(x, std::numeric_limits<T>::max()));
  }
  v.resize(kCount);
  return v;
}
// sin, cos and tan of T over nearHalfPiMultiples, each against its bound.
template <typename T, typename S, typename C, typename Tn>
void measureNearHalfPi(const char *sinName, const char *cosName, const char *tanName,
                       const S &sinF, const C &cosF, const Tn &tanF, double sinCosBound,
                       double tanBound) {
  std::vector<T> in = nearHalfPiMultiples<T>();
  auto sinE = [](long double x) { return std::sin(x); };
  auto cosE = [](long double x) { return std::cos(x); };
  auto tanE = [](long double x) { return std::tan(x); };
  EXPECT_LE(measure<T>(sinName, sinF, sinE, in).MaxUlp, sinCosBound);
  EXPECT_LE(measure<T>(cosName, cosF, cosE, in).MaxUlp, sinCosBound);
  EXPECT_LE(measure<T>(tanName, tanF, tanE, in).MaxUlp, tanBound);
}
// The doubles next to log|Gamma|'s zeros below -2 (where the measure of
// earlier versions blew up), then uniform in [lo, 0].
template <typename T> std::vector<T> lgammaNegativeInputs(long double lo) {
  const long double Zeros[] = {-2.4570247382208006L, -2.7476826467274127L, -3.14358088834998L,
                               -3.955294284858598L, -4.039361839740537L, -4.991544640560048L,
                               -5.0082181683225935L, -5.998607480080875L, -6.001385294453155L,
                               -6.999801507890638L, -7.000198333407325L, -7.999975197095821L};
  std::vector<T> edges;
  for (long double z : Zeros) {
    T x = static_cast<T>(z);
    for (int i = 0; i < 4; ++i)
      x = std::nextafter(x, T(0));
    for (int i = 0; i < 9; ++i, x = std::nextafter(x, T(-100)))
      edges.push_back(x);
  }
  return uniform<T>(lo, 0, edges);
}
template <typename T> std::vector<T> piInputs() {
  return mix(uniform<T>(-4, 4, {T(0), T(0.25), T(0.5), T(1), T(1.5), T(-0.5), T(2), T(0.75)}),
             magnitudes<T>(1e-3L, pick<T>(1e7L, 1e15L), true));
}
template <typename T> std::vector<T> roundingInputs() {
  return mix(uniform<T>(-1e6L, 1e6L, {T(0), T(0.5), T(-0.5), T(1.5), T(2.5), T(-2.5), T(0.49999997)}),
             magnitudes<T>(1e-3L, big<T>(), true));
}
// fma: products near the addend's size, so that the sum cancels and rounds
// in every way; the exact value is <cmath>'s fma (correctly rounded).
template <typename T> void fmaInputs(std::vector<T> &x, std::vector<T> &y, std::vector<T> &z) {
  x = uniform<T>(-1e3L, 1e3L);
  y = uniform<T>(-1e3L, 1e3L);
  std::vector<T> scale = uniform<T>(0.5L, 2);
  z.resize(kCount);
  for (std::size_t i = 0; i < kCount; ++i)
    z[i] = -x[i] * y[i] * scale[i];
}
template <typename T> long double fmaExact(long double x, long double y, long double z) {
  return static_cast<long double>(
      std::fma(static_cast<T>(x), static_cast<T>(y), static_cast<T>(z)));
}
inline bool isHalfInteger(long double x) {
  return std::fabs(x - std::nearbyint(x)) == 0.5L;
}
inline bool isNonPositiveInteger(long double x) { return x <= 0 && std::nearbyint(x) == x; }

#define AMPVK_MATH_UNARY_TABLE(X)                                              \
  X(acos, std::acos(x), uniform<T>(-1, 1, {T(-1), T(1), T(0), T(0.5), T(-0.5)}), kFaithful, 2) \
  X(acosh, std::acosh(x), magnitudes<T>(1, big<T>(), false, {T(1), T(1.5), T(2)}), kFaithful, 2) \
  X(asin, std::asin(x), uniform<T>(-1, 1, {T(-1), T(1), T(0), T(0.5), T(-0.5)}), kFaithful, 3) \
  X(asinh, std::asinh(x), magnitudes<T>(1e-20L, big<T>(), true, {T(0)}), kFaithful, 2) \
  X(atan, std::atan(x), magnitudes<T>(1e-20L, big<T>(), true, {T(0), T(1), T(-1)}), kFaithful, 1) \
  X(atanh, std::atanh(x), uniform<T>(-1, 1, {T(0), T(0.5), T(-0.5), T(1), T(-1)}), kFaithful, 2) \
  X(cbrt, std::cbrt(x), magnitudes<T>(tiny<T>(), big<T>(), true, {T(0), T(1), T(-8)}), kFaithful, 1) \
  X(ceil, std::ceil(x), roundingInputs<T>(), kExact, kExact)                  \
  X(cos, std::cos(x), trigInputs<T>(), kFaithful, 2)                           \
  X(cosh, std::cosh(x), uniform<T>(-pick<T>(89, 710), pick<T>(89, 710), {T(0), T(1)}), kFaithful, 3) \
  X(cospi, cospil(x), piInputs<T>(), kFaithful, 4)                             \
  X(erf, std::erf(x), uniform<T>(-6, 6, {T(0), T(0.5), T(-0.5), T(1)}), kFaithful, 3) \
  X(erfc, std::erfc(x), uniform<T>(-6, pick<T>(9.5L, 27), {T(0), T(0.5), T(-0.5)}), kFaithful, 8) \
  X(erfcinv, erfcinvl(x), mix(uniform<T>(0, 2, {T(0.5), T(1), T(1.5), T(0), T(2)}), magnitudes<T>(tiny<T>(), 0.5L, false)), kFaithful, 8) \
  X(erfinv, erfinvl(x), uniform<T>(-1, 1, {T(0), T(0.5), T(-0.5), T(1), T(-1)}), kFaithful, 8) \
  X(exp, std::exp(x), uniform<T>(pick<T>(-87, -708), pick<T>(88.8L, 709.8L), {T(0), T(1), T(-1)}), kFaithful, 1) \
  X(exp10, std::pow(10.0L, x), uniform<T>(pick<T>(-37, -307), pick<T>(38.6L, 308.3L), {T(0), T(1), T(2), T(-1)}), kFaithful, 2) \
  X(exp2, std::exp2(x), uniform<T>(pick<T>(-126, -1022), pick<T>(128.1L, 1024.1L), {T(0), T(1), T(0.5), T(-1)}), kFaithful, 2) \
  X(expm1, std::expm1(x), mix(uniform<T>(-20, pick<T>(88.8L, 709.8L), {T(0)}), magnitudes<T>(1e-20L, 1, true)), kFaithful, 2) \
  X(fabs, std::fabs(x), roundingInputs<T>(), kExact, kExact)                  \
  X(floor, std::floor(x), roundingInputs<T>(), kExact, kExact)                \
  X(lgamma, std::lgamma(x), without<T>(mix(magnitudes<T>(1e-3L, pick<T>(1e30L, 1e300L), false, {T(1), T(2), T(0.5), T(3), T(1.5), T(2.5)}), lgammaNegativeInputs<T>(-60)), isNonPositiveInteger), kFaithful, 4) \
  X(log, std::log(x), magnitudes<T>(tiny<T>(), big<T>(), false, {T(1), T(2), T(0.5)}), kFaithful, 2) \
  X(log10, std::log10(x), magnitudes<T>(tiny<T>(), big<T>(), false, {T(1), T(10), T(100), T(0.1)}), kFaithful, 2) \
  X(log1p, std::log1p(x), mix(uniform<T>(-0.9999L, 10, {T(0), T(-0.5), T(1)}), magnitudes<T>(1e-20L, big<T>(), false)), kFaithful, 2) \
  X(log2, std::log2(x), magnitudes<T>(tiny<T>(), big<T>(), false, {T(1), T(2), T(0.5), T(1024)}), kFaithful, 2) \
  X(logb, std::logb(x), magnitudes<T>(tiny<T>(), big<T>(), true, {T(1), T(2), T(0.75)}), kExact, kExact) \
  X(nearbyint, std::nearbyint(x), roundingInputs<T>(), kExact, kExact)        \
  X(phi, 0.5L * std::erfc(-x / kSqrt2), uniform<T>(pick<T>(-14, -38.4L), 9, {T(0), T(1), T(-1), T(-37), T(-38)}), kFaithful, 8) \
  X(probit, -kSqrt2 * erfcinvl(2 * x), mix(uniform<T>(0, 1, {T(0.5), T(0.25), T(0.75)}), magnitudes<T>(tiny<T>(), 0.5L, false)), kFaithful, 8) \
  X(rcbrt, 1 / std::cbrt(x), magnitudes<T>(tiny<T>(), big<T>(), true, {T(1), T(8), T(-27)}), kFaithful, 2) \
  X(round, std::round(x), roundingInputs<T>(), kExact, kExact)                \
  X(rsqrt, 1 / std::sqrt(x), magnitudes<T>(tiny<T>(), big<T>(), false, {T(1), T(4), T(0.25)}), kFaithful, 2) \
  X(sin, std::sin(x), trigInputs<T>(), kFaithful, 2)                           \
  X(sinh, std::sinh(x), uniform<T>(-pick<T>(89, 710), pick<T>(89, 710), {T(0), T(1)}), kFaithful, 3) \
  X(sinpi, sinpil(x), piInputs<T>(), kFaithful, 4)                             \
  X(sqrt, std::sqrt(x), magnitudes<T>(tiny<T>(), big<T>(), false, {T(0), T(1), T(4), T(2)}), kCorrectlyRounded, 1) \
  X(tan, std::tan(x), trigInputs<T>(), kFaithful, 3)                           \
  X(tanh, std::tanh(x), uniform<T>(-20, 20, {T(0), T(1), T(-1)}), kFaithful, 3) \
  X(tanpi, sinpil(x) / cospil(x), without<T>(piInputs<T>(), isHalfInteger), kFaithful, 3) \
  X(tgamma, std::tgamma(x), without<T>(uniform<T>(pick<T>(-40, -180), pick<T>(35.1L, 171.7L), {T(1), T(0.5), T(5), T(pick<T>(1e-30L, 1e-300L)), T(-pick<T>(1e-30L, 1e-300L)), T(pick<T>(35, 171.6L)), T(23), T(24)}), isNonPositiveInteger), kFaithful, 4) \
  X(trunc, std::trunc(x), roundingInputs<T>(), kExact, kExact)

#define AMPVK_MATH_BINARY_TABLE(X)                                             \
  X(atan2, std::atan2(x, y), uniform<T>(-10, 10, {T(1), T(-1), T(0)}), uniform<T>(-10, 10, {T(1), T(1), T(-1)}), kFaithful, 2) \
  X(copysign, std::copysign(x, y), uniform<T>(-1e6L, 1e6L), uniform<T>(-1, 1), kExact, kExact) \
  X(fdim, std::fdim(x, y), uniform<T>(-1e3L, 1e3L), uniform<T>(-1e3L, 1e3L), kCorrectlyRounded, kCorrectlyRounded) \
  X(fmax, std::fmax(x, y), uniform<T>(-1e3L, 1e3L), uniform<T>(-1e3L, 1e3L), kExact, kExact) \
  X(fmin, std::fmin(x, y), uniform<T>(-1e3L, 1e3L), uniform<T>(-1e3L, 1e3L), kExact, kExact) \
  X(fmod, std::fmod(x, y), magnitudes<T>(1e-3L, big<T>(), true), magnitudes<T>(1e-3L, 1e3L, true), kExact, kExact) \
  X(hypot, std::hypot(x, y), magnitudes<T>(pick<T>(1e-15L, 1e-150L), pick<T>(1e15L, 1e150L), true), magnitudes<T>(pick<T>(1e-15L, 1e-150L), pick<T>(1e15L, 1e150L), true), kFaithful, 2) \
  X(nextafter, static_cast<long double>(std::nextafter(static_cast<T>(x), static_cast<T>(y))), uniform<T>(-1e3L, 1e3L, {T(1), T(-1)}), uniform<T>(-1e3L, 1e3L, {T(2), T(-2)}), kExact, kExact) \
  X(pow, std::pow(x, y), magnitudes<T>(1e-3L, 1e3L, false, {T(2), T(-2), T(-3)}), uniform<T>(-pick<T>(12, 100), pick<T>(12, 100), {T(3), T(0.5), T(3)}), kFaithful, 8) \
  X(remainder, std::remainder(x, y), magnitudes<T>(1e-3L, big<T>(), true), magnitudes<T>(1e-3L, 1e3L, true), kExact, kExact)

} // namespace mathulp

#endif
