//===- FullLoopUnroll.h - Counted loops marked Unroll, one copy per trip --===//
//
// SPIRV-Tools' loop-unroll was half of SPIRV-Tools' time in a register-blocked
// kernel's compile (the sgemm sample: 1.1 of 2.2 seconds): before and after
// each loop it unrolls it rebuilds the function's analyses, and it updates
// def-use chains for every instruction it copies. This pass unrolls, in one
// walk of the function per loop, the counted loops the emitter writes and
// marks Unroll (StmtEmitter.cpp, LoopUnrollHints.cpp), innermost first:
//
//   header:   the loop's OpPhis (each from the block before the loop and from
//             the continue target), OpLoopMerge %merge %continue Unroll
//   test:     the header itself or the one block it branches to, which
//             compares a phi (the counter) with a constant and leaves only to
//             %merge
//   body:     blocks entered only from the loop, leaving only inside it (or
//             returning)
//   continue: entered from one block (of the body, or the test when there is
//             none); branches back to the header
//
// with the counter's first value a 32-bit integer constant and its next one
// the counter plus or minus a constant (in any of these blocks), so the trip
// count N is found by running the test. Like SPIRV-Tools', the unrolled loop is the
// header, test, body and continue target copied N times in a line (the first
// copy keeps the loop's ids, each copy's phis are the values the previous
// copy computed, its test branches on to its body) and the header and test
// once more, which branch to %merge; later passes fold the copies' tests
// away. Unlike SPIRV-Tools', each copy's counter is its constant, so that an
// inner loop counted from an outer counter (`for (j = i; ...)`) is counted in
// the outer loop's copies, by another round. In a loop that is one line of
// blocks, what every copy would compute alike from values before the loop is
// computed once, in the first (what redundancy elimination would leave of
// the copies). The OpDecorate decorations of the copied results
// (NoContraction) are copied with them.
//
// A loop of another shape (a break, a continue from inside a selection, a
// test after the body, a count not known) is left as it is, still marked
// Unroll, for SPIRV-Tools' pass.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_FULLLOOPUNROLL_H
#define AMPVK_PLUGIN_SPIRV_FULLLOOPUNROLL_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Unrolls M's loops as above; the number unrolled. M is unchanged when none
// is, or when it cannot be parsed.
unsigned unrollCountedLoops(SpirvModule &M);

// Whether M still has loops marked Unroll (true when it cannot be parsed):
// the loops this pass left, for SPIRV-Tools' loop-unroll.
bool hasLoopsMarkedUnroll(SpirvModule &M);

} // namespace ampvk

#endif
