// tile_static race checks (docs/user-guide.md, "Checked mode"): this file is
// compiled with -fplugin-arg-ampvk-check and run by CTest with
// AMPVK_CHECK=races and =all (suites TileStaticRaces and RaceFree) and
// without AMPVK_CHECK (suite RaceChecksOff).
//
// Each program of TileStaticRaces has one race, between two known accesses
// of threads whose relation is known (a thread reads the slot its neighbour
// writes). Which pair of threads, in which tile and in which order the device
// meets them first is the device's choice, so the tests parse the message of
// ampvk::tile_static_race and check what must hold of any pair: the
// variable, both accesses' kinds, lines and columns (the column points at the
// access in this file), the relation between the two threads, and a tile of
// the launch. RaceFree's programs use barriers in loops, atomics, one writer
// and many readers after a barrier, and structs and unions in tile_static
// memory: no report, and results equal to a host reference.
#include <amp.h>
#include <amp_short_vectors.h>

#include <gtest/gtest.h>

#include <ampvk/exceptions.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <typeinfo>
#include <vector>

using namespace concurrency;

namespace {

const int T = 64;      // threads per 1-D tile
const int N = 4 * T;   // four tiles
const int S = 8;       // 2-D tiles of S x S
const int M = 2 * S;   // 2 x 2 tiles

bool racesOn() {
  const char *v = std::getenv("AMPVK_CHECK");
  return v && (std::string(v) == "races" || std::string(v) == "all");
}

std::vector<int> ints(const std::string &list) {
  std::vector<int> out;
  std::regex number("-?[0-9]+");
  for (std::sregex_iterator it(list.begin(), list.end(), number), end; it != end; ++it)
    out.push_back(std::stoi(it->str()));
  return out;
}

struct Access {
  std::string Kind; // "write", "read", "atomic"
  int Line = 0;
  int Column = 0;
  std::vector<int> Thread;
};

struct Race {
  std::string Variable;
  std::vector<int> Tile;
  Access First, Second;
  // The access of this kind and line (a failure when there is none).
  const Access &at(const std::string &kind, int line) const {
    if (First.Kind == kind && First.Line == line)
      return First;
    if (Second.Kind == kind && Second.Line == line)
      return Second;
    ADD_FAILURE() << "no " << kind << " at line " << line;
    return First;
  }
};

// The text of this file at (line, column), for checking where a column points.
std::string sourceAt(int line, int column) {
  std::ifstream in(__FILE__);
  std::string text;
  for (int l = 1; l <= line && std::getline(in, text); ++l) {
  }
  return column >= 1 && column <= static_cast<int>(text.size()) ? text.substr(column - 1) : "";
}

// The race f reports, parsed.
template <typename F> Race raceOf(F f) {
  Race r;
  try {
    f();
  } catch (const ampvk::tile_static_race &e) {
    EXPECT_EQ(typeid(e), typeid(ampvk::tile_static_race));
    EXPECT_EQ(e.get_error_code(), E_FAIL_AMP);
    const std::string file = std::regex_replace(__FILE__, std::regex(R"([.^$|()\\[\]{}*+?])"),
                                                R"(\$&)");
    const std::string access = "(a write|a read|an atomic) at " + file +
                               R"(:([0-9]+):([0-9]+) by thread \(([0-9, ]+)\))";
    const std::regex shape("ampvk: tile_static race on '([A-Za-z_0-9]+)' in tile \\(([0-9, ]+)\\): " +
                           access + " and " + access +
                           " with no tile_barrier wait between them");
    std::smatch m;
    const std::string message = e.what();
    if (!std::regex_match(message, m, shape)) {
      ADD_FAILURE() << "unexpected message: " << message;
      return r;
    }
    r.Variable = m[1];
    r.Tile = ints(m[2]);
    auto kind = [](const std::string &words) { return words.substr(words.find(' ') + 1); };
    r.First = {kind(m[3]), std::stoi(m[4]), std::stoi(m[5]), ints(m[6])};
    r.Second = {kind(m[7]), std::stoi(m[8]), std::stoi(m[9]), ints(m[10])};
    return r;
  }
  ADD_FAILURE() << "no ampvk::tile_static_race";
  return r;
}

void expectTileOf(const Race &r, int tiles) {
  ASSERT_EQ(r.Tile.size(), 1u);
  EXPECT_GE(r.Tile[0], 0);
  EXPECT_LT(r.Tile[0], tiles);
}

// The set of (kind, line) of both accesses.
std::set<std::pair<std::string, int>> accesses(const Race &r) {
  return {{r.First.Kind, r.First.Line}, {r.Second.Kind, r.Second.Line}};
}

std::vector<int> input(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = (i * 37 + 11) % 101 - 50;
  return v;
}

// ---- programs with one race ------------------------------------------------
// Each sets the lines of its accesses, launches and synchronizes.

// Threads 2k and 2k + 1 both write s[k].
void writeWrite(int &lineW) {
  std::vector<int> data(N);
  array_view<int, 1> out(N, data);
  lineW = __LINE__ + 4;
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T / 2];
    int l = t.local[0];
    s[l / 2] = t.global[0];
    t.barrier.wait();
    out[t.global] = s[l / 2];
  });
  out.synchronize();
}

