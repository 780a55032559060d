// C++ AMP atomics (spec chapter 6) on global memory (array_view and array
// elements, through pointers, references and struct members) and on
// tile_static memory, checked against host computations. Where the order of
// the threads decides a result, the tests check what every order must give:
// the set of old values fetch_inc returns, one winner per compare_exchange
// slot, exchange chains that hand every value on exactly once.
#include <amp.h>
#include <amp_short_vectors.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;
using index2 = concurrency::index<2>;

namespace {

// Skewed values in [0, bins): a few bins collect most of the data, so many
// threads hit one counter at once.
std::vector<int> skewed(int n, int bins, unsigned seed) {
  std::mt19937 gen(seed);
  std::geometric_distribution<int> geo(0.08);
  std::uniform_int_distribution<int> any(0, bins - 1);
  std::vector<int> v(n);
  for (int &x : v)
    x = (gen() % 3 == 0) ? any(gen) : std::min(geo(gen), bins - 1);
  return v;
}

std::vector<std::uint32_t> randomBits(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<std::uint32_t> v(n);
  for (auto &x : v)
    x = gen();
  return v;
}

struct Cell {
  int hits;
  unsigned int weight;
  float last;
  int pad;
};

void bump(int *p, int by) restrict(amp) { atomic_fetch_add(p, by); }

} // namespace

TEST(Atomics, GlobalHistogramAddInt) {
  const int n = 100003, bins = 61;
  std::vector<int> data = skewed(n, bins, 1), hist(bins, 0), expect(bins, 0);
  for (int x : data)
    ++expect[x];
  array_view<const int, 1> in(n, data);
  array_view<int, 1> h(bins, hist);
  parallel_for_each(in.extent, [=](index1 i) restrict(amp) {
    atomic_fetch_add(&h[in[i]], 1);
  });
  h.synchronize();
  EXPECT_EQ(hist, expect);
}

TEST(Atomics, GlobalHistogramUnsignedWeightsThroughReference) {
  const int n = 50000, bins = 32;
  std::vector<int> data = skewed(n, bins, 2);
  std::vector<unsigned> weights(n), hist(bins, 0), expect(bins, 0);
  std::mt19937 gen(3);
  for (int i = 0; i < n; ++i) {
    weights[i] = gen() % 100000u;
    expect[data[i]] += weights[i];
  }
  array_view<const int, 1> in(n, data);
  array_view<const unsigned, 1> w(n, weights);
  array_view<unsigned, 1> h(bins, hist);
  parallel_for_each(in.extent, [=](index1 i) restrict(amp) {
    unsigned &slot = h[in[i]];
    atomic_fetch_add(&slot, w[i]);
  });
  h.synchronize();
  EXPECT_EQ(hist, expect);
}

TEST(Atomics, TileStaticHistogramMergedToGlobal) {
  const int tile = 256, tiles = 40, n = tile * tiles, bins = 24;
  std::vector<int> data = skewed(n, bins, 4), hist(bins, 0), perTile(tiles * bins, 0);
  std::vector<int> expect(bins, 0), expectTile(tiles * bins, 0);
  for (int i = 0; i < n; ++i) {
    ++expect[data[i]];
    ++expectTile[(i / tile) * bins + data[i]];
  }
  array_view<const int, 1> in(n, data);
  array_view<int, 1> h(bins, hist);
  array_view<int, 2> pt(tiles, bins, perTile);
  parallel_for_each(in.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static int local[bins];
    int l = t.local[0];
    if (l < bins)
      local[l] = 0;
    t.barrier.wait();
    atomic_fetch_add(&local[in[t.global]], 1);
    t.barrier.wait();
    if (l < bins) {
      pt(t.tile[0], l) = local[l];
      atomic_fetch_add(&h[l], local[l]);
    }
  });
  h.synchronize();
  pt.synchronize();
  EXPECT_EQ(hist, expect);
  EXPECT_EQ(perTile, expectTile);
}

