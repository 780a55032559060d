// The device side of concurrency::precise_math, in double precision: range
// reduction and polynomials in plain C++ that the plugin compiles like any
// other amp code. Vulkan's GLSL.std.450 sin, exp, log, pow... take float only
// and promise loose (often absolute) error bounds, so only instructions that
// are exact (floor, fabs, frexp, ldexp...) or corrected here (sqrt) come from
// there. The float functions of precise_math compute through these and round
// once, which is why they need shaderFloat64, as Microsoft documents.
//
// Every operation relies on correctly rounded +, -, * (Vulkan requires it, and
// the emitter forbids contraction into fused multiply-adds); the error-free
// transformations (two_sum, two_prod) depend on that. The bounds measured on
// devices are in docs/math.md.
//
// Host and device: these functions are restrict(cpu, amp) so that tests can run
// them on the host too; <amp_math.h>'s host side calls <cmath> instead.
#ifndef AMPVK_DETAIL_MATH_PRECISE_H
#define AMPVK_DETAIL_MATH_PRECISE_H

#include <ampvk/detail/math_intrinsics.h>

#include <cmath>

namespace Concurrency {
namespace detail {
namespace pm {

// ---- constants (hi + lo pairs: hi has trailing zeros where products with
// small integers must be exact) ----
const double kLn2Hi = 0.6931471806019545;       // 32 significant bits
const double kLn2Lo = -4.2009150726810846e-11;
const double kInvLn2 = 1.4426950408889634;
const double kLn10 = 2.302585092994046;
const double kLog10_2Hi = 0.3010299956658855;   // 32 significant bits
const double kLog10_2Lo = -1.9043128467164274e-12;
const double kLog10E = 0.4342944819032518;
const double kTwoOverPi = 0.6366197723675814;
const double kPio2_1 = 1.5707963267341256;      // pi/2 in 33-bit pieces
const double kPio2_2 = 6.077100506303966e-11;
const double kPio2_3 = 2.0222662487111665e-21;
const double kPio2_4 = 8.4784276603689e-32;
const double kPiHi = 3.141592653589793;
const double kPiLo = 1.2246467991473532e-16;
const double kPio2Hi = 1.5707963267948966;
const double kPio2Lo = 6.123233995736766e-17;
const double kPio4Hi = 0.7853981633974483;
const double kPio4Lo = 3.061616997868383e-17;
const double kAtanHalfHi = 0.4636476090008061;
const double kAtanHalfLo = 2.2698777452961687e-17;
const double kAtan1_5Hi = 0.982793723247329;
const double kAtan1_5Lo = 1.3903311031230998e-17;
const double kTwoOverSqrtPi = 1.1283791670955126;
const double kSqrt2 = 1.4142135623730951;
const double kInvSqrt2 = 0.7071067811865476;
const double kSqrt2Pi = 2.5066282746310007;
const double kEulerGamma = 0.5772156649015329;

// ---- classification and bits ----
inline double quiet_nan() restrict(cpu, amp) { return spirv::WordsDouble(0x7ff80000u, 0u); }
inline double infinity() restrict(cpu, amp) { return spirv::WordsDouble(0x7ff00000u, 0u); }
inline bool is_nan(double x) restrict(cpu, amp) { return spirv::IsNan(x); }
inline bool is_inf(double x) restrict(cpu, amp) { return spirv::IsInf(x); }
inline bool sign_bit(double x) restrict(cpu, amp) {
  return (spirv::DoubleHigh(x) & 0x80000000u) != 0;
}
inline double copy_sign(double x, double s) restrict(cpu, amp) {
  unsigned h = (spirv::DoubleHigh(x) & 0x7fffffffu) | (spirv::DoubleHigh(s) & 0x80000000u);
  return spirv::WordsDouble(h, spirv::DoubleLow(x));
}
inline double abs_(double x) restrict(cpu, amp) { return glsl::FAbs(x); }
inline bool is_integer(double x) restrict(cpu, amp) { return glsl::Trunc(x) == x; }
// x * 2^n for any n, without Ldexp's undefined exponent range (beyond
// +-1023): in three steps of one sign, so only the last one can round.
inline double scale(double x, int n) restrict(cpu, amp) {
  if (n > 2200)
    n = 2200;
  if (n < -2200)
    n = -2200;
  int a = n / 3;
  int b = (n - a) / 2;
  return glsl::Ldexp(glsl::Ldexp(glsl::Ldexp(x, a), b), n - a - b);
}

// ---- error-free transformations ----
inline void two_sum(double a, double b, double &s, double &e) restrict(cpu, amp) {
  s = a + b;
  double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}
inline void split(double a, double &hi, double &lo) restrict(cpu, amp) {
  double c = 134217729.0 * a; // 2^27 + 1
  hi = c - (c - a);
  lo = a - hi;
}
// a * b == p + e exactly (|a|, |b| below 2^995).
inline void two_prod(double a, double b, double &p, double &e) restrict(cpu, amp) {
  p = a * b;
  double ah, al, bh, bl;
  split(a, ah, al);
  split(b, bh, bl);
  e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

// ---- sqrt: the device's sqrt, then one Newton step on the exact residual ----
inline double sqrt_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || x < 0)
    return quiet_nan();
  if (x == 0 || is_inf(x))
    return x;
  double y = glsl::Sqrt(x);
  double p, e;
  two_prod(y, y, p, e);
  return y + ((x - p) - e) * (0.5 / y);
}

// ---- exp family ----
// e^r - 1 for |r| <= 0.35: Taylor series to r^13 (truncation below 2^-57).
inline double expm1_kernel(double r) restrict(cpu, amp) {
  double p = 1.0 / 6227020800.0;
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  return r + (r * r) * p;
}
// x = n ln2 + r, |r| <= ln2/2.
inline double exp_reduce(double x, int &n) restrict(cpu, amp) {
  double k = glsl::RoundEven(x * kInvLn2);
  n = static_cast<int>(k);
  return (x - k * kLn2Hi) - k * kLn2Lo;
}
inline double exp_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (x > 709.782712893384)
    return infinity();
  if (x < -745.1332191019412)
    return 0.0;
  int n;
  double r = exp_reduce(x, n);
  return scale(1.0 + expm1_kernel(r), n);
}
inline double expm1_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (abs_(x) < 0.34)
    return expm1_kernel(x);
  if (x > 709.782712893384)
    return infinity();
  if (x < -40.0)
    return -1.0;
  int n;
  double r = exp_reduce(x, n);
  double em = expm1_kernel(r);
  if (n > 1000)
    return scale(1.0 + em, n);
  double t = glsl::Ldexp(1.0, n); // e^x - 1 = (2^n - 1) + 2^n (e^r - 1)
  return (t - 1.0) + t * em;
}
inline double exp2_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (x >= 1024.0)
    return infinity();
  if (x < -1080.0)
    return 0.0;
  double k = glsl::RoundEven(x);
  double r = (x - k) * kLn2Hi + (x - k) * kLn2Lo;
  return scale(1.0 + expm1_kernel(r), static_cast<int>(k));
}
inline double exp10_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (x > 308.26)
    return infinity();
  if (x < -325.0)
    return 0.0;
  // x = k log10(2) + f: f is exact (k log10_2_hi is), then e^(f ln 10).
  double k = glsl::RoundEven(x / kLog10_2Hi);
  double f = (x - k * kLog10_2Hi) - k * kLog10_2Lo;
  return scale(1.0 + expm1_kernel(f * kLn10), static_cast<int>(k));
}

