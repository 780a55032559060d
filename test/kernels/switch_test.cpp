// switch statements in kernels: fall-through, default, break/continue in
// loops, return from a switch inside an inlined function.
#include <amp.h>

#include <gtest/gtest.h>

#include <vector>

using namespace concurrency;
using index1 = concurrency::index<1>;

namespace {
int weight(int x) restrict(cpu, amp) {
  switch (x % 6) {
  case 0:
    return 10;
  case 1:
  case 2:
    x += 100; // falls through
  case 3:
    x *= 2;
    break;
  case -1:
  case -2:
    return -x;
  default:
    x = 7;
  }
  return x;
}

int digits(int x) restrict(cpu, amp) {
  int score = 0;
  for (int k = 0; k < 8; ++k) {
    switch ((x >> (k * 2)) & 3) {
    case 0:
      continue; // the loop's next iteration
    case 1:
      score += 1;
      break;
    case 2:
      score += 10;
      break;
    default:
      score += 100;
    }
    if (score > 250)
      break;
  }
  return score;
}
} // namespace

TEST(Switch, FallThroughDefaultAndReturns) {
  const int n = 777;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 211 - 105;
  array_view<const int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  parallel_for_each(b.extent, [=](index1 i) restrict(amp) {
    b[i] = weight(a[i]) * 1000 + digits(a[i] & 0xffff);
  });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(b[i], weight(in[i]) * 1000 + digits(in[i] & 0xffff)) << "at " << i << " x=" << in[i];
}
