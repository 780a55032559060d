// Differential testing (DESIGN.md section 7): a restrict(cpu,amp) function runs
// once per element on the device (through parallel_for_each) and on the host;
// the results must agree.
//
//   difftest::check(extent, f, inputs...)          integers bit-exact, floats exact
//   difftest::checkUlp(ulps, extent, f, inputs...) floats within `ulps` units in
//                                                  the last place
//   difftest::checkAt(extent, f, inputs...)        f(index<N>, inputs...)
//
// Each input is a std::vector with one value per element of the extent (row
// major, as array_view lays it out). The inputs travel to the device packed in
// one struct per element, so every rank needs only two bindings and the kernel
// object stays in the push constants (large_captures_test.cpp covers the rest).
//
// Float tolerances. Vulkan requires correctly rounded +, -, * and conversions,
// and the emitter marks float arithmetic NoContraction (no reassociation, no
// fused multiply-add), so results of those are compared exactly, also for
// expressions of many operations; the pragma below keeps the host from
// contracting a*b+c on targets with a fused multiply-add instruction. Division
// may be off by 2.5 ULP in Vulkan (the precision table of the Vulkan
// specification), so tests with a division use kDivUlps = 3. Inputs avoid NaN,
// infinities and denormals, and +0 equals -0: Vulkan does not promise IEEE
// behaviour for them without the optional float-controls execution modes.
#ifndef AMPVK_TEST_KERNELS_DIFFERENTIAL_H
#define AMPVK_TEST_KERNELS_DIFFERENTIAL_H

#include <amp.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

// For the rest of every test file that includes this header.
#pragma STDC FP_CONTRACT OFF

namespace difftest {

constexpr int kDivUlps = 3; // Vulkan: x / y is accurate to 2.5 ULP

// One element's inputs. A plain struct, so it lands in a storage buffer with
// Clang's layout (and exercises struct elements of array_views on the way).
template <typename... A> struct Pack;
template <typename A0> struct Pack<A0> {
  A0 a0;
  // `x...` are leading arguments (the element's index, for checkAt).
  template <typename F, typename... X>
  auto call(const F &f, const X &...x) const restrict(cpu, amp) {
    return f(x..., a0);
  }
};
template <typename A0, typename A1> struct Pack<A0, A1> {
  A0 a0;
  A1 a1;
  template <typename F, typename... X>
  auto call(const F &f, const X &...x) const restrict(cpu, amp) {
    return f(x..., a0, a1);
  }
};
template <typename A0, typename A1, typename A2> struct Pack<A0, A1, A2> {
  A0 a0;
  A1 a1;
  A2 a2;
  template <typename F, typename... X>
  auto call(const F &f, const X &...x) const restrict(cpu, amp) {
    return f(x..., a0, a1, a2);
  }
};

template <typename A0> Pack<A0> pack(A0 a0) { return {a0}; }
template <typename A0, typename A1> Pack<A0, A1> pack(A0 a0, A1 a1) { return {a0, a1}; }
template <typename A0, typename A1, typename A2> Pack<A0, A1, A2> pack(A0 a0, A1 a1, A2 a2) {
  return {a0, a1, a2};
}

// bool cannot be an array_view element: bool results travel as int.
template <typename T> using Stored = std::conditional_t<std::is_same_v<T, bool>, int, T>;

// Distance in units in the last place between two finite floats of one type.
template <typename T> std::uint64_t ulpDistance(T a, T b) {
  using Bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
  Bits ia, ib;
  std::memcpy(&ia, &a, sizeof(T));
  std::memcpy(&ib, &b, sizeof(T));
  // Map the sign-magnitude encoding onto a monotonic integer line.
  const Bits Min = std::numeric_limits<Bits>::min();
  if (ia < 0)
    ia = Min - ia;
  if (ib < 0)
    ib = Min - ib;
  long double d = static_cast<long double>(ia) - static_cast<long double>(ib);
  return static_cast<std::uint64_t>(d < 0 ? -d : d);
}

template <typename T> std::string show(const T &v) {
  std::ostringstream os;
  if constexpr (std::is_floating_point_v<T>) {
    os.precision(std::numeric_limits<T>::max_digits10);
    os << v << " (" << std::hexfloat << v << ")";
  } else if constexpr (std::is_arithmetic_v<T>) {
    os << +v;
  } else {
    os << "{a struct}"; // inputs may be structs too
  }
  return os.str();
}

template <typename T> bool agrees(T device, T host, unsigned ulps) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(device) || std::isnan(host))
      return std::isnan(device) && std::isnan(host);
    // Exact, except that +0 equals -0: without the SignedZeroInfNanPreserve
    // execution mode (Vulkan 1.2 float controls, optional) a driver need not
    // keep the sign of a zero (lavapipe folds 0.0 + x to x, -0 for x = -0).
    if (ulps == 0)
      return device == host;
    return ulpDistance(device, host) <= ulps;
  } else {
    return device == host;
  }
}

