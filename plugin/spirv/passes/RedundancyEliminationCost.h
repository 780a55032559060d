//===- RedundancyEliminationCost.h - Is dominator-wide CSE affordable here? ===//
//
// SPIRV-Tools' redundancy-elimination (2023.1) walks the dominator tree and
// hands each child a copy of the map of values available in its parent, so it
// costs the sum, over the blocks, of the instructions of their dominators:
// quadratic in a long chain of if statements (2000 of them took 1.4 s per run,
// and the pipeline runs it four times). The pipeline asks this estimate before
// each segment that holds the pass (PassRecipe.cpp) and runs
// local-redundancy-elimination (the
// same within each block, linear) where the whole-function one would cost
// more than a fixed multiple of the module's size.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_REDUNDANCYELIMINATIONCOST_H
#define AMPVK_PLUGIN_SPIRV_REDUNDANCYELIMINATIONCOST_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Whether redundancy-elimination's map copies on M would stay within
// RedundancyEliminationBudgetPerInstruction map entries per instruction (plus
// a constant). A module that cannot be parsed counts as affordable.
bool redundancyEliminationIsAffordable(SpirvModule &M);

constexpr unsigned RedundancyEliminationBudgetPerInstruction = 32;

} // namespace ampvk

#endif
