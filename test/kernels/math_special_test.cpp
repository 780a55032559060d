// <amp_math.h> beyond ULP measurements: results through pointers (to locals
// and to array elements), the exact functions (ldexp, scalbn, ilogb, ...)
// compared bit for bit with the host's <cmath>, classification, and the
// special values (NaN, infinities, zeros) precise_math promises on the device.
// ampvk's precise_math tests NaN and infinity with OpIsNan/OpIsInf and builds
// them from bits, so these hold without Vulkan's float-controls modes; signed
// zeros are not promised (difftest::agrees counts +0 and -0 as equal).
#include "math_ulp.h"

using namespace concurrency;
using namespace difftest;

namespace {

// Runs r = f(x, &second) on the device with `second` an element of an
// array_view (ToElement) or a local copied out afterwards.
template <bool ToElement, typename In, typename R, typename S, typename F>
void runWithPointer(const F &f, const std::vector<In> &in, std::vector<R> &r,
                    std::vector<S> &second) {
  const int n = static_cast<int>(in.size());
  r.assign(n, R(-7));
  second.assign(n, S(-7));
  array_view<const In, 1> inView(n, in);
  array_view<R, 1> rView(n, r);
  array_view<S, 1> sView(n, second);
  parallel_for_each(rView.extent, [=](index<1> i) restrict(amp) {
    if (ToElement) {
      rView[i] = f(inView[i], &sView[i]);
    } else {
      S local = S(-3);
      rView[i] = f(inView[i], &local);
      sView[i] = local;
    }
  });
  rView.synchronize();
  sView.synchronize();
}

bool within(double got, double want, double tol) {
  if (std::isnan(want) || std::isnan(got))
    return std::isnan(want) && std::isnan(got);
  if (got == want)
    return true;
  return std::fabs(got - want) <= tol * std::max(1.0, std::fabs(want));
}

// f(x, &second) on the device, the pointer aimed at an array element and at a
// local, against f on the host: the result within `tol` (relative, absolute
// below 1), the second result exactly.
template <typename R, typename S, typename In, typename F>
void checkPointer(const char *what, double tol, const F &f, const std::vector<In> &in) {
  for (bool toElement : {true, false}) {
    std::vector<R> r;
    std::vector<S> second;
    if (toElement)
      runWithPointer<true>(f, in, r, second);
    else
      runWithPointer<false>(f, in, r, second);
    int reported = 0;
    for (std::size_t i = 0; i < in.size() && reported < 5; ++i) {
      S hs;
      R hr = f(in[i], &hs);
      if (!within(r[i], hr, tol) || !within(second[i], hs, tol)) {
        ADD_FAILURE() << what << (toElement ? " (to an array element)" : " (to a local)")
                      << " element " << i << ": device " << show(r[i]) << ", " << show(second[i])
                      << "; host " << show(hr) << ", " << show(hs);
        ++reported;
      }
    }
  }
}

template <typename T> struct XY {
  T x, y;
};

template <typename T> std::vector<T> frexpInputs() {
  std::vector<T> v = mathulp::magnitudes<T>(1e-30L, 1e30L, true, {T(0), T(1), T(-0.5), T(3)}, 4096);
  return v;
}

TEST(MathPointers, frexp) {
  auto ff = [](float x, int *e) restrict(cpu, amp) { return fast_math::frexpf(x, e); };
  auto fo = [](float x, int *e) restrict(cpu, amp) { return fast_math::frexp(x, e); };
  auto pf = [](float x, int *e) restrict(cpu, amp) { return precise_math::frexpf(x, e); };
  auto po = [](float x, int *e) restrict(cpu, amp) { return precise_math::frexp(x, e); };
  auto pd = [](double x, int *e) restrict(cpu, amp) { return precise_math::frexp(x, e); };
  checkPointer<float, int>("fast_math::frexpf", 0, ff, frexpInputs<float>());
  checkPointer<float, int>("fast_math::frexp", 0, fo, frexpInputs<float>());
  checkPointer<float, int>("precise_math::frexpf", 0, pf, frexpInputs<float>());
  checkPointer<float, int>("precise_math::frexp(float)", 0, po, frexpInputs<float>());
  checkPointer<double, int>("precise_math::frexp(double)", 0, pd, frexpInputs<double>());
}

TEST(MathPointers, modf) {
  auto ff = [](float x, float *ip) restrict(cpu, amp) { return fast_math::modff(x, ip); };
  auto fo = [](float x, float *ip) restrict(cpu, amp) { return fast_math::modf(x, ip); };
  auto pf = [](float x, float *ip) restrict(cpu, amp) { return precise_math::modff(x, ip); };
  auto po = [](float x, float *ip) restrict(cpu, amp) { return precise_math::modf(x, ip); };
  auto pd = [](double x, double *ip) restrict(cpu, amp) { return precise_math::modf(x, ip); };
  std::vector<float> f = mathulp::uniform<float>(-1e5L, 1e5L, {0.0f, 2.5f, -2.5f, 1e20f}, 4096);
  std::vector<double> d = mathulp::uniform<double>(-1e12L, 1e12L, {0.0, 2.5, -2.5, 1e300}, 4096);
  checkPointer<float, float>("fast_math::modff", 0, ff, f);
  checkPointer<float, float>("fast_math::modf", 0, fo, f);
  checkPointer<float, float>("precise_math::modff", 0, pf, f);
  checkPointer<float, float>("precise_math::modf(float)", 0, po, f);
  checkPointer<double, double>("precise_math::modf(double)", 0, pd, d);
}

// Microsoft's sign-returning lgamma overloads against glibc's lgamma_r: the
// sign exactly (negative non-integers on both sides of each pole, the poles,
// both zeros, infinities), the value as precise_math's lgamma.
TEST(MathPointers, lgammaWithSign) {
  auto pf = [](float x, int *s) restrict(cpu, amp) { return precise_math::lgammaf(x, s); };
  auto po = [](float x, int *s) restrict(cpu, amp) { return precise_math::lgamma(x, s); };
  auto pd = [](double x, int *s) restrict(cpu, amp) { return precise_math::lgamma(x, s); };
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> f = mathulp::uniform<float>(
      -40.0L, 40.0L, {0.0f, -0.0f, -1.0f, -2.0f, -7.0f, -0.5f, -1.5f, -2.5f, -3.25f, 1.0f, 2.0f,
                      3.5f, -1e6f - 0.5f, inf, -inf, 1e-30f, -1e-30f},
      1024);
  std::vector<double> d = mathulp::uniform<double>(
      -40.0L, 40.0L, {0.0, -0.0, -1.0, -2.0, -7.0, -0.5, -1.5, -2.5, -3.25, 3.5, -1e10 - 0.5,
                      -1e10 - 1.5, double(inf), -double(inf), 1e-300, -1e-300},
      1024);
  checkPointer<float, int>("precise_math::lgammaf(x, sign)", 1e-5, pf, f);
  checkPointer<float, int>("precise_math::lgamma(float, sign)", 1e-5, po, f);
  checkPointer<double, int>("precise_math::lgamma(double, sign)", 1e-12, pd, d);
}

TEST(MathPointers, sincos) {
  // sin through the return value, cos through the pointer.
  auto ff = [](float x, float *c) restrict(cpu, amp) {
    float s;
    fast_math::sincosf(x, &s, c);
    return s;
  };
  auto pf = [](float x, float *c) restrict(cpu, amp) {
    float s;
    precise_math::sincosf(x, &s, c);
    return s;
  };
  auto po = [](float x, float *c) restrict(cpu, amp) {
    float s;
    precise_math::sincos(x, &s, c);
    return s;
  };
  auto pd = [](double x, double *c) restrict(cpu, amp) {
    double s;
    precise_math::sincos(x, &s, c);
    return s;
  };
  std::vector<float> f = mathulp::uniform<float>(-3.14159L, 3.14159L, {0.0f, 1.0f}, 4096);
  std::vector<double> d = mathulp::uniform<double>(-100, 100, {0.0, 1.0}, 4096);
  checkPointer<float, float>("fast_math::sincosf", 0x1p-11, ff, f);
  checkPointer<float, float>("precise_math::sincosf", 0x1p-23, pf, f);
  checkPointer<float, float>("precise_math::sincos(float)", 0x1p-23, po, f);
  checkPointer<double, double>("precise_math::sincos(double)", 0x1p-51, pd, d);
}

// remquo: the host runs the same exact long division; both are checked
// against <cmath>'s remainder and its quotient bits (C promises 3, glibc gives
// 3; Microsoft promises 23, checked against the exact quotient).
template <typename T, typename F> void checkRemquo(const char *what, const F &f) {
  std::vector<XY<T>> in(4096);
  std::vector<T> xs = mathulp::uniform<T>(-1e6L, 1e6L), ys = mathulp::magnitudes<T>(0.5L, 100, true);
  for (std::size_t i = 0; i < in.size(); ++i)
    in[i] = {xs[i], ys[i]};
  in[0] = {T(5), T(2)}; // quotient 2.5 rounds to even: 2, remainder 1
  in[1] = {T(7), T(2)}; // 3.5 -> 4, remainder -1
  in[2] = {T(-7), T(2)};
  checkPointer<T, int>(what, 0, f, in);
  for (const XY<T> &v : in) {
    int q, cq;
    T r = f(v, &q);
    T cr = std::remquo(v.x, v.y, &cq);
    EXPECT_EQ(r, cr) << what << "(" << show(v.x) << ", " << show(v.y) << ")";
    EXPECT_EQ(q % 8, cq % 8) << what << "(" << show(v.x) << ", " << show(v.y) << ")";
    long double exactQ = std::nearbyint((static_cast<long double>(v.x) - cr) / v.y);
    long long low = static_cast<long long>(std::fabs(exactQ)) & 0x7fffff;
    EXPECT_EQ(q, exactQ < 0 ? -low : low) << what << "(" << show(v.x) << ", " << show(v.y) << ")";
  }
}

TEST(MathPointers, remquo) {
  auto pf = [](XY<float> v, int *q) restrict(cpu, amp) { return precise_math::remquof(v.x, v.y, q); };
  auto po = [](XY<float> v, int *q) restrict(cpu, amp) { return precise_math::remquo(v.x, v.y, q); };
  auto pd = [](XY<double> v, int *q) restrict(cpu, amp) { return precise_math::remquo(v.x, v.y, q); };
  checkRemquo<float>("precise_math::remquof", pf);
  checkRemquo<float>("precise_math::remquo(float)", po);
  checkRemquo<double>("precise_math::remquo(double)", pd);
}

// ---- exact functions: bit for bit with <cmath> ----
template <typename T> std::vector<T> someValues(std::size_t n = 4096) {
  return mathulp::magnitudes<T>(1e-3L, 1e3L, true, {T(0), T(1), T(-1), T(0.75)}, n);
}
std::vector<int> someExponents(int lo, int hi, std::size_t n = 4096) {
  std::vector<int> v = {0, 1, -1, lo, hi};
  std::uniform_int_distribution<int> D(lo, hi);
  while (v.size() < n)
    v.push_back(D(mathulp::rng()));
  return v;
}

TEST(MathExact, ldexpAndScalbn) {
  const extent<1> E(4096);
  // Results stay normal or overflow (Vulkan may flush denormals).
  std::vector<int> fe = someExponents(-100, 300), de = someExponents(-900, 1500);
  check(E, [](float x, int e) restrict(cpu, amp) { return fast_math::ldexpf(x, e); }, someValues<float>(), someExponents(-100, 100));
  check(E, [](float x, int e) restrict(cpu, amp) { return fast_math::ldexp(x, e); }, someValues<float>(), someExponents(-100, 100));
  check(E, [](float x, int e) restrict(cpu, amp) { return precise_math::ldexpf(x, e); }, someValues<float>(), fe);
  check(E, [](float x, int e) restrict(cpu, amp) { return precise_math::ldexp(x, e); }, someValues<float>(), fe);
  check(E, [](double x, int e) restrict(cpu, amp) { return precise_math::ldexp(x, e); }, someValues<double>(), de);
  check(E, [](float x, int e) restrict(cpu, amp) { return precise_math::scalbnf(x, e); }, someValues<float>(), fe);
  check(E, [](float x, int e) restrict(cpu, amp) { return precise_math::scalbn(x, e); }, someValues<float>(), fe);
  check(E, [](double x, int e) restrict(cpu, amp) { return precise_math::scalbn(x, e); }, someValues<double>(), de);
}

TEST(MathExact, scalb) {
  const extent<1> E(4096);
  std::vector<float> fe(4096);
  std::vector<double> de(4096);
  std::vector<int> fi = someExponents(-100, 300), di = someExponents(-900, 1500);
  for (std::size_t i = 0; i < fe.size(); ++i) {
    fe[i] = i % 97 == 5 ? 0.5f : static_cast<float>(fi[i]); // non-integers give NaN
    de[i] = i % 97 == 5 ? 0.5 : static_cast<double>(di[i]);
  }
  check(E, [](float x, float e) restrict(cpu, amp) { return precise_math::scalbf(x, e); }, someValues<float>(), fe);
  check(E, [](float x, float e) restrict(cpu, amp) { return precise_math::scalb(x, e); }, someValues<float>(), fe);
  check(E, [](double x, double e) restrict(cpu, amp) { return precise_math::scalb(x, e); }, someValues<double>(), de);
}

template <typename T> std::vector<T> specials() {
  const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<T> v = {nan, -nan, inf, -inf, T(0), -T(0), T(1), T(-1), T(0.5), T(-0.5), T(2),
                      std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                      -std::numeric_limits<T>::max(), T(1e-20), T(3.5), T(-3.5)};
  // The same values whatever ran before (the generator is shared): a shuffled
  // run must test what a single test tests.
  const std::mt19937_64 shared = mathulp::rng();
  mathulp::rng().seed(20261125);
  std::vector<T> more = mathulp::magnitudes<T>(1e-30L, 1e30L, true, {}, 256 - v.size());
  mathulp::rng() = shared;
  v.insert(v.end(), more.begin(), more.end());
  return v;
}

TEST(MathExact, ilogbAndClassification) {
  const extent<1> E(256);
  std::vector<float> f = specials<float>();
  std::vector<double> d = specials<double>();
  check(E, [](float x) restrict(cpu, amp) { return precise_math::ilogbf(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::ilogb(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::ilogb(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::logbf(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::logb(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return fast_math::isfinite(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return fast_math::isinf(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return fast_math::isnan(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return fast_math::signbit(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return fast_math::signbitf(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::fpclassify(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::fpclassify(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::isfinite(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::isfinite(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::isinf(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::isinf(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::isnan(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::isnan(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::isnormal(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::isnormal(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::signbit(x); }, f);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::signbitf(x); }, f);
  check(E, [](double x) restrict(cpu, amp) { return precise_math::signbit(x); }, d);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::isnan(precise_math::nanf(x > 0)); }, f);
  check(E, [](float x) restrict(cpu, amp) { return precise_math::isnan(precise_math::nan(x > 0)); }, f);
  check(E, [](float x, float y) restrict(cpu, amp) { return precise_math::nextafterf(x, y); }, f, specials<float>());
  check(E, [](double x, double y) restrict(cpu, amp) { return precise_math::nextafter(x, y); }, d, specials<double>());
}

// ---- special values (C99 Annex F) against <cmath>, within 1 ULP ----
#define SPECIAL_1(name)                                                          TEST(MathSpecialValues, name) {                                                  auto f = [](float x) restrict(cpu, amp) { return precise_math::name##f(x); };     checkUlp(1, extent<1>(256), f, specials<float>());                           }
SPECIAL_1(acos)
SPECIAL_1(acosh)
SPECIAL_1(asin)
SPECIAL_1(asinh)
SPECIAL_1(atan)
SPECIAL_1(atanh)
SPECIAL_1(cbrt)
SPECIAL_1(ceil)
SPECIAL_1(cosh)
SPECIAL_1(erf)
SPECIAL_1(erfc)
SPECIAL_1(exp)
SPECIAL_1(exp10)
SPECIAL_1(exp2)
SPECIAL_1(expm1)
SPECIAL_1(fabs)
SPECIAL_1(floor)
SPECIAL_1(log)
SPECIAL_1(log10)
SPECIAL_1(log1p)
SPECIAL_1(log2)
SPECIAL_1(nearbyint)
SPECIAL_1(round)
SPECIAL_1(rsqrt)
SPECIAL_1(sinh)
SPECIAL_1(sqrt)
SPECIAL_1(tanh)
SPECIAL_1(trunc)
// The host reference, glibc's lgammaf, is itself a few ULP off (its accuracy
// against long double is MathPreciseFloat.lgamma's); the device's double
// arithmetic may differ from lavapipe's within Vulkan's bounds.
TEST(MathSpecialValues, lgamma) {
  auto f = [](float x) restrict(cpu, amp) { return precise_math::lgammaf(x); };
  checkUlp(4, extent<1>(256), f, specials<float>());
}

// rcbrt: the host's 1 / cbrtf rounds twice, so against long double.
TEST(MathSpecialValues, rcbrt) {
  auto exact = [](long double v) -> long double { return 1 / std::cbrt(v); };
  auto f = [](float v) restrict(cpu, amp) { return precise_math::rcbrtf(v); };
  EXPECT_LE(mathulp::measure<float>("precise_math::rcbrtf (special)", f, exact, specials<float>()).MaxUlp,
            mathulp::kFaithful);
}

// Against long double: glibc's tgammaf and tgamma are off by an ULP or two even
// at small integers, where ampvk's are correctly rounded.
TEST(MathSpecialValues, tgamma) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {nan, inf, -inf, 0.0f, -0.0f, -1, -2, -1e30f, 1, 2, 3, 4, 5, 6, 20, 1e30f};
  auto exact = [](long double v) -> long double { return std::tgamma(v); };
  auto f = [](float v) restrict(cpu, amp) { return precise_math::tgammaf(v); };
  auto d = [](double v) restrict(cpu, amp) { return precise_math::tgamma(v); };
  EXPECT_LE(mathulp::measure<float>("precise_math::tgammaf (special)", f, exact, x).MaxUlp, mathulp::kCorrectlyRounded);
  EXPECT_LE(mathulp::measure<double>("precise_math::tgamma(double) (special)", d, exact,
                                     std::vector<double>(x.begin(), x.end())).MaxUlp,
            mathulp::kCorrectlyRounded);
}

// sin, cos and tan: ampvk reduces arguments exactly only below 2^20 pi/2.
template <typename T> std::vector<T> trigSpecials() {
  std::vector<T> v = specials<T>();
  for (T &x : v)
    if (std::isfinite(x) && std::fabs(x) > 1e6)
      x = std::fmod(x, T(1e6));
  return v;
}
TEST(MathSpecialValues, trigonometric) {
  checkUlp(1, extent<1>(256), [](float x) restrict(cpu, amp) { return precise_math::sinf(x); }, trigSpecials<float>());
  checkUlp(1, extent<1>(256), [](float x) restrict(cpu, amp) { return precise_math::cosf(x); }, trigSpecials<float>());
  checkUlp(1, extent<1>(256), [](float x) restrict(cpu, amp) { return precise_math::tanf(x); }, trigSpecials<float>());
}

TEST(MathSpecialValues, twoArguments) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {0, -0.0f, 0, 1, -1, inf, inf, -inf, 1, 1, 2, 0.5f, nan, 1, -8, inf, -inf, -inf, -2, 0, -0.0f, 3};
  std::vector<float> y = {-1, -1, 1, 0, inf, inf, -inf, 1, -inf, inf, inf, inf, 0, nan, 0.5f, -1, 3, 2, 3, -2, 3, nan};
  const extent<1> E(static_cast<int>(x.size()));
  checkUlp(1, E, [](float a, float b) restrict(cpu, amp) { return precise_math::powf(a, b); }, x, y);
  checkUlp(1, E, [](float a, float b) restrict(cpu, amp) { return precise_math::atan2f(a, b); }, x, y);
  checkUlp(0, E, [](float a, float b) restrict(cpu, amp) { return precise_math::fmodf(a, b); }, x, y);
  checkUlp(0, E, [](float a, float b) restrict(cpu, amp) { return precise_math::remainderf(a, b); }, x, y);
  checkUlp(0, E, [](float a, float b) restrict(cpu, amp) { return precise_math::fmaxf(a, b); }, x, y);
  checkUlp(0, E, [](float a, float b) restrict(cpu, amp) { return precise_math::fminf(a, b); }, x, y);
  checkUlp(0, E, [](float a, float b) restrict(cpu, amp) { return precise_math::fdimf(a, b); }, x, y);
  checkUlp(1, E, [](float a, float b) restrict(cpu, amp) { return precise_math::hypotf(a, b); }, x, y);
  checkUlp(1, E, [](double a, double b) restrict(cpu, amp) { return precise_math::pow(a, b); },
           std::vector<double>(x.begin(), x.end()), std::vector<double>(y.begin(), y.end()));
}

} // namespace
