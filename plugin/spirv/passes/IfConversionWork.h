//===- IfConversionWork.h - Would SPIRV-Tools' if-conversion change anything? ===//
//
// SPIRV-Tools' if-conversion (2023.1) asks, for every block with two
// predecessors, their common dominator, walking the dominator tree up from
// each: quadratic in a long chain of if statements, where the tree is as deep
// as the kernel (4000 `if`s: 0.67 s of a 4.1 s compile, and at that depth it
// converted none of them, their values being computed inside the branches).
// It replaces an OpPhi of two incoming values by an OpSelect only where both
// values are defined in blocks that dominate the phi's (or in none:
// constants, parameters), or by one of them where the two have the same value
// number. This check looks for such a phi in one linear walk (the
// dominator tree numbered in depth-first order answers "dominates" in
// constant time; debug lines between phis are read past, as SPIRV-Tools
// does) and errs towards yes: it ignores the pass's other conditions, and
// takes two values for possibly equal value numbers when they may be of one
// kind, an opcode and a type, following what the table forwards (an
// OpCopyObject its operand's number, an OpPhi its inputs' when they all share
// one). Where it says no the pass would return the module unchanged, so the
// recipe leaves it out (PassRecipe.cpp, When::IfConversionMayChange): the
// same module, sooner.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_PASSES_IFCONVERSIONWORK_H
#define AMPVK_PLUGIN_SPIRV_PASSES_IFCONVERSIONWORK_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// False only when SPIRV-Tools' if-conversion would leave M as it is; true
// also when M cannot be parsed.
bool ifConversionMayChange(SpirvModule &M);

} // namespace ampvk

#endif
