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

// (h + l) = (h + l) x + (ch + cl), a double-double Horner step.
inline void dd_mul_add(double &h, double &l, double x, double ch, double cl) restrict(cpu, amp) {
  double p, pe;
  two_prod(h, x, p, pe);
  pe = pe + l * x;
  double s, se;
  two_sum(p, ch, s, se);
  two_sum(s, se + (pe + cl), h, l);
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
// 2/pi in base 2^24: 2/pi = sum_i kTwoOverPiDigits[i] 2^(-24 (i + 1)), 1248
// bits (computed with Machin's formula in integer arithmetic, checked against
// mpmath): enough for the largest double (2^1024 needs the bits from 2^-1000
// on) plus the 168 bits below the binary point that trig_reduce_large keeps.
const double kTwoOverPiDigits[52] = {
    10680707.0, 7228996.0, 1387004.0, 2578385.0,
    16069853.0, 12639074.0, 9804092.0, 4427841.0,
    16666979.0, 11263675.0, 12935607.0, 2387514.0,
    4345298.0, 14681673.0, 3074569.0, 13734428.0,
    16653803.0, 1880361.0, 10960616.0, 8533493.0,
    3062596.0, 8710556.0, 7349940.0, 6258241.0,
    3772886.0, 3769171.0, 3798172.0, 8675211.0,
    12450088.0, 3874808.0, 9961438.0, 366607.0,
    15675153.0, 9132554.0, 7151469.0, 3571407.0,
    2607881.0, 12013382.0, 4155038.0, 6285869.0,
    7677882.0, 13102053.0, 15825725.0, 473591.0,
    9065106.0, 15363067.0, 6271263.0, 9264392.0,
    5636912.0, 4652155.0, 7056368.0, 13614112.0};
inline double two_over_pi_digit(int i) restrict(cpu, amp) { // digit i >= 1, else 0
  return i >= 1 && i <= 52 ? kTwoOverPiDigits[i - 1] : 0.0;
}
// x = q pi/2 + (rh + rl) for finite x with |x| >= 2^-27, |rh| <= pi/4 and a
// relative error near 2^-100 for every such double (Payne-Hanek). |x| = N
// 2^(24 s) with N = n0 B^3 + n1 B^2 + n2 B + n3 (B = 2^24, digits n_j < B); the
// products of those digits with the digits c_i of 2/pi are below 2^48, so
// every partial product and every column sum below is exact in double. Columns
// weighted B^k with k >= 1 are multiples of 2^24, so of 4, and drop out (only
// q mod 4 matters); the columns B^0 ... B^-7 are summed exactly, with carries,
// and give 2x/pi mod 4 to 2^-168, more than the 2^-62 by which a double can
// come closest to a multiple of pi/2 plus the 106 bits kept of the remainder.
inline void trig_reduce_large(double x, int &q, double &rh, double &rl) restrict(cpu, amp) {
  const double B = 16777216.0, IB = 1.0 / 16777216.0;
  int e;
  double m = glsl::FrexpStruct(abs_(x), &e); // |x| = m 2^e = (m 2^53) 2^(e - 53)
  int E = e - 53;
  int s = E >= 0 ? E / 24 : -((23 - E) / 24); // floor(E / 24)
  double n = glsl::Ldexp(m, 53 + (E - 24 * s)); // N < 2^77, 53 significant bits
  double d[4];
  d[0] = glsl::Floor(n * (IB * IB * IB)); // each remainder keeps a subset of n's bits: exact
  n = n - d[0] * (B * B * B);
  d[1] = glsl::Floor(n * (IB * IB));
  n = n - d[1] * (B * B);
  d[2] = glsl::Floor(n * IB);
  d[3] = n - d[2] * B;
  // Column k (weight B^-k) gets n_j c_i with i = k + 3 + s - j.
  double f[8];
  for (int k = 0; k < 8; ++k) {
    double c = 0.0;
    for (int j = 0; j < 4; ++j)
      c = c + d[j] * two_over_pi_digit(k + 3 + s - j);
    f[k] = c;
  }
  for (int k = 7; k >= 1; --k) { // carries, so that 0 <= f[k] < B for k >= 1
    double carry = glsl::Floor(f[k] * IB);
    f[k] = f[k] - carry * B;
    f[k - 1] = f[k - 1] + carry;
  }
  double q4 = f[0] - 4.0 * glsl::Floor(f[0] * 0.25);
  // The fraction is sum f[k] B^-k in [0, 1); from 1/2 on, round q up and take
  // 1 - fraction (digit complement) with a minus sign: all digits stay >= 0,
  // so the sum below has no cancellation.
  bool up = f[1] >= 0.5 * B;
  if (up) {
    q4 = q4 + 1.0;
    for (int k = 1; k < 7; ++k)
      f[k] = (B - 1.0) - f[k];
    f[7] = B - f[7];
  }
  double w = IB * IB * IB * IB * IB * IB * IB; // B^-7
  double h = f[7] * w, l = 0.0;
  for (int k = 6; k >= 1; --k) {
    w = w * B;
    double t, err;
    two_sum(f[k] * w, h, t, err);
    h = t;
    l = l + err;
  }
  double fh, fl;
  two_sum(h, l, fh, fl);
  if (up) {
    fh = -fh;
    fl = -fl;
  }
  // (fh + fl) pi/2, pi/2 = kPio2Hi + kPio2Lo.
  double p, pe;
  two_prod(fh, kPio2Hi, p, pe);
  pe = pe + (fh * kPio2Lo + fl * kPio2Hi);
  two_sum(p, pe, rh, rl);
  int qi = static_cast<int>(q4) & 3;
  if (sign_bit(x)) { // -x = (-q) pi/2 - r
    qi = (4 - qi) & 3;
    rh = -rh;
    rl = -rl;
  }
  q = qi;
}
// x = q pi/2 + (rh + rl), |rh| <= pi/4: Cody-Waite with four pieces of pi/2,
// whose products with k are exact while |k| < 2^20 (their 132 bits of pi/2
// leave 2^-112 absolute error at most), for |x| < kTrigReduceCW; beyond, and
// at every size the exact trig_reduce_large.
const double kTrigReduceCW = 1024.0;
inline void trig_reduce(double x, int &q, double &rh, double &rl) restrict(cpu, amp) {
  if (abs_(x) >= kTrigReduceCW) {
    trig_reduce_large(x, q, rh, rl);
    return;
  }
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
  // z = x^2 = zh + zl exactly; the sum is taken at zh, smallest terms first,
  // and the first-order term of zl (every term is about w / z) added after.
  double zh, zl;
  two_prod(x, x, zh, zl);
  double s = 2.3195228302435696e-16 / (zh + 36.0);
  s = s + 7.287724095819692e-14 / (zh + 30.25);
  s = s + 1.3887943864964021e-11 / (zh + 25.0);
  s = s + 1.6052280551856116e-09 / (zh + 20.25);
  s = s + 1.1253517471925912e-07 / (zh + 16.0);
  s = s + 4.785117392129009e-06 / (zh + 12.25);
  s = s + 0.00012340980408667956 / (zh + 9.0);
  s = s + 0.0019304541362277093 / (zh + 6.25);
  s = s + 0.01831563888873418 / (zh + 4.0);
  s = s + 0.10539922456186433 / (zh + 2.25);
  s = s + 0.36787944117144233 / (zh + 1.0);
  s = s + 0.7788007830714049 / (zh + 0.25);
  s = s + 0.5 / zh;
  s = s - s * (zl / zh);
  // (x / pi) e^-x^2 s with x / pi in double-double and one final rounding.
  double qh, ql;
  two_prod(x, 0.3183098861837907, qh, ql); // 1 / pi = hi + lo
  ql = ql + x * -1.9678676675182486e-17;
  double em = exp_minus_square(x) * s;
  double r = qh * em + ql * em;
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
// phi(x) = erfc(-x / sqrt 2) / 2 with -x / sqrt 2 = zh + zl in double-double:
// in the left tail erfc(z) falls like e^-z^2, so a rounded zh alone would
// cost 2 z^2 times its rounding error (1500 ULP at x = -37); the first-order
// term -zl erfc'(zh) = zl (2 / sqrt pi) e^-zh^2 restores it.
inline double phi_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  double zh, zl;
  two_prod(-x, kInvSqrt2, zh, zl);
  zl = zl - x * -4.833646656726457e-17; // 1 / sqrt 2 = kInvSqrt2 + that
  double r = erfc_d(zh);
  if (abs_(zh) < 27.3)
    r = r - zl * (kTwoOverSqrtPi * exp_minus_square(zh));
  return 0.5 * r;
}
inline double probit_d(double p) restrict(cpu, amp) { return -kSqrt2 * erfcinv_d(2.0 * p); }

// ---- gamma ----
// Gamma(x) and log|Gamma(x)| both start from x = n + e, n = round(x), |e| <=
// 1/2 (exact): Gamma(1 + e) comes from the series lgamma1p_small(e), and the
// factors that the recurrence Gamma(z + 1) = z Gamma(z) puts between Gamma(x)
// and Gamma(1 + e), x - 1, x - 2, ..., 1 + e for n >= 2 and x, x + 1, ..., e
// for n <= 0, are all exact doubles (each is a multiple of ulp(x) no larger
// than |x|). Their product is kept in double-double, so it carries no
// rounding error worth counting; this replaces Lanczos' approximation and the
// reflection formula, whose errors (relative 1e-15, and pi / sin(pi x)) were
// the ULP that docs/math.md lists for older versions.
// log Gamma(2 + e) for |e| <= 1/2 as h + l: log Gamma(1 + e) = -gamma e +
// sum_k>=2 (-1)^k zeta(k) e^k / k = e - log(1 + e) + sum (-1)^k (zeta(k) - 1)
// e^k / k, which converges like 2^-k (to e^31 here); adding log(1 + e)
// leaves e (1 - gamma) + e^2 p(e), with no logarithm and little cancellation.
inline void lgamma2p_small(double e, double &h, double &l) restrict(cpu, amp) {
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
  // The four largest terms in double-double (coefficients as hi + lo), so
  // that lgamma keeps its relative accuracy closer to its zeros.
  double pl = 0.0;
  dd_mul_add(p, pl, e, -0.007385551028673986, -4.1051370891788617e-19);
  dd_mul_add(p, pl, e, 0.020580808427784546, 1.4629392512775695e-18);
  dd_mul_add(p, pl, e, -0.0673523010531981, -6.87667631175899e-18);
  dd_mul_add(p, pl, e, 0.3224670334241132, 1.520336175199238e-17);
  double sq, sqe;
  two_prod(e, e, sq, sqe);
  double q, qe;
  two_prod(sq, p, q, qe);
  qe = qe + (sq * pl + sqe * p);
  double a, ae;
  two_prod(e, 0.42278433509846713, a, ae); // 1 - gamma = hi + lo
  ae = ae + e * 4.942915152430645e-18;
  two_sum(a, q, h, l);
  l = l + (ae + qe);
}
// log Gamma(1 + e) = log Gamma(2 + e) - log(1 + e), |e| <= 1/2, as h + l;
// log(1 + e) from log_dd where 1 + e is exact, else (|e| below 2^-53 or so)
// from log1p.
inline void lgamma1p_small(double e, double &h, double &l) restrict(cpu, amp) {
  double a, b;
  lgamma2p_small(e, a, b);
  double lh, ll;
  double u = 1.0 + e;
  if (u - 1.0 == e) {
    log_dd(u, lh, ll);
  } else {
    lh = log1p_d(e);
    ll = 0.0;
  }
  double t;
  two_sum(a, -lh, h, t);
  l = t + (b - ll);
}
// The product of the recurrence's factors as (ph + pl) 2^p2, for x finite,
// not an integer <= 0, -200 < x < 200: n >= 2: Gamma(x) = Gamma(2 + e) (x -
// 1) ... (x - (n - 2)); n <= 1: Gamma(x) = Gamma(1 + e) / (x (x + 1) ... (x -
// n)). `up` gets whether n >= 2, gh + gl log Gamma(2 + e) or log Gamma(1 + e).
inline void gamma_shift(double x, double &ph, double &pl, int &p2, bool &up, double &gh,
                        double &gl) restrict(cpu, amp) {
  double n = glsl::RoundEven(x);
  double e = x - n;
  up = n >= 2.0;
  ph = 1.0;
  pl = 0.0;
  p2 = 0;
  int count = up ? static_cast<int>(n) - 2 : n == 1.0 ? 0 : 1 - static_cast<int>(n);
  for (int j = 0; j < count; ++j) {
    double a = up ? x - static_cast<double>(j + 1) : x + static_cast<double>(j);
    double p, pe;
    two_prod(ph, a, p, pe);
    pe = pe + pl * a;
    two_sum(p, pe, ph, pl);
    if (abs_(ph) > 1.0e150) { // two_prod needs factors below 2^995
      ph = glsl::Ldexp(ph, -1000);
      pl = glsl::Ldexp(pl, -1000);
      p2 = p2 + 1000;
    }
  }
  if (up)
    lgamma2p_small(e, gh, gl);
  else
    lgamma1p_small(e, gh, gl);
}
inline double tgamma_d(double x) restrict(cpu, amp) {
  if (is_nan(x) || (is_inf(x) && x > 0))
    return x;
  if (x == 0)
    return copy_sign(infinity(), x);
  if (is_inf(x) || (x < 0 && is_integer(x)))
    return quiet_nan();
  if (x > 171.62437695630272) // Gamma overflows beyond
    return infinity();
  if (x < -184.0) // |Gamma(x)| < 2^-1074: zero with the sign Gamma has there
    return is_integer(glsl::Floor(x) * 0.5) ? 0.0 : -0.0;
  double ph, pl, lh, ll;
  int p2;
  bool up;
  gamma_shift(x, ph, pl, p2, up, lh, ll);
  double g = exp_d(lh); // Gamma(2 + e) or Gamma(1 + e), in [0.88, 3.4]
  g = g + g * ll;
  if (up)
    return scale(g * ph + g * pl, p2);
  double q = g / ph; // g / (ph + pl) = q (1 - pl / ph) to 2^-106
  return scale(q - q * (pl / ph), -p2);
}
// log Gamma(x) for x >= 10: Stirling's series, (x - 1/2) log x - x + log(2 pi)
// / 2 + sum B_2k / (2k (2k - 1) x^(2k - 1)) (9 terms: below 2^-60 from x = 10
// on), the large terms in double-double so that their cancellation costs
// nothing.
inline double lgamma_stirling(double x) restrict(cpu, amp) {
  double lh, ll;
  log_dd(x, lh, ll);
  if (x > 4503599627370496.0) // 2^52: x (log x - 1), lh - 1 is exact
    return x * ((lh - 1.0) + ll);
  double z = 1.0 / (x * x);
  double s = 43867.0 / 244188.0;
  s = s * z - 3617.0 / 122400.0;
  s = s * z + 1.0 / 156.0;
  s = s * z - 691.0 / 360360.0;
  s = s * z + 1.0 / 1188.0;
  s = s * z - 1.0 / 1680.0;
  s = s * z + 1.0 / 1260.0;
  s = s * z - 1.0 / 360.0;
  s = s * z + 1.0 / 12.0;
  s = s / x;
  double t = x - 0.5; // exact
  double p, pe;
  two_prod(t, lh, p, pe);
  pe = pe + t * ll;
  double h, u;
  two_sum(p, -x, h, u);
  return h + (((u + pe) + 0.91893853320467278) + s); // log(2 pi) / 2
}
// Next to the zeros of log|Gamma| below -2 the recurrence's two logarithms
// (each about 1/2) cancel to far less than their own rounding error, so there
// lgamma is its Taylor series at the zero, sum c_k (x - x0)^k, c_k =
// psi^(k-1)(x0) / k!, with x0 in three doubles (x - a is exact, the distance
// keeps its relative accuracy however close x comes). The zeros, half-widths
// and degrees (series truncated below 2^-58 relative) come from mpmath at 400
// bits: each window is twice the distance within which the general method
// measured more than 3 ULP; beyond -7 it measures below 2 ULP at every zero.
const double kLgammaZeros[] = { // x0 = a + b + c, half-width r
    -2.4570247382208006, -3.7075610815513266e-17, -1.3622663121726005e-33, 0.02,
    -2.7476826467274127, 9.055340329338315e-17, 3.322761057167369e-33, 0.02,
    -3.14358088834998, -2.1818179852331714e-16, -1.1246581285745781e-32, 0.002,
    -3.955294284858598, -1.999428391746348e-17, 6.2357435447617e-34, 2e-05,
    -4.039361839740537, 2.1143995503980602e-16, -3.5961421111626576e-33, 2e-05,
    -4.991544640560048, 1.5174411760571722e-16, -9.643515906617392e-34, 2e-07,
    -5.0082181683225935, -4.3926353491015815e-17, -2.68183947324466e-33, 2e-08,
    -5.998607480080875, -3.311862478893795e-16, 3.4720224807210337e-33, 2e-11,
    -6.001385294453155, 6.415847287933042e-17, -1.116080967205309e-33, 2e-11,
    -6.999801507890638, 1.0550130037400023e-17, -4.08696427365735e-34, 2e-14,
    -7.000198333407325, 2.504354173632409e-16, 2.413795840298293e-32, 2e-14,
};
const int kLgammaZeroTerms[] = {0, 13, 13, 16, 29, 9, 38, 5, 43, 6, 49, 4, 53, 4, 57, 3, 60, 3, 63, 2, 65, 2}; // first coefficient, count
const double kLgammaZeroCoefs[] = {
    1.5156034480216574, 4.8583209516339965, 1.41129114307798, 8.721782583815346, 5.800414566599873, 24.824942121894072, 24.038823062292956, 82.22915682704253, 100.6481235455116, 296.43641350761317, 425.17984568438214, 1130.457858177513, 1811.2054188018712,
    -1.9143501856115988, 9.575189475709667, -20.095134916842603, 62.627282713513715, -194.76615530344623, 646.9059997129283, -2193.112776480624, 7610.397986658329, -26804.57842061811, 95617.4516433497, -344497.5934348329, 1251567.4465251002, -4578716.594581718, 16850484.270697366, -62330684.832407415, 231593359.80352938,
    7.781884658131351, 25.831338372387957, 112.268986297176, 588.8907422380014, 3277.1937854953417, 19023.061984356358, 113559.66423713516, 692049.6022897746, 4284377.443645979,
    -20.725060845803707, 251.7146825868894, -3730.6047156806126, 62588.08191876606, -1119991.501665522,
    26.790480886140593, 324.25532293784715, 5465.691820777134, 104145.55520145541, 2116669.417577535, 44812215.95015571,
    -116.53578161624363, 6995.235954894064, -551419.9978512884, 48911582.709059045,
    123.3621845633534, 7404.762432228682, 600556.168452811, 54807486.35665586,
    -716.2454304275473, 257851.58963956262, -123445282.15783688,
    723.7366299252801, 260548.41030309396, 125386984.94090366,
    -5035.967373768125, 12690641.16604718,
    5044.029941110829, 12710958.833951395,
};
inline bool lgamma_near_zero(double x, double &out) restrict(cpu, amp) {
  for (int i = 0; i < 11; ++i) {
    double d = x - kLgammaZeros[4 * i];
    if (abs_(d) > kLgammaZeros[4 * i + 3])
      continue;
    d = (d - kLgammaZeros[4 * i + 1]) - kLgammaZeros[4 * i + 2];
    int first = kLgammaZeroTerms[2 * i], count = kLgammaZeroTerms[2 * i + 1];
    double p = 0.0;
    for (int k = count - 1; k >= 0; --k)
      p = p * d + kLgammaZeroCoefs[first + k];
    out = p * d;
    return true;
  }
  return false;
}
inline double lgamma_d(double x) restrict(cpu, amp) {
  if (is_nan(x))
    return x;
  if (is_inf(x))
    return infinity();
  if (x <= 0 && is_integer(x))
    return infinity();
  if (x >= 10.0)
    return lgamma_stirling(x);
  if (x < -40.0) // reflection: log(pi / |sin(pi x)|) - log Gamma(1 - x), no
                 // cancellation this far out (|lgamma(x)| > 30)
    return log_d(kPiHi / abs_(sinpi_d(x))) - lgamma_stirling(1.0 - x);
  double z;
  if (x < -2.3 && x > -7.1 && lgamma_near_zero(x, z))
    return z;
  double ph, pl, gh, gl;
  int p2;
  bool up;
  gamma_shift(x, ph, pl, p2, up, gh, gl);
  if (ph == 1.0 && pl == 0.0)
    return gh + gl;
  // log|ph + pl| = log|ph| + pl / ph in double-double: next to lgamma's zeros
  // the product is near 1 and cancels against log Gamma(1 + e), so both sides
  // carry more than double precision.
  double lh, ll;
  log_dd(abs_(ph), lh, ll);
  double k = p2;
  ll = ll + (pl / ph + k * kLn2Lo);
  double kh, kl;
  two_sum(k * kLn2Hi, lh, kh, kl);
  ll = ll + kl;
  if (!up) {
    kh = -kh;
    ll = -ll;
  }
  double h, t;
  two_sum(gh, kh, h, t);
  return h + (t + (gl + ll));
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