// Each thread writes its slot, then reads its right neighbour's: no barrier.
void writeThenRead(int &lineW, int &lineR) {
  std::vector<int> in = input(N), data(N);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N, data);
  lineW = __LINE__ + 5;
  lineR = lineW + 1;
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    s[l] = a[t.global] * 3;
    int n = s[(l + 1) % T];
    t.barrier.wait();
    out[t.global] = n + s[l];
  });
  out.synchronize();
}

// Each thread reads its right neighbour's slot, then writes its own: the
// read and the neighbour's write meet with no barrier between them.
void readThenWrite(int &lineR, int &lineW) {
  std::vector<int> in = input(N), data(N);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N, data);
  lineR = __LINE__ + 7;
  lineW = lineR + 1;
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    s[l] = a[t.global];
    t.barrier.wait();
    int n = s[(l + 1) % T];
    s[l] = n * 2;
    t.barrier.wait();
    out[t.global] = s[l];
  });
  out.synchronize();
}

// A barrier between write and read, none between the read and the next
// iteration's write.
void acrossIterations(int &lineW, int &lineR) {
  std::vector<int> in = input(N), data(N);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N, data);
  lineW = __LINE__ + 7;
  lineR = lineW + 2;
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    int acc = 0;
    for (int k = 0; k < 4; ++k) {
      s[l] = a[t.global] + k;
      t.barrier.wait();
      acc += s[(l + 1) % T];
    }
    out[t.global] = acc;
  });
  out.synchronize();
}

const int putLine = __LINE__ + 1;
void putSlot(int (&s)[T], int i, int v) restrict(amp) { s[i] = v; }
const int getLine = __LINE__ + 1;
int getSlot(const int (&s)[T], int i) restrict(amp) { return s[i]; }

// Through helpers that take the tile_static array by reference: each thread
// reads its left neighbour's slot with no barrier after the writes.
void throughHelpers() {
  std::vector<int> in = input(N), data(N);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N, data);
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    putSlot(s, l, a[t.global]);
    int n = getSlot(s, (l + T - 1) % T);
    t.barrier.wait();
    out[t.global] = n;
  });
  out.synchronize();
}

// The published form: a helper reads its neighbour's slot after its last
// barrier; the next call writes the same slot with no barrier in between.
const int smoothWriteLine = __LINE__ + 2;
int smoothStep(int (&s)[T], int l, int v, const tile_barrier &b) restrict(amp) {
  s[l] = v;
  b.wait();
  return (s[l] + s[(l + 1) % T]) / 2;
}
const int smoothReadLine = smoothWriteLine + 2;

void neighbourSlot() {
  std::vector<int> in = input(N), data(N);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N, data);
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    int first = smoothStep(s, l, a[t.global] * 4, t.barrier);
    out[t.global] = smoothStep(s, l, first, t.barrier);
  });
  out.synchronize();
}

