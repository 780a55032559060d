#include "views_bench.h"

#include <chrono>
#include <cstdio>
#include <vector>

using namespace concurrency;

namespace {

using Clock = std::chrono::steady_clock;

float step(float x) restrict(cpu, amp) { return x * 0.9999f + 0.0001f; }

void chain(const accelerator_view &v, array<float, 1> &a, int iterations) {
  parallel_for_each(v, a.extent, [=, &a](index<1> i) restrict(amp) {
    float x = a[i];
    for (int k = 0; k < iterations; ++k)
      x = step(x);
    a[i] = x;
  });
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

} // namespace

bool bench_views(const accelerator &acc, int items, int iterations) {
  accelerator_view v0 = acc.get_default_view(), v1 = acc.create_view();
  std::vector<float> h(items);
  for (int i = 0; i < items; ++i)
    h[i] = static_cast<float>(i % 97) * 0.01f;
  array<float, 1> a(items, h.begin(), h.end(), v0), b(items, h.begin(), h.end(), v1),
      c(items, h.begin(), h.end(), v0);
  chain(v0, a, 1);
  chain(v1, b, 1);
  v0.wait();
  v1.wait();
  std::printf("two views, %d items, %d multiply-adds each:\n", items, iterations);
  for (int r = 0; r < 4; ++r) {
    auto t0 = Clock::now();
    chain(v0, a, iterations);
    v0.wait();
    const double one = ms_since(t0);
    t0 = Clock::now();
    chain(v0, a, iterations);
    chain(v0, c, iterations);
    v0.wait();
    const double same = ms_since(t0);
    t0 = Clock::now();
    chain(v0, a, iterations);
    chain(v1, b, iterations);
    v0.flush();
    v1.flush();
    v0.wait();
    v1.wait();
    const double two = ms_since(t0);
    std::printf("  one kernel %9.2f ms   two on one view %9.2f ms   one on each of two views "
                "%9.2f ms (%.2fx one)\n",
                one, same, two, two / one);
  }
  // b ran one step (the warm-up) and four chains, c four chains.
  std::vector<float> got_b(items), got_c(items);
  copy(b, got_b.begin());
  copy(c, got_c.begin());
  for (int i = 0; i < items; i += items / 16 > 0 ? items / 16 : 1) {
    float xb = h[i], xc = h[i];
    xb = step(xb);
    for (int k = 0; k < 4 * iterations; ++k) {
      xb = step(xb);
      xc = step(xc);
    }
    if (got_b[i] != xb || got_c[i] != xc) {
      std::printf("  RESULT MISMATCH at item %d\n", i);
      return false;
    }
  }
  return true;
}
