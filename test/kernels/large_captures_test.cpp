// Captures of any size: a kernel object (plus the objects of arrays captured by
// reference) that does not fit in the 128 bytes of push constants travels in
// a storage buffer the runtime fills per launch (kernel_image.h). Each test
// checks with static_assert that its kernel really takes that path, and every
// result against a host reference.
#include <amp.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace concurrency;

namespace {

// The launch header (16 bytes) comes first in the capture block.
template <typename K> constexpr bool inCaptureBuffer(const K &) { return sizeof(K) + 16 > 128; }

struct Coeffs {
  int c[36];
};

Coeffs makeCoeffs(int seed) {
  Coeffs k;
  for (int j = 0; j < 36; ++j)
    k.c[j] = (j * 37 + seed * 11) % 101 - 50;
  return k;
}

int polynomial(const Coeffs &k, int x) restrict(cpu, amp) {
  int s = 0;
  for (int j = 0; j < 36; ++j)
    s = s * 3 + k.c[j] * (x % (j + 2));
  return s;
}

} // namespace

TEST(LargeCaptures, StructOf36Ints) {
  const int n = 1000;
  const Coeffs k = makeCoeffs(1);
  std::vector<int> data(n, -1);
  array_view<int, 1> out(n, data);
  auto kernel = [=](index<1> i) restrict(amp) { out[i] = polynomial(k, i[0] * 7 + 3); };
  static_assert(inCaptureBuffer(kernel), "the kernel must need a capture buffer");
  parallel_for_each(out.extent, kernel);
  out.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], polynomial(k, i * 7 + 3)) << "element " << i;
}

TEST(LargeCaptures, ThreeDimensionalKernelWithManyViews) {
  const int d0 = 5, d1 = 7, d2 = 9, n = d0 * d1 * d2;
  std::vector<int> a(n), b(n), c(n), d(n), e(n), r(n, 0), s(n, 0);
  for (int i = 0; i < n; ++i) {
    a[i] = i * 3 - 100;
    b[i] = (i * 17) % 23;
    c[i] = 1000 - i;
    d[i] = (i * i) % 97;
    e[i] = i % 5 - 2;
  }
  array_view<const int, 3> va(d0, d1, d2, a), vb(d0, d1, d2, b), vc(d0, d1, d2, c),
      vd(d0, d1, d2, d), ve(d0, d1, d2, e);
  array_view<int, 3> vr(d0, d1, d2, r), vs(d0, d1, d2, s);
  const int scale = 3, bias = -11;
  auto kernel = [=](index<3> i) restrict(amp) {
    vr[i] = va[i] * scale + vb[i] - vc[i] * ve[i] + bias;
    vs[i] = vd[i] + i[0] * 100 + i[1] * 10 + i[2] + va.extent[2] + vs.extent[0];
  };
  static_assert(inCaptureBuffer(kernel), "the kernel must need a capture buffer");
  parallel_for_each(vr.extent, kernel);
  vr.synchronize();
  vs.synchronize();
  for (int i0 = 0; i0 < d0; ++i0)
    for (int i1 = 0; i1 < d1; ++i1)
      for (int i2 = 0; i2 < d2; ++i2) {
        int i = (i0 * d1 + i1) * d2 + i2;
        ASSERT_EQ(r[i], a[i] * scale + b[i] - c[i] * e[i] + bias) << i;
        ASSERT_EQ(s[i], d[i] + i0 * 100 + i1 * 10 + i2 + d2 + d0) << i;
      }
}

namespace {
struct Table {
  int v[1024];
  float scale;
};
} // namespace

TEST(LargeCaptures, FourKiBReadAtThreadDependentIndices) {
  const int n = 5000;
  Table t;
  for (int j = 0; j < 1024; ++j)
    t.v[j] = (j * 7919) % 10007 - 5000;
  t.scale = 0.5f;
  std::vector<float> data(n, 0.0f);
  array_view<float, 1> out(n, data);
  auto kernel = [=](index<1> i) restrict(amp) {
    int j = (i[0] * 31 + 7) % 1024;
    out[i] = float(t.v[j] + t.v[1023 - j]) * t.scale;
  };
  static_assert(sizeof(kernel) > 4096, "4 KiB of captures");
  parallel_for_each(out.extent, kernel);
  out.synchronize();
  for (int i = 0; i < n; ++i) {
    int j = (i * 31 + 7) % 1024;
    ASSERT_EQ(data[i], float(t.v[j] + t.v[1023 - j]) * t.scale) << "element " << i;
  }
}

TEST(LargeCaptures, LaunchesInFlightEachSeeTheirOwnBytes) {
  // No host access between the launches: they are all queued before the
  // first result is read, each with different captured values.
  const int launches = 40, n = 2048;
  std::vector<std::vector<int>> results(launches, std::vector<int>(n, 0));
  std::vector<array_view<int, 1>> views;
  for (int l = 0; l < launches; ++l)
    views.push_back(array_view<int, 1>(n, results[l]));
  for (int l = 0; l < launches; ++l) {
    Table t;
    for (int j = 0; j < 1024; ++j)
      t.v[j] = l * 100000 + j;
    t.scale = float(l);
    array_view<int, 1> out = views[l];
    auto kernel = [=](index<1> i) restrict(amp) {
      out[i] = t.v[(i[0] * 5) % 1024] + int(t.scale) * 7;
    };
    parallel_for_each(out.extent, kernel);
  }
  for (int l = 0; l < launches; ++l) {
    views[l].synchronize();
    for (int i = 0; i < n; ++i)
      ASSERT_EQ(results[l][i], l * 100000 + (i * 5) % 1024 + l * 7)
          << "launch " << l << ", element " << i;
  }
}