// A transpose through tile_static memory without the barrier: thread (i, j)
// writes m[i][j] and reads m[j][i].
void transposeWithoutBarrier(int &lineW, int &lineR) {
  std::vector<float> in(M * M), data(M * M);
  for (int i = 0; i < M * M; ++i)
    in[i] = static_cast<float>(i % 17) * 0.5f;
  array_view<const float, 2> a(M, M, in);
  array_view<float, 2> out(M, M, data);
  lineW = __LINE__ + 5;
  lineR = lineW + 1;
  parallel_for_each(out.extent.tile<S, S>(), [=](tiled_index<S, S> t) restrict(amp) {
    tile_static float m[S][S];
    int i = t.local[0], j = t.local[1];
    m[i][j] = a[t.global];
    out[t.global] = m[j][i];
  });
  out.synchronize();
}

// ---- race-free programs -----------------------------------------------------

// A tree reduction per tile: barriers in a loop.
std::vector<int> treeReduction() {
  std::vector<int> in = input(N), sums(N / T);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N / T, sums);
  parallel_for_each(extent<1>(N).tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0];
    s[l] = a[t.global];
    t.barrier.wait();
    for (int half = T / 2; half > 0; half /= 2) {
      if (l < half)
        s[l] += s[l + half];
      t.barrier.wait();
    }
    if (l == 0)
      out[t.tile] = s[0];
  });
  out.synchronize();
  return sums;
}

// Every thread adds to one counter atomically; thread 0 set it up and all
// read it after a barrier.
std::vector<int> atomicCounter() {
  std::vector<int> in = input(N), data(N);
  array_view<const int, 1> a(N, in);
  array_view<int, 1> out(N, data);
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int total;
    tile_static int largest;
    int l = t.local[0];
    if (l == 0) {
      total = 0;
      largest = -1000;
    }
    t.barrier.wait();
    atomic_fetch_add(&total, a[t.global]);
    atomic_fetch_max(&largest, a[t.global]);
    t.barrier.wait();
    out[t.global] = total * 1000 + largest;
  });
  out.synchronize();
  return data;
}

struct Pair {
  int Count;
  float Weight;
};

union Bits {
  int AsInt;
  float AsFloat;
};

// One writer, many readers after a barrier; a thread rewriting its own slot
// with no barrier; a struct, a short vector and a union in tile_static
// memory; two phases per iteration of a loop, each closed by a barrier.
std::vector<float> phases() {
  std::vector<int> in = input(N);
  std::vector<float> data(N);
  array_view<const int, 1> a(N, in);
  array_view<float, 1> out(N, data);
  parallel_for_each(out.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static Pair pairs[T];
    tile_static graphics::float_4 quads[T];
    tile_static Bits bits[T];
    tile_static int leader;
    int l = t.local[0];
    if (l == 0)
      leader = a[t.tile_origin];
    pairs[l].Count = a[t.global];
    pairs[l].Count += 1; // the same thread: no barrier needed
    pairs[l].Weight = 0.25f * static_cast<float>(l);
    quads[l] = graphics::float_4(static_cast<float>(l), 1.0f, 2.0f, 3.0f);
    bits[l].AsInt = l * 3;
    t.barrier.wait();
    float acc = 0.0f;
    for (int k = 0; k < 3; ++k) {
      int from = (l + k + 1) % T;
      float v = static_cast<float>(pairs[from].Count + leader) + pairs[from].Weight +
                quads[from].x + static_cast<float>(bits[from].AsInt);
      t.barrier.wait();
      pairs[l].Count = static_cast<int>(v) % 97;
      quads[l].x = v * 0.5f;
      t.barrier.wait();
      acc += v;
    }
    out[t.global] = acc;
  });
  out.synchronize();
  return data;
}

// ---- host references --------------------------------------------------------

std::vector<int> treeReductionReference() {
  std::vector<int> in = input(N), sums(N / T, 0);
  for (int i = 0; i < N; ++i)
    sums[i / T] += in[i];
  return sums;
}

std::vector<int> atomicCounterReference() {
  std::vector<int> in = input(N), out(N);
  for (int tile = 0; tile < N / T; ++tile) {
    int total = 0, largest = -1000;
    for (int l = 0; l < T; ++l) {
      total += in[tile * T + l];
      largest = std::max(largest, in[tile * T + l]);
    }
    for (int l = 0; l < T; ++l)
      out[tile * T + l] = total * 1000 + largest;
  }
  return out;
}

