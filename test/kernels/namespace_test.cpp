// `Concurrency` is the namespace and `concurrency` its alias, as in Microsoft's
// headers: a program may reopen `namespace Concurrency` to add its own helpers
// and use them in kernels, and both spellings name the same types.
#include <amp.h>

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

namespace Concurrency {
// A helper a ported program adds to the library's namespace.
inline int clamp_to(int x, int lo, int hi) restrict(cpu, amp) {
  return x < lo ? lo : (x > hi ? hi : x);
}
} // namespace Concurrency

static_assert(std::is_same<Concurrency::index<2>, concurrency::index<2>>::value,
              "one index type under both spellings");
static_assert(std::is_same<Concurrency::array_view<int, 1>, concurrency::array_view<int, 1>>::value,
              "one array_view type under both spellings");

TEST(Namespace, ReopenedConcurrencyHelperRunsInKernel) {
  const int n = 1000;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 2001 - 1000;
  Concurrency::array_view<const int, 1> a(n, in);
  concurrency::array_view<int, 1> b(n, out);
  concurrency::parallel_for_each(b.extent, [=](Concurrency::index<1> i) restrict(amp) {
    b[i] = Concurrency::clamp_to(a[i], -250, 300);
  });
  b.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], Concurrency::clamp_to(in[i], -250, 300)) << i;
}
