//===- DeadBlocks.h - Blocks nothing reaches are removed ------------------===//
//
// SPIRV-Tools 2023.1's merge-blocks joins a loop header with its merge block
// when the header branches straight there: a loop whose continue target is
// never reached (the single-trip loop around an inlined function's early
// returns, `for (;;) { ...; break; }`, a loop whose `continue` constant
// propagation found dead). It removes the OpLoopMerge but keeps the dead
// continue target, which still branches to the block the header became. When
// that block is then joined with an enclosing loop's continue target (the
// loop ends its body), the dead block branches into a continue target from
// outside its loop, and SPIRV-Tools' validator of the same release rejects
// the module (it looks at every predecessor of a continue target, reached or
// not). The recipe's last merge-blocks has no eliminate-dead-branches after
// it to remove the block (docs/fuzzing.md, found by test/fuzz).
//
// This pass removes, after SPIRV-Tools' passes, every block that no path from
// its function's entry reaches, where a reached header also reaches the merge
// block and continue target its merge instruction names (so an unreachable
// merge block or continue target of a live construct stays). The blocks'
// OpPhi entries in the blocks they branched to go, and so do their names. A
// function where a remaining instruction uses a value of such a block (other
// than in those OpPhi entries), or where an OpPhi would keep no entry, is
// left as it is.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_DEADBLOCKS_H
#define AMPVK_PLUGIN_SPIRV_DEADBLOCKS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Removes M's dead blocks as above; returns how many were removed (M is
// unchanged when none, or when it cannot be parsed).
unsigned removeDeadBlocks(SpirvModule &M);

} // namespace ampvk

#endif