TEST(Atomics, TileStaticStructMembersAndScalars) {
  struct Stats {
    unsigned int sum;
    int maxValue;
    int minValue;
    unsigned int bits;
  };
  const int tile = 128, tiles = 16, n = tile * tiles;
  std::vector<int> data(n);
  std::mt19937 gen(5);
  for (int &x : data)
    x = static_cast<int>(gen() % 20001) - 10000;
  std::vector<int> out(tiles * 5, 0);
  array_view<const int, 1> in(n, data);
  array_view<int, 1> o(tiles * 5, out);
  parallel_for_each(in.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static Stats s;
    tile_static int count;
    if (t.local[0] == 0) {
      s.sum = 0;
      s.maxValue = INT_MIN;
      s.minValue = INT_MAX;
      s.bits = 0;
      count = 0;
    }
    t.barrier.wait();
    int v = in[t.global];
    atomic_fetch_add(&s.sum, static_cast<unsigned>(v + 10000));
    atomic_fetch_max(&s.maxValue, v);
    atomic_fetch_min(&s.minValue, v);
    atomic_fetch_or(&s.bits, 1u << (t.local[0] % 32));
    atomic_fetch_inc(&count);
    t.barrier.wait();
    if (t.local[0] == 0) {
      int base = t.tile[0] * 5;
      o[base] = static_cast<int>(s.sum);
      o[base + 1] = s.maxValue;
      o[base + 2] = s.minValue;
      o[base + 3] = static_cast<int>(s.bits);
      o[base + 4] = count;
    }
  });
  o.synchronize();
  for (int k = 0; k < tiles; ++k) {
    unsigned sum = 0;
    int mx = INT_MIN, mn = INT_MAX;
    for (int i = k * tile; i < (k + 1) * tile; ++i) {
      sum += static_cast<unsigned>(data[i] + 10000);
      mx = std::max(mx, data[i]);
      mn = std::min(mn, data[i]);
    }
    EXPECT_EQ(static_cast<unsigned>(out[k * 5]), sum) << "tile " << k;
    EXPECT_EQ(out[k * 5 + 1], mx) << "tile " << k;
    EXPECT_EQ(out[k * 5 + 2], mn) << "tile " << k;
    EXPECT_EQ(static_cast<unsigned>(out[k * 5 + 3]), 0xFFFFFFFFu) << "tile " << k;
    EXPECT_EQ(out[k * 5 + 4], tile) << "tile " << k;
  }
}

// A class of two to four ints is a SPIR-V vector in tile_static memory
// (TypeLowering::isShortVectorShape): atomics then act on one component of
// it, through an access chain into the vector.
TEST(Atomics, TileStaticShortVectorComponents) {
  struct Pair {
    int bits, count;
  };
  const int tile = 128, tiles = 16, n = tile * tiles;
  std::vector<int> data(n);
  std::mt19937 gen(6);
  for (int &x : data)
    x = static_cast<int>(gen() % 20001) - 10000;
  std::vector<int> out(tiles * 6, 0);
  array_view<const int, 1> in(n, data);
  array_view<int, 1> o(tiles * 6, out);
  parallel_for_each(in.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static graphics::int_4 acc;
    tile_static Pair pair;
    if (t.local[0] == 0) {
      acc = graphics::int_4(0, INT_MIN, INT_MAX, 0);
      pair.bits = 0;
      pair.count = 0;
    }
    t.barrier.wait();
    int v = in[t.global];
    atomic_fetch_add(&acc.ref_x(), v);
    atomic_fetch_max(&acc.ref_y(), v);
    atomic_fetch_min(&acc.ref_z(), v);
    atomic_fetch_inc(&acc.ref_w());
    atomic_fetch_or(&pair.bits, 1 << (t.local[0] % 31));
    atomic_fetch_add(&pair.count, 2);
    t.barrier.wait();
    if (t.local[0] == 0) {
      int base = t.tile[0] * 6;
      o[base] = acc.x;
      o[base + 1] = acc.y;
      o[base + 2] = acc.z;
      o[base + 3] = acc.w;
      o[base + 4] = pair.bits;
      o[base + 5] = pair.count;
    }
  });
  o.synchronize();
  for (int k = 0; k < tiles; ++k) {
    int sum = 0, mx = INT_MIN, mn = INT_MAX;
    for (int i = k * tile; i < (k + 1) * tile; ++i) {
      sum += data[i];
      mx = std::max(mx, data[i]);
      mn = std::min(mn, data[i]);
    }
    EXPECT_EQ(out[k * 6], sum) << "tile " << k;
    EXPECT_EQ(out[k * 6 + 1], mx) << "tile " << k;
    EXPECT_EQ(out[k * 6 + 2], mn) << "tile " << k;
    EXPECT_EQ(out[k * 6 + 3], tile) << "tile " << k;
    EXPECT_EQ(out[k * 6 + 4], 0x7FFFFFFF) << "tile " << k;
    EXPECT_EQ(out[k * 6 + 5], 2 * tile) << "tile " << k;
  }
}

