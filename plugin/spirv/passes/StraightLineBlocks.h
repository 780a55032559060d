//===- StraightLineBlocks.h - Blocks that only follow one another merge ---===//
//
// A loop unroll (FullLoopUnroll.h, or SPIRV-Tools' loop-unroll) leaves each
// copy of a loop body in the blocks the loop had (its header, body and
// continue target, joined by OpBranch), so a fully unrolled register-blocked
// kernel comes out as thousands of blocks in a line. Every later pass walks
// them, and SPIRV-Tools' own merge-blocks takes them apart one merge at a
// time, updating its analyses after each (0.6 of a second for the twelve
// kernels of the sgemm sample). This pass joins them in
// one walk of the function: a block that ends with OpBranch to a block it is
// the only predecessor of takes that block's instructions, when neither is a
// structured construct's header and the successor is no construct's merge
// block or continue target (what the structured rules give a role). The
// successor's OpPhis have a single incoming value, which replaces them; a
// later block's OpPhi naming the successor as its parent names the block that
// took it. SPIRV-Tools' merge-blocks, later in the recipe, does the rest.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_STRAIGHTLINEBLOCKS_H
#define AMPVK_PLUGIN_SPIRV_STRAIGHTLINEBLOCKS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Merges M's straight-line blocks as above; returns how many blocks were
// merged into their predecessor (M is unchanged when none, or when it
// cannot be parsed).
unsigned mergeStraightLineBlocks(SpirvModule &M);

} // namespace ampvk

#endif