// ---- log family ----
// x = 2^e (1 + f), 1 + f in [sqrt(1/2), sqrt(2)); x finite and positive.
inline double log_reduce(double x, int &e) restrict(cpu, amp) {
  double m = glsl::FrexpStruct(x, &e); // [0.5, 1)
  if (m < kInvSqrt2) {
    m = m * 2.0;
    e = e - 1;
  }
  return m - 1.0;
}
// log(1 + f) - f + f^2/2 parts: s = f / (2 + f), log(1 + f) = 2 atanh(s).
inline double log_tail(double f, double &hfsq) restrict(cpu, amp) {
  double s = f / (2.0 + f);
  double z = s * s;
  double r = 2.0 / 23.0;
  r = r * z + 2.0 / 21.0;
  r = r * z + 2.0 / 19.0;
  r = r * z + 2.0 / 17.0;
  r = r * z + 2.0 / 15.0;
  r = r * z + 2.0 / 13.0;
  r = r * z + 2.0 / 11.0;
  r = r * z + 2.0 / 9.0;
  r = r * z + 2.0 / 7.0;
  r = r * z + 2.0 / 5.0;
  r = r * z + 2.0 / 3.0;
  r = r * z;
  hfsq = 0.5 * f * f;
  return s * (hfsq + r);
}
inline double log1pf_kernel(double f) restrict(cpu, amp) {
  double hfsq;
  double t = log_tail(f, hfsq);
  return f - (hfsq - t);
}
// Special values of the log family; true when `out` is the answer.
inline bool log_special(double x, double &out) restrict(cpu, amp) {
  if (is_nan(x) || x < 0) {
    out = quiet_nan();
    return true;
  }
  if (x == 0) {
    out = -infinity();
    return true;
  }
  if (is_inf(x)) {
    out = x;
    return true;
  }
  return false;
}
inline double log_d(double x) restrict(cpu, amp) {
  double out;
  if (log_special(x, out))
    return out;
  int e;
  double f = log_reduce(x, e);
  double k = e;
  return k * kLn2Hi + (log1pf_kernel(f) + k * kLn2Lo);
}
inline double log2_d(double x) restrict(cpu, amp) {
  double out;
  if (log_special(x, out))
    return out;
  int e;
  double f = log_reduce(x, e);
  return static_cast<double>(e) + log1pf_kernel(f) * kInvLn2;
}
inline double log10_d(double x) restrict(cpu, amp) {
  double out;
  if (log_special(x, out))
    return out;
  int e;
  double f = log_reduce(x, e);
  double k = e;
  return k * kLog10_2Hi + (k * kLog10_2Lo + log1pf_kernel(f) * kLog10E);
}
inline double log1p_d(double x) restrict(cpu, amp) {
  if (x == -1.0)
    return -infinity();
  if (is_nan(x) || x < -1.0)
    return quiet_nan();
  double u = 1.0 + x;
  if (u == 1.0)
    return x;
  if (is_inf(u))
    return u;
  // log(u) + the part of x that 1 + x lost, to first order.
  return log_d(u) + (x - (u - 1.0)) / u;
}

