// Checked mode (docs/user-guide.md): this file is compiled with
// -fplugin-arg-ampvk-check and run twice by CTest, as kernel.checked_mode
// with AMPVK_CHECK=1 (suite CheckedMode) and as kernel.checked_mode_off
// without it (suite CheckedModeOff). Each program below makes one
// out-of-range access from exactly one work-item, so the reported access is
// known. Checked, the access is skipped, the next synchronization throws
// ampvk::out_of_bounds naming this file, the line, the view, the index and the
// extent, memory outside the view is untouched and the in-range results match
// a host reference; unchecked, the same programs do not throw and the
// in-range results are the same.
#include <amp.h>

#include <gtest/gtest.h>

#include "../host_test_helpers.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <typeinfo>
#include <vector>

using namespace concurrency;
using hosttest::pattern;

namespace {

const int N = 1000; // 1-D views: several workgroups
const int R = 24, C = 40;
const int Sentinel = 0x5EA1;

std::string at(int line) {
  return std::string("ampvk: out-of-bounds access at ") + __FILE__ + ":" + std::to_string(line) +
         ": ";
}

// The message of the ampvk::out_of_bounds that f throws, or "" (a failure).
template <typename F> std::string outOfBounds(F f) {
  try {
    f();
  } catch (const ampvk::out_of_bounds &e) {
    EXPECT_EQ(typeid(e), typeid(ampvk::out_of_bounds));
    EXPECT_EQ(e.get_error_code(), E_INVALIDARG_AMP);
    return e.what();
  }
  ADD_FAILURE() << "no ampvk::out_of_bounds";
  return "";
}

bool checkedRun() {
  const char *v = std::getenv("AMPVK_CHECK");
  return v && std::string(v) == "1";
}

// ---- the programs ------------------------------------------------------
// Each sets `line` to the line of its out-of-range access before it launches
// and synchronizes (where checked mode throws).

// out[i] = in[i + 1]: the last work-item reads in[N].
void read1d(const std::vector<int> &inData, std::vector<int> &outData, int &line) {
  array_view<const int, 1> in(N, inData);
  array_view<int, 1> out(N, outData);
  line = __LINE__ + 2;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = in[i[0] + 1] * 3;
  });
  out.synchronize();
}

// Thread 0 reads in[-1] through operator().
void readNegative(const std::vector<int> &inData, std::vector<int> &outData, int &line) {
  array_view<const int, 1> in(N, inData);
  array_view<int, 1> out(N, outData);
  line = __LINE__ + 2;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = in(i[0] - 1) + 1;
  });
  out.synchronize();
}

// The view is the first N elements of 2N; the last work-item writes out[N + 3],
// which is inside the vector.
void write1d(std::vector<int> &data, int &line) {
  array_view<int, 1> out(N, data);
  line = __LINE__ + 3;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    int k = i[0] == N - 1 ? N + 3 : i[0];
    out[k] = k * 2 + 1;
  });
  out.synchronize();
}

// Work-item (5, C - 1) reads in(5, C).
void read2d(const std::vector<int> &inData, std::vector<int> &outData, int &line) {
  array_view<const int, 2> in(R, C, inData);
  array_view<int, 2> out(R, C, outData);
  line = __LINE__ + 4;
  parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
    int i = idx[0], j = idx[1];
    int jj = i == 5 && j == C - 1 ? C : j;
    out(i, j) = in(i, jj) - 7;
  });
  out.synchronize();
}

// left is the left half of an R x 2C view; work-item (1, C - 1) writes
// left[(1, C)], which is right's first element of row 1.
void writeSection2d(std::vector<int> &data, int &line) {
  array_view<int, 2> whole(R, 2 * C, data);
  array_view<int, 2> left = whole.section(index<2>(0, 0), extent<2>(R, C));
  line = __LINE__ + 4;
  parallel_for_each(left.extent, [=](index<2> idx) restrict(amp) {
    index<2> p = idx;
    p[1] += idx[0] == 1 && idx[1] == C - 1 ? 1 : 0;
    left[p] = p[0] * 100 + p[1];
  });
  whole.synchronize();
}

// A section made in the kernel: elements 100 .. 163 of av, written through
// s[0 .. 63]; work-item 63 writes s[64] (av[164]).
void writeKernelSection(std::vector<int> &data, int &line) {
  array_view<int, 1> av(N, data);
  line = __LINE__ + 4;
  parallel_for_each(extent<1>(64), [=](index<1> i) restrict(amp) {
    array_view<int, 1> s = av.section(100, 64);
    int k = i[0] == 63 ? 64 : i[0];
    s[k] = -k;
  });
  av.synchronize();
}

