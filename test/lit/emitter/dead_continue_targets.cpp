// RUN: rm -rf %t && %ampxx -Xclang -verify -fplugin-arg-ampvk-dump-spirv=%t %s
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-40-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-40-33.aliased.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-47-31.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-47-31.witness.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-68-31.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-68-31.witness.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-86-42.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/dead_continue_targets.cpp-86-42.witness.spv
// expected-no-diagnostics
// Loops whose continue target is never reached, at the end of another loop's
// body: the single-trip loop that gives an inlined function's early returns
// their way out (the kernel body of an untiled kernel ends the item loop's
// body), `for (;;) { ...; break; }`, and loops whose way back only SPIRV-Tools'
// constant propagation finds dead. SPIRV-Tools 2023.1's merge-blocks joins the
// header of such a loop with its merge block, and that block with the
// enclosing loop's continue target; the dead continue target was left
// branching into it from outside the loop, and the final spirv-val rejected
// the kernel ("Block ... branches to the loop continue target ..., but is not
// contained in the associated loop construct ..."; seed 500 of test/fuzz,
// docs/fuzzing.md). The dead block is now removed after SPIRV-Tools' passes
// (plugin/spirv/passes/DeadBlocks.h).
#include <amp.h>
#include <vector>
using namespace concurrency;

// Seed 500, as reduced.
template <typename T> static T tmix(T a, T b, int k) restrict(amp, cpu) {
  return a ^ b;
  return (0) ? (0) : (0); // after the return: never runs
}
static unsigned mixv4(unsigned a, int r, int c, unsigned s) restrict(amp, cpu) {
  unsigned v48 = (0);
  if (((0) == 0u)) return tmix<unsigned>(s, v48, -8);
} // falls off its end on a path never taken
void seed500(std::vector<unsigned> &d, std::vector<unsigned> &in) {
  array_view<const unsigned, 1> inv(1024, in);
  array_view<unsigned, 2> gv(8, 32, d);
  array_view<unsigned, 2> sec = gv.section(index<2>(2, 6), extent<2>(5, 14));
  parallel_for_each(sec.extent, [=](index<2> i) restrict(amp) {
    sec[i] = mixv4(sec[i], i[0], i[1], inv[(i[0] * 14 + i[1]) % 1024]);
  });
}

// Loops that always break, one inside the other.
void breakingLoops(array_view<unsigned, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    unsigned x = v[i];
    for (;;) {
      for (;;) {
        x ^= 3u;
        break;
      }
      break;
    }
    v[i] = x;
  });
}

// Whether the way back is taken, only constant propagation knows.
static unsigned pick(unsigned a, unsigned b) restrict(amp) {
  int one = 1;
  if (one)
    return a ^ b;
  return 0;
}
void foldedWaysBack(array_view<unsigned, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    unsigned x = v[i];
    int one = 1;
    for (;;) {
      for (;;) {
        x ^= 3u;
        if (one)
          break;
      }
      if (one)
        break;
    }
    v[i] = pick(x, 5u);
  });
}

// A tiled kernel: the helpers' single-trip loops end its own loop's body.
void tiledLoop(array_view<unsigned, 1> v) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    unsigned x = v[t.global];
    for (int k = 0; k < (int)(x & 7u); ++k)
      x = mixv4(x, k, 0, x + 5u);
    v[t.global] = x;
  });
}