// ---- pow ----
// log(x) as hi + lo with about 2^-60 relative error, for x finite > 0.
inline void log_dd(double x, double &hi, double &lo) restrict(cpu, amp) {
  int e;
  double f = log_reduce(x, e);
  double hfsq;
  double t = log_tail(f, hfsq);
  double sq, sqe;
  two_prod(f, f, sq, sqe); // f^2 exactly; halving is exact
  double a, b;
  two_sum(f, -0.5 * sq, a, b);
  double l = (b - 0.5 * sqe) + t;
  double k = e;
  double h, u;
  two_sum(k * kLn2Hi, a, h, u);
  two_sum(h, u + (l + k * kLn2Lo), hi, lo);
}
inline double pow_d(double x, double y) restrict(cpu, amp) {
  if (y == 0 || x == 1.0)
    return 1.0;
  if (is_nan(x) || is_nan(y))
    return quiet_nan();
  bool yint = is_integer(y);
  bool yodd = yint && abs_(y) < 9007199254740992.0 && !is_integer(y * 0.5);
  double ax = abs_(x);
  if (is_inf(y)) {
    if (ax == 1.0)
      return 1.0;
    return (ax > 1.0) == (y > 0) ? infinity() : 0.0;
  }
  if (x == 0 || is_inf(x)) {
    bool big = (x == 0) == (y < 0); // 0^-y and inf^+y
    double r = big ? infinity() : 0.0;
    return (yodd && sign_bit(x)) ? -r : r;
  }
  if (x < 0 && !yint)
    return quiet_nan();
  double lh, ll;
  log_dd(ax, lh, ll);
  double r;
  double rough = y * lh;
  if (rough > 710.0) {
    r = infinity();
  } else if (rough < -746.0) {
    r = 0.0;
  } else {
    double ph, pl;
    two_prod(y, lh, ph, pl);
    pl = pl + y * ll;
    double zh, zl;
    two_sum(ph, pl, zh, zl);
    r = exp_d(zh);
    r = r + r * zl;
  }
  return (x < 0 && yodd) ? -r : r;
}

// ---- trigonometric ----
// sin(r) and cos(r) for |r| <= pi/4 (Taylor to r^19 and r^18).
inline double sin_kernel(double r) restrict(cpu, amp) {
  double z = r * r;
  double p = -1.0 / 121645100408832000.0;
  p = p * z + 1.0 / 355687428096000.0;
  p = p * z - 1.0 / 1307674368000.0;
  p = p * z + 1.0 / 6227020800.0;
  p = p * z - 1.0 / 39916800.0;
  p = p * z + 1.0 / 362880.0;
  p = p * z - 1.0 / 5040.0;
  p = p * z + 1.0 / 120.0;
  p = p * z - 1.0 / 6.0;
  return r + (r * z) * p;
}
inline double cos_kernel(double r) restrict(cpu, amp) {
  double z = r * r;
  double p = -1.0 / 6402373705728000.0;
  p = p * z + 1.0 / 20922789888000.0;
  p = p * z - 1.0 / 87178291200.0;
  p = p * z + 1.0 / 479001600.0;
  p = p * z - 1.0 / 3628800.0;
  p = p * z + 1.0 / 40320.0;
  p = p * z - 1.0 / 720.0;
  p = p * z + 1.0 / 24.0;
  double hz = 0.5 * z;
  double w = 1.0 - hz;
  return w + (((1.0 - w) - hz) + (z * z) * p);
}
// x = q pi/2 + (rh + rl), |rh| <= pi/4 (Cody-Waite with four pieces of pi/2:
// exact while |q| < 2^20, that is |x| < 1.6e6; beyond it the reduction loses
// accuracy, see docs/math.md).
inline void trig_reduce(double x, int &q, double &rh, double &rl) restrict(cpu, amp) {
  double k = glsl::RoundEven(x * kTwoOverPi);
  double t = x - k * kPio2_1;
  double r, e;
  two_sum(t, -(k * kPio2_2), r, e);
  e = (e - k * kPio2_3) - k * kPio2_4;
  two_sum(r, e, rh, rl);
  double k4 = k - 4.0 * glsl::Floor(k * 0.25); // k mod 4, exact
  q = static_cast<int>(k4);
}
inline double sin_dd(double rh, double rl) restrict(cpu, amp) {
  return sin_kernel(rh) + rl * (1.0 - 0.5 * rh * rh);
}
inline double cos_dd(double rh, double rl) restrict(cpu, amp) {
  return cos_kernel(rh) - rl * rh;
}
// sin and cos of q pi/2 + (rh + rl).
inline void quadrant(int q, double rh, double rl, double &s, double &c) restrict(cpu, amp) {
  double sr = sin_dd(rh, rl), cr = cos_dd(rh, rl);
  s = (q & 1) ? cr : sr;
  c = (q & 1) ? -sr : cr;
  if (q >= 2) {
    s = -s;
    c = -c;
  }
}
inline void sincos_d(double x, double &s, double &c) restrict(cpu, amp) {
  if (is_nan(x) || is_inf(x)) {
    s = c = quiet_nan();
    return;
  }
  if (abs_(x) < 7.4505805969238281e-09) { // 2^-27: sin x == x, cos x == 1
    s = x;
    c = 1.0;
    return;
  }
  int q;
  double rh, rl;
  trig_reduce(x, q, rh, rl);
  quadrant(q, rh, rl, s, c);
}
inline double sin_d(double x) restrict(cpu, amp) {
  double s, c;
  sincos_d(x, s, c);
  return s;
}
inline double cos_d(double x) restrict(cpu, amp) {
  double s, c;
  sincos_d(x, s, c);
  return c;
}
inline double tan_d(double x) restrict(cpu, amp) {
  double s, c;
  sincos_d(x, s, c);
  return s / c;
}
// sin(pi x), cos(pi x): x - n/2 is exact, so there is no reduction error.
inline void sincospi_d(double x, double &s, double &c) restrict(cpu, amp) {
  if (is_nan(x) || is_inf(x)) {
    s = c = quiet_nan();
    return;
  }
  if (abs_(x) >= 4503599627370496.0) { // 2^52: an even integer... or odd
    s = copy_sign(0.0, x);
    c = is_integer(x * 0.5) ? 1.0 : -1.0;
    return;
  }
  double n = glsl::RoundEven(2.0 * x);
  double r = x - 0.5 * n;
  double th, tl;
  two_prod(r, kPiHi, th, tl);
  tl = tl + r * kPiLo;
  double rh, rl;
  two_sum(th, tl, rh, rl);
  quadrant(static_cast<int>(n - 4.0 * glsl::Floor(n * 0.25)), rh, rl, s, c);
  if (s == 0)
    s = copy_sign(0.0, x);
}
inline double sinpi_d(double x) restrict(cpu, amp) {
  double s, c;
  sincospi_d(x, s, c);
  return s;
}
inline double cospi_d(double x) restrict(cpu, amp) {
  double s, c;
  sincospi_d(x, s, c);
  return c + 0.0; // no -0
}
inline double tanpi_d(double x) restrict(cpu, amp) {
  double s, c;
  sincospi_d(x, s, c);
  if (c == 0) // at odd multiples of 1/2; no division by zero on the device
    return copy_sign(infinity(), s);
  return s / c;
}

