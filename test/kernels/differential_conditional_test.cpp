// Differential tests: the conditional operator on scalars, structs and objects
// (lvalue arms, read, copied, passed by const reference, returned by const
// reference, bound to the `const T &` operand of a short-vector component's
// compound assignment; as a statement, with void arms), and short-circuit && / || with
// side effects in the right operand. Assigning to the object `?:` selects is
// not supported yet: test/lit/emitter/unsupported_constructs.cpp.
#include "differential.h"

#include <amp_short_vectors.h>

using namespace difftest;
using concurrency::extent;

namespace {
const int N1 = 1001;
const extent<2> E2(17, 45);

// ---- conditional operator ----

struct Point {
  int x;
  float y;
  int sum() const restrict(cpu, amp) { return x + int(y); }
};

Point makePoint(int x, float y) restrict(cpu, amp) {
  Point p = {x, y};
  return p;
}

float conditionalScalars(int a, float f) restrict(cpu, amp) {
  int i = a > 0 ? a : -a;
  unsigned u = a & 1 ? 7u : a;   // unsigned result
  float g = a > 3 ? f : a;       // int converts to float
  long l = a < 0 ? long(a) * 3 : a; // long result
  double d = f > 0.0f ? f : 1.5; // double result
  bool b = a ? f < 0.0f : true;
  int nested = a > 10 ? 1 : a > 0 ? 2 : a > -10 ? 3 : 4;
  return float(i) + float(u % 100u) + g + float(l % 1000) + float(d) + (b ? 0.5f : 0.0f) +
         float(nested);
}

int conditionalStructs(int a, float f) restrict(cpu, amp) {
  Point p = makePoint(a, f);
  Point q = makePoint(-a, -f);
  Point r = a > 0 ? p : q;                                    // lvalue arms, copied
  Point s = a % 3 == 0 ? makePoint(1, 2.0f) : makePoint(a, f); // prvalue arms
  int viaMember = (a & 1 ? p : q).x;
  return r.x * 3 + int(r.y) + s.x * 5 + int(s.y) * 7 + viaMember * 11;
}

const int &largerOf(const int &x, const int &y) restrict(cpu, amp) {
  return x < y ? y : x;
}

const Point &leftmost(const Point &p, const Point &q) restrict(cpu, amp) {
  return p.x <= q.x ? p : q;
}

void addTo(int &target, int v) restrict(cpu, amp) { target += v; }

// `?:` whose arms are objects (lvalues), read in every way that does not need
// the object itself: loads, copies, members, const methods, const-reference
// arguments, returns by const reference; and as a statement of its own.
int conditionalObjects(int a, int b) restrict(cpu, amp) {
  int x = a, y = b;
  int bigger = a > b ? x : y;
  int nested = a > 0 ? x : b > 0 ? y : bigger;
  int arr[3] = {a, b, a - b};
  int picked = arr[a & 1 ? 0 : 2] + (b & 1 ? arr[1] : arr[2]);
  Point p = {a, 0.5f}, q = {b, 1.5f};
  Point r = a < b ? p : q;
  int viaMember = (a & 2 ? p : q).x;
  int viaMethod = (a & 4 ? p : q).sum();
  int viaHelper = largerOf(a > 0 ? x : y, arr[1]);
  int viaConstRefReturn = largerOf(x, y) + leftmost(p, q).x;
  a & 8 ? ++x : ++y; // only the chosen arm runs
  b > 0 ? addTo(x, 10) : addTo(y, 20);
  return bigger + nested * 3 + picked * 5 + r.x * 7 + viaMember * 11 + viaMethod * 13 +
         viaHelper * 17 + viaConstRefReturn * 19 + x * 23 + y * 29;
}

// `?:` with object arms as elements of initializer lists: of arrays, of
// aggregates and of the lists nested in them (found by the fuzzer, docs/fuzzing.md).
struct Nested {
  int a;
  Point p;
  int b[2];
};

int conditionalsInInitializerLists(int a, int b) restrict(cpu, amp) {
  int x = a, y = b;
  Point p = {a, 0.5f}, q = {b, 1.5f};
  int arr[3] = {a > b ? x : y, 5, b & 1 ? y : x};
  Point r = {a & 2 ? x : y, 2.5f};
  Nested n = {a > 0 ? x : y, a & 4 ? p : q, {b > 0 ? y : x, a < b ? x : y}};
  return arr[0] + arr[1] * 3 + arr[2] * 5 + r.x * 7 + n.a * 11 + n.p.x * 13 + n.b[0] * 17 +
         n.b[1] * 19;
}

// `?:` with object arms bound to references to const: the operand of a
// short-vector component's compound assignment (a __declspec(property): fuzzer
// seed 1255, docs/fuzzing.md), of a short-vector operator or swizzle write, and
// of calls that also write another object (found by the fuzzer).
struct Fields {
  unsigned f, g;
};

unsigned plusOne(const unsigned &v) restrict(cpu, amp) { return v * 3u + 1u; }
void accumulate(unsigned &target, const unsigned &v) restrict(cpu, amp) { target ^= v + 5u; }

unsigned conditionalConstRefOperands(unsigned x, unsigned y) restrict(cpu, amp) {
  Fields a = {x, y ^ 0x5a5a5a5au}, bStore = {y, x * 2654435761u};
  const Fields &b = bStore;
  bool c = (x ^ y) & 1u;
  concurrency::graphics::uint_2 v(x | 0xf0f0u, y + 3u);
  v.x &= (c ? a.f : b.f);
  v.y += (c ? a.f : b.f);
  v.x |= ((v.x <= 31u) && (y > x)) ? a.g : b.g;
  concurrency::graphics::uint_2 p(x, y), q(y >> 3, x >> 5);
  v += (x > y ? p : q);
  v.yx = ((x & 6u) ? p : q);
  unsigned t = y;
  accumulate(t, c ? a.g : b.g);
  return plusOne(c ? a.f : b.f) + v.x * 7u + v.y * 13u + t * 17u + plusOne((x & 8u) ? b.g : a.g);
}

// ---- short-circuit ----

bool bump(int &counter, bool value) restrict(cpu, amp) {
  ++counter;
  return value;
}

int shortCircuit(int a, int b) restrict(cpu, amp) {
  int c = 0;
  bool r1 = a > 0 && bump(c, b > 0);          // right side only when a > 0
  bool r2 = a < 0 || bump(c, b < 0);          // right side only when a >= 0
  bool r3 = (a > 5 && bump(c, true)) || bump(c, b == 0);
  bool r4 = a != 0 && (b != 0 || bump(c, a > b)) && bump(c, false);
  int d = 0;
  if (a > 2 && ++d > 0 && b > 2 && ++d > 1)
    d += 10;
  if (a < -2 || (d += 100) > 1000)
    d += 1000;
  int e = 0;
  for (int k = 0; k < 10 && bump(e, k * a < 20); ++k)
    ;
  return c * 100000 + r1 + r2 * 2 + r3 * 4 + r4 * 8 + d * 16 + e * 1000000;
}

int shortCircuitInConditional(int a, int b) restrict(cpu, amp) {
  int c = 0;
  int v = (a > 0 && bump(c, b > a)) ? (b > 0 || bump(c, true) ? 1 : 2) : 3;
  bool w = !(a == b) && !(bump(c, a < b) || bump(c, b < 0));
  return v * 100 + w * 10 + c;
}
} // namespace