std::vector<float> phasesReference() {
  std::vector<int> in = input(N);
  std::vector<float> out(N);
  for (int tile = 0; tile < N / T; ++tile) {
    const int *a = &in[tile * T];
    int count[T], leader = a[0];
    float weight[T], quad[T], acc[T] = {};
    int bits[T];
    for (int l = 0; l < T; ++l) {
      count[l] = a[l] + 1;
      weight[l] = 0.25f * static_cast<float>(l);
      quad[l] = static_cast<float>(l);
      bits[l] = l * 3;
    }
    for (int k = 0; k < 3; ++k) {
      float v[T];
      for (int l = 0; l < T; ++l) {
        int from = (l + k + 1) % T;
        v[l] = static_cast<float>(count[from] + leader) + weight[from] + quad[from] +
               static_cast<float>(bits[from]);
      }
      for (int l = 0; l < T; ++l) {
        count[l] = static_cast<int>(v[l]) % 97;
        quad[l] = v[l] * 0.5f;
        acc[l] += v[l];
      }
    }
    for (int l = 0; l < T; ++l)
      out[tile * T + l] = acc[l];
  }
  return out;
}

} // namespace

// ---- races found -------------------------------------------------------------

TEST(TileStaticRaces, WriteWrite) {
  int lineW = 0;
  Race r = raceOf([&] { writeWrite(lineW); });
  EXPECT_EQ(r.Variable, "s");
  expectTileOf(r, N / T);
  EXPECT_EQ(accesses(r), (std::set<std::pair<std::string, int>>{{"write", lineW}}));
  EXPECT_EQ(r.First.Column, r.Second.Column);
  EXPECT_EQ(sourceAt(lineW, r.First.Column).rfind("s[l / 2]", 0), 0u);
  ASSERT_EQ(r.First.Thread.size(), 1u);
  ASSERT_EQ(r.Second.Thread.size(), 1u);
  EXPECT_NE(r.First.Thread[0], r.Second.Thread[0]);
  EXPECT_EQ(r.First.Thread[0] / 2, r.Second.Thread[0] / 2);
}

TEST(TileStaticRaces, WriteThenRead) {
  int lineW = 0, lineR = 0;
  Race r = raceOf([&] { writeThenRead(lineW, lineR); });
  EXPECT_EQ(r.Variable, "s");
  expectTileOf(r, N / T);
  EXPECT_EQ(accesses(r),
            (std::set<std::pair<std::string, int>>{{"write", lineW}, {"read", lineR}}));
  const Access &w = r.at("write", lineW), &rd = r.at("read", lineR);
  EXPECT_EQ(sourceAt(lineW, w.Column).rfind("s[l]", 0), 0u);
  EXPECT_EQ(sourceAt(lineR, rd.Column).rfind("s[(l + 1) % T]", 0), 0u);
  ASSERT_EQ(w.Thread.size(), 1u);
  ASSERT_EQ(rd.Thread.size(), 1u);
  EXPECT_EQ(w.Thread[0], (rd.Thread[0] + 1) % T);
}

TEST(TileStaticRaces, ReadThenWrite) {
  int lineR = 0, lineW = 0;
  Race r = raceOf([&] { readThenWrite(lineR, lineW); });
  EXPECT_EQ(r.Variable, "s");
  expectTileOf(r, N / T);
  EXPECT_EQ(accesses(r),
            (std::set<std::pair<std::string, int>>{{"write", lineW}, {"read", lineR}}));
  const Access &w = r.at("write", lineW), &rd = r.at("read", lineR);
  EXPECT_EQ(sourceAt(lineR, rd.Column).rfind("s[(l + 1) % T]", 0), 0u);
  EXPECT_EQ(w.Thread[0], (rd.Thread[0] + 1) % T);
}

TEST(TileStaticRaces, AcrossLoopIterations) {
  int lineW = 0, lineR = 0;
  Race r = raceOf([&] { acrossIterations(lineW, lineR); });
  EXPECT_EQ(r.Variable, "s");
  expectTileOf(r, N / T);
  EXPECT_EQ(accesses(r),
            (std::set<std::pair<std::string, int>>{{"write", lineW}, {"read", lineR}}));
  const Access &w = r.at("write", lineW), &rd = r.at("read", lineR);
  EXPECT_EQ(w.Thread[0], (rd.Thread[0] + 1) % T);
}

