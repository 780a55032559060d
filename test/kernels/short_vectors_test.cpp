// <amp_short_vectors.h>: norm, unorm and the vector families int, uint, float,
// double, norm and unorm of 2, 3 and 4 components, run on the device and on the
// host and compared component by component (differential.h's rules: integers
// and + - * bit-exact, division within kDivUlps). The vectors travel as
// array_view elements both ways (inputs packed in structs, results as vector
// elements), and through tile_static arrays.
#include "differential.h"

#include <amp_short_vectors.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstring>
#include <type_traits>

using namespace difftest;
using namespace concurrency::graphics;
using concurrency::array_view;
using concurrency::extent;
using concurrency::parallel_for_each;
using concurrency::tiled_index;

namespace {

const int N = 777;

// Microsoft's sizes: N scalars, no padding, so host arrays of vectors are the
// device's buffers.
static_assert(sizeof(int_2) == 8 && sizeof(int_3) == 12 && sizeof(int_4) == 16, "");
static_assert(sizeof(uint_2) == 8 && sizeof(uint_3) == 12 && sizeof(uint_4) == 16, "");
static_assert(sizeof(float_2) == 8 && sizeof(float_3) == 12 && sizeof(float_4) == 16, "");
static_assert(sizeof(double_2) == 16 && sizeof(double_3) == 24 && sizeof(double_4) == 32, "");
static_assert(sizeof(norm) == 4 && sizeof(norm_2) == 8 && sizeof(norm_3) == 12 &&
                  sizeof(norm_4) == 16, "");
static_assert(sizeof(unorm) == 4 && sizeof(unorm_2) == 8 && sizeof(unorm_3) == 12 &&
                  sizeof(unorm_4) == 16, "");
static_assert(std::is_same<short_vector<float, 4>::type, float_4>::value, "");
static_assert(std::is_same<short_vector<unorm, 3>::type, unorm_3>::value, "");
static_assert(std::is_same<short_vector<unsigned int, 1>::type, unsigned int>::value, "");
static_assert(std::is_same<short_vector_traits<norm_2>::value_type, norm>::value, "");
static_assert(short_vector_traits<double_3>::size == 3 && short_vector_traits<int>::size == 1,
              "");
static_assert(std::is_same<uint_1, unsigned int>::value && std::is_same<norm_1, norm>::value,
              "");
static_assert(float_4::size == 4 && std::is_same<int_3::value_type, int>::value, "");

template <typename V> using Scalar = typename short_vector_traits<V>::value_type;
// What a component is stored as: norm and unorm hold a float.
template <typename V>
using Raw = std::conditional_t<std::is_class<Scalar<V>>::value, float, Scalar<V>>;

template <typename V> void raw(const V &v, Raw<V> *out) {
  static_assert(sizeof(V) == sizeof(Raw<V>) * short_vector_traits<V>::size, "no padding");
  std::memcpy(out, &v, sizeof(V));
}

template <typename V> V fromScalars(const Scalar<V> *s) {
  constexpr int n = short_vector_traits<V>::size;
  if constexpr (n == 2)
    return V(s[0], s[1]);
  else if constexpr (n == 3)
    return V(s[0], s[1], s[2]);
  else
    return V(s[0], s[1], s[2], s[3]);
}

// `count` vectors whose components come from `scalars` (count * size values).
template <typename V> std::vector<V> assemble(const std::vector<Scalar<V>> &scalars) {
  constexpr int n = short_vector_traits<V>::size;
  std::vector<V> out;
  for (std::size_t i = 0; i + n <= scalars.size(); i += n)
    out.push_back(fromScalars<V>(&scalars[i]));
  return out;
}

template <typename V> std::vector<V> realVecs(unsigned seed, Raw<V> lo, Raw<V> hi) {
  auto s = reals<Raw<V>>(N * short_vector_traits<V>::size, seed, lo, hi);
  std::vector<Scalar<V>> c(s.begin(), s.end());
  return assemble<V>(c);
}
template <typename V> std::vector<V> intVecs(unsigned seed, Scalar<V> lo, Scalar<V> hi) {
  return assemble<V>(ints<Scalar<V>>(N * short_vector_traits<V>::size, seed, lo, hi));
}
template <typename V> std::vector<V> nonZeroVecs(unsigned seed, Scalar<V> lo, Scalar<V> hi) {
  return assemble<V>(nonZero<Scalar<V>>(N * short_vector_traits<V>::size, seed, lo, hi));
}
// norm and unorm inputs from floats beyond their range: the constructors clamp.
template <typename V> std::vector<V> normVecs(unsigned seed) {
  auto s = reals<float>(N * short_vector_traits<V>::size, seed, -3.0f, 3.0f);
  std::vector<Scalar<V>> c;
  for (float x : s)
    c.push_back(Scalar<V>(x));
  return assemble<V>(c);
}

// f returns a vector: run per element on the device (the result an array_view
// element) and on the host, and compare every component.
template <typename F, typename... A>
void checkVec(unsigned ulps, const F &f, const std::vector<A> &...inputs) {
  using P = Pack<A...>;
  using R = decltype(std::declval<const P &>().call(f));
  constexpr int n = short_vector_traits<R>::size;
  std::vector<P> in(N);
  for (int i = 0; i < N; ++i)
    in[i] = pack(inputs[i]...);
  std::vector<R> device(N);
  runOnDevice<1, false, R>(extent<1>(N), f, in, device);
  int reported = 0;
  for (int i = 0; i < N && reported < 8; ++i) {
    Raw<R> d[n], h[n];
    raw(device[i], d);
    raw(in[i].call(f), h);
    for (int c = 0; c < n; ++c)
      if (!agrees(d[c], h[c], ulps)) {
        ADD_FAILURE() << "element " << i << ", component " << c << ": " << show(h[c])
                      << " on the host but " << show(d[c]) << " on the device";
        ++reported;
      }
  }
}
template <typename F, typename... A> void checkVec(const F &f, const std::vector<A> &...in) {
  checkVec(0, f, in...);
}

} // namespace

