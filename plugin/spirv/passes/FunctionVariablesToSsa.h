//===- FunctionVariablesToSsa.h - Scalar locals become SSA values ---------===//
//
// The emitter keeps every local in a Function variable (OpVariable, OpLoad,
// OpStore), as front ends do, and leaves SSA form to SPIRV-Tools. Its
// ssa-rewrite pass (2023.1) asks, for every load and store, whether all the
// users of that variable are loads and stores: n^2 for a variable loaded or
// stored n times (the result of a 4000-case switch, a variable updated by
// 2000 if statements), which made such kernels compile in tens of seconds.
//
// This pass does the same promotion in time linear in the function (plus the
// phis it places): a Function variable of scalar or vector type whose only
// users are whole loads and stores without memory operands (and its OpName)
// becomes SSA values. Phis go on the iterated dominance frontier of the
// blocks that store it (Cytron et al.), only for variables live into some
// block ("semi-pruned" SSA: a variable always stored before it is loaded in
// each block needs none), and renaming walks the dominator tree. A variable
// whose address goes anywhere else (an access chain, a call, a copy, a
// decoration) stays in memory for SPIRV-Tools. Phis that turn out dead are
// left to the aggressive dead-code elimination that follows.
//
// Loads before any store read the initializer or OpUndef, as the variable
// would; loads in unreachable blocks become OpUndef. A function whose
// dominance frontiers or phis would grow past a multiple of its size keeps
// its variables (the promotion must stay linear).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_FUNCTIONVARIABLESTOSSA_H
#define AMPVK_PLUGIN_SPIRV_FUNCTIONVARIABLESTOSSA_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Promotes M's Function variables as above; returns how many it promoted
// (M is unchanged when none, or when it cannot be parsed).
unsigned functionVariablesToSsa(SpirvModule &M);

} // namespace ampvk

#endif
