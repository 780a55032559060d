// <amp.h> and the seed programs build without a single warning in every
// language mode of the Visual Studio 2012-2015 era and after (C++11, 14, 17,
// 20), through the checker and the kernel compiler.
// RUN: %ampxx-obj -std=c++11 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tile_average.cpp -o %t.11a.o
// RUN: %ampxx-obj -std=c++11 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -DSAMPLESIZE=2 %S/../../../samples/sampling_example.cpp -o %t.11b.o
// RUN: %ampxx-obj -std=c++11 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tiling_description.cpp -o %t.11c.o
// RUN: %ampxx-obj -std=c++11 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/list_accelerators.cpp -o %t.11d.o
// RUN: %ampxx-obj -std=c++14 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tile_average.cpp -o %t.14a.o
// RUN: %ampxx-obj -std=c++14 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -DSAMPLESIZE=4 %S/../../../samples/sampling_example.cpp -o %t.14b.o
// RUN: %ampxx-obj -std=c++14 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tiling_description.cpp -o %t.14c.o
// RUN: %ampxx-obj -std=c++14 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/list_accelerators.cpp -o %t.14d.o
// RUN: %ampxx-obj -std=c++17 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tile_average.cpp -o %t.17a.o
// RUN: %ampxx-obj -std=c++17 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -DSAMPLESIZE=2 %S/../../../samples/sampling_example.cpp -o %t.17b.o
// RUN: %ampxx-obj -std=c++20 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tile_average.cpp -o %t.20a.o
// RUN: %ampxx-obj -std=c++20 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror -DSAMPLESIZE=4 %S/../../../samples/sampling_example.cpp -o %t.20b.o
// RUN: %ampxx-obj -std=c++20 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/tiling_description.cpp -o %t.20c.o
// RUN: %ampxx-obj -std=c++20 -Wall -Wextra -pedantic -Werror -fplugin-arg-ampvk-Werror %S/../../../samples/list_accelerators.cpp -o %t.20d.o
// And this file, which uses C++11-era code: a dynamic exception specification.
// RUN: %ampxx -std=c++11 -Wall -Wextra -Werror -fplugin-arg-ampvk-Werror -Xclang -verify %s
// RUN: %ampxx -std=c++14 -Wall -Wextra -Werror -fplugin-arg-ampvk-Werror -Xclang -verify %s
// expected-no-diagnostics
#include <amp.h>
using namespace concurrency;

void check(int n) throw() { (void)n; }

void scale(std::vector<float> &data, float factor) {
  array_view<float, 1> v(static_cast<int>(data.size()), data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= factor; });
  v.synchronize();
  check(1);
}