TEST(ShortVectors, FloatArithmetic) {
  auto a = realVecs<float_4>(1, -1e4f, 1e4f), b = realVecs<float_4>(2, -1e4f, 1e4f);
  checkVec([](float_4 x, float_4 y) restrict(cpu, amp) { return x + y; }, a, b);
  checkVec([](float_4 x, float_4 y) restrict(cpu, amp) { return x - y * y; }, a, b);
  checkVec(kDivUlps, [](float_4 x, float_4 y) restrict(cpu, amp) { return x / y; }, a, b);
  checkVec([](float_4 x, float_4 y) restrict(cpu, amp) { return -x + (y * 2.0f); }, a, b);
  checkVec(kDivUlps, [](float_4 x, float_4 y) restrict(cpu, amp) {
    float_4 r = x;
    r += y;
    r *= x;
    r -= float_4(1.5f, -2.0f, 0.25f, 8.0f);
    r /= float_4(4.0f);
    r++;
    --r;
    ++r;
    return r--;
  }, a, b);
  auto c = realVecs<float_2>(3, -8.0f, 8.0f), d = realVecs<float_2>(4, -8.0f, 8.0f);
  checkVec([](float_2 x, float_2 y) restrict(cpu, amp) { return x * y - -y; }, c, d);
  auto e = realVecs<float_3>(5, -8.0f, 8.0f);
  checkVec([](float_3 x) restrict(cpu, amp) { return x * x + x; }, e);
}

TEST(ShortVectors, Comparisons) {
  auto a = intVecs<int_3>(6, -3, 3), b = intVecs<int_3>(7, -3, 3);
  for (int i = 0; i < N; i += 2)
    b[i] = a[i]; // plenty of equal vectors
  check(extent<1>(N), [](int_3 x, int_3 y) restrict(cpu, amp) { return x == y; }, a, b);
  check(extent<1>(N), [](int_3 x, int_3 y) restrict(cpu, amp) { return x != y; }, a, b);
  auto f = realVecs<float_2>(8, -2.0f, 2.0f), g = realVecs<float_2>(9, -2.0f, 2.0f);
  for (int i = 0; i < N; i += 3)
    g[i].x = f[i].x;
  for (int i = 0; i < N; i += 2)
    g[i].y = f[i].y;
  check(extent<1>(N), [](float_2 x, float_2 y) restrict(cpu, amp) { return x == y; }, f, g);
  check(extent<1>(N), [](float_2 x, float_2 y) restrict(cpu, amp) { return x != y; }, f, g);
  auto u = intVecs<uint_4>(10, 0u, 2u), v = intVecs<uint_4>(11, 0u, 2u);
  check(extent<1>(N), [](uint_4 x, uint_4 y) restrict(cpu, amp) { return x == y; }, u, v);
  auto n = normVecs<norm_4>(12), m = normVecs<norm_4>(13);
  check(extent<1>(N), [](norm_4 x, norm_4 y) restrict(cpu, amp) { return x != y; }, n, m);
  auto d = realVecs<double_2>(14, -2.0, 2.0), e = realVecs<double_2>(15, -2.0, 2.0);
  for (int i = 0; i < N; i += 2)
    e[i] = d[i];
  check(extent<1>(N), [](double_2 x, double_2 y) restrict(cpu, amp) { return x == y; }, d, e);
}

