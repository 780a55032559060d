// The body shared by include_order_*_test.cpp: a kernel and host code that
// name index<N> unqualified after `using namespace concurrency;`, and strchr,
// which glibc's BSD index() was an alias of. Each test file includes <amp.h>
// and <cstring> in its own order, then this.
#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;

TEST(IncludeOrder, AMPVK_INCLUDE_ORDER_TEST) {
  const int rows = 37, cols = 23;
  std::vector<int> in(rows * cols), out(rows * cols, 0);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = (i * 7919) % 613 - 300;
  std::vector<int> copy(in.size());
  std::memcpy(copy.data(), in.data(), in.size() * sizeof(int));
  array_view<const int, 2> a(rows, cols, copy);
  array_view<int, 2> b(rows, cols, out);
  parallel_for_each(b.extent, [=](index<2> idx) restrict(amp) {
    index<2> mirrored(idx[0], cols - 1 - idx[1]);
    b[idx] = a[mirrored] * 3 + idx[0];
  });
  b.synchronize();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      ASSERT_EQ(out[r * cols + c], in[r * cols + (cols - 1 - c)] * 3 + r) << r << "," << c;
  index<1> first(0);
  EXPECT_EQ(first[0], 0);
  // strchr, which index() was an alias of, still works.
  const char *text = "ampvk";
  EXPECT_EQ(std::strchr(text, 'v'), text + 3);
}
