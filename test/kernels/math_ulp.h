// Measuring <amp_math.h> on the device: each function runs over many inputs
// (edge values, then reproducible pseudo-random ones spread over its domain),
// the results are compared with a host reference computed in long double, and
// the largest error in units in the last place (ULP) of the result type is
// printed ("[ulp] ...", the figures of docs/math.md) and checked against the
// bound docs/math.md documents.
//
// Error measure: |device - exact| / ulp(exact), where ulp(exact) is the spacing
// of the result type at the exact value; a correctly rounded result is within
// 0.5, a faithfully rounded one below 1. Results below the smallest normal
// number count as matching when the device gives a value no larger than it
// (Vulkan may flush denormals); a NaN must meet a NaN and an infinity the
// same infinity.
#ifndef AMPVK_TEST_KERNELS_MATH_ULP_H
#define AMPVK_TEST_KERNELS_MATH_ULP_H

#include "differential.h"

#include <amp_math.h>

#include <cstdio>
#include <functional>

namespace mathulp {

constexpr std::size_t kCount = 32768; // inputs per function

constexpr double kExact = 0.0;
constexpr double kCorrectlyRounded = 0.5;
constexpr double kFaithful = 1.0;

template <typename T> double ulpError(T got, long double exact) {
  const double Inf = std::numeric_limits<double>::infinity();
  if (std::isnan(exact))
    return std::isnan(got) ? 0 : Inf;
  const long double Max = std::numeric_limits<T>::max();
  if (std::isinf(exact) || std::fabs(exact) > Max) {
    // Beyond the largest T: infinity, or the largest T when the exact value
    // is within half an ULP of it.
    if (std::isinf(got) && (got > 0) == (exact > 0))
      return 0;
    if (std::isinf(exact))
      return Inf;
  }
  if (!std::isfinite(got))
    return Inf;
  const long double Min = std::numeric_limits<T>::min();
  if (std::fabs(exact) < Min && std::fabs(static_cast<long double>(got)) <= Min)
    return 0;
  int e;
  std::frexp(exact, &e);
  e = std::max(e, std::numeric_limits<T>::min_exponent);
  long double ulp = std::ldexp(1.0L, e - std::numeric_limits<T>::digits);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

// ---- inputs ----
inline std::mt19937_64 &rng() {
  static std::mt19937_64 G(20261125);
  return G;
}
// `edges` first, then uniform values in [lo, hi].
template <typename T>
std::vector<T> uniform(long double lo, long double hi, std::vector<T> edges = {},
                       std::size_t n = kCount) {
  std::uniform_real_distribution<long double> D(lo, hi);
  std::vector<T> v = edges;
  while (v.size() < n)
    v.push_back(static_cast<T>(D(rng())));
  return v;
}
// `edges` first, then values whose magnitude is log-uniform in [lo, hi]
// (half of them negative when `bothSigns`).
template <typename T>
std::vector<T> magnitudes(long double lo, long double hi, bool bothSigns,
                          std::vector<T> edges = {}, std::size_t n = kCount) {
  std::uniform_real_distribution<long double> D(std::log(lo), std::log(hi));
  std::vector<T> v = edges;
  while (v.size() < n) {
    T x = static_cast<T>(std::exp(D(rng())));
    v.push_back(bothSigns && (rng()() & 1) ? -x : x);
  }
  return v;
}
// Half from each.
template <typename T> std::vector<T> mix(std::vector<T> a, const std::vector<T> &b) {
  a.resize(kCount / 2);
  a.insert(a.end(), b.begin(), b.begin() + (kCount - a.size()));
  return a;
}
template <typename T> std::vector<T> without(std::vector<T> v, std::function<bool(T)> drop) {
  for (T &x : v)
    while (drop(x))
      x = std::nextafter(x, T(0));
  return v;
}

// ---- measuring ----
struct Measured {
  double MaxUlp = 0;
  long double MaxAbs = 0;
};

inline std::string showAll() { return ""; }
template <typename A, typename... R> std::string showAll(A a, R... r) {
  std::string s = difftest::show(a);
  if (sizeof...(r))
    s += ", " + showAll(r...);
  return s;
}

// Runs f on the device over the inputs and compares with exact(inputs...).
template <typename R, typename F, typename Exact, typename... A>
Measured measure(const char *name, const F &f, const Exact &exact,
                 const std::vector<A> &...inputs) {
  using P = difftest::Pack<A...>;
  const std::size_t n = std::get<0>(std::make_tuple(inputs.size()...));
  std::vector<P> in(n);
  for (std::size_t i = 0; i < n; ++i)
    in[i] = difftest::pack(inputs[i]...);
  std::vector<R> device(n);
  difftest::runOnDevice<1, false, R>(concurrency::extent<1>(static_cast<int>(n)), f, in, device);
  Measured M;
  std::size_t worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    long double x = exact(static_cast<long double>(inputs[i])...);
    double u = ulpError<R>(device[i], x);
    if (u > M.MaxUlp || (std::isnan(u) && !std::isnan(M.MaxUlp))) {
      M.MaxUlp = u;
      worst = i;
    }
    if (std::isfinite(x) && std::isfinite(device[i]))
      M.MaxAbs = std::max(M.MaxAbs, std::fabs(device[i] - x));
  }
  long double x = exact(static_cast<long double>(inputs[worst])...);
  std::printf("[ulp] %-26s max %10.3f ULP  abs %.3Le  worst f(%s) = %s, exact %.21Lg\n", name,
              M.MaxUlp, M.MaxAbs, showAll(inputs[worst]...).c_str(),
              difftest::show(device[worst]).c_str(), x);
  return M;
}

// ---- long double references for functions libm does not have ----
constexpr long double kPi = 3.141592653589793238462643383279502884L;
constexpr long double kSqrt2 = 1.414213562373095048801688724209698079L;

// sin(pi x), cos(pi x): x = n/2 + r exactly with |r| <= 1/4, so only the
// final sin or cos rounds (no cancellation near the zeros).
inline void sincospil(long double x, long double &s, long double &c) {
  long double n = std::nearbyint(2 * x), r = x - n / 2;
  long double sr = std::sin(kPi * r), cr = std::cos(kPi * r);
  long double q = std::fmod(std::fabs(n), 4.0L);
  if (n < 0)
    q = std::fmod(4 - q, 4.0L);
  if (q == 0) {
    s = sr;
    c = cr;
  } else if (q == 1) {
    s = cr;
    c = -sr;
  } else if (q == 2) {
    s = -sr;
    c = -cr;
  } else {
    s = -cr;
    c = sr;
  }
}
inline long double sinpil(long double x) {
  long double s, c;
  sincospil(x, s, c);
  return s;
}
inline long double cospil(long double x) {
  long double s, c;
  sincospil(x, s, c);
  return c;
}
// Bisection for the x with f(x) = target, f increasing (or decreasing).
inline long double solve(std::function<long double(long double)> f, long double target,
                         long double lo, long double hi, bool increasing) {
  for (int i = 0; i < 200 && lo < hi; ++i) {
    long double m = lo + (hi - lo) / 2;
    if (m == lo || m == hi)
      break;
    if ((f(m) < target) == increasing)
      lo = m;
    else
      hi = m;
  }
  return lo + (hi - lo) / 2;
}
inline long double erfcinvl(long double z);
inline long double erfinvl(long double y) {
  if (std::fabs(y) == 1)
    return std::copysign(HUGE_VALL, y);
  if (std::fabs(y) > 1)
    return NAN;
  if (y == 0)
    return 0;
  if (std::fabs(y) > 0.5L) // erfc keeps its relative precision there
    return std::copysign(erfcinvl(1 - std::fabs(y)), y);
  return solve([](long double x) { return std::erf(x); }, y, -1, 1, true);
}
inline long double erfcinvl(long double z) {
  if (z <= 0 || z >= 2)
    return z == 0 ? HUGE_VALL : z == 2 ? -HUGE_VALL : NAN;
  if (z == 1)
    return 0;
  if (z > 1.5L)
    return -erfcinvl(2 - z);
  if (z >= 0.5L)
    return erfinvl(1 - z);
  return solve([](long double x) { return std::erfc(x); }, z, 0, 110, false);
}

} // namespace mathulp

#endif