template <int N, bool WithIndex, typename S, typename P, typename F>
void runOnDevice(const concurrency::extent<N> &ext, const F &f, std::vector<P> &in,
                 std::vector<S> &out) {
  concurrency::array_view<const P, N> inView(ext, in);
  concurrency::array_view<S, N> outView(ext, out);
  outView.discard_data();
  concurrency::parallel_for_each(ext, [=](concurrency::index<N> idx) restrict(amp) {
    if constexpr (WithIndex)
      outView[idx] = static_cast<S>(inView[idx].call(f, idx));
    else
      outView[idx] = static_cast<S>(inView[idx].call(f));
  });
  outView.synchronize();
}

// The index of element `linear` in row-major order.
template <int N>
concurrency::index<N> indexOf(const concurrency::extent<N> &ext, std::size_t linear) {
  concurrency::index<N> idx;
  for (int d = N - 1; d >= 0; --d) {
    idx[d] = static_cast<int>(linear % static_cast<std::size_t>(ext[d]));
    linear /= static_cast<std::size_t>(ext[d]);
  }
  return idx;
}

template <typename A0> std::string showPack(const Pack<A0> &p) { return show(p.a0); }
template <typename A0, typename A1> std::string showPack(const Pack<A0, A1> &p) {
  return show(p.a0) + ", " + show(p.a1);
}
template <typename A0, typename A1, typename A2>
std::string showPack(const Pack<A0, A1, A2> &p) {
  return show(p.a0) + ", " + show(p.a1) + ", " + show(p.a2);
}

// Runs f on every element on the device and on the host; reports the first
// disagreements with their inputs.
template <bool WithIndex, int N, typename F, typename... A>
void compare(unsigned ulps, const concurrency::extent<N> &ext, const F &f,
             const std::vector<A> &...inputs) {
  using P = Pack<A...>;
  auto callHost = [&](const P &p, std::size_t i) {
    if constexpr (WithIndex)
      return p.call(f, indexOf(ext, i));
    else
      return p.call(f);
  };
  using R = decltype(callHost(std::declval<const P &>(), 0));
  using S = Stored<R>;
  static_assert(std::is_arithmetic_v<R>, "differential functions return a scalar");
  const std::size_t n = ext.size();
  for (std::size_t size : {inputs.size()...})
    ASSERT_EQ(size, n) << "one input value per element of the extent";
  std::vector<P> in(n);
  for (std::size_t i = 0; i < n; ++i)
    in[i] = pack(inputs[i]...);
  std::vector<S> device(n, S(0x5A));
  runOnDevice<N, WithIndex, S>(ext, f, in, device);
  int reported = 0;
  for (std::size_t i = 0; i < n && reported < 8; ++i) {
    S host = static_cast<S>(callHost(in[i], i));
    if (!agrees(device[i], host, ulps)) {
      ADD_FAILURE() << "element " << i << ": f(" << showPack(in[i]) << ") is " << show(host)
                    << " on the host but " << show(device[i]) << " on the device"
                    << (ulps ? " (allowed: " + std::to_string(ulps) + " ULP)" : "");
      ++reported;
    }
  }
}

