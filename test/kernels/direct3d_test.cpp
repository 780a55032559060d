// concurrency::direct3d intrinsics, differential: each function runs on the
// device on non-trivial inputs with their edge cases (0, -1, INT_MIN,
// INT_MAX, all ones, NaN and infinities where the function defines them) and
// is compared with a host implementation of HLSL's definition written here.
// The direct3d functions are restrict(amp) only, so the device lambda and the
// host reference are two functions, unlike difftest::check.
#include "differential.h"

#include <amp_graphics.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

using namespace concurrency;
using difftest::Pack;

namespace {

// Runs dev on every input pack on the device, ref on the host; compares.
template <typename P, typename Dev, typename Ref>
void compare(unsigned ulps, const std::vector<P> &in, const Dev &dev, const Ref &ref) {
  using R = decltype(ref(in[0]));
  const int n = static_cast<int>(in.size());
  std::vector<R> device(n, R(0x5A));
  array_view<const P, 1> inView(n, in);
  array_view<R, 1> outView(n, device);
  outView.discard_data();
  parallel_for_each(outView.extent, [=](concurrency::index<1> i) restrict(amp) {
    outView[i] = dev(inView[i]);
  });
  outView.synchronize();
  int reported = 0;
  for (int i = 0; i < n && reported < 8; ++i) {
    R host = ref(in[i]);
    if (!difftest::agrees(device[i], host, ulps)) {
      ADD_FAILURE() << "element " << i << ": (" << difftest::showPack(in[i]) << ") gives "
                    << difftest::show(host) << " on the host but " << difftest::show(device[i])
                    << " on the device";
      ++reported;
    }
  }
}

template <typename A> std::vector<Pack<A>> packs(const std::vector<A> &a) {
  std::vector<Pack<A>> v(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    v[i] = difftest::pack(a[i]);
  return v;
}
template <typename A, typename B>
std::vector<Pack<A, B>> packs(const std::vector<A> &a, const std::vector<B> &b) {
  std::vector<Pack<A, B>> v(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    v[i] = difftest::pack(a[i], b[i]);
  return v;
}
template <typename A, typename B, typename C>
std::vector<Pack<A, B, C>> packs(const std::vector<A> &a, const std::vector<B> &b,
                                 const std::vector<C> &c) {
  std::vector<Pack<A, B, C>> v(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    v[i] = difftest::pack(a[i], b[i], c[i]);
  return v;
}

constexpr std::size_t N = 4096;

std::vector<int> edgyInts(unsigned seed) {
  std::vector<int> v = difftest::ints<int>(N, seed);
  // Bit patterns with long runs: single bits, low masks, high masks.
  for (int b = 0; b < 32; ++b) {
    v[100 + b] = static_cast<int>(1u << b);
    v[140 + b] = static_cast<int>((1u << b) - 1u);
    v[180 + b] = static_cast<int>(~((1u << b) - 1u));
  }
  return v;
}

std::vector<unsigned> edgyUnsigned(unsigned seed) {
  std::vector<int> s = edgyInts(seed);
  std::vector<unsigned> v(s.size());
  for (std::size_t i = 0; i < s.size(); ++i)
    v[i] = static_cast<unsigned>(s[i]);
  v[0] = 0xFFFFFFFFu;
  v[1] = 0x80000000u;
  return v;
}

std::vector<float> floatsWithSpecials(unsigned seed, float lo, float hi) {
  std::vector<float> v = difftest::reals<float>(N, seed, lo, hi);
  const float inf = std::numeric_limits<float>::infinity();
  v[20] = inf;
  v[21] = -inf;
  v[22] = std::numeric_limits<float>::max();
  v[23] = -std::numeric_limits<float>::max();
  return v;
}

// HLSL's float max/min: a NaN operand loses.
float hlslMax(float x, float y) { return std::isnan(y) ? x : std::isnan(x) ? y : std::fmax(x, y); }
float hlslMin(float x, float y) { return std::isnan(y) ? x : std::isnan(x) ? y : std::fmin(x, y); }

// mad(x, y, z) against the product and the sum rounded one at a time.
template <typename T> void checkFloatMad(unsigned seed) {
  auto in = packs(difftest::reals<T>(N, seed, T(-1e3), T(1e3)),
                  difftest::reals<T>(N, seed + 1, T(-1e3), T(1e3)),
                  difftest::reals<T>(N, seed + 2, T(-1e6), T(1e6)));
  compare(0, in,
          [](const Pack<T, T, T> &p) restrict(amp) { return direct3d::mad(p.a0, p.a1, p.a2); },
          [](const Pack<T, T, T> &p) {
            T product = p.a0 * p.a1;
            return product + p.a2;
          });
}

// rcp(x) against 1 / x, away from 0.
template <typename T> void checkRcp(unsigned seed) {
  std::vector<T> x = difftest::reals<T>(N, seed, T(-1e6), T(1e6));
  for (T &v : x)
    if (v == T(0))
      v = T(0.75);
  compare(difftest::kDivUlps, packs(x),
          [](const Pack<T> &p) restrict(amp) { return direct3d::rcp(p.a0); },
          [](const Pack<T> &p) { return T(1) / p.a0; });
}

} // namespace

TEST(Direct3d, AbsAndSignOfInt) {
  auto in = packs(edgyInts(1));
  compare(0, in, [](const Pack<int> &p) restrict(amp) { return direct3d::abs(p.a0); },
          [](const Pack<int> &p) {
            return p.a0 == INT_MIN ? INT_MIN : p.a0 < 0 ? -p.a0 : p.a0;
          });
  compare(0, in, [](const Pack<int> &p) restrict(amp) { return direct3d::sign(p.a0); },
          [](const Pack<int> &p) { return p.a0 > 0 ? 1 : p.a0 < 0 ? -1 : 0; });
}

TEST(Direct3d, SignOfFloat) {
  auto in = packs(floatsWithSpecials(2, -1e30f, 1e30f));
  compare(0, in, [](const Pack<float> &p) restrict(amp) { return direct3d::sign(p.a0); },
          [](const Pack<float> &p) { return p.a0 > 0 ? 1 : p.a0 < 0 ? -1 : 0; });
}

TEST(Direct3d, ClampInt) {
  std::vector<int> x = edgyInts(3), lo = difftest::ints<int>(N, 4, -1000, 1000), hi(N);
  for (std::size_t i = 0; i < N; ++i)
    hi[i] = lo[i] + static_cast<int>(i % 2000);
  compare(0, packs(x, lo, hi),
          [](const Pack<int, int, int> &p) restrict(amp) {
            return direct3d::clamp(p.a0, p.a1, p.a2);
          },
          [](const Pack<int, int, int> &p) {
            return p.a0 < p.a1 ? p.a1 : p.a0 > p.a2 ? p.a2 : p.a0;
          });
}

TEST(Direct3d, ClampSaturateStepFloat) {
  std::vector<float> x = floatsWithSpecials(5, -3e4f, 3e4f);
  std::vector<float> lo = difftest::reals<float>(N, 6, -100.0f, 100.0f), hi(N);
  for (std::size_t i = 0; i < N; ++i)
    hi[i] = lo[i] + static_cast<float>(i % 300);
  x[30] = std::numeric_limits<float>::quiet_NaN();
  compare(0, packs(x, lo, hi),
          [](const Pack<float, float, float> &p) restrict(amp) {
            return direct3d::clamp(p.a0, p.a1, p.a2);
          },
          [](const Pack<float, float, float> &p) { return hlslMin(hlslMax(p.a0, p.a1), p.a2); });
  std::vector<float> small = floatsWithSpecials(7, -2.0f, 2.0f);
  small[31] = std::numeric_limits<float>::quiet_NaN();
  compare(0, packs(small),
          [](const Pack<float> &p) restrict(amp) { return direct3d::saturate(p.a0); },
          [](const Pack<float> &p) { return std::isnan(p.a0) ? 0.0f : hlslMin(hlslMax(p.a0, 0.0f), 1.0f); });
  compare(0, packs(small, lo),
          [](const Pack<float, float> &p) restrict(amp) { return direct3d::step(p.a1, p.a0); },
          [](const Pack<float, float> &p) { return p.a0 >= p.a1 ? 1.0f : 0.0f; });
}

TEST(Direct3d, CountbitsAndReversebits) {
  auto in = packs(edgyUnsigned(8));
  compare(0, in, [](const Pack<unsigned> &p) restrict(amp) { return direct3d::countbits(p.a0); },
          [](const Pack<unsigned> &p) {
            unsigned n = 0;
            for (int b = 0; b < 32; ++b)
              n += (p.a0 >> b) & 1u;
            return n;
          });
  compare(0, in,
          [](const Pack<unsigned> &p) restrict(amp) { return direct3d::reversebits(p.a0); },
          [](const Pack<unsigned> &p) {
            unsigned r = 0;
            for (int b = 0; b < 32; ++b)
              if (p.a0 & (1u << b))
                r |= 1u << (31 - b);
            return r;
          });
}

TEST(Direct3d, FirstbithighAndFirstbitlow) {
  auto in = packs(edgyInts(9));
  // HLSL firstbithigh(int): for a negative value the highest 0 bit; -1 for 0 and -1.
  compare(0, in, [](const Pack<int> &p) restrict(amp) { return direct3d::firstbithigh(p.a0); },
          [](const Pack<int> &p) {
            std::uint32_t u = static_cast<std::uint32_t>(p.a0);
            if (p.a0 < 0)
              u = ~u;
            for (int b = 31; b >= 0; --b)
              if (u & (1u << b))
                return b;
            return -1;
          });
  compare(0, in, [](const Pack<int> &p) restrict(amp) { return direct3d::firstbitlow(p.a0); },
          [](const Pack<int> &p) {
            std::uint32_t u = static_cast<std::uint32_t>(p.a0);
            for (int b = 0; b < 32; ++b)
              if (u & (1u << b))
                return b;
            return -1;
          });
}

TEST(Direct3d, IntegerMaxMin) {
  auto s = packs(edgyInts(10), edgyInts(11));
  compare(0, s, [](const Pack<int, int> &p) restrict(amp) { return direct3d::imax(p.a0, p.a1); },
          [](const Pack<int, int> &p) { return std::max(p.a0, p.a1); });
  compare(0, s, [](const Pack<int, int> &p) restrict(amp) { return direct3d::imin(p.a0, p.a1); },
          [](const Pack<int, int> &p) { return std::min(p.a0, p.a1); });
  auto u = packs(edgyUnsigned(12), edgyUnsigned(13));
  compare(0, u,
          [](const Pack<unsigned, unsigned> &p) restrict(amp) {
            return direct3d::umax(p.a0, p.a1);
          },
          [](const Pack<unsigned, unsigned> &p) { return std::max(p.a0, p.a1); });
  compare(0, u,
          [](const Pack<unsigned, unsigned> &p) restrict(amp) {
            return direct3d::umin(p.a0, p.a1);
          },
          [](const Pack<unsigned, unsigned> &p) { return std::min(p.a0, p.a1); });
}

TEST(Direct3d, MadAllTypes) {
  // Integers wrap; floats round the product and the sum separately.
  auto i = packs(edgyInts(14), edgyInts(15), edgyInts(16));
  compare(0, i,
          [](const Pack<int, int, int> &p) restrict(amp) {
            return direct3d::mad(p.a0, p.a1, p.a2);
          },
          [](const Pack<int, int, int> &p) {
            std::uint32_t r = static_cast<std::uint32_t>(p.a0) * static_cast<std::uint32_t>(p.a1) +
                              static_cast<std::uint32_t>(p.a2);
            return static_cast<int>(r);
          });
  auto u = packs(edgyUnsigned(17), edgyUnsigned(18), edgyUnsigned(19));
  compare(0, u,
          [](const Pack<unsigned, unsigned, unsigned> &p) restrict(amp) {
            return direct3d::mad(p.a0, p.a1, p.a2);
          },
          [](const Pack<unsigned, unsigned, unsigned> &p) { return p.a0 * p.a1 + p.a2; });
  checkFloatMad<float>(20);
  checkFloatMad<double>(23);
}

TEST(Direct3d, RadiansAndRcp) {
  auto deg = packs(difftest::reals<float>(N, 26, -720.0f, 720.0f));
  compare(0, deg, [](const Pack<float> &p) restrict(amp) { return direct3d::radians(p.a0); },
          [](const Pack<float> &p) { return p.a0 * 0.0174532925199432957692f; });
  checkRcp<float>(27);
  checkRcp<double>(28);
}

TEST(Direct3d, Smoothstep) {
  std::vector<float> lo = difftest::reals<float>(N, 29, -50.0f, 50.0f), hi(N);
  std::vector<float> x = difftest::reals<float>(N, 30, -80.0f, 80.0f);
  for (std::size_t i = 0; i < N; ++i)
    hi[i] = lo[i] + 0.5f + static_cast<float>(i % 40);
  // One division (2.5 ULP in Vulkan) feeds t*t*(3-2t): a few ULP of the result.
  compare(8, packs(lo, hi, x),
          [](const Pack<float, float, float> &p) restrict(amp) {
            return direct3d::smoothstep(p.a0, p.a1, p.a2);
          },
          [](const Pack<float, float, float> &p) {
            float t = (p.a2 - p.a0) / (p.a1 - p.a0);
            t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
            return t * t * (3.0f - 2.0f * t);
          });
}

// noise: ampvk's definition (docs/features.md), written again here from it.
float noiseReference(float x) {
  if (std::isnan(x))
    return x;
  if (!(std::fabs(x) < 8388608.0f))
    return 0.0f;
  const float cell = std::floor(x);
  const float f = x - cell;
  auto slope = [](std::uint32_t h) {
    h *= 0x27d4eb2du;
    h ^= h >> 15;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    return static_cast<float>(h & 0xffffu) * (2.0f / 65535.0f) - 1.0f;
  };
  const std::uint32_t c = static_cast<std::uint32_t>(static_cast<std::int32_t>(cell));
  const float left = slope(c) * f, right = slope(c + 1u) * (f - 1.0f);
  const float fade = f * f * f * (f * (f * 6.0f - 15.0f) + 10.0f);
  return 2.0f * (left + fade * (right - left));
}

TEST(Direct3d, NoiseIsPerlinGradientNoise) {
  std::vector<float> x = floatsWithSpecials(31, -3000.0f, 3000.0f);
  x[24] = std::numeric_limits<float>::quiet_NaN();
  x[25] = 1e30f;
  x[26] = -0.0f;
  for (std::size_t i = 30; i < 60; ++i) // integers, where the noise is 0
    x[i] = static_cast<float>(static_cast<int>(i) * 37 - 1000);
  compare(2, packs(x), [](const Pack<float> &p) restrict(amp) { return direct3d::noise(p.a0); },
          [](const Pack<float> &p) { return noiseReference(p.a0); });

  // What makes it noise: 0 at integers, within [-1, 1], continuous, not constant.
  const int n = 20000;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = -50.0f + static_cast<float>(i) * 0.005f;
  array_view<const float, 1> inView(n, in);
  array_view<float, 1> outView(n, out);
  parallel_for_each(outView.extent, [=](concurrency::index<1> i) restrict(amp) {
    outView[i] = direct3d::noise(inView[i]);
  });
  outView.synchronize();
  float lowest = 1.0f, highest = -1.0f;
  for (int i = 0; i < n; ++i) {
    ASSERT_LE(std::fabs(out[i]), 1.0f) << in[i];
    if (in[i] == std::floor(in[i]))
      EXPECT_EQ(out[i], 0.0f) << in[i];
    if (i > 0)
      EXPECT_LT(std::fabs(out[i] - out[i - 1]), 0.02f) << in[i];
    lowest = std::min(lowest, out[i]);
    highest = std::max(highest, out[i]);
  }
  EXPECT_LT(lowest, -0.3f);
  EXPECT_GT(highest, 0.3f);
}

// graphics::direct3d::msad4: a hand-worked case (the reference's zero byte
// is masked out), then the kernel against the host on random words.
TEST(Direct3d, Msad4MaskedSumsOfAbsoluteDifferences) {
  using concurrency::graphics::uint_2;
  using concurrency::graphics::uint_4;
  const uint_4 hand = concurrency::graphics::direct3d::msad4(
      0x00030201u, uint_2(0x04030201u, 0x08070605u), uint_4(0u, 0u, 0u, 100u));
  EXPECT_EQ(hand.x, 0u);
  EXPECT_EQ(hand.y, 3u);
  EXPECT_EQ(hand.z, 6u);
  EXPECT_EQ(hand.w, 109u);

  const int n = 4096;
  std::vector<unsigned> words(4 * n);
  unsigned x = 12345u;
  for (unsigned &w : words) {
    x = x * 1664525u + 1013904223u;
    w = x;
  }
  std::vector<uint_4> got(n);
  concurrency::array_view<const unsigned, 1> in(4 * n, words);
  concurrency::array_view<uint_4, 1> out(n, got);
  concurrency::parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    const int b = 4 * i[0];
    out[i] = concurrency::graphics::direct3d::msad4(in[b], uint_2(in[b + 1], in[b + 2]),
                                                    uint_4(in[b + 3] & 0xFFFFu));
  });
  out.synchronize();
  for (int i = 0; i < n; ++i) {
    const uint_4 want = concurrency::graphics::direct3d::msad4(
        words[4 * i], uint_2(words[4 * i + 1], words[4 * i + 2]),
        uint_4(words[4 * i + 3] & 0xFFFFu));
    ASSERT_TRUE(got[i] == want) << i;
  }
}
