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
// A loop is turned when its one way out is the back-edge block's test, or a
// `break` as the body's last statement (also as the witness's variant records
// it, through a selection of its own), or when it tests at the back and also
// has `break`s to its merge block: those keep their edges, and the merge
// block joins each value read after the loop from the header's phi and from
// the breaks (`do { ...; if (c) break; ... } while (t)` gave 3357 of 4096
// items wrong, none after). A loop with another way out (a `return` that
// leaves an enclosing construct) keeps its shape. Only loops with a value
// read after them are turned, and only when each such value has a null
// constant for the phis' first entry (no pointers: an access chain of values
// from before the loop is made again after it instead).
//
// Measured on lavapipe (4096 items, trip counts differing between
// neighbours): `do`/`while` with an `if`, with `?:`, with `r = r * 3u + y`,
// and `for (;;)` with its `break` last gave 1771, 1771, 2846 and 1771 wrong
// results before, none after; a top-tested `for` and a loop with its input
// read before it were right either way.
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