// Projections: row r of m, and work-item R - 1 projects row R.
void writeProjection(std::vector<int> &data, int &line) {
  array_view<int, 2> m(R, C, data);
  line = __LINE__ + 3;
  parallel_for_each(extent<1>(R), [=](index<1> r) restrict(amp) {
    int row = r[0] == R - 1 ? R : r[0];
    m[row][3] = row + 1000;
  });
  m.synchronize();
}

// An array captured by reference: the last work-item reads a[N].
void readArray(const std::vector<int> &inData, std::vector<int> &outData, int &line) {
  array<int, 1> a(N, inData.begin(), inData.end());
  array_view<int, 1> out(N, outData);
  line = __LINE__ + 2;
  parallel_for_each(out.extent, [=, &a](index<1> i) restrict(amp) {
    out[i] = a[i[0] + 1] ^ 0x55;
  });
  out.synchronize();
}

// An atomic on out[N]: the last work-item's add is skipped.
void atomic1d(std::vector<int> &data, int &line) {
  array_view<int, 1> out(N, data);
  line = __LINE__ + 3;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    int k = i[0] == N - 1 ? N : i[0];
    atomic_fetch_add(&out[k], k);
  });
  out.synchronize();
}

// A tiled kernel: each tile stages in[g + 1] in tile_static memory; the last
// work-item's read of in[N] is skipped (0) and the barrier still works.
void tiledRead(const std::vector<int> &inData, std::vector<int> &outData, int &line) {
  array_view<const int, 1> in(N + 24, inData); // N + 24: whole tiles of 64
  array_view<int, 1> out(N + 24, outData);
  array_view<const int, 1> head = in.section(0, N);
  line = __LINE__ + 4;
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int staged[64];
    int g = t.global[0];
    staged[t.local[0]] = g < N ? head[g + 1] : -1;
    t.barrier.wait();
    out[t.global] = staged[63 - t.local[0]];
  });
  out.synchronize();
}

// In range everywhere: a 2-D 5-point stencil with clamped borders.
std::vector<int> stencil(const std::vector<int> &inData) {
  std::vector<int> outData(R * C, 0);
  array_view<const int, 2> in(R, C, inData);
  array_view<int, 2> out(R, C, outData);
  parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
    int i = idx[0], j = idx[1];
    int up = i > 0 ? i - 1 : i, down = i < R - 1 ? i + 1 : i;
    int lft = j > 0 ? j - 1 : j, rgt = j < C - 1 ? j + 1 : j;
    out[idx] = 4 * in(i, j) - in(up, j) - in(down, j) - in(i, lft) - in(i, rgt);
  });
  out.synchronize();
  return outData;
}

std::vector<int> stencilReference(const std::vector<int> &in) {
  std::vector<int> out(R * C);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      int up = i > 0 ? i - 1 : i, down = i < R - 1 ? i + 1 : i;
      int lft = j > 0 ? j - 1 : j, rgt = j < C - 1 ? j + 1 : j;
      out[i * C + j] = 4 * in[i * C + j] - in[up * C + j] - in[down * C + j] - in[i * C + lft] -
                       in[i * C + rgt];
    }
  return out;
}

// ---- what both runs check -------------------------------------------------

void expectRead1dInRange(const std::vector<int> &in, const std::vector<int> &out) {
  for (int i = 0; i + 1 < N; ++i)
    ASSERT_EQ(out[i], in[i + 1] * 3) << i;
}

void expectRead2dInRange(const std::vector<int> &in, const std::vector<int> &out) {
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      if (!(i == 5 && j == C - 1))
        ASSERT_EQ(out[i * C + j], in[i * C + j] - 7) << i << "," << j;
}

} // namespace

// ---- AMPVK_CHECK=1 ---------------------------------------------------------

class CheckedMode : public testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(checkedRun()) << "run with AMPVK_CHECK=1 (CTest does)"; }
};

TEST_F(CheckedMode, OutOfRangeRead1dIsReportedAndReadsZero) {
  std::vector<int> in = pattern(N, 1), out(N, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { read1d(in, out, line); });
  EXPECT_EQ(message, at(line) + "index (1000) of array_view 'in' is outside its extent 1000; "
                                "the access was skipped");
  expectRead1dInRange(in, out);
  EXPECT_EQ(out[N - 1], 0); // the skipped load yields 0
}

TEST_F(CheckedMode, NegativeIndexIsReported) {
  std::vector<int> in = pattern(N, 2), out(N, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { readNegative(in, out, line); });
  EXPECT_EQ(message, at(line) + "index (-1) of array_view 'in' is outside its extent 1000; "
                                "the access was skipped");
  EXPECT_EQ(out[0], 1);
  for (int i = 1; i < N; ++i)
    ASSERT_EQ(out[i], in[i - 1] + 1) << i;
}