TEST(LargeCaptures, PushConstantAndBufferKernelsMixed) {
  const int n = 3000;
  std::vector<int> data(n), expect(n);
  for (int i = 0; i < n; ++i)
    data[i] = expect[i] = (i * 13) % 71 - 35;
  array_view<int, 1> v(n, data);
  for (int round = 0; round < 6; ++round) {
    const int mul = round + 2;
    auto small = [=](index<1> i) restrict(amp) { v[i] = v[i] * mul - round; };
    static_assert(!inCaptureBuffer(small), "push constants");
    parallel_for_each(v.extent, small);
    const Coeffs k = makeCoeffs(round);
    auto big = [=](index<1> i) restrict(amp) { v[i] = (v[i] + k.c[i[0] % 36]) % 100003; };
    static_assert(inCaptureBuffer(big), "capture buffer");
    parallel_for_each(v.extent, big);
    for (int i = 0; i < n; ++i)
      expect[i] = (expect[i] * mul - round + k.c[i % 36]) % 100003;
  }
  v.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], expect[i]) << "element " << i;
}

TEST(LargeCaptures, ArrayByReferenceAfterALargeKernelObject) {
  // The array's object is copied after the kernel object, past the first 128
  // bytes of the block; the kernel reads its extent from there.
  const int n = 777;
  std::vector<int> init(n);
  for (int i = 0; i < n; ++i)
    init[i] = i * 2 - 300;
  array<int, 1> a(n, init.begin(), init.end());
  const Coeffs k = makeCoeffs(5);
  auto kernel = [ =, &a ](index<1> i) restrict(amp) { a[i] = a[i] + k.c[i[0] % 36] * a.extent[0]; };
  static_assert(inCaptureBuffer(kernel), "capture buffer");
  parallel_for_each(a.extent, kernel);
  std::vector<int> got = a;
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], init[i] + k.c[i % 36] * n) << "element " << i;
}

TEST(LargeCaptures, RankFiveDomainWithFoldedExtentsAfterLargeCaptures) {
  // A domain of rank > 3 keeps extent[1] .. extent[rank-3] at the end of the
  // capture block, which is here a buffer.
  struct Mid {
    float values[24];
  } m;
  for (int j = 0; j < 24; ++j)
    m.values[j] = j * 0.25f - 2.0f;
  extent<5> e;
  e[0] = 3, e[1] = 4, e[2] = 5, e[3] = 6, e[4] = 7;
  std::vector<float> data(e.size(), 0.0f);
  array_view<float, 5> v(e, data);
  auto kernel = [=](index<5> i) restrict(amp) {
    v[i] = m.values[(i[0] + i[1] * 2 + i[2] * 3 + i[3] * 5 + i[4] * 7) % 24] +
           float(i[0] * 10000 + i[1] * 1000 + i[2] * 100 + i[3] * 10 + i[4]);
  };
  static_assert(inCaptureBuffer(kernel), "capture buffer");
  parallel_for_each(e, kernel);
  v.synchronize();
  std::size_t at = 0;
  for (int i0 = 0; i0 < 3; ++i0)
    for (int i1 = 0; i1 < 4; ++i1)
      for (int i2 = 0; i2 < 5; ++i2)
        for (int i3 = 0; i3 < 6; ++i3)
          for (int i4 = 0; i4 < 7; ++i4, ++at)
            ASSERT_EQ(data[at], m.values[(i0 + i1 * 2 + i2 * 3 + i3 * 5 + i4 * 7) % 24] +
                                    float(i0 * 10000 + i1 * 1000 + i2 * 100 + i3 * 10 + i4))
                << "element " << at;
}

TEST(LargeCaptures, TiledKernelWithLargeCaptures) {
  const int n = 64 * 40;
  Table t;
  for (int j = 0; j < 1024; ++j)
    t.v[j] = (j * 131) % 977;
  t.scale = 2.0f;
  std::vector<int> data(n, 0);
  array_view<int, 1> out(n, data);
  parallel_for_each(
      out.extent.tile<64>(), [=](tiled_index<64> ti) restrict(amp) {
        tile_static int s[64];
        s[ti.local[0]] = t.v[(ti.global[0] * 3) % 1024];
        ti.barrier.wait();
        out[ti.global] = s[63 - ti.local[0]] * int(t.scale) + ti.tile[0];
      });
  out.synchronize();
  for (int i = 0; i < n; ++i) {
    int tile = i / 64, local = i % 64;
    int partner = tile * 64 + 63 - local;
    ASSERT_EQ(data[i], t.v[(partner * 3) % 1024] * 2 + tile) << "element " << i;
  }
}
