// Differential tests, locals carried through control flow: the shapes the
// plugin's own promotion of Function variables to SSA values
// (plugin/spirv/passes/FunctionVariablesToSsa.cpp) places phis for: long if/else
// chains on one variable (one long enough for block-local redundancy
// elimination), switches whose cases fall through, values carried
// around nested loops with break and continue, variables declared inside a
// loop body, bool and short-vector locals, and locals whose address a helper
// takes (those stay in memory) next to locals that do not.
#include "differential.h"

#include <amp_short_vectors.h>

using namespace difftest;
using concurrency::extent;

namespace {
const int N1 = 777;
const extent<2> E2(21, 17);

#define STEP(k)                                                                                  \
  if (v > (k) * 7 - 100)                                                                         \
    v = v * 3 - (k);                                                                             \
  else                                                                                           \
    v += (k) % 17;                                                                               \
  if (v > 100000 || v < -100000)                                                                 \
    v /= 5;
#define STEP4(k) STEP(k) STEP(k + 1) STEP(k + 2) STEP(k + 3)
#define STEP16(k) STEP4(k) STEP4(k + 4) STEP4(k + 8) STEP4(k + 12)
#define STEP64(k) STEP16(k) STEP16(k + 16) STEP16(k + 32) STEP16(k + 48)

// One variable through 32 if/else statements; w changes only in some arms.
int ifChain(int a) restrict(cpu, amp) {
  int v = a, w = 1;
  STEP4(0) STEP4(4) STEP4(8) STEP4(12)
  if (v & 1)
    w = v;
  STEP4(16) STEP4(20) STEP4(24) STEP4(28)
  return v ^ w;
}

// 1024 if statements in a row: deep enough that the pipeline keeps
// redundancy elimination within blocks (RedundancyEliminationCost.h).
int longIfChain(int a) restrict(cpu, amp) {
  int v = a;
  STEP64(0) STEP64(64) STEP64(128) STEP64(192) STEP64(256) STEP64(320) STEP64(384) STEP64(448)
  return v;
}

// Cases that fall through into the next, inside a loop: r and s are carried
// around the loop and through the switch.
int fallThroughSwitch(int x, int n) restrict(cpu, amp) {
  int r = 0, s = 1;
  for (int i = 0; i < (n & 7) + 1; ++i) {
    switch ((x + i) % 9) {
    case 0:
      r += 3;
    case 1:
      s = s * 2 + r;
      break;
    case 2:
      r ^= s;
    case 3:
    case 4:
      r -= i;
      if (r < -50)
        break;
      s += 1;
    case 5:
      s ^= 0x55;
      break;
    case -3:
      r = -r;
    default:
      r += x;
    }
    if (s > 10000)
      s %= 977;
  }
  return r * 31 + s;
}

// Values carried around nested loops with break and continue; t is declared
// in the outer body and assigned on every path before it is read.
int carriedAroundLoops(int a, int b) restrict(cpu, amp) {
  int sum = 0, last = -1, count = 0;
  bool seenOdd = false;
  for (int i = 0; i < 10; ++i) {
    int t;
    if ((a + i) & 1)
      t = i * 3;
    else
      t = -i;
    int j = 0;
    while (j < (b & 15)) {
      ++j;
      if ((j + t) % 4 == 0)
        continue;
      if (j * i > 40 + (a & 7))
        break;
      sum += t ^ j;
      last = j;
      seenOdd = seenOdd || (sum & 1);
    }
    if (sum > 500)
      break;
    count += seenOdd ? 2 : 1;
  }
  return sum * 1000 + last * 10 + count + (seenOdd ? 7 : 0);
}

// A short-vector local updated in branches, and one changed through a
// reference (its address goes to the helper, so it stays in memory).
void bump(int &x, int by) restrict(cpu, amp) {
  if (x < by)
    x += by;
  else
    x -= by / 2;
}

int vectorsAndReferences(int a, int b) restrict(cpu, amp) {
  concurrency::graphics::int_3 v(a, b, a - b);
  int kept = a & 255;
  for (int i = 0; i < 6; ++i) {
    if ((v.x + i) & 2)
      v = concurrency::graphics::int_3(v.y, v.z, v.x + i);
    else
      v.y += i * kept;
    bump(kept, v.z & 63);
  }
  return v.x * 7 + v.y * 3 + v.z + kept;
}
} // namespace

TEST(DiffLocals, IfChain) {
  check(extent<1>(N1), [](int a) restrict(cpu, amp) { return ifChain(a); },
        ints<int>(N1, 41, -300, 300));
}

TEST(DiffLocals, LongIfChain) {
  check(extent<1>(N1), [](int a) restrict(cpu, amp) { return longIfChain(a); },
        ints<int>(N1, 48, -3000, 3000));
}

TEST(DiffLocals, FallThroughSwitch) {
  check(E2, [](int x, int n) restrict(cpu, amp) { return fallThroughSwitch(x, n); },
        ints<int>(E2.size(), 42, -20, 40), ints<int>(E2.size(), 43, 0, 100));
}

TEST(DiffLocals, CarriedAroundLoops) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return carriedAroundLoops(a, b); },
        ints<int>(N1, 44, -100, 100), ints<int>(N1, 45, 0, 1000));
}

TEST(DiffLocals, VectorsAndReferences) {
  check(extent<1>(N1),
        [](int a, int b) restrict(cpu, amp) { return vectorsAndReferences(a, b); },
        ints<int>(N1, 46, -500, 500), ints<int>(N1, 47, -500, 500));
}

namespace {
struct Triple {
  int a;
  float b;
  int c[2];
};

// Structured bindings name members and elements; by reference they write
// through.
int structuredBindings(int x, int y) restrict(cpu, amp) {
  Triple t = {x, y * 0.5f, {x - y, x + y}};
  auto [a, b, c] = t;
  auto &[ra, rb, rc] = t;
  ra += 3;
  rc[1] *= 2;
  int arr[3] = {y, x, a};
  auto &[p, q, r] = arr;
  q -= p;
  return a + static_cast<int>(b) + c[0] + t.a * 5 + t.c[1] + arr[1] * 7 + r;
}
} // namespace

TEST(DiffLocals, StructuredBindings) {
  check(extent<1>(N1), [](int a, int b) restrict(cpu, amp) { return structuredBindings(a, b); },
        ints<int>(N1, 49, -500, 500), ints<int>(N1, 50, -500, 500));
}