TEST_F(CheckedMode, OutOfRangeWrite1dLeavesMemoryOutsideTheViewIntact) {
  std::vector<int> data(2 * N, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { write1d(data, line); });
  EXPECT_EQ(message, at(line) + "index (1003) of array_view 'out' is outside its extent 1000; "
                                "the access was skipped");
  for (int i = 0; i < N - 1; ++i)
    ASSERT_EQ(data[i], i * 2 + 1) << i;
  for (int i = N - 1; i < 2 * N; ++i) // the skipped element and everything after the view
    ASSERT_EQ(data[i], Sentinel) << i;
}

TEST_F(CheckedMode, OutOfRangeRead2dIsReported) {
  std::vector<int> in = pattern(R * C, 3), out(R * C, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { read2d(in, out, line); });
  EXPECT_EQ(message, at(line) + "index (5, 40) of array_view 'in' is outside its extent 24 x 40; "
                                "the access was skipped");
  expectRead2dInRange(in, out);
  EXPECT_EQ(out[5 * C + C - 1], -7); // 0 - 7
}

TEST_F(CheckedMode, OutOfRangeWriteThroughASectionLeavesTheRestIntact) {
  std::vector<int> data(R * 2 * C, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { writeSection2d(data, line); });
  EXPECT_EQ(message, at(line) + "index (1, 40) of array_view 'left' is outside its extent "
                                "24 x 40; the access was skipped");
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < 2 * C; ++j) {
      bool written = j < C && !(i == 1 && j == C - 1);
      ASSERT_EQ(data[i * 2 * C + j], written ? i * 100 + j : Sentinel) << i << "," << j;
    }
}

TEST_F(CheckedMode, OutOfRangeWriteThroughAKernelSectionNamesTheCapturedView) {
  std::vector<int> data(N, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { writeKernelSection(data, line); });
  EXPECT_EQ(message, at(line) + "index (64) of array_view 'av' is outside its extent 64; "
                                "the access was skipped");
  for (int i = 0; i < N; ++i)
    ASSERT_EQ(data[i], i >= 100 && i < 163 ? -(i - 100) : Sentinel) << i;
}

TEST_F(CheckedMode, OutOfRangeProjectionIsReportedAndSkipsItsRow) {
  std::vector<int> data(R * C + C, Sentinel); // one row more than the view
  int line = 0;
  std::string message = outOfBounds([&] { writeProjection(data, line); });
  EXPECT_EQ(message, at(line) + "row 24 of array_view 'm' is outside its extent 24 x 40; the "
                                "accesses through that row were skipped");
  for (int i = 0; i <= R; ++i)
    for (int j = 0; j < C; ++j)
      ASSERT_EQ(data[i * C + j], j == 3 && i < R - 1 ? i + 1000 : Sentinel) << i << "," << j;
}

TEST_F(CheckedMode, OutOfRangeArrayReadNamesTheArray) {
  std::vector<int> in = pattern(N, 4), out(N, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { readArray(in, out, line); });
  EXPECT_EQ(message, at(line) + "index (1000) of array 'a' is outside its extent 1000; the "
                                "access was skipped");
  for (int i = 0; i + 1 < N; ++i)
    ASSERT_EQ(out[i], in[i + 1] ^ 0x55) << i;
  EXPECT_EQ(out[N - 1], 0x55);
}

TEST_F(CheckedMode, OutOfRangeAtomicIsSkipped) {
  std::vector<int> data(N + 1, 10);
  int line = 0;
  std::string message = outOfBounds([&] { atomic1d(data, line); });
  EXPECT_EQ(message, at(line) + "index (1000) of array_view 'out' is outside its extent 1000; "
                                "the access was skipped");
  for (int i = 0; i < N - 1; ++i)
    ASSERT_EQ(data[i], 10 + i) << i;
  EXPECT_EQ(data[N - 1], 10);
  EXPECT_EQ(data[N], 10);
}

TEST_F(CheckedMode, OutOfRangeReadInATiledKernel) {
  std::vector<int> in = pattern(N + 24, 8), out(N + 24, Sentinel);
  int line = 0;
  std::string message = outOfBounds([&] { tiledRead(in, out, line); });
  EXPECT_EQ(message, at(line) + "index (1000) of array_view 'head' is outside its extent 1000; "
                                "the access was skipped");
  for (int g = 0; g < N + 24; ++g) {
    int tile = g / 64, from = tile * 64 + 63 - g % 64;
    int expected = from >= N ? -1 : from == N - 1 ? 0 : in[from + 1];
    ASSERT_EQ(out[g], expected) << g;
  }
}

TEST_F(CheckedMode, ReportedOnceAtTheNextSynchronizationThenCleared) {
  std::vector<int> in = pattern(N, 5), out(N, Sentinel);
  int line = 0;
  EXPECT_NE(outOfBounds([&] { read1d(in, out, line); }), "");
  // Reported once: the next synchronizations are quiet.
  array_view<int, 1> again(N, out);
  again.synchronize();
  accelerator().default_view.wait();
  EXPECT_EQ(stencil(pattern(R * C, 6)), stencilReference(pattern(R * C, 6)));
}

