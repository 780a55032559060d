// byte_ranges, the sets of byte ranges residency keeps per buffer, and
// section_ranges, the bytes an array_view section shows: each operation
// against a model of one flag per byte, on random sets.
#include "memory/byte_ranges.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using ampvk::rt::byte_ranges;
using ampvk::rt::section;
using ampvk::rt::section_ranges;

namespace {

constexpr std::size_t universe = 300;

std::vector<bool> bits(const byte_ranges &r) {
  std::vector<bool> out(universe);
  std::size_t last_end = 0;
  bool first = true;
  for (const auto &x : r.ranges()) {
    EXPECT_LT(x.begin, x.end);
    if (!first)
      EXPECT_LT(last_end, x.begin) << "ranges are sorted, disjoint and merged";
    first = false;
    last_end = x.end;
    for (std::size_t i = x.begin; i < x.end; ++i)
      out[i] = true;
  }
  return out;
}

byte_ranges random_set(std::mt19937 &rng) {
  byte_ranges r;
  const int n = static_cast<int>(rng() % 8);
  for (int i = 0; i < n; ++i) {
    std::size_t a = rng() % universe, b = rng() % universe;
    if (a > b)
      std::swap(a, b);
    r.add(a, b);
  }
  return r;
}

} // namespace

TEST(ByteRanges, OperationsMatchAByteModel) {
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    const byte_ranges a = random_set(rng), b = random_set(rng);
    const std::vector<bool> ma = bits(a), mb = bits(b);
    byte_ranges u = a, d = a;
    u.add(b);
    d.remove(b);
    const byte_ranges i = a.intersection(b);
    const std::vector<bool> mu = bits(u), md = bits(d), mi = bits(i);
    bool any = false;
    std::size_t count = 0;
    for (std::size_t k = 0; k < universe; ++k) {
      ASSERT_EQ(mu[k], ma[k] || mb[k]) << round << " union at " << k;
      ASSERT_EQ(md[k], ma[k] && !mb[k]) << round << " difference at " << k;
      ASSERT_EQ(mi[k], ma[k] && mb[k]) << round << " intersection at " << k;
      any |= ma[k] && mb[k];
      count += ma[k];
    }
    ASSERT_EQ(a.intersects(b), any) << round;
    ASSERT_EQ(a.bytes(), count) << round;
    std::size_t lo = rng() % universe, hi = rng() % universe;
    if (lo > hi)
      std::swap(lo, hi);
    bool all = true;
    for (std::size_t k = lo; k < hi; ++k)
      all &= static_cast<bool>(ma[k]);
    ASSERT_EQ(a.covers(lo, hi), all) << round << " covers [" << lo << ", " << hi << ")";
    byte_ranges one = a;
    one.assign(lo, hi);
    ASSERT_EQ(one, byte_ranges(lo, hi)) << round;
  }
}

TEST(ByteRanges, AddingOutOfOrderMerges) {
  byte_ranges r;
  r.add(50, 60);
  r.add(10, 20);
  r.add(20, 30);
  r.add(55, 70);
  r.add(0, 5);
  ASSERT_EQ(r.ranges().size(), 3u);
  EXPECT_EQ(r.ranges()[0].begin, 0u);
  EXPECT_EQ(r.ranges()[0].end, 5u);
  EXPECT_EQ(r.ranges()[1].begin, 10u);
  EXPECT_EQ(r.ranges()[1].end, 30u);
  EXPECT_EQ(r.ranges()[2].begin, 50u);
  EXPECT_EQ(r.ranges()[2].end, 70u);
  EXPECT_TRUE(byte_ranges(3, 3).empty());
}

TEST(ByteRanges, SectionsAreTheirRows) {
  // Rows 2..4 of a 10 x 8 float matrix, columns 1..3: three ranges of 12 bytes.
  section s;
  s.offset = (2 * 8 + 1) * 4;
  s.row_bytes = 3 * 4;
  s.outer = 1;
  s.count[0] = 3;
  s.pitch[0] = 8 * 4;
  const byte_ranges r = section_ranges(s, 10 * 8 * 4);
  ASSERT_EQ(r.ranges().size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(r.ranges()[k].begin, std::size_t((2 + k) * 8 + 1) * 4);
    EXPECT_EQ(r.ranges()[k].end, std::size_t((2 + k) * 8 + 4) * 4);
  }
  // Full rows merge into one range.
  s.offset = 2 * 8 * 4;
  s.row_bytes = 8 * 4;
  EXPECT_EQ(section_ranges(s, 10 * 8 * 4), byte_ranges(2 * 8 * 4, 5 * 8 * 4));
  // A box of a 4 x 5 x 6 int array: 2 x 3 rows of 4 ints.
  section box;
  box.offset = ((1 * 5 + 1) * 6 + 2) * 4;
  box.row_bytes = 4 * 4;
  box.outer = 2;
  box.count[0] = 2;
  box.pitch[0] = 5 * 6 * 4;
  box.count[1] = 3;
  box.pitch[1] = 6 * 4;
  const byte_ranges b = section_ranges(box, 4 * 5 * 6 * 4);
  EXPECT_EQ(b.ranges().size(), 6u);
  EXPECT_EQ(b.bytes(), 2u * 3 * 4 * 4);
  // An empty extent shows nothing.
  box.count[1] = 0;
  EXPECT_TRUE(section_ranges(box, 4 * 5 * 6 * 4).empty());
}

TEST(ByteRanges, ASectionOutsideItsBufferIsAnError) {
  section s;
  s.offset = 96;
  s.row_bytes = 8;
  try {
    section_ranges(s, 100);
    ADD_FAILURE() << "no exception";
  } catch (const concurrency::runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()),
              "ampvk: a section of 8-byte rows at byte 96 lies outside its buffer of 100 bytes");
    EXPECT_EQ(e.get_error_code(), concurrency::E_INVALIDARG_AMP);
  }
}