// ---- inverse trigonometric ----
// atan(t) for |t| <= 0.4375: Taylor series to t^47 (truncation below 2^-57).
inline double atan_kernel(double t) restrict(cpu, amp) {
  double z = t * t;
  double p = -1.0 / 47.0;
  for (int k = 45; k >= 3; k -= 2)
    p = p * z + ((k & 2) ? -1.0 : 1.0) / k;
  return t + (t * z) * p;
}
inline double atan_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  double ax = abs_(x);
  double r;
  if (ax > 1.0e17) {
    r = kPio2Hi + kPio2Lo;
  } else if (ax < 0.4375) {
    r = atan_kernel(ax);
  } else if (ax < 0.6875) { // atan(1/2) + atan((2x - 1) / (2 + x))
    r = kAtanHalfHi + (kAtanHalfLo + atan_kernel((2.0 * ax - 1.0) / (2.0 + ax)));
  } else if (ax < 1.1875) { // pi/4 + atan((x - 1) / (x + 1))
    r = kPio4Hi + (kPio4Lo + atan_kernel((ax - 1.0) / (ax + 1.0)));
  } else if (ax < 2.4375) { // atan(3/2) + atan((x - 1.5) / (1 + 1.5x))
    r = kAtan1_5Hi + (kAtan1_5Lo + atan_kernel((ax - 1.5) / (1.0 + 1.5 * ax)));
  } else { // pi/2 - atan(1/x)
    r = kPio2Hi + (kPio2Lo + atan_kernel(-1.0 / ax));
  }
  return copy_sign(r, x);
}
inline double atan2_d(double y, double x) restrict(cpu, amp) {
  if (is_nan(x) || is_nan(y))
    return quiet_nan();
  double ax = abs_(x), ay = abs_(y);
  double r;
  if (y == 0) {
    r = sign_bit(x) ? kPiHi : 0.0;
  } else if (x == 0) {
    r = kPio2Hi;
  } else if (is_inf(x) && is_inf(y)) {
    r = sign_bit(x) ? 3.0 * kPio4Hi : kPio4Hi;
  } else if (is_inf(x)) {
    r = sign_bit(x) ? kPiHi : 0.0;
  } else if (is_inf(y)) {
    r = kPio2Hi;
  } else {
    if (ay <= ax)
      r = atan_d(ay / ax);
    else
      r = kPio2Hi + (kPio2Lo - atan_d(ax / ay));
    if (sign_bit(x))
      r = kPiHi + (kPiLo - r);
  }
  return copy_sign(r, y);
}
inline double asin_d(double x) restrict(cpu, amp) {
  double ax = abs_(x);
  if (is_nan(x) || ax > 1.0)
    return quiet_nan();
  if (ax == 1.0)
    return copy_sign(kPio2Hi, x);
  if (ax < 1.0e-9)
    return x;
  return atan_d(x / sqrt_d((1.0 - ax) * (1.0 + ax)));
}
inline double acos_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || abs_(x) > 1.0)
    return quiet_nan();
  if (x == -1.0)
    return kPiHi;
  // acos x = 2 atan(sqrt((1 - x) / (1 + x))), no cancellation anywhere.
  return 2.0 * atan_d(sqrt_d((1.0 - x) / (1.0 + x)));
}