TEST(Atomics, FetchIncReturnsEachOldValueOnce) {
  const int n = 40000;
  std::vector<int> counter(1, 0), got(n, -1);
  array_view<int, 1> c(1, counter);
  array_view<int, 1> g(n, got);
  parallel_for_each(g.extent, [=](index1 i) restrict(amp) { g[i] = atomic_fetch_inc(&c[0]); });
  c.synchronize();
  g.synchronize();
  EXPECT_EQ(counter[0], n);
  std::sort(got.begin(), got.end());
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], i);
}

TEST(Atomics, FetchDecUnsignedCountsDownThroughZero) {
  // Starting at n/2, half the decrements wrap below zero: the old values are
  // n/2 .. 1, 0, 0xFFFFFFFF .. (wrapped), each once.
  const int n = 30000;
  std::vector<unsigned> counter(1, n / 2), got(n, 0);
  array_view<unsigned, 1> c(1, counter);
  array_view<unsigned, 1> g(n, got);
  parallel_for_each(g.extent, [=](index1 i) restrict(amp) { g[i] = atomic_fetch_dec(&c[0]); });
  c.synchronize();
  g.synchronize();
  EXPECT_EQ(counter[0], static_cast<unsigned>(n / 2) - static_cast<unsigned>(n));
  std::vector<unsigned> expect(n);
  for (int k = 0; k < n; ++k)
    expect[k] = static_cast<unsigned>(n / 2) - static_cast<unsigned>(k);
  std::sort(got.begin(), got.end());
  std::sort(expect.begin(), expect.end());
  EXPECT_EQ(got, expect);
}

TEST(Atomics, IncDecAndSubOnCountersInArray) {
  // A concurrency::array captured by reference, elements reached as &arr[idx].
  const int n = 20000, slots = 7;
  std::vector<int> keys = skewed(n, slots, 6);
  array<int, 1> counters(slots);
  std::vector<int> zeros(slots, 1000);
  copy(zeros.begin(), zeros.end(), counters);
  array_view<const int, 1> k(n, keys);
  parallel_for_each(k.extent, [=, &counters](index1 i) restrict(amp) {
    index1 slot(k[i]);
    if (i[0] % 3 == 0)
      atomic_fetch_inc(&counters[slot]);
    else if (i[0] % 3 == 1)
      atomic_fetch_dec(&counters[slot]);
    else
      atomic_fetch_sub(&counters[slot], 5);
  });
  std::vector<int> result(slots);
  copy(counters, result.begin());
  std::vector<int> expect(slots, 1000);
  for (int i = 0; i < n; ++i)
    expect[keys[i]] += (i % 3 == 0) ? 1 : (i % 3 == 1) ? -1 : -5;
  EXPECT_EQ(result, expect);
}