TEST(ShortVectors, IntArithmetic) {
  auto a = intVecs<int_4>(20, INT_MIN + 1, INT_MAX), b = nonZeroVecs<int_4>(21, -1000, 1000);
  checkVec([](int_4 x, int_4 y) restrict(cpu, amp) { return x / y; }, a, b);
  checkVec([](int_4 x, int_4 y) restrict(cpu, amp) { return x % y; }, a, b);
  auto s = intVecs<int_4>(22, -30000, 30000), t = intVecs<int_4>(23, -30000, 30000);
  checkVec([](int_4 x, int_4 y) restrict(cpu, amp) { return x * y + x - y; }, s, t);
  checkVec([](int_4 x) restrict(cpu, amp) { return -x; }, s);
  checkVec([](int_4 x, int_4 y) restrict(cpu, amp) {
    int_4 r = x;
    r += y;
    r -= int_4(3);
    r *= int_4(1, -1, 2, -2);
    r++;
    ++r;
    r--;
    return --r;
  }, s, t);
}

TEST(ShortVectors, IntBitwise) {
  auto a = intVecs<int_3>(30, INT_MIN, INT_MAX), b = intVecs<int_3>(31, INT_MIN, INT_MAX);
  auto k = intVecs<int_3>(32, 0, 31);
  checkVec([](int_3 x, int_3 y) restrict(cpu, amp) { return (x & y) | (~x ^ y); }, a, b);
  checkVec([](int_3 x, int_3 y) restrict(cpu, amp) { return x >> y; }, a, k);
  checkVec([](int_3 x, int_3 y) restrict(cpu, amp) {
    int_3 r = x;
    r &= int_3(0x0FFFFFFF);
    r <<= y;
    r ^= int_3(0x5A5A5A5A);
    r |= int_3(1, 2, 4);
    r >>= int_3(3);
    return r;
  }, a, k);
}

TEST(ShortVectors, UintOperators) {
  auto a = intVecs<uint_4>(40, 0u, UINT_MAX), b = nonZeroVecs<uint_4>(41, 1u, UINT_MAX);
  auto k = intVecs<uint_4>(42, 0u, 31u);
  checkVec([](uint_4 x, uint_4 y) restrict(cpu, amp) { return x / y + x % y; }, a, b);
  checkVec([](uint_4 x, uint_4 y) restrict(cpu, amp) { return x * y - y + x; }, a, b);
  checkVec([](uint_4 x, uint_4 y) restrict(cpu, amp) { return (x << y) ^ ~(x >> y); }, a, k);
  checkVec([](uint_4 x, uint_4 y) restrict(cpu, amp) {
    uint_4 r = x;
    r %= uint_4(7u, 11u, 13u, 1000u);
    r /= uint_4(2u);
    r |= y;
    r &= uint_4(0xFFFFu);
    r--;
    return ++r;
  }, a, k);
  auto c = intVecs<uint_2>(43, 0u, UINT_MAX), d = nonZeroVecs<uint_2>(44, 1u, 77u);
  checkVec([](uint_2 x, uint_2 y) restrict(cpu, amp) { return (x % y) | (x & y); }, c, d);
}

TEST(ShortVectors, DoubleArithmetic) {
  auto a = realVecs<double_3>(50, -1e9, 1e9), b = realVecs<double_3>(51, -1e9, 1e9);
  checkVec([](double_3 x, double_3 y) restrict(cpu, amp) { return x * y - (-x + y); }, a, b);
  checkVec(kDivUlps, [](double_3 x, double_3 y) restrict(cpu, amp) { return x / y; }, a, b);
  checkVec([](double_3 x, double_3 y) restrict(cpu, amp) {
    double_3 r = x;
    r -= y;
    r *= double_3(0.5);
    ++r;
    return r++;
  }, a, b);
  auto c = realVecs<double_4>(52, -1e3, 1e3);
  auto d = realVecs<double_2>(53, -1e3, 1e3);
  checkVec([](double_4 x, double_2 y) restrict(cpu, amp) {
    return x + double_4(y.x, y.y, y.y, y.x);
  }, c, d);
}