TEST_F(CheckedMode, ReportedByAcceleratorViewWait) {
  std::vector<int> data(2 * N, Sentinel);
  array_view<int, 1> out(N, data);
  const int line = __LINE__ + 2;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i[0] == 0 ? -5 : i[0]] = 1;
  });
  std::string message = outOfBounds([&] { accelerator().default_view.wait(); });
  EXPECT_EQ(message, at(line) + "index (-5) of array_view 'out' is outside its extent 1000; "
                                "the access was skipped");
  out.synchronize();
  EXPECT_EQ(data[0], Sentinel);
  for (int i = 1; i < N; ++i)
    ASSERT_EQ(data[i], 1) << i;
}

TEST_F(CheckedMode, InRangeKernelMatchesTheHostReference) {
  std::vector<int> in = pattern(R * C, 7);
  EXPECT_EQ(stencil(in), stencilReference(in));
}

// ---- without AMPVK_CHECK: the same programs -----------------------------

class CheckedModeOff : public testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(checkedRun()) << "run without AMPVK_CHECK (CTest does)"; }
};

TEST_F(CheckedModeOff, TheSameProgramsDoNotThrow) {
  int line = 0;
  std::vector<int> in1 = pattern(N, 1), out1(N, Sentinel);
  EXPECT_NO_THROW(read1d(in1, out1, line));
  expectRead1dInRange(in1, out1);

  std::vector<int> in2 = pattern(N, 2), out2(N, Sentinel);
  EXPECT_NO_THROW(readNegative(in2, out2, line));
  for (int i = 1; i < N; ++i)
    ASSERT_EQ(out2[i], in2[i - 1] + 1) << i;

  std::vector<int> data3(2 * N, Sentinel);
  EXPECT_NO_THROW(write1d(data3, line));
  for (int i = 0; i < N - 1; ++i)
    ASSERT_EQ(data3[i], i * 2 + 1) << i;

  std::vector<int> in4 = pattern(R * C, 3), out4(R * C, Sentinel);
  EXPECT_NO_THROW(read2d(in4, out4, line));
  expectRead2dInRange(in4, out4);

  std::vector<int> data5(R * 2 * C, Sentinel);
  EXPECT_NO_THROW(writeSection2d(data5, line));
  std::vector<int> data6(N, Sentinel);
  EXPECT_NO_THROW(writeKernelSection(data6, line));
  std::vector<int> data7(R * C + C, Sentinel);
  EXPECT_NO_THROW(writeProjection(data7, line));
  for (int i = 0; i < R - 1; ++i)
    ASSERT_EQ(data7[i * C + 3], i + 1000) << i;

  std::vector<int> in8 = pattern(N, 4), out8(N, Sentinel);
  EXPECT_NO_THROW(readArray(in8, out8, line));
  for (int i = 0; i + 1 < N; ++i)
    ASSERT_EQ(out8[i], in8[i + 1] ^ 0x55) << i;
  std::vector<int> in9 = pattern(N + 24, 8), out9(N + 24, Sentinel);
  EXPECT_NO_THROW(tiledRead(in9, out9, line));
  for (int g = 0; g < N + 24; ++g) {
    int tile = g / 64, from = tile * 64 + 63 - g % 64;
    if (from != N - 1)
      ASSERT_EQ(out9[g], from >= N ? -1 : in9[from + 1]) << g;
  }
  EXPECT_NO_THROW(accelerator().default_view.wait());
}

TEST_F(CheckedModeOff, InRangeKernelMatchesTheHostReference) {
  std::vector<int> in = pattern(R * C, 7);
  EXPECT_EQ(stencil(in), stencilReference(in));
}

// A kernel with both the check report and the print buffer (bound after it,
// kernel_image.h print_buffer_binding): each does its job.
TEST_F(CheckedMode, PrintsBesideTheBoundsChecks) {
  std::vector<int> data(N, 4);
  array_view<int, 1> av(N, data);
  testing::internal::CaptureStdout();
  const int line = __LINE__ + 3;
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    if (i[0] % 250 == 0)
      direct3d_printf("thread %d reads %d\n", i[0], av[i[0] + 1 == N ? 0 : i[0] + 1]);
    av[i[0] == 10 ? N : i[0]] += 1;
  });
  std::string message = outOfBounds([&] { av.synchronize(); });
  std::string printed = testing::internal::GetCapturedStdout();
  EXPECT_EQ(message, at(line + 1) + "index (1000) of array_view 'av' is outside its extent 1000; "
                                    "the access was skipped");
  for (int t = 0; t < N; t += 250)
    EXPECT_NE(printed.find("thread " + std::to_string(t) + " reads "), std::string::npos)
        << printed;
  EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), N / 250);
}