TEST(DiffConditional, ConditionalOperator) {
  auto a = ints<int>(N1, 33, -20, 20);
  auto f = reals<float>(N1, 34, -100.0f, 100.0f);
  check(extent<1>(N1),
        [](int a, float f) restrict(cpu, amp) { return conditionalScalars(a, f); }, a, f);
  check(extent<1>(N1),
        [](int a, float f) restrict(cpu, amp) { return conditionalStructs(a, f); }, a, f);
  check(extent<1>(N1),
        [](int a, int b) restrict(cpu, amp) { return conditionalObjects(a, b); }, a,
        ints<int>(N1, 35, -20, 20));
  check(extent<1>(N1),
        [](int a, int b) restrict(cpu, amp) { return conditionalsInInitializerLists(a, b); }, a,
        ints<int>(N1, 40, -20, 20));
  check(extent<1>(N1),
        [](unsigned x, unsigned y) restrict(cpu, amp) { return conditionalConstRefOperands(x, y); },
        ints<unsigned>(N1, 41), ints<unsigned>(N1, 42));
}

TEST(DiffConditional, ShortCircuit) {
  auto a = ints<int>(N1, 36, -8, 8), b = ints<int>(N1, 37, -8, 8);
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return shortCircuit(a, b); }, a,
        b);
  check(E2,
        [](int a, int b) restrict(cpu, amp) { return shortCircuitInConditional(a, b); },
        ints<int>(E2.size(), 38, -8, 8), ints<int>(E2.size(), 39, -8, 8));
}