TEST(ShortVectors, NormAndUnormClamp) {
  auto a = reals<float>(N, 60, -3.0f, 3.0f), b = reals<float>(N, 61, -3.0f, 3.0f);
  check(extent<1>(N), [](float x) restrict(cpu, amp) { return float(norm(x)); }, a);
  check(extent<1>(N), [](float x) restrict(cpu, amp) { return float(unorm(x)); }, a);
  check(extent<1>(N), [](float x) restrict(cpu, amp) { return float(unorm(double(x))); }, a);
  auto i = smallInts(N, 62, -3, 3);
  check(extent<1>(N), [](int x) restrict(cpu, amp) { return float(norm(x)) + float(unorm(x)); },
        i);
  check(extent<1>(N), [](float x, float y) restrict(cpu, amp) {
    return float(norm(x) + norm(y)) * 8 + float(norm(x) - norm(y));
  }, a, b);
  check(extent<1>(N), [](float x, float y) restrict(cpu, amp) {
    return float(unorm(x) - unorm(y)) * 8 + float(unorm(x) * unorm(y));
  }, a, b);
  checkUlp(kDivUlps, extent<1>(N), [](float x, float y) restrict(cpu, amp) {
    return float(norm(x) / norm(y + 3.5f)) + float(unorm(x) / unorm(y + 3.5f));
  }, a, b);
  check(extent<1>(N), [](float x, float y) restrict(cpu, amp) {
    norm n(x);
    n += norm(y);
    n *= norm(-0.5f);
    n -= norm(y);
    unorm u(y);
    u += unorm(x);
    u -= unorm(0.25f);
    norm m = n++;
    unorm v = u--;
    return float(-n) * 1000 + float(m) * 100 + float(u) * 10 + float(--v);
  }, a, b);
  // Conversions between the two: unorm to norm keeps the value, norm to unorm
  // clamps; comparisons compare the values.
  check(extent<1>(N), [](float x, float y) restrict(cpu, amp) {
    norm n = unorm(x);
    return float(n) + 2 * float(unorm(norm(y)));
  }, a, b);
  check(extent<1>(N), [](float x, float y) restrict(cpu, amp) {
    norm p(x), q(y);
    unorm r(x), s(y);
    return (p < q) + 2 * (p >= q) + 4 * (p == q) + 8 * (r > s) + 16 * (r <= s) + 32 * (r != s);
  }, a, b);
  check(extent<1>(N), [](float x) restrict(cpu, amp) {
    return float(NORM_MIN) + float(NORM_MAX) * 2 + float(UNORM_MAX) * 4 + float(UNORM_ZERO) +
           float(NORM_ZERO) + float(UNORM_MIN) + x;
  }, a);
}

TEST(ShortVectors, NormVectors) {
  auto a = normVecs<norm_4>(70), b = normVecs<norm_4>(71);
  checkVec([](norm_4 x, norm_4 y) restrict(cpu, amp) { return x + y; }, a, b);
  checkVec([](norm_4 x, norm_4 y) restrict(cpu, amp) { return x * y - -x; }, a, b);
  checkVec([](norm_4 x, norm_4 y) restrict(cpu, amp) {
    norm_4 r = x;
    r -= y;
    r++;
    r *= y;
    return --r;
  }, a, b);
  auto u = normVecs<unorm_3>(72), v = normVecs<unorm_3>(73);
  checkVec([](unorm_3 x, unorm_3 y) restrict(cpu, amp) { return x - y + x * y; }, u, v);
  checkVec(kDivUlps, [](unorm_3 x, unorm_3 y) restrict(cpu, amp) {
    unorm_3 r = x;
    r /= y + unorm_3(unorm(0.5f));
    r += y;
    return r;
  }, u, v);
  // The float constructors clamp each component; norm vectors take unorms.
  auto f = realVecs<float_2>(74, -3.0f, 3.0f);
  checkVec([](float_2 x) restrict(cpu, amp) { return norm_2(x.x, x.y); }, f);
  checkVec([](float_2 x) restrict(cpu, amp) { return unorm_2(x.y, x.x) + unorm_2(x.x); }, f);
  checkVec([](float_2 x) restrict(cpu, amp) {
    return norm_2(unorm(x.x), unorm(x.y)) - norm_2(norm(x.y)) + norm_2(x.x);
  }, f);
}

TEST(ShortVectors, ConversionsBetweenFamilies) {
  auto f = realVecs<float_4>(80, -2e9f, 2e9f), p = realVecs<float_4>(81, 0.0f, 4e9f);
  checkVec([](float_4 x) restrict(cpu, amp) { return int_4(x); }, f);
  checkVec([](float_4 x) restrict(cpu, amp) { return uint_4(x); }, p);
  checkVec([](float_4 x) restrict(cpu, amp) { return double_4(x); }, f);
  auto i = intVecs<int_3>(82, INT_MIN, INT_MAX);
  checkVec([](int_3 x) restrict(cpu, amp) { return float_3(x); }, i);
  checkVec([](int_3 x) restrict(cpu, amp) { return uint_3(x); }, i);
  checkVec([](int_3 x) restrict(cpu, amp) { return double_3(x); }, i);
  auto u = intVecs<uint_2>(83, 0u, UINT_MAX);
  checkVec([](uint_2 x) restrict(cpu, amp) { return int_2(x); }, u);
  checkVec([](uint_2 x) restrict(cpu, amp) { return float_2(x); }, u);
  auto d = realVecs<double_4>(84, -1e30, 1e30);
  checkVec([](double_4 x) restrict(cpu, amp) { return float_4(x); }, d);
  // To norm and unorm: clamped; from them: the value.
  auto s = realVecs<float_4>(85, -3.0f, 3.0f);
  checkVec([](float_4 x) restrict(cpu, amp) { return norm_4(x); }, s);
  checkVec([](float_4 x) restrict(cpu, amp) { return unorm_4(x); }, s);
  checkVec([](float_4 x) restrict(cpu, amp) { return float_4(norm_4(x)) + float_4(unorm_4(x)); },
           s);
  checkVec([](float_4 x) restrict(cpu, amp) { return unorm_4(norm_4(x)); }, s);
  checkVec([](float_4 x) restrict(cpu, amp) { return norm_4(unorm_4(x)); }, s);
  checkVec([](float_4 x) restrict(cpu, amp) { return int_4(norm_4(x)) + int_4(uint_4(unorm_4(x))); },
           s);
  auto k = intVecs<int_4>(86, -3, 3);
  checkVec([](int_4 x) restrict(cpu, amp) { return norm_4(x); }, k);
  checkVec([](int_4 x) restrict(cpu, amp) { return unorm_4(x) + unorm_4(uint_4(x)); }, k);
  checkVec([](int_4 x) restrict(cpu, amp) { return norm_4(double_4(x) * double_4(0.3)); }, k);
}

