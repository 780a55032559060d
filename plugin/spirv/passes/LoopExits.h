//===- LoopExits.h - Bottom-tested loops leave from their header ----------===//
//
// Mesa's lavapipe (22.3, LLVM 15) runs 8 work items in the lanes of one
// 256-bit vector. When a loop tests its exit at the bottom (`do { ... }
// while (c)`, `for (;;) { ...; if (!c) break; }` after SPIRV-Tools) and a
// value computed in its body is used after it, the lanes that left first get
// that value from a later iteration of the lanes still looping:
//
//   unsigned r = 0; int k = 0;
//   do { ++k; r = r * 3u + (unsigned)y.i0; } while (k < (int)(x.u0 & 7u));
//
// returned a wrong r for 2846 of 4096 items (x, y elements of a view), and
// only where neighbouring items' trip counts differ (docs/fuzzing.md,
// finding 3). The same loop with its test at the top is right: there the
// value after the loop is a phi of the loop header, which lavapipe updates
// only in the lanes still running. So in the module lavapipe runs (the loop
// witness's variant, LoopWitnessVariant.h; no other device runs it), such a
// loop is turned around: its header gets a phi `go` (true on entry, the exit
// test's outcome along the back edge) and one phi per value used after the
// loop (a null on entry, the value along the back edge); the back-edge block
// always branches back, the header leaves to the merge block when `go` is
// false, and every use after the loop reads the header's phi. The values are
// the same; each is carried the way a top-tested loop carries it.
//
// Only loops whose one exit is the back-edge block's branch to the merge
// block are turned (a `break` or `return` elsewhere in the body keeps the
// loop as it is), and only when a value of the loop is used after it, of a
// type with a null constant (no pointers).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_LOOPEXITS_H
#define AMPVK_PLUGIN_SPIRV_LOOPEXITS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Turns every such loop around; returns how many.
unsigned exitLoopsAtHeader(SpirvModule &M);

} // namespace ampvk

#endif
