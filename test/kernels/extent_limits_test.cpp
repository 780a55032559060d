// Element counts are computed in 64 bits: an extent whose element count does
// not fit ampvk's int indexing, or a non-positive extent, is a
// runtime_exception with the numbers, never a short or empty buffer.
#include <amp.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace concurrency;

namespace {
// Runs F, which must throw runtime_exception with E_INVALIDARG and a message
// containing every one of Parts.
template <typename F> void expectInvalid(F f, std::vector<std::string> parts) {
  try {
    f();
    FAIL() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_EQ(e.get_error_code(), E_INVALIDARG_AMP);
    for (const std::string &p : parts)
      EXPECT_NE(std::string(e.what()).find(p), std::string::npos) << e.what();
  }
}
} // namespace

TEST(ExtentLimits, ArrayOfMoreThanIntElementsThrows) {
  // 2^40 elements: the 32-bit product is 0, which used to make an empty array.
  expectInvalid([] { array<int, 2> a(1 << 20, 1 << 20); },
                {"1048576 x 1048576", "2147483647"});
  expectInvalid([] { array<float, 3> a(2048, 2048, 1024); }, {"2048 x 2048 x 1024"});
}

TEST(ExtentLimits, ViewWhoseExtentOverflowsIsNotASmallView) {
  std::vector<int> data(100, 7);
  // 65536 x 65536 wraps to 0 in 32 bits, which "fits" any container.
  expectInvalid([&] { array_view<int, 2> v(65536, 65536, data); }, {"65536 x 65536"});
  int raw[4] = {1, 2, 3, 4};
  expectInvalid([&] { array_view<int, 3> v(extent<3>(1 << 11, 1 << 11, 1 << 10), raw); },
                {"2048 x 2048 x 1024"});
}

TEST(ExtentLimits, NonPositiveExtentThrows) {
  std::vector<int> data(100, 7);
  expectInvalid([&] { array_view<int, 2> v(-4, 25, data); }, {"positive", "-4"});
  expectInvalid([] { array<int, 1> a(0); }, {"positive", "0"});
}

TEST(ExtentLimits, LargestCountsStillWork) {
  // Just below the limits the arrays exist and compute.
  const int rows = 4096, cols = 300;
  std::vector<int> data(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    data[i] = (i * 37) % 1001 - 500;
  array_view<int, 2> v(rows, cols, data);
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = v[i] * 2 + i[1]; });
  v.synchronize();
  for (int r = 0; r < rows; r += 97)
    for (int c = 0; c < cols; ++c)
      ASSERT_EQ(data[r * cols + c], ((r * cols + c) * 37 % 1001 - 500) * 2 + c);
}