TEST(ShortVectors, ComponentReads) {
  auto a = realVecs<float_4>(90, -100.0f, 100.0f);
  check(extent<1>(N), [](float_4 v) restrict(cpu, amp) {
    return v.x + 10 * v.y + 100 * v.z + 1000 * v.w;
  }, a);
  check(extent<1>(N), [](float_4 v) restrict(cpu, amp) {
    return v.r - 10 * v.g + 100 * v.b - 1000 * v.a;
  }, a);
  check(extent<1>(N), [](float_4 v) restrict(cpu, amp) {
    return v.get_w() - 3 * v.get_x() + v.ref_y() * v.ref_b();
  }, a);
  checkVec([](float_4 v) restrict(cpu, amp) { return v.wzyx; }, a);
  checkVec([](float_4 v) restrict(cpu, amp) { return v.bgra; }, a);
  checkVec([](float_4 v) restrict(cpu, amp) { return v.zxw + v.get_yzx(); }, a);
  checkVec([](float_4 v) restrict(cpu, amp) { return v.wy * v.xz.yx - v.ag; }, a);
  checkVec([](float_4 v) restrict(cpu, amp) { return v.xyz.zyx.xy; }, a);
  auto i = intVecs<int_3>(91, INT_MIN, INT_MAX);
  checkVec([](int_3 v) restrict(cpu, amp) { return int_4(v.z, v.x, v.y, v.get_z()) ^ int_4(v.zy.x); },
           i);
  checkVec([](int_3 v) restrict(cpu, amp) { return v.bg; }, i);
  auto n = normVecs<norm_3>(92);
  checkVec([](norm_3 v) restrict(cpu, amp) { return v.yzx; }, n);
  auto d = realVecs<double_2>(93, -1.0, 1.0);
  checkVec([](double_2 v) restrict(cpu, amp) { return v.yx + v.gr; }, d);
  auto u = intVecs<uint_4>(94, 0u, UINT_MAX);
  checkVec([](uint_4 v) restrict(cpu, amp) { return v.wxzy; }, u);
  auto un = normVecs<unorm_4>(95);
  checkVec([](unorm_4 v) restrict(cpu, amp) { return v.abgr; }, un);
}

TEST(ShortVectors, ComponentWrites) {
  auto a = realVecs<float_4>(100, -100.0f, 100.0f), b = realVecs<float_4>(101, -100.0f, 100.0f);
  checkVec([](float_4 v, float_4 w) restrict(cpu, amp) {
    v.x = w.y;
    v.y += w.z;
    v.z *= 3.0f;
    v.w++;
    ++v.r;
    v.g -= 1.0f;
    --v.b;
    v.a--;
    return v;
  }, a, b);
  checkVec([](float_4 v, float_4 w) restrict(cpu, amp) {
    v.xy = w.zw;
    v.wz = float_2(1.0f, 2.0f);
    return v;
  }, a, b);
  checkVec([](float_4 v, float_4 w) restrict(cpu, amp) {
    v.zxy = w.wzx;
    v.ba += w.rg;
    return v;
  }, a, b);
  checkVec([](float_4 v, float_4 w) restrict(cpu, amp) {
    v.wzyx = w;
    v.set_yw(float_2(7.0f));
    v.ref_z() = w.x * 2.0f;
    v.ref_r() += 1.0f;
    v.set_x(v.get_x() * 4.0f);
    return v;
  }, a, b);
  // The value of a property assignment expression: none (void), as with MSVC;
  // the value of a postfix increment: the old one.
  checkVec([](float_4 v, float_4 w) restrict(cpu, amp) {
    float old = v.x++;
    float older = v.y--;
    v.zw = float_2(old, older) + w.xy;
    return v;
  }, a, b);
  auto i = intVecs<int_4>(102, -1000, 1000), j = intVecs<int_4>(103, 0, 7);
  checkVec([](int_4 v, int_4 k) restrict(cpu, amp) {
    v.x <<= k.y;
    v.y %= 7;
    v.z |= k.x;
    v.w ^= 0x55;
    v.yz = v.zy;
    v.rgb -= k.abg;
    return v;
  }, i, j);
  auto n = normVecs<norm_2>(104);
  checkVec([](norm_2 v) restrict(cpu, amp) {
    v.x += norm(0.75f); // clamps
    v.y = -v.y;
    v.yx = v.xy;
    return v;
  }, n);
  auto d = realVecs<double_3>(105, -1e3, 1e3);
  checkVec([](double_3 v) restrict(cpu, amp) {
    v.zy = v.xz;
    v.x *= 0.5;
    v.ref_z() -= 2.0;
    return v;
  }, d);
}