template <int N, typename F, typename... A>
void checkUlp(unsigned ulps, const concurrency::extent<N> &ext, const F &f,
              const std::vector<A> &...inputs) {
  compare<false>(ulps, ext, f, inputs...);
}

template <int N, typename F, typename... A>
void check(const concurrency::extent<N> &ext, const F &f, const std::vector<A> &...inputs) {
  compare<false>(0, ext, f, inputs...);
}

// f(index<N>, inputs...): also sees the element's index.
template <int N, typename F, typename... A>
void checkAt(const concurrency::extent<N> &ext, const F &f, const std::vector<A> &...inputs) {
  compare<true>(0, ext, f, inputs...);
}

// ---- Inputs: edge values first, then reproducible pseudo-random ones. ----

template <typename T> std::vector<T> withEdges(std::size_t n, std::vector<T> edges, T lo, T hi,
                                               unsigned seed) {
  std::mt19937_64 gen(seed);
  std::vector<T> v;
  for (T e : edges)
    if (v.size() < n && e >= lo && e <= hi)
      v.push_back(e);
  while (v.size() < n) {
    if constexpr (std::is_floating_point_v<T>) {
      // A spread of magnitudes, not only values near the range's ends.
      std::uniform_real_distribution<double> mant(0.5, 1.0);
      std::uniform_int_distribution<int> expo(-20, 20);
      std::uniform_int_distribution<int> sign(0, 1);
      double x = std::ldexp(mant(gen), expo(gen)) * (sign(gen) ? -1.0 : 1.0);
      if (x >= static_cast<double>(lo) && x <= static_cast<double>(hi))
        v.push_back(static_cast<T>(x));
    } else {
      std::uniform_int_distribution<T> d(lo, hi);
      // Half the values small, so that comparisons and divisions see equal and
      // nearby operands, not only huge ones.
      T x = d(gen);
      if (gen() % 2) {
        std::uniform_int_distribution<long long> s(-40, 40);
        long long y = s(gen);
        bool representable = y >= 0 || std::is_signed_v<T>;
        if (representable && static_cast<T>(y) >= lo && static_cast<T>(y) <= hi)
          x = static_cast<T>(y);
      }
      v.push_back(x);
    }
  }
  return v;
}

// Integers in [lo, hi] (whole type by default), including the ends, 0 and +-1.
template <typename T>
std::vector<T> ints(std::size_t n, unsigned seed, T lo = std::numeric_limits<T>::min(),
                    T hi = std::numeric_limits<T>::max()) {
  std::vector<T> edges = {lo, hi, T(0), T(1), T(lo + 1), T(hi - 1), T(2), T(hi / 2)};
  if constexpr (std::is_signed_v<T>)
    edges.insert(edges.end(), {T(-1), T(-2), T(lo / 2)});
  return withEdges<T>(n, edges, lo, hi, seed);
}

// Integers in [lo, hi] that are not zero (divisors).
template <typename T>
std::vector<T> nonZero(std::size_t n, unsigned seed, T lo = std::numeric_limits<T>::min(),
                       T hi = std::numeric_limits<T>::max()) {
  std::vector<T> v = ints<T>(n + n / 2 + 16, seed, lo, hi);
  std::vector<T> out;
  for (T x : v)
    if (x != 0 && out.size() < n)
      out.push_back(x);
  while (out.size() < n)
    out.push_back(hi > 0 ? hi : lo);
  return out;
}

// Finite, normal floats (and zeros) in [lo, hi].
template <typename T> std::vector<T> reals(std::size_t n, unsigned seed, T lo, T hi) {
  std::vector<T> edges = {lo, hi, T(0), T(-0.0), T(1), T(-1), T(0.5), T(-2.5), T(3.75)};
  return withEdges<T>(n, edges, lo, hi, seed);
}

inline std::vector<int> smallInts(std::size_t n, unsigned seed, int lo, int hi) {
  return ints<int>(n, seed, lo, hi);
}

} // namespace difftest

#endif
