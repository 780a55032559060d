// Restriction overloads from a precompiled header (precompiled_overloads.h,
// through CMake's target_precompile_headers): each side calls its own
// overload, on the host and in a kernel.
#include <iostream>
#include <vector>

using namespace concurrency;

int main() {
  const int n = 64;
  std::vector<int> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = i * 7 - 100;
  array_view<const int, 1> inView(n, in);
  array_view<int, 1> outView(n, out);
  parallel_for_each(outView.extent, [=](index<1> i) restrict(amp) {
    outView[i] = both(inView[i]);
  });
  outView.synchronize();
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int device = in[i] * 3 + 2 + 20; // the amp overloads
    int host = both(in[i]);          // the cpu overloads
    if (out[i] != device || host != in[i] * 3 + 1 + 10)
      ++wrong;
  }
  std::cout << (wrong ? "FAILED" : "PASSED") << ": restriction overloads from a precompiled header"
            << std::endl;
  return wrong ? 1 : 0;
}