TEST(Atomics, MaxMinSignedAndUnsigned) {
  const int n = 65536;
  std::vector<std::uint32_t> bits = randomBits(n, 7);
  std::vector<int> s(n);
  for (int i = 0; i < n; ++i)
    s[i] = static_cast<int>(bits[i]);
  // Signed and unsigned orders differ for values with the top bit set.
  std::vector<int> smax(4, INT_MIN), smin(4, INT_MAX);
  std::vector<unsigned> umax(4, 0u), umin(4, 0xFFFFFFFFu);
  array_view<const int, 1> sin(n, s);
  array_view<const unsigned, 1> uin(n, bits);
  array_view<int, 1> a(4, smax), b(4, smin);
  array_view<unsigned, 1> c(4, umax), d(4, umin);
  // At most four views fit in a kernel's captures: one kernel per signedness.
  parallel_for_each(sin.extent, [=](index1 i) restrict(amp) {
    atomic_fetch_max(&a[i[0] % 4], sin[i]);
    atomic_fetch_min(&b[i[0] % 4], sin[i]);
  });
  parallel_for_each(uin.extent, [=](index1 i) restrict(amp) {
    atomic_fetch_max(&c[i[0] % 4], uin[i]);
    atomic_fetch_min(&d[i[0] % 4], uin[i]);
  });
  a.synchronize();
  b.synchronize();
  c.synchronize();
  d.synchronize();
  for (int slot = 0; slot < 4; ++slot) {
    int emax = INT_MIN, emin = INT_MAX;
    unsigned eumax = 0, eumin = 0xFFFFFFFFu;
    for (int i = slot; i < n; i += 4) {
      emax = std::max(emax, s[i]);
      emin = std::min(emin, s[i]);
      eumax = std::max(eumax, bits[i]);
      eumin = std::min(eumin, bits[i]);
    }
    EXPECT_EQ(smax[slot], emax);
    EXPECT_EQ(smin[slot], emin);
    EXPECT_EQ(umax[slot], eumax);
    EXPECT_EQ(umin[slot], eumin);
  }
}

TEST(Atomics, AndOrXorOverRandomBitPatterns) {
  const int n = 30000, slots = 5;
  std::vector<std::uint32_t> bits = randomBits(n, 8);
  // `and` of many random words is 0: words with one bit in eight clear keep
  // some bits in each slot.
  std::vector<std::uint32_t> a = randomBits(n, 9), b = randomBits(n, 10), c = randomBits(n, 11);
  std::vector<std::uint32_t> ones(n);
  for (int i = 0; i < n; ++i)
    ones[i] = ~(a[i] & b[i] & c[i]) | 0x00100000u;
  // [and, or, xor] x slots, unsigned and signed.
  std::vector<unsigned> accU(3 * slots, 0u);
  std::vector<int> accS(3 * slots, 0);
  for (int k = 0; k < slots; ++k) {
    accU[k] = 0xFFFFFFFFu;
    accS[k] = -1;
  }
  array_view<const unsigned, 1> in(n, bits), in1(n, ones);
  array_view<unsigned, 1> au(3 * slots, accU);
  array_view<int, 1> as(3 * slots, accS);
  parallel_for_each(in.extent, [=](index1 i) restrict(amp) {
    int k = i[0] % slots;
    atomic_fetch_and(&au[k], in1[i]);
    atomic_fetch_or(&au[slots + k], in[i] & 0x0F0F0F0Fu);
    atomic_fetch_xor(&au[2 * slots + k], in[i]);
    atomic_fetch_and(&as[k], static_cast<int>(in1[i]));
    atomic_fetch_or(&as[slots + k], static_cast<int>(in[i] & 0x80000101u));
    atomic_fetch_xor(&as[2 * slots + k], static_cast<int>(in[i]));
  });
  au.synchronize();
  as.synchronize();
  for (int k = 0; k < slots; ++k) {
    std::uint32_t ea = 0xFFFFFFFFu, eo = 0, ex = 0;
    std::uint32_t eos = 0;
    for (int i = k; i < n; i += slots) {
      ea &= ones[i];
      eo |= bits[i] & 0x0F0F0F0Fu;
      ex ^= bits[i];
      eos |= bits[i] & 0x80000101u;
    }
    EXPECT_EQ(accU[k], ea);
    EXPECT_EQ(accU[slots + k], eo);
    EXPECT_EQ(accU[2 * slots + k], ex);
    EXPECT_EQ(static_cast<std::uint32_t>(accS[k]), ea);
    EXPECT_EQ(static_cast<std::uint32_t>(accS[slots + k]), eos);
    EXPECT_EQ(static_cast<std::uint32_t>(accS[2 * slots + k]), ex);
  }
}

