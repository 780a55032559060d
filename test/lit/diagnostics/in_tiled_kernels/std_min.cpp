// Issue 14's program: a tiled kernel with tile_static memory and a barrier
// calls std::min. The error names the call and says what to write instead; the
// tile analysis that runs after it must not crash on the rejected call.
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
#include <vector>
#include <algorithm>
using namespace concurrency;
int main() {
  std::vector<int> v(256);
  array_view<int, 1> av(256, v);
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { // expected-note {{in the tiled kernel launched here}}
    tile_static int s[64];
    int c = std::min(63, t.local[0] + 1); // expected-error {{restrict(amp) code cannot call 'std::min', which is not restrict(amp)}} expected-note {{the C++ standard library is not restrict(amp); use a helper such as 'template <class T> T amp_min(T a, T b) restrict(cpu, amp) { return b < a ? b : a; }'}}
    s[t.local[0]] = c;
    t.barrier.wait();
    av[t.global] = s[c];
  });
  return av[0];
}
// expected-note@*:* {{'std::min' declared here without restrict(amp)}}
