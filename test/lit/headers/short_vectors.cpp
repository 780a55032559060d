// <amp_short_vectors.h> builds without a warning in every language mode from
// C++11 on, on the host and in a kernel (properties, swizzle writes, vectors as
// array_view and tile_static elements), and its generated part is up to date
// with scripts/gen_short_vectors.py. (The default constructor of a tile_static
// float_4 is not run, which ampvk warns about, as for any class.)
// RUN: %ampxx-obj -std=c++11 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -fplugin-arg-ampvk-Wno-tile-static-constructor %s -o %t.11.o
// RUN: %ampxx-obj -std=c++14 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -fplugin-arg-ampvk-Wno-tile-static-constructor %s -o %t.14.o
// RUN: %ampxx-obj -std=c++17 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -fplugin-arg-ampvk-Wno-tile-static-constructor %s -o %t.17.o
// RUN: %ampxx-obj -std=c++20 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -fplugin-arg-ampvk-Wno-tile-static-constructor %s -o %t.20.o
// RUN: python3 %S/../../../scripts/gen_short_vectors.py --check
#include <amp.h>
#include <amp_short_vectors.h>

#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

void shade(std::vector<float_4> &pixels, const std::vector<unorm_2> &weights) {
  array_view<float_4, 1> p(static_cast<int>(pixels.size()), pixels);
  array_view<const unorm_2, 1> w(static_cast<int>(weights.size()), weights);
  parallel_for_each(p.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static float_4 cache[64];
    cache[t.local[0]] = p[t.global];
    t.barrier.wait();
    float_4 c = cache[63 - t.local[0]];
    c.rgb = c.bgr * float_3(float(w[t.global].x));
    c.a += float(w[t.global].y);
    p[t.global] = c;
  });
  p.synchronize();
}