// Vectors as array_view elements written in place, components through the
// view's element reference: float_3 (12-byte stride), double_3 (24 bytes),
// norm_4 and uint_2.
TEST(ShortVectors, ArrayViewElementsInPlace) {
  std::vector<float_3> f = realVecs<float_3>(110, -50.0f, 50.0f), f0 = f;
  std::vector<double_3> d = realVecs<double_3>(111, -50.0, 50.0), d0 = d;
  std::vector<norm_4> n = normVecs<norm_4>(112), n0 = n;
  std::vector<uint_2> u = intVecs<uint_2>(113, 0u, 1000u), u0 = u;
  array_view<float_3, 1> fv(N, f);
  array_view<double_3, 1> dv(N, d);
  array_view<norm_4, 1> nv(N, n);
  array_view<uint_2, 1> uv(N, u);
  auto update = [](float_3 &x, double_3 &y, norm_4 &z, uint_2 &w) restrict(cpu, amp) {
    x.yz = x.zy;
    x.x += 1.0f;
    y.zx = double_2(y.x, y.z) * 2.0;
    y.y++;
    z.wx = z.xw;
    z.y += norm(0.5f);
    w.y <<= 3u;
    w.xy = w.yx + uint_2(1u);
  };
  parallel_for_each(fv.extent, [=](concurrency::index<1> i) restrict(amp) {
    update(fv[i], dv[i], nv[i], uv[i]);
  });
  fv.synchronize();
  dv.synchronize();
  nv.synchronize();
  uv.synchronize();
  for (int i = 0; i < N; ++i) {
    update(f0[i], d0[i], n0[i], u0[i]);
    ASSERT_TRUE(f[i] == f0[i] && d[i] == d0[i] && n[i] == n0[i] && u[i] == u0[i])
        << "element " << i;
  }
}

// Buffer elements whose float_4 and int_2 members lie at multiples of their
// size are vectors in the kernel's buffers (read and written whole, and by
// component, atomics included); where a float_4 lies at 4 of a 20-byte
// element it stays a struct at the C++ offsets. Both must read and write the
// host's bytes.
struct two_rows {
  float_4 a, b;
};
struct shifted_4 {
  float s;
  float_4 v;
};
struct int_pairs {
  int_2 p, q;
};
// Where a vector would not keep the C++ layout, the struct stays: int_2 in a
// 12-byte class followed, in the element, by an int at byte 12 (a vector's
// alignment would round the class up to 16), and two floats 8 bytes apart.
struct padded_inner {
  int_2 p;
  int w;
};
struct padded_outer {
  padded_inner in;
  int x;
};
struct gap2 {
  float a;
  alignas(8) float b;
};
static_assert(sizeof(two_rows) == 32 && sizeof(shifted_4) == 20 && sizeof(int_pairs) == 16, "");
static_assert(sizeof(padded_outer) == 16 && offsetof(padded_outer, x) == 12, "");
static_assert(sizeof(gap2) == 16 && offsetof(gap2, b) == 8, "");

