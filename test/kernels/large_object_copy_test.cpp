// Copies of objects of more than 64 scalars between a storage buffer and
// private or tile_static memory, and out of the capture block: the emitter
// copies them place to place with a loop per array (plugin/emit/AggregateCopy.cpp)
// instead of one composite value of every element. Each test compares every
// element with a host reference.
#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;

namespace {

struct Record {
  int id;
  float weight;
  int values[100];
  int grid[6][7];
};

struct Tagged {
  int tag[40];
};

struct Derived : Tagged {
  float f[30];
  int last;
};

Record makeRecord(int i) {
  Record r;
  r.id = i * 3 + 1;
  r.weight = 0.5f * static_cast<float>(i);
  for (int k = 0; k < 100; ++k)
    r.values[k] = (i * 31 + k * 7) % 1013 - 500;
  for (int a = 0; a < 6; ++a)
    for (int b = 0; b < 7; ++b)
      r.grid[a][b] = i * 100 + a * 10 + b;
  return r;
}

// What each kernel below does to its copy, on the host and on the device.
void updateRecord(Record &r, int i) restrict(cpu, amp) {
  r.values[i % 100] += r.id;
  r.grid[i % 6][(i + 3) % 7] = -r.grid[i % 6][(i + 3) % 7];
  r.weight = r.weight * 2.0f + 1.0f;
}

void expectSameRecord(const Record &got, const Record &want, int i) {
  ASSERT_EQ(got.id, want.id) << "record " << i;
  ASSERT_EQ(got.weight, want.weight) << "record " << i;
  for (int k = 0; k < 100; ++k)
    ASSERT_EQ(got.values[k], want.values[k]) << "record " << i << " value " << k;
  for (int a = 0; a < 6; ++a)
    for (int b = 0; b < 7; ++b)
      ASSERT_EQ(got.grid[a][b], want.grid[a][b]) << "record " << i << " grid " << a << "," << b;
}

} // namespace

TEST(LargeObjectCopy, BufferToPrivateAndBack) {
  const int n = 300;
  std::vector<Record> in(n), out(n), want(n);
  for (int i = 0; i < n; ++i) {
    in[i] = makeRecord(i);
    out[i] = makeRecord(-1);
    want[i] = in[i];
    updateRecord(want[i], i);
  }
  array_view<const Record, 1> src(n, in);
  array_view<Record, 1> dst(n, out);
  parallel_for_each(dst.extent, [=](index<1> i) restrict(amp) {
    Record r = src[i]; // initialization: explicit to logical layout
    updateRecord(r, i[0]);
    dst[i] = r; // trivial assignment: logical to explicit layout
  });
  dst.synchronize();
  for (int i = 0; i < n; ++i)
    expectSameRecord(out[i], want[i], i);
}

TEST(LargeObjectCopy, AssignmentIntoExistingLocal) {
  const int n = 257;
  std::vector<Record> in(n), out(n), want(n);
  for (int i = 0; i < n; ++i)
    in[i] = makeRecord(i + 7);
  for (int i = 0; i < n; ++i) {
    want[i] = in[(i * 5) % n];
    updateRecord(want[i], i);
  }
  array_view<const Record, 1> src(n, in);
  array_view<Record, 1> dst(n, out);
  parallel_for_each(dst.extent, [=](index<1> i) restrict(amp) {
    Record r = src[0];
    r = src[(i[0] * 5) % n]; // assignment replaces every member
    updateRecord(r, i[0]);
    dst[i] = r;
  });
  dst.synchronize();
  for (int i = 0; i < n; ++i)
    expectSameRecord(out[i], want[i], i);
}

TEST(LargeObjectCopy, DerivedClassWithBaseArrays) {
  const int n = 200;
  std::vector<Derived> in(n), out(n);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 40; ++k)
      in[i].tag[k] = i * 40 + k;
    for (int k = 0; k < 30; ++k)
      in[i].f[k] = static_cast<float>(i) + 0.25f * static_cast<float>(k);
    in[i].last = -i;
  }
  array_view<const Derived, 1> src(n, in);
  array_view<Derived, 1> dst(n, out);
  parallel_for_each(dst.extent, [=](index<1> i) restrict(amp) {
    Derived d = src[n - 1 - i[0]];
    d.last += 1000;
    dst[i] = d;
  });
  dst.synchronize();
  for (int i = 0; i < n; ++i) {
    const Derived &want = in[n - 1 - i];
    for (int k = 0; k < 40; ++k)
      ASSERT_EQ(out[i].tag[k], want.tag[k]) << "object " << i << " tag " << k;
    for (int k = 0; k < 30; ++k)
      ASSERT_EQ(out[i].f[k], want.f[k]) << "object " << i << " f " << k;
    ASSERT_EQ(out[i].last, want.last + 1000) << "object " << i;
  }
}

TEST(LargeObjectCopy, CapturedObjectIntoPrivate) {
  const int n = 500;
  Record captured = makeRecord(42);
  std::vector<int> out(n, 0);
  array_view<int, 1> dst(n, out);
  parallel_for_each(dst.extent, [=](index<1> i) restrict(amp) {
    Record r = captured; // from the capture block, word by word
    updateRecord(r, i[0]);
    int sum = r.id;
    for (int k = 0; k < 100; ++k)
      sum += r.values[k] * (k + 1);
    dst[i] = sum + r.grid[i[0] % 6][(i[0] + 3) % 7];
  });
  dst.synchronize();
  for (int i = 0; i < n; ++i) {
    Record r = captured;
    updateRecord(r, i);
    int sum = r.id;
    for (int k = 0; k < 100; ++k)
      sum += r.values[k] * (k + 1);
    ASSERT_EQ(out[i], sum + r.grid[i % 6][(i + 3) % 7]) << "element " << i;
  }
}

TEST(LargeObjectCopy, CapturedObjectIntoBuffer) {
  const int n = 64;
  Record captured = makeRecord(5);
  std::vector<Record> out(n), want(n);
  for (int i = 0; i < n; ++i) {
    out[i] = makeRecord(-2);
    want[i] = captured;
    want[i].id += i;
  }
  array_view<Record, 1> dst(n, out);
  parallel_for_each(dst.extent, [=](index<1> i) restrict(amp) {
    dst[i] = captured; // capture block to explicit layout
    dst[i].id += i[0];
  });
  dst.synchronize();
  for (int i = 0; i < n; ++i)
    expectSameRecord(out[i], want[i], i);
}

TEST(LargeObjectCopy, BufferToTileStatic) {
  const int tiles = 12, n = tiles * 64;
  std::vector<Record> in(tiles);
  for (int t = 0; t < tiles; ++t)
    in[t] = makeRecord(t * 9);
  std::vector<int> out(n, 0);
  array_view<const Record, 1> src(tiles, in);
  array_view<int, 1> dst(n, out);
  parallel_for_each(dst.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static Record shared;
    if (t.local[0] == 0)
      shared = src[t.tile[0]];
    t.barrier.wait();
    dst[t.global] = shared.values[t.local[0]] + shared.grid[t.local[0] % 6][t.local[0] % 7];
  });
  dst.synchronize();
  for (int i = 0; i < n; ++i) {
    const Record &r = in[i / 64];
    int l = i % 64;
    ASSERT_EQ(out[i], r.values[l] + r.grid[l % 6][l % 7]) << "element " << i;
  }
}
