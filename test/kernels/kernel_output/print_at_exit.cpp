// A program that prints from a kernel and returns from main without waiting
// for it: the output still reaches stdout, at the latest when the runtime
// shuts down (kernel.output_at_exit checks the lines).
#include <amp.h>

#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> data(4, 0);
  array_view<int, 1> av(4, data);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    av[i] = i[0] + 1;
    if (i[0] == 2)
      direct3d_printf("printed by thread %d before exit\n", i[0]);
  });
  return 0;
}