TEST(Atomics, CompareExchangeLockFreeMax) {
  // The failed exchange hands back the current value in `expected`, which
  // drives the retry.
  const int n = 20000, slots = 3;
  std::vector<std::uint32_t> bits = randomBits(n, 10);
  std::vector<int> v(n), best(slots, INT_MIN), tries(n, 0);
  for (int i = 0; i < n; ++i)
    v[i] = static_cast<int>(bits[i] % 2000001u) - 1000000;
  array_view<const int, 1> in(n, v);
  array_view<int, 1> m(slots, best), tr(n, tries);
  parallel_for_each(in.extent, [=](index1 i) restrict(amp) {
    int mine = in[i];
    int expected = INT_MIN;
    int attempts = 0;
    while (mine > expected) {
      ++attempts;
      if (atomic_compare_exchange(&m[i[0] % slots], &expected, mine))
        break;
    }
    tr[i] = attempts;
  });
  m.synchronize();
  tr.synchronize();
  for (int k = 0; k < slots; ++k) {
    int e = INT_MIN;
    for (int i = k; i < n; i += slots)
      e = std::max(e, v[i]);
    EXPECT_EQ(best[k], e);
  }
  for (int i = 0; i < n; ++i)
    ASSERT_GE(tries[i], 1) << "every value beats INT_MIN at least once";
}

TEST(Atomics, CompareExchangeFirstWriterWins) {
  const int n = 10000, slots = 37;
  std::vector<int> keys = skewed(n, slots, 11);
  std::vector<unsigned> owner(slots, 0xFFFFFFFFu), seen(n, 0);
  std::vector<int> won(n, 0);
  array_view<const int, 1> k(n, keys);
  array_view<unsigned, 1> own(slots, owner), sn(n, seen);
  array_view<int, 1> w(n, won);
  parallel_for_each(k.extent, [=](index1 i) restrict(amp) {
    unsigned expected = 0xFFFFFFFFu;
    bool first = atomic_compare_exchange(&own[k[i]], &expected, static_cast<unsigned>(i[0]));
    w[i] = first ? 1 : 0;
    sn[i] = expected;
  });
  own.synchronize();
  sn.synchronize();
  w.synchronize();
  std::vector<int> winners(slots, 0);
  for (int i = 0; i < n; ++i) {
    int slot = keys[i];
    if (won[i]) {
      ++winners[slot];
      EXPECT_EQ(owner[slot], static_cast<unsigned>(i));
      EXPECT_EQ(seen[i], 0xFFFFFFFFu) << "a success leaves expected alone";
    } else {
      EXPECT_EQ(seen[i], owner[slot]) << "a failure reports the winner";
    }
  }
  for (int slot = 0; slot < slots; ++slot) {
    bool used = std::find(keys.begin(), keys.end(), slot) != keys.end();
    EXPECT_EQ(winners[slot], used ? 1 : 0) << "slot " << slot;
    if (!used)
      EXPECT_EQ(owner[slot], 0xFFFFFFFFu);
  }
}

// Every value put into a slot by exchange comes out exactly once: as some
// thread's old value, or as what the slot holds at the end.
template <typename T>
void expectExchangeChain(const std::vector<int> &keys, const std::vector<T> &put,
                         const std::vector<T> &got, const std::vector<T> &initial,
                         const std::vector<T> &final) {
  for (std::size_t slot = 0; slot < initial.size(); ++slot) {
    std::vector<T> in{initial[slot]}, out{final[slot]};
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == static_cast<int>(slot)) {
        in.push_back(put[i]);
        out.push_back(got[i]);
      }
    std::sort(in.begin(), in.end());
    std::sort(out.begin(), out.end());
    EXPECT_EQ(in, out) << "slot " << slot;
  }
}

