// Unions in kernels (C++ AMP allows unions of amp-compatible members): a
// union is kept as the 32-bit words of its bytes, and each member is read
// and written through bitcasts, so type punning gives the host's bits. The
// same restrict(cpu, amp) functions run on the host and in kernels, and the
// results are compared bit for bit: locals, copies, unions inside structs,
// arrays inside unions indexed at run time, unions passed to functions,
// captured by the kernel and held in array_view elements.
#include <amp.h>

#include "differential.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {
union FloatBits {
  float f;
  unsigned u;
  int i;
};

struct Pair {
  float x, y;
};
union Wide {
  Pair p;
  unsigned w[2];
  double d;
};

struct Tagged {
  int tag;
  FloatBits v;
  int after;
};

unsigned flipSign(FloatBits b) restrict(cpu, amp) {
  b.u ^= 0x80000000u;
  return b.u;
}

void bump(Wide &w, int k) restrict(cpu, amp) { w.w[k & 1] += 1u; }

// Every shape on one input; the words it ends with, folded into one value.
unsigned punning(float x) restrict(cpu, amp) {
  FloatBits a;
  a.f = x;
  unsigned bits = a.u;
  FloatBits b = a;     // a copy of the words
  b.i = b.i >> 3;      // an arithmetic shift of the bits, read back unsigned
  FloatBits c = {x * 2.0f};
  Tagged t{7, {x + 1.0f}, 9};
  t.v.u = t.v.u + 1u;  // the next float up
  Wide w;
  w.p.x = x;
  w.p.y = -x;
  int k = static_cast<int>(bits & 3u);
  bump(w, k);          // through a reference, index at run time
  Wide w2;
  w2.d = w.d;          // the same bytes moved as a double
  unsigned folded = bits ^ flipSign(a) ^ (b.u * 3u) ^ (b.f == b.f ? 5u : 6u) ^ c.u ^
                    (t.v.u + static_cast<unsigned>(t.tag + t.after)) ^ w.w[0] ^ (w.w[1] << 1) ^
                    w2.w[0] ^ w2.w[1];
  return folded;
}
} // namespace

TEST(Unions, PunningMatchesTheHost) {
  std::vector<float> in = difftest::withEdges<float>(
      400, {0.0f, 1.0f, -1.0f, 0.5f, 3.0e7f, -2.5e-3f}, -1.0e6f, 1.0e6f, 77);
  difftest::check(extent<1>(static_cast<int>(in.size())),
                  [](float x) restrict(cpu, amp) { return punning(x); }, in);
}

TEST(Unions, CapturedAndInViewElements) {
  const int n = 256;
  std::vector<Wide> data(n);
  for (int i = 0; i < n; ++i) {
    data[i].p.x = 0.25f * i - 3.0f;
    data[i].p.y = 1.5f * i;
  }
  std::vector<Wide> expect = data;
  FloatBits mask;
  mask.u = 0x7fffffffu;
  array_view<Wide, 1> v(n, data);
  parallel_for_each(v.extent, [=](index1 i) restrict(amp) {
    Wide w = v[i];
    w.w[0] &= mask.u;                         // |x| through the captured union
    v[i].w[1] = w.w[0] ^ static_cast<unsigned>(i[0]);
    v[i].p.x = w.p.x + static_cast<float>(mask.i & 1);
  });
  v.synchronize();
  for (int i = 0; i < n; ++i) {
    unsigned xBits;
    float x = expect[i].p.x;
    std::memcpy(&xBits, &x, 4);
    unsigned absBits = xBits & 0x7fffffffu;
    float absX;
    std::memcpy(&absX, &absBits, 4);
    ASSERT_EQ(data[i].w[1], absBits ^ static_cast<unsigned>(i)) << i;
    ASSERT_EQ(data[i].p.x, absX + 1.0f) << i;
  }
}

// Atomics on an integer member of a union in global and tile_static memory
// act on its word.
TEST(Unions, AtomicsOnMembers) {
  const int n = 1024;
  std::vector<FloatBits> counters(4);
  for (FloatBits &c : counters)
    c.u = 0;
  std::vector<int> tileSums(n / 128, 0);
  array_view<FloatBits, 1> cv(4, counters);
  array_view<int, 1> sums(n / 128, tileSums);
  parallel_for_each(extent<1>(n).tile<128>(), [=](tiled_index<128> t) restrict(amp) {
    tile_static FloatBits local;
    if (t.local[0] == 0)
      local.i = 0;
    t.barrier.wait();
    atomic_fetch_add(&local.i, t.global[0] % 7);
    atomic_fetch_add(&cv[t.global[0] % 4].u, 1u);
    t.barrier.wait();
    if (t.local[0] == 0)
      sums[t.tile[0]] = local.i;
  });
  cv.synchronize();
  sums.synchronize();
  for (int k = 0; k < 4; ++k)
    ASSERT_EQ(counters[k].u, static_cast<unsigned>(n / 4)) << k;
  for (int tile = 0; tile < n / 128; ++tile) {
    int expect = 0;
    for (int i = tile * 128; i < tile * 128 + 128; ++i)
      expect += i % 7;
    ASSERT_EQ(tileSums[tile], expect) << tile;
  }
}