TEST(ShortVectors, BufferElementsAlignedAndNot) {
  std::vector<float_4> a = realVecs<float_4>(120, -10.0f, 10.0f), b = realVecs<float_4>(121, -10.0f, 10.0f);
  std::vector<int_2> ip = intVecs<int_2>(122, -1000, 1000), iq = intVecs<int_2>(123, -1000, 1000);
  std::vector<float> s = reals<float>(N, 124, -5.0f, 5.0f);
  std::vector<two_rows> rows(N), rows0;
  std::vector<shifted_4> shifted(N), shifted0;
  std::vector<int_pairs> pairs(N), pairs0;
  std::vector<int_4> counts(4, int_4(0)), counts0 = counts;
  for (int i = 0; i < N; ++i) {
    rows[i] = {a[i], b[i]};
    shifted[i] = {s[i], b[i]};
    pairs[i] = {ip[i], iq[i]};
  }
  rows0 = rows;
  shifted0 = shifted;
  pairs0 = pairs;
  array_view<two_rows, 1> rv(N, rows);
  array_view<shifted_4, 1> sv(N, shifted);
  array_view<int_pairs, 1> pv(N, pairs);
  array_view<int_4, 1> cv(4, counts);
  std::vector<padded_outer> padded(N), padded0;
  std::vector<gap2> gaps(N), gaps0;
  for (int i = 0; i < N; ++i) {
    padded[i] = {{ip[i], i}, -i};
    gaps[i].a = s[i];
    gaps[i].b = 0.5f * s[i] + 1.0f;
  }
  padded0 = padded;
  gaps0 = gaps;
  array_view<padded_outer, 1> padv(N, padded);
  array_view<gap2, 1> gapv(N, gaps);
  auto update = [](two_rows &r, shifted_4 &h, int_pairs &p) restrict(cpu, amp) {
    float_4 t = r.a;
    r.a = r.b * float_4(2.0f) + t;
    r.b.yw = t.xz;
    h.v.y += h.s;
    h.s = h.v.x * h.v.w;
    p.q = p.p + p.q * int_2(3, -2);
    p.p.x ^= p.q.y;
  };
  auto more = [](padded_outer &o, gap2 &g) restrict(cpu, amp) {
    o.x += o.in.p.y;
    o.in.p = o.in.p.yx + int_2(o.in.w);
    g.b = g.a - g.b;
  };
  parallel_for_each(rv.extent, [=](concurrency::index<1> i) restrict(amp) {
    update(rv[i], sv[i], pv[i]);
    more(padv[i], gapv[i]);
    int_4 &c = cv[i[0] % 4];
    concurrency::atomic_fetch_add(&c.ref_z(), pv[i].p.x & 7);
    concurrency::atomic_fetch_max(&c.ref_w(), pv[i].q.y);
  });
  rv.synchronize();
  sv.synchronize();
  pv.synchronize();
  cv.synchronize();
  padv.synchronize();
  gapv.synchronize();
  for (int i = 0; i < N; ++i) {
    update(rows0[i], shifted0[i], pairs0[i]);
    more(padded0[i], gaps0[i]);
    ASSERT_TRUE(padded[i].in.p == padded0[i].in.p && padded[i].in.w == padded0[i].in.w &&
                padded[i].x == padded0[i].x)
        << "padded " << i;
    ASSERT_TRUE(gaps[i].a == gaps0[i].a && gaps[i].b == gaps0[i].b) << "gaps " << i;
    ASSERT_TRUE(rows[i].a == rows0[i].a && rows[i].b == rows0[i].b) << "rows " << i;
    ASSERT_TRUE(shifted[i].s == shifted0[i].s && shifted[i].v == shifted0[i].v) << "shifted " << i;
    ASSERT_TRUE(pairs[i].p == pairs0[i].p && pairs[i].q == pairs0[i].q) << "pairs " << i;
    counts0[i % 4].z += pairs0[i].p.x & 7;
    counts0[i % 4].w = std::max(counts0[i % 4].w, pairs0[i].q.y);
  }
  for (int k = 0; k < 4; ++k)
    EXPECT_TRUE(counts[k] == counts0[k]) << "counts " << k;
}

// tile_static arrays of vectors, with component writes into them. (Their
// default constructors do not run, as with Microsoft's compiler:
// CMakeLists.txt turns off the warning that says so for this file.)
TEST(ShortVectors, TileStaticArrays) {
  const int T = 64;
  auto a = realVecs<float_4>(120, -100.0f, 100.0f);
  auto b = intVecs<int_2>(121, -1000, 1000);
  const int n = N / T * T;
  std::vector<float_4> out(n);
  std::vector<int_2> iout(n);
  array_view<const float_4, 1> av(n, a);
  array_view<const int_2, 1> bv(n, b);
  array_view<float_4, 1> ov(n, out);
  array_view<int_2, 1> iv(n, iout);
  ov.discard_data();
  iv.discard_data();
  parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static float_4 f[T];
    tile_static int_2 k[T];
    int l = t.local[0];
    f[l] = av[t.global];
    f[l].w = float(l);
    k[l] = bv[t.global];
    k[l].yx += int_2(l);
    t.barrier.wait();
    ov[t.global] = f[T - 1 - l].wzyx + f[l];
    iv[t.global] = k[(l + 1) % T] - k[l].yx;
  });
  ov.synchronize();
  iv.synchronize();
  for (int g = 0; g < n; ++g) {
    int base = g / T * T, l = g % T;
    float_4 fl = a[g], fr = a[base + T - 1 - l];
    fl.w = float(l);
    fr.w = float(T - 1 - l);
    int_2 kl = b[g], kn = b[base + (l + 1) % T];
    kl.yx += int_2(l);
    kn.yx += int_2((l + 1) % T);
    ASSERT_TRUE(out[g] == fr.wzyx + fl) << "element " << g;
    ASSERT_TRUE(iout[g] == kn - kl.yx) << "element " << g;
  }
}