// ---- hyperbolic ----
inline double sinh_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || is_inf(x))
    return x;
  double ax = abs_(x);
  double r;
  if (ax < 1.0) {
    double e = expm1_d(ax); // (e + e / (e + 1)) / 2
    r = 0.5 * (e + e / (e + 1.0));
  } else if (ax < 22.0) {
    double e = exp_d(ax);
    r = 0.5 * (e - 1.0 / e);
  } else if (ax < 709.0) {
    r = 0.5 * exp_d(ax);
  } else {
    double e = exp_d(0.5 * ax);
    r = (0.5 * e) * e;
  }
  return copy_sign(r, x);
}
inline double cosh_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  double ax = abs_(x);
  if (is_inf(x))
    return ax;
  if (ax < 1.0) {
    double e = expm1_d(ax); // 1 + e^2 / (2 (1 + e))
    return 1.0 + (e * e) / (2.0 * (1.0 + e));
  }
  if (ax < 22.0) {
    double e = exp_d(ax);
    return 0.5 * (e + 1.0 / e);
  }
  if (ax < 709.0)
    return 0.5 * exp_d(ax);
  double e = exp_d(0.5 * ax);
  return (0.5 * e) * e;
}
inline double tanh_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  double ax = abs_(x);
  double r;
  if (ax > 22.0) {
    r = 1.0;
  } else {
    double e = expm1_d(2.0 * ax);
    r = e / (e + 2.0);
  }
  return copy_sign(r, x);
}
inline double asinh_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || is_inf(x))
    return x;
  double ax = abs_(x);
  double r;
  if (ax > 268435456.0) // 2^28
    r = log_d(ax) + kLn2Hi + kLn2Lo;
  else if (ax > 2.0)
    r = log_d(2.0 * ax + 1.0 / (sqrt_d(ax * ax + 1.0) + ax));
  else
    r = log1p_d(ax + (ax * ax) / (1.0 + sqrt_d(1.0 + ax * ax)));
  return copy_sign(r, x);
}
inline double acosh_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || x < 1.0)
    return quiet_nan();
  if (is_inf(x))
    return x;
  if (x > 268435456.0)
    return log_d(x) + kLn2Hi + kLn2Lo;
  if (x > 2.0)
    return log_d(2.0 * x - 1.0 / (x + sqrt_d(x * x - 1.0)));
  double t = x - 1.0;
  return log1p_d(t + sqrt_d(2.0 * t + t * t));
}
inline double atanh_d(double x) restrict(cpu, amp) {
  double ax = abs_(x);
  if (is_nan(x) || ax > 1.0)
    return quiet_nan();
  if (ax == 1.0)
    return copy_sign(infinity(), x);
  double r;
  if (ax < 0.5) {
    double t = ax + ax;
    r = 0.5 * log1p_d(t + t * ax / (1.0 - ax));
  } else {
    r = 0.5 * log1p_d((ax + ax) / (1.0 - ax));
  }
  return copy_sign(r, x);
}

// ---- roots and distances ----
inline double cbrt_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || is_inf(x) || x == 0)
    return x;
  int e;
  double m = glsl::FrexpStruct(abs_(x), &e); // [0.5, 1)
  int j = e % 3;
  if (j < 0)
    j += 3;
  int k = (e - j) / 3;
  m = glsl::Ldexp(m, j); // [0.5, 4)
  double y = exp_d(log_d(m) / 3.0);
  y = y - (y * y * y - m) / (3.0 * y * y);
  return copy_sign(glsl::Ldexp(y, k), x);
}
inline double hypot_d(double x, double y) restrict(cpu, amp) {
  if (is_inf(x) || is_inf(y))
    return infinity();
  if (is_nan(x) || is_nan(y))
    return quiet_nan();
  double ax = abs_(x), ay = abs_(y);
  double a = ax > ay ? ax : ay, b = ax > ay ? ay : ax;
  if (a == 0)
    return 0.0;
  double r = b / a;
  return a * sqrt_d(1.0 + r * r);
}

