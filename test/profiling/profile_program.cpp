// A program with known launches and transfers for the AMPVK_PROFILE and
// AMPVK_LOG tests (check_profile.py). The checker finds each kernel by its
// marker comment and expects the source location of the lambda on that line.
#include <amp.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

std::string narrow(const std::wstring &text) { return std::string(text.begin(), text.end()); }

} // namespace

int main() {
  accelerator acc;
  std::printf("device: %s\n", narrow(acc.description).c_str());
  std::printf("path: %s\n", narrow(acc.device_path).c_str());

  const int n = 1024;
  std::vector<int> a(n), b(n);
  for (int i = 0; i < n; ++i)
    a[i] = (i * 7919) % 1000 - 500;
  array_view<const int, 1> av(n, a);
  array_view<int, 1> bv(n, b);
  bv.discard_data();
  for (int r = 0; r < 3; ++r)
    parallel_for_each(bv.extent, [=](index<1> i) restrict(amp) { bv[i] = av[i] * 2 + r; }); // KERNEL-SCALE
  bv.synchronize();

  array<float, 2> m(64, 64);
  parallel_for_each(m.extent.tile<16, 16>(), [&m](tiled_index<16, 16> t) restrict(amp) { // KERNEL-TILED
    m[t.global] = float(t.local[0] * 16 + t.local[1]) + float(t.tile[0]);
  });
  std::vector<float> out(64 * 64);
  copy(m, out.begin());

  // On a created view; the result comes back when its last array_view goes.
  accelerator_view other = acc.create_view();
  std::vector<int> c(256, 1);
  {
    array_view<int, 1> cv(256, c);
    parallel_for_each(other, cv.extent, [=](index<1> i) restrict(amp) { cv[i] += i[0] * 5; }); // KERNEL-VIEW
  }

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += b[i] != a[i] * 2 + 2;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      wrong += out[y * 64 + x] != float((y % 16) * 16 + x % 16) + float(y / 16);
  for (int i = 0; i < 256; ++i)
    wrong += c[i] != 1 + i * 5;
  std::printf("%s\n", wrong ? "WRONG RESULTS" : "results ok");
  return wrong ? 1 : 0;
}
