// Conversions between int, unsigned, float and double at the values where
// they round, alone and in round trips: a driver must not fold a round trip
// away. Mesa (22.3, lavapipe) rewrote (unsigned)(float)i to i and
// (int)(float)i to i unless the conversions are marked exact, which the
// emitter does with NoContraction (plugin/spirv/passes/NoContraction.h). Every
// conversion here is defined in C++: a float is converted to an integer type
// only when it is in range (the kernels test that, as the host does).
#include "differential.h"

using namespace difftest;
using concurrency::extent;

namespace {
const int N = 512;
const extent<1> E(N);

constexpr int kTwo24 = 1 << 24;
// Where float (24-bit significand) rounds, both signs; the ends of int.
const std::vector<int> kIntEdges = {
    kTwo24,       kTwo24 + 1,      kTwo24 + 2,        kTwo24 + 3,         -kTwo24 - 1,
    -kTwo24 - 3,  2 * kTwo24 + 2,  2 * kTwo24 + 6,    (1 << 30) + 65,     -(1 << 30) - 65,
    2147483647,   2147483647 - 64, 2147483647 - 127,  -2147483647 - 1,    -2147483647,
    123456789,    -123456789,      0,                 1,                  -1,
    16777215,     -16777215,       33554435,          1000000007,         -1000000007};
// Where float rounds above 2^31 too, and the largest values.
const std::vector<unsigned> kUnsignedEdges = {
    16777217u,   16777219u,   2147483647u, 2147483648u, 2147483649u, 2147483904u,
    2147483905u, 3000000001u, 4294967040u, 4294967167u, 4294967168u, 4294967295u,
    4294967294u, 0u,          1u,          123456789u,  3221225473u, 2863311531u};
const std::vector<double> kDoubleEdges = {
    16777217.0,        16777217.5,       -16777217.0,       2147483647.0,    2147483647.75,
    -2147483648.0,     -2147483648.5,    2147483648.0,      4294967295.0,    4294967295.5,
    3000000000.25,     9007199254740993.0, 1.0000000596046448, 1.00000005960464477539,
    3.4028234663852886e38, -3.4028234663852886e38, 1e-30, 0.1, -0.7, 0.5, 1.5, -2.5};

std::vector<int> intInputs() { return withEdges<int>(N, kIntEdges, INT32_MIN, INT32_MAX, 41); }
std::vector<unsigned> unsignedInputs() {
  return withEdges<unsigned>(N, kUnsignedEdges, 0u, UINT32_MAX, 42);
}
std::vector<double> doubleInputs() { return withEdges<double>(N, kDoubleEdges, -4e38, 4e38, 43); }
std::vector<float> floatInputs() {
  std::vector<float> v;
  for (double d : doubleInputs())
    v.push_back(static_cast<float>(d));
  return v;
}

// Float values that convert to int / unsigned without leaving the range.
bool fitsInt(float f) restrict(cpu, amp) { return f >= -2147483648.0f && f < 2147483648.0f; }
bool fitsUnsigned(float f) restrict(cpu, amp) { return f > -1.0f && f < 4294967296.0f; }
bool fitsInt(double d) restrict(cpu, amp) { return d > -2147483649.0 && d < 2147483648.0; }
bool fitsUnsigned(double d) restrict(cpu, amp) { return d > -1.0 && d < 4294967296.0; }

TEST(ConversionRoundTrips, IntThroughFloat) {
  auto v = intInputs();
  // The case: 16777217 -> 16777216.0f -> 16777216.
  check(E, [](int i) restrict(cpu, amp) { return i >= 0 ? (unsigned)(float)i : 7u; }, v);
  check(E, [](int i) restrict(cpu, amp) {
    float f = (float)i;
    return fitsInt(f) ? (int)f : -5;
  }, v);
  check(E, [](int i) restrict(cpu, amp) { return (float)i; }, v);
}

TEST(ConversionRoundTrips, UnsignedThroughFloat) {
  auto v = unsignedInputs();
  check(E, [](unsigned u) restrict(cpu, amp) {
    float f = (float)u;
    return fitsUnsigned(f) ? (unsigned)f : 9u;
  }, v);
  check(E, [](unsigned u) restrict(cpu, amp) { return (float)u; }, v);
  // Through float into the other integer type.
  check(E, [](unsigned u) restrict(cpu, amp) {
    float f = (float)u;
    return fitsInt(f) ? (int)f : -9;
  }, v);
}

TEST(ConversionRoundTrips, IntegersThroughDouble) {
  auto i = intInputs();
  auto u = unsignedInputs();
  check(E, [](int x) restrict(cpu, amp) { return (int)(double)x; }, i);
  check(E, [](unsigned x) restrict(cpu, amp) { return (unsigned)(double)x; }, u);
  check(E, [](int x) restrict(cpu, amp) { return (double)x; }, i);
  check(E, [](unsigned x) restrict(cpu, amp) { return (double)x; }, u);
  // int -> double -> float -> int: two roundings.
  check(E, [](int x) restrict(cpu, amp) {
    float f = (float)(double)x;
    return fitsInt(f) ? (int)f : -3;
  }, i);
}

TEST(ConversionRoundTrips, FloatThroughIntegers) {
  auto f = floatInputs();
  check(E, [](float x) restrict(cpu, amp) { return fitsInt(x) ? (float)(int)x : -1.0f; }, f);
  check(E, [](float x) restrict(cpu, amp) {
    return fitsUnsigned(x) ? (float)(unsigned)x : -1.0f;
  }, f);
  check(E, [](float x) restrict(cpu, amp) { return fitsInt(x) ? (double)(int)x : -1.0; }, f);
}

TEST(ConversionRoundTrips, DoubleThroughFloatAndIntegers) {
  auto d = doubleInputs();
  check(E, [](double x) restrict(cpu, amp) { return (double)(float)x; }, d);
  check(E, [](double x) restrict(cpu, amp) { return (float)x; }, d);
  check(E, [](double x) restrict(cpu, amp) { return fitsInt(x) ? (double)(int)x : -1.0; }, d);
  check(E, [](double x) restrict(cpu, amp) {
    return fitsUnsigned(x) ? (double)(unsigned)x : -1.0;
  }, d);
  check(E, [](double x) restrict(cpu, amp) {
    float f = (float)x;
    return fitsUnsigned(f) ? (unsigned)f : 5u;
  }, d);
  check(E, [](double x) restrict(cpu, amp) { return fitsInt(x) ? (float)(int)x : -1.0f; }, d);
}

TEST(ConversionRoundTrips, FloatThroughDouble) {
  auto f = floatInputs();
  check(E, [](float x) restrict(cpu, amp) { return (float)(double)x; }, f);
  check(E, [](float x) restrict(cpu, amp) { return (double)x * 3.0; }, f);
}
} // namespace