// ---- remainders ----
// |x| mod |y| exactly, by long division (every subtraction is exact); `quo`
// gets the low 31 bits of the integer quotient. x, y finite, y != 0.
inline double fmod_core(double x, double y, unsigned &quo) restrict(cpu, amp) {
  double r = abs_(x), ay = abs_(y);
  quo = 0;
  int ey;
  glsl::FrexpStruct(ay, &ey);
  while (r >= ay) {
    int er;
    glsl::FrexpStruct(r, &er);
    int k = er - ey;
    double t = scale(ay, k);
    if (t > r) {
      k = k - 1;
      t = scale(ay, k);
    }
    r = r - t;
    if (k < 31)
      quo = quo | (1u << k);
  }
  return r;
}
inline double fmod_d(double x, double y) restrict(cpu, amp) {
  if (is_nan(x) || is_nan(y) || is_inf(x) || y == 0)
    return quiet_nan();
  if (is_inf(y))
    return x;
  unsigned q;
  return copy_sign(fmod_core(x, y, q), x);
}
// The remainder of round-half-even(x / y), and the low 31 bits of that quotient
// with its sign.
inline double remquo_d(double x, double y, int &quo) restrict(cpu, amp) {
  quo = 0;
  if (is_nan(x) || is_nan(y) || is_inf(x) || y == 0)
    return quiet_nan();
  if (is_inf(y))
    return x;
  unsigned q;
  double r = fmod_core(x, y, q);
  double ay = abs_(y);
  if (r > ay - r || (r == ay - r && (q & 1u))) {
    r = r - ay;
    q = q + 1u;
  }
  int qs = static_cast<int>(q & 0x7fffffffu);
  quo = sign_bit(x) != sign_bit(y) ? -qs : qs;
  return sign_bit(x) ? -r : r;
}

// ---- fused multiply-add ----
// a * b + c as p + e + c (error-free), summed with one final rounding of the
// two small parts: correctly rounded except in rare ties, see docs/math.md.
inline double fma_d(double a, double b, double c) restrict(cpu, amp) {
  double p = a * b;
  if (is_nan(p) || is_inf(p) || is_inf(c) || is_nan(c) || p == 0 || abs_(a) > 1e290 ||
      abs_(b) > 1e290)
    return p + c;
  double pe;
  two_prod(a, b, p, pe);
  double s, t;
  two_sum(p, c, s, t);
  double u, v;
  two_sum(t, pe, u, v);
  return s + (u + v);
}

// ---- error function ----
// erf(x) for |x| < 0.5: Taylor series to x^27.
inline double erf_small(double x) restrict(cpu, amp) {
  double z = x * x;
  double p = -1.0 / (6227020800.0 * 27.0);
  p = p * z + 1.0 / (479001600.0 * 25.0);
  p = p * z - 1.0 / (39916800.0 * 23.0);
  p = p * z + 1.0 / (3628800.0 * 21.0);
  p = p * z - 1.0 / (362880.0 * 19.0);
  p = p * z + 1.0 / (40320.0 * 17.0);
  p = p * z - 1.0 / (5040.0 * 15.0);
  p = p * z + 1.0 / (720.0 * 13.0);
  p = p * z - 1.0 / (120.0 * 11.0);
  p = p * z + 1.0 / (24.0 * 9.0);
  p = p * z - 1.0 / (6.0 * 7.0);
  p = p * z + 1.0 / 10.0;
  p = p * z - 1.0 / 3.0;
  return kTwoOverSqrtPi * (x + (x * z) * p);
}
// e^(-x^2) with x^2 taken exactly.
inline double exp_minus_square(double x) restrict(cpu, amp) {
  double h, l;
  two_prod(x, x, h, l);
  double e = exp_d(-h);
  return e - e * l;
}
// erfc(x) for x >= 0.5: erfc x = (2x/pi) e^(-x^2) int_0^inf e^(-t^2)/(t^2+x^2) dt
// by the trapezoidal rule with step 1/2, whose error is below 2^-56 once the
// pole term 2 / (1 - e^(4 pi x)) is added (it matters only below x = 6).
inline double erfc_large(double x) restrict(cpu, amp) {
  if (x > 27.3)
    return 0.0;
  double z = x * x;
  double s = 0.5 / z;
  s = s + 0.7788007830714049 / (z + 0.25);
  s = s + 0.36787944117144233 / (z + 1.0);
  s = s + 0.10539922456186433 / (z + 2.25);
  s = s + 0.01831563888873418 / (z + 4.0);
  s = s + 0.0019304541362277093 / (z + 6.25);
  s = s + 0.00012340980408667956 / (z + 9.0);
  s = s + 4.785117392129009e-06 / (z + 12.25);
  s = s + 1.1253517471925912e-07 / (z + 16.0);
  s = s + 1.6052280551856116e-09 / (z + 20.25);
  s = s + 1.3887943864964021e-11 / (z + 25.0);
  s = s + 7.287724095819692e-14 / (z + 30.25);
  s = s + 2.3195228302435696e-16 / (z + 36.0);
  double r = (x / kPiHi) * exp_minus_square(x) * s;
  if (x < 6.0)
    r = r - 2.0 / expm1_d(4.0 * kPiHi * x);
  return r;
}
inline double erf_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  double ax = abs_(x);
  if (ax < 0.5)
    return erf_small(x);
  double r = ax > 6.0 ? 1.0 : 1.0 - erfc_large(ax);
  return copy_sign(r, x);
}
inline double erfc_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (x < -6.0)
    return 2.0;
  if (x <= -0.5)
    return 2.0 - erfc_large(-x);
  if (x < 0.5)
    return 1.0 - erf_small(x);
  return erfc_large(x);
}
// One Halley step towards f(x) = 0 for f = erf - y or erfc - y (both have
// f'' = -2x f'): x - d / (1 + x d), d = f / f'.
inline double erf_halley(double x, double f, double fprime) restrict(cpu, amp) {
  double d = f / fprime;
  return x - d / (1.0 + x * d);
}
// A start within 0.2% (Winitzki's approximation), from log(1 - y^2).
inline double erfinv_start(double log1my2) restrict(cpu, amp) {
  const double a = 0.147;
  double t = 2.0 / (kPiHi * a) + 0.5 * log1my2;
  return sqrt_d(sqrt_d(t * t - log1my2 / a) - t);
}
// x >= 0 with erfc(x) = z, 0 < z <= 0.5.
inline double erfcinv_small(double z) restrict(cpu, amp) {
  double x = erfinv_start(log_d(z) + log_d(2.0 - z));
  for (int i = 0; i < 4; ++i)
    x = erf_halley(x, erfc_d(x) - z, -kTwoOverSqrtPi * exp_minus_square(x));
  return x;
}
inline double erfinv_d(double y) restrict(cpu, amp) {
  double ay = abs_(y);
  if (is_nan(y) || ay > 1.0)
    return quiet_nan();
  if (ay == 1.0)
    return copy_sign(infinity(), y);
  if (ay > 0.5)
    return copy_sign(erfcinv_small(1.0 - ay), y);
  // Winitzki's start cancels for small y, where erf x ~ 2x / sqrt(pi) is better.
  double x = ay < 0.01 ? y / kTwoOverSqrtPi : copy_sign(erfinv_start(log1p_d(-ay * ay)), y);
  for (int i = 0; i < 4; ++i)
    x = erf_halley(x, erf_d(x) - y, kTwoOverSqrtPi * exp_minus_square(x));
  return x;
}
inline double erfcinv_d(double z) restrict(cpu, amp) {
  if (is_nan(z) || z < 0 || z > 2.0)
    return quiet_nan();
  if (z == 0)
    return infinity();
  if (z == 2.0)
    return -infinity();
  if (z < 0.5)
    return erfcinv_small(z);
  if (z > 1.5)
    return -erfcinv_small(2.0 - z);
  return erfinv_d(1.0 - z);
}
// The standard normal distribution and its inverse.
inline double phi_d(double x) restrict(cpu, amp) { return 0.5 * erfc_d(-x * kInvSqrt2); }
inline double probit_d(double p) restrict(cpu, amp) { return -kSqrt2 * erfcinv_d(2.0 * p); }