TEST(TileStaticRaces, ThroughHelpersTakingTheArrayByReference) {
  Race r = raceOf([&] { throughHelpers(); });
  EXPECT_EQ(r.Variable, "s");
  expectTileOf(r, N / T);
  EXPECT_EQ(accesses(r),
            (std::set<std::pair<std::string, int>>{{"write", putLine}, {"read", getLine}}));
  const Access &w = r.at("write", putLine), &rd = r.at("read", getLine);
  EXPECT_EQ(sourceAt(putLine, w.Column).rfind("s[i] = v", 0), 0u);
  EXPECT_EQ(w.Thread[0], (rd.Thread[0] + T - 1) % T);
}

TEST(TileStaticRaces, NeighbourSlotReadAfterTheHelpersLastBarrier) {
  Race r = raceOf([&] { neighbourSlot(); });
  EXPECT_EQ(r.Variable, "s");
  expectTileOf(r, N / T);
  EXPECT_EQ(accesses(r), (std::set<std::pair<std::string, int>>{{"write", smoothWriteLine},
                                                                {"read", smoothReadLine}}));
  const Access &w = r.at("write", smoothWriteLine), &rd = r.at("read", smoothReadLine);
  // The neighbour's slot, not the thread's own.
  EXPECT_EQ(sourceAt(smoothReadLine, rd.Column).rfind("s[(l + 1) % T]", 0), 0u);
  EXPECT_EQ(w.Thread[0], (rd.Thread[0] + 1) % T);
}

TEST(TileStaticRaces, TwoDimensionalTileNamesLocalIndices) {
  int lineW = 0, lineR = 0;
  Race r = raceOf([&] { transposeWithoutBarrier(lineW, lineR); });
  EXPECT_EQ(r.Variable, "m");
  ASSERT_EQ(r.Tile.size(), 2u);
  EXPECT_TRUE(r.Tile[0] >= 0 && r.Tile[0] < M / S && r.Tile[1] >= 0 && r.Tile[1] < M / S);
  EXPECT_EQ(accesses(r),
            (std::set<std::pair<std::string, int>>{{"write", lineW}, {"read", lineR}}));
  const Access &w = r.at("write", lineW), &rd = r.at("read", lineR);
  ASSERT_EQ(w.Thread.size(), 2u);
  ASSERT_EQ(rd.Thread.size(), 2u);
  // Thread (i, j) reads m[j][i], which thread (j, i) writes.
  EXPECT_EQ(w.Thread[0], rd.Thread[1]);
  EXPECT_EQ(w.Thread[1], rd.Thread[0]);
  EXPECT_NE(w.Thread[0], w.Thread[1]);
}

// After a race was thrown the accelerator keeps working.
TEST(TileStaticRaces, TheAcceleratorKeepsWorking) {
  int lineW = 0;
  raceOf([&] { writeWrite(lineW); });
  EXPECT_EQ(treeReduction(), treeReductionReference());
}

// ---- no false reports ----------------------------------------------------------

TEST(RaceFree, BarriersInALoop) { EXPECT_EQ(treeReduction(), treeReductionReference()); }

TEST(RaceFree, AtomicsOnOneSlot) { EXPECT_EQ(atomicCounter(), atomicCounterReference()); }

TEST(RaceFree, OneWriterManyReadersStructsAndPhases) {
  EXPECT_EQ(phases(), phasesReference());
}

// ---- checks off ----------------------------------------------------------------

// Without AMPVK_CHECK=races the checks stay off: the racy programs run to the
// end without a report, and the race-free ones give the reference results.
TEST(RaceChecksOff, NothingIsReported) {
  ASSERT_FALSE(racesOn());
  int l1 = 0, l2 = 0;
  EXPECT_NO_THROW(writeWrite(l1));
  EXPECT_NO_THROW(writeThenRead(l1, l2));
  EXPECT_NO_THROW(readThenWrite(l1, l2));
  EXPECT_NO_THROW(acrossIterations(l1, l2));
  EXPECT_NO_THROW(throughHelpers());
  EXPECT_NO_THROW(neighbourSlot());
  EXPECT_NO_THROW(transposeWithoutBarrier(l1, l2));
  EXPECT_EQ(treeReduction(), treeReductionReference());
  EXPECT_EQ(atomicCounter(), atomicCounterReference());
  EXPECT_EQ(phases(), phasesReference());
}
