// <amp_math.h> builds without a warning in every language mode, host and
// device code together.
// RUN: %ampxx-obj -std=c++11 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %s -o %t.11.o
// RUN: %ampxx-obj -std=c++14 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %s -o %t.14.o
// RUN: %ampxx-obj -std=c++17 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %s -o %t.17.o
// RUN: %ampxx-obj -std=c++20 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %s -o %t.20.o
#include <amp.h>
#include <amp_math.h>

void kernels(concurrency::array_view<float, 1> f, concurrency::array_view<double, 1> d) {
  using namespace concurrency;
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    int e = 0;
    float c = 0;
    f[i] = fast_math::powf(f[i], 2.0f) + fast_math::frexp(f[i], &e) + precise_math::erfinvf(f[i]) +
           precise_math::tgamma(f[i]) + static_cast<float>(e);
    precise_math::sincosf(f[i], &f[i], &c);
    d[i] = precise_math::lgamma(d[i]) + precise_math::remquo(d[i], 3.0, &e) + c;
  });
}

int main() {
  // The host side is <cmath>.
  return concurrency::precise_math::sqrt(4.0) == 2.0 && concurrency::fast_math::fabsf(-1.0f) == 1.0f
             ? 0
             : 1;
}