// ---- gamma ----
// Lanczos' series (g = 7, 9 terms) for x >= 0.5: Gamma(x) = sqrt(2 pi)
// t^(x - 1/2) e^-t A(x), t = x + 6.5.
inline double lanczos_sum(double z) restrict(cpu, amp) { // z = x - 1
  return 0.99999999999980993 + 676.5203681218851 / (z + 1.0) -
         1259.1392167224028 / (z + 2.0) + 771.32342877765313 / (z + 3.0) -
         176.61502916214059 / (z + 4.0) + 12.507343278686905 / (z + 5.0) -
         0.13857109526572012 / (z + 6.0) + 9.9843695780195716e-6 / (z + 7.0) +
         1.5056327351493116e-7 / (z + 8.0);
}
// Gamma(x) = (a * p) * p with a = sqrt(2 pi) A(x) e^-t p and p =
// t^((x - 1/2) / 2): t^(x - 1/2) alone overflows long before Gamma does.
inline void tgamma_parts(double x, double &a, double &p) restrict(cpu, amp) {
  double z = x - 1.0;
  double t = z + 7.5;
  p = pow_d(t, 0.5 * (z + 0.5));
  a = (kSqrt2Pi * lanczos_sum(z)) * p * exp_d(-t);
}
inline double tgamma_pos(double x) restrict(cpu, amp) {
  if (x > 171.62437695630272) // Gamma overflows beyond
    return infinity();
  double a, p;
  tgamma_parts(x, a, p);
  return a * p;
}
inline double tgamma_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || (is_inf(x) && x > 0))
    return x;
  if (x == 0)
    return copy_sign(infinity(), x);
  if (is_inf(x) || (x < 0 && is_integer(x)))
    return quiet_nan();
  if (x >= 1.0 && x <= 23.0 && is_integer(x)) { // (x - 1)! is exact in double
    double f = 1.0;
    for (double k = 2.0; k < x; k = k + 1.0)
      f = f * k;
    return f;
  }
  if (x >= 0.5)
    return tgamma_pos(x);
  if (x < -184.0) // |Gamma(x)| < 2^-1074: zero with the sign Gamma has there
    return is_integer(glsl::Floor(x) * 0.5) ? 0.0 : -0.0;
  // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x), dividing by the
  // parts of Gamma(1 - x), which may overflow where Gamma(x) is still normal.
  double a, p;
  tgamma_parts(1.0 - x, a, p);
  return ((kPiHi / sinpi_d(x)) / a) / p;
}
// log Gamma(1 + e) for |e| <= 1/2: -gamma e + sum_k>=2 (-1)^k zeta(k) e^k / k,
// written as e - log(1 + e) + sum (-1)^k (zeta(k) - 1) e^k / k, which
// converges like 2^-k (to e^31 here).
inline double lgamma1p_small(double e) restrict(cpu, amp) {
  double p = -1.5021384080754142e-11;
  p = p * e + 3.1044247747322276e-11;
  p = p * e - 6.4229645638381e-11;
  p = p * e + 1.330476437424449e-10;
  p = p * e - 2.7595228851242334e-10;
  p = p * e + 5.731367241678862e-10;
  p = p * e - 1.1921401405860912e-09;
  p = p * e + 2.4836745438024785e-09;
  p = p * e - 5.183475041970047e-09;
  p = p * e + 1.0838659214896955e-08;
  p = p * e - 2.2711094608943164e-08;
  p = p * e + 4.7698101693639804e-08;
  p = p * e - 1.0043224823968099e-07;
  p = p * e + 2.1207184805554665e-07;
  p = p * e - 4.492469198764566e-07;
  p = p * e + 9.55141213040742e-07;
  p = p * e - 2.039215753801366e-06;
  p = p * e + 4.374866789907488e-06;
  p = p * e - 9.439488275268397e-06;
  p = p * e + 2.050721277567069e-05;
  p = p * e - 4.492623673813314e-05;
  p = p * e + 9.945751278180853e-05;
  p = p * e - 0.00022315475845357939;
  p = p * e + 0.0005096695247430425;
  p = p * e - 0.001192753911703261;
  p = p * e + 0.0028905103307415234;
  p = p * e - 0.007385551028673986;
  p = p * e + 0.020580808427784546;
  p = p * e - 0.0673523010531981;
  p = p * e + 0.3224670334241132;
  return (e * (1.0 - kEulerGamma) - log1p_d(e)) + (e * e) * p;
}
inline double lgamma_pos(double x) restrict(cpu, amp) { // x >= 0.5
  if (x <= 1.5)
    return lgamma1p_small(x - 1.0);
  if (x <= 2.5) // log Gamma(2 + e) = log Gamma(1 + e) + log(1 + e)
    return lgamma1p_small(x - 2.0) + log1p_d(x - 2.0);
  if (x <= 3.5) // log Gamma(3 + e) = log Gamma(1 + e) + log(1 + e) + log(2 + e)
    return lgamma1p_small(x - 3.0) + (log1p_d(x - 3.0) + log_d(x - 1.0));
  double z = x - 1.0;
  double t = z + 7.5;
  return (z + 0.5) * log_d(t) - t + log_d(kSqrt2Pi * lanczos_sum(z));
}
inline double lgamma_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (is_inf(x))
    return infinity();
  if (x <= 0 && is_integer(x))
    return infinity();
  if (x >= 0.5)
    return lgamma_pos(x);
  // Reflection: log|Gamma(x)| = log(pi / |sin(pi x)|) - log|Gamma(1 - x)|
  return log_d(kPiHi / abs_(sinpi_d(x))) - lgamma_pos(1.0 - x);
}