// A user type's property whose setter has an effect of its own: every write
// form calls it once (the emitter runs all of a property expression's parts).
namespace {
struct Counted {
  int value;
  int writes;
  int get() const restrict(cpu, amp) { return value; }
  void put(int v) restrict(cpu, amp) {
    value = v;
    ++writes;
  }
  __declspec(property(get = get, put = put)) int prop;
};
} // namespace

TEST(ShortVectors, PropertySettersRunOnce) {
  auto a = smallInts(N, 130, -1000, 1000);
  check(extent<1>(N), [](int x) restrict(cpu, amp) {
    Counted c = {x, 0};
    c.prop = x + 1;
    c.prop += 3;
    c.prop++;
    --c.prop;
    int old = c.prop--;
    c.prop *= old;
    return c.value * 16 + c.writes;
  }, a);
}

// The host reference itself, against Microsoft's documented values: norm and
// unorm clamp on construction and after every operation, the conversions clamp
// or truncate per component, swizzles pick the named components.
TEST(ShortVectors, HostSemantics) {
  EXPECT_EQ(float(norm(2.0f)), 1.0f);
  EXPECT_EQ(float(norm(-7)), -1.0f);
  EXPECT_EQ(float(norm(0.25)), 0.25f);
  EXPECT_EQ(float(unorm(-0.5f)), 0.0f);
  EXPECT_EQ(float(unorm(3u)), 1.0f);
  EXPECT_EQ(float(norm()), 0.0f);
  EXPECT_EQ(float(norm(0.75f) + norm(0.5f)), 1.0f);
  EXPECT_EQ(float(unorm(0.25f) - unorm(0.5f)), 0.0f);
  EXPECT_EQ(float(-norm(-1.0f)), 1.0f);
  EXPECT_EQ(float(unorm(norm(-0.5f))), 0.0f);
  norm n(0.5f);
  EXPECT_EQ(float(n++), 0.5f);
  EXPECT_EQ(float(n), 1.0f);
  EXPECT_EQ(float(--n), 0.0f);
  EXPECT_EQ(float(NORM_MIN), -1.0f);
  EXPECT_EQ(float(NORM_MAX), 1.0f);
  EXPECT_EQ(float(UNORM_MAX), 1.0f);
  EXPECT_TRUE(norm(0.5f) < norm(0.75f) && unorm(1.0f) >= unorm(7.0f));

  float_4 v(1.0f, 2.0f, 3.0f, 4.0f);
  EXPECT_TRUE(v.wzyx == float_4(4.0f, 3.0f, 2.0f, 1.0f));
  EXPECT_TRUE(v.bgr == float_3(3.0f, 2.0f, 1.0f));
  EXPECT_TRUE(v.get_yw() == float_2(2.0f, 4.0f));
  v.zx = float_2(9.0f, 8.0f);
  v.w += 1.0f;
  EXPECT_TRUE(v == float_4(8.0f, 2.0f, 9.0f, 5.0f));
  EXPECT_TRUE(int_4(float_4(-1.5f, 1.5f, 2.9f, -2.9f)) == int_4(-1, 1, 2, -2));
  EXPECT_TRUE(norm_2(float_2(-3.0f, 0.5f)) == norm_2(-1.0f, 0.5f));
  EXPECT_TRUE(unorm_2(float_2(-3.0f, 0.5f)) == unorm_2(0.0f, 0.5f));
  EXPECT_TRUE(norm_2(1.5f, -0.5f) + norm_2(1.0f) == norm_2(1.0f, 0.5f));
  EXPECT_TRUE((uint_2(0xF0u, 1u) << uint_2(4u, 31u)) == uint_2(0xF00u, 0x80000000u));
  EXPECT_TRUE(-int_3(1, -2, 3) == int_3(-1, 2, -3));
  EXPECT_TRUE((int_2(7, -7) % int_2(3)) == int_2(1, -1));
  EXPECT_TRUE(float_3(2.0f) == float_3(2.0f, 2.0f, 2.0f));
}

// An array (not a view) of vectors, in 2-D, captured by reference and written
// through component properties.
TEST(ShortVectors, ArrayOfVectors2D) {
  const int rows = 19, cols = 23;
  std::vector<int_2> init(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    init[i] = int_2(i, -3 * i);
  concurrency::array<int_2, 2> a(rows, cols, init.begin(), init.end());
  parallel_for_each(a.extent, [&a](concurrency::index<2> idx) restrict(amp) {
    a[idx].yx = a[idx] * int_2(idx[0], idx[1]);
    a[idx].x += 5;
  });
  std::vector<int_2> out = a;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int i = r * cols + c;
      ASSERT_TRUE(out[i] == int_2(-3 * i * c + 5, i * r)) << r << "," << c;
    }
}