TEST(Atomics, ExchangeIntUnsignedAndFloat) {
  const int n = 12000, slots = 9;
  std::vector<int> keys = skewed(n, slots, 12);
  std::vector<int> putI(n), gotI(n, 0), slotI(slots), initI(slots);
  std::vector<unsigned> putU(n), gotU(n, 0), slotU(slots), initU(slots);
  std::vector<float> putF(n), gotF(n, 0.0f), slotF(slots), initF(slots);
  for (int i = 0; i < n; ++i) {
    putI[i] = i * 3 - 7;
    putU[i] = 0xF0000000u + static_cast<unsigned>(i);
    putF[i] = static_cast<float>(i) * 0.25f - 100.0f;
  }
  for (int s = 0; s < slots; ++s) {
    initI[s] = slotI[s] = -1000 - s;
    initU[s] = slotU[s] = 7u * static_cast<unsigned>(s);
    initF[s] = slotF[s] = -1.0e6f - static_cast<float>(s);
  }
  array_view<const int, 1> k(n, keys), pi(n, putI);
  array_view<const unsigned, 1> pu(n, putU);
  array_view<const float, 1> pf(n, putF);
  array_view<int, 1> gi(n, gotI), si(slots, slotI);
  array_view<unsigned, 1> gu(n, gotU), su(slots, slotU);
  array_view<float, 1> gf(n, gotF), sf(slots, slotF);
  parallel_for_each(k.extent, [=](index1 i) restrict(amp) {
    gi[i] = atomic_exchange(&si[k[i]], pi[i]);
  });
  parallel_for_each(k.extent, [=](index1 i) restrict(amp) {
    gu[i] = atomic_exchange(&su[k[i]], pu[i]);
  });
  parallel_for_each(k.extent, [=](index1 i) restrict(amp) {
    gf[i] = atomic_exchange(&sf[k[i]], pf[i]);
  });
  for (auto *v : {&gi, &si})
    v->synchronize();
  for (auto *v : {&gu, &su})
    v->synchronize();
  for (auto *v : {&gf, &sf})
    v->synchronize();
  expectExchangeChain(keys, putI, gotI, initI, slotI);
  expectExchangeChain(keys, putU, gotU, initU, slotU);
  expectExchangeChain(keys, putF, gotF, initF, slotF);
}

TEST(Atomics, ExchangeFloatInTileStatic) {
  // Each tile passes its threads' values through one tile_static float.
  const int tile = 64, tiles = 12, n = tile * tiles;
  std::vector<float> put(n), got(n, 0.0f), last(tiles, 0.0f);
  for (int i = 0; i < n; ++i)
    put[i] = 1.5f * static_cast<float>(i) + 0.125f;
  array_view<const float, 1> p(n, put);
  array_view<float, 1> g(n, got), l(tiles, last);
  parallel_for_each(p.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static float slot;
    if (t.local[0] == 0)
      slot = -3.0f;
    t.barrier.wait();
    g[t.global] = atomic_exchange(&slot, p[t.global]);
    t.barrier.wait();
    if (t.local[0] == 0)
      l[t.tile] = slot;
  });
  g.synchronize();
  l.synchronize();
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i)
    keys[i] = i / tile;
  expectExchangeChain(keys, put, got, std::vector<float>(tiles, -3.0f), last);
}

TEST(Atomics, StructMembersOfElementsThroughPointersAndHelpers) {
  const int n = 8192, cells = 13;
  std::vector<int> keys = skewed(n, cells, 13);
  std::vector<Cell> data(cells, Cell{0, 0u, 0.0f, 0});
  array_view<const int, 1> k(n, keys);
  array_view<Cell, 1> c(cells, data);
  parallel_for_each(k.extent, [=](index1 i) restrict(amp) {
    Cell &cell = c[k[i]];
    unsigned *weight = &cell.weight;
    atomic_fetch_add(weight, static_cast<unsigned>(i[0] % 7));
    bump(&c[k[i]].hits, 2);
  });
  c.synchronize();
  std::vector<int> hits(cells, 0);
  std::vector<unsigned> weight(cells, 0);
  for (int i = 0; i < n; ++i) {
    hits[keys[i]] += 2;
    weight[keys[i]] += static_cast<unsigned>(i % 7);
  }
  for (int s = 0; s < cells; ++s) {
    EXPECT_EQ(data[s].hits, hits[s]) << "cell " << s;
    EXPECT_EQ(data[s].weight, weight[s]) << "cell " << s;
  }
}

TEST(Atomics, TwoDimensionalViewElements) {
  const int rows = 64, cols = 48;
  std::vector<int> data(rows * cols), sums(4 * 4, 0);
  std::mt19937 gen(14);
  for (int &x : data)
    x = static_cast<int>(gen() % 1000) - 500;
  array_view<const int, 2> in(rows, cols, data);
  array_view<int, 2> s(4, 4, sums);
  parallel_for_each(in.extent, [=](index2 idx) restrict(amp) {
    index2 cell(idx[0] % 4, idx[1] % 4);
    atomic_fetch_add(&s[cell], in[idx]);
  });
  s.synchronize();
  std::vector<int> expect(16, 0);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      expect[(r % 4) * 4 + c % 4] += data[r * cols + c];
  EXPECT_EQ(sums, expect);
}