// ---- exponent and representation ----
inline int ilogb_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return FP_ILOGBNAN;
  if (x == 0)
    return FP_ILOGB0;
  if (is_inf(x))
    return 2147483647;
  int e;
  glsl::FrexpStruct(x, &e);
  return e - 1;
}
inline double logb_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (x == 0)
    return -infinity();
  if (is_inf(x))
    return infinity();
  return static_cast<double>(ilogb_d(x));
}
inline double frexp_d(double x, int &e) restrict(cpu, amp) {
  e = 0;
  if (is_nan(x) || is_inf(x) || x == 0)
    return x;
  return glsl::FrexpStruct(x, &e);
}
inline double modf_d(double x, double &whole) restrict(cpu, amp) {
  if (is_nan(x)) {
    whole = x;
    return x;
  }
  if (is_inf(x)) {
    whole = x;
    return copy_sign(0.0, x);
  }
  whole = glsl::Trunc(x);
  return copy_sign(x - whole, x);
}
inline double nextafter_d(double x, double y) restrict(cpu, amp) {
  if (is_nan(x) || is_nan(y))
    return quiet_nan();
  if (x == y)
    return y;
  if (x == 0)
    return copy_sign(spirv::WordsDouble(0u, 1u), y);
  unsigned hi = spirv::DoubleHigh(x), lo = spirv::DoubleLow(x);
  // Away from zero when y lies beyond x, else towards zero.
  if ((y > x) == (x > 0)) {
    lo = lo + 1u;
    if (lo == 0u)
      hi = hi + 1u;
  } else {
    if (lo == 0u)
      hi = hi - 1u;
    lo = lo - 1u;
  }
  return spirv::WordsDouble(hi, lo);
}
inline double round_d(double x) restrict(cpu, amp) { // halfway cases away from zero
  double t = glsl::Trunc(x);
  if (abs_(x - t) >= 0.5)
    t = t + copy_sign(1.0, x);
  return t;
}
inline int fpclassify_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return FP_NAN;
  if (is_inf(x))
    return FP_INFINITE;
  if (x == 0)
    return FP_ZERO;
  return abs_(x) < 2.2250738585072014e-308 ? FP_SUBNORMAL : FP_NORMAL;
}

} // namespace pm
} // namespace detail
} // namespace Concurrency

#endif
