// RUN: %ampxx -Xclang -verify %s
// expected-no-diagnostics
// A do-while whose condition makes blocks of its own (`?:` of objects, `&&`)
// around a body of straight-line blocks: SPIRV-Tools 2023.1's merge-blocks
// folded the continue target into the loop header although the back edge left
// from a later block, and the final validation rejected the kernel ("The
// continue construct with the continue target ... is not structurally post
// dominated by the back-edge block"; found by test/fuzz). The emitter now
// computes such a condition before the continue target (StmtEmitter.cpp,
// emitDoWhile), whose construct is then one block.
#include <amp.h>
using namespace concurrency;

static unsigned count(unsigned a, unsigned b, int c, long l, long m) restrict(amp) {
  int k = 0;
  unsigned r = 0;
  bool pick = c > 0;
  do {
    ++k;
    r += a;
  } while (k < (int)((pick ? a : b) & 7u) && ((double)l <= (double)m));
  return r;
}

void launch(array_view<unsigned, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = count(i[0] + 3, 5u, i[0] & 1, i[0], 2);
  });
}
