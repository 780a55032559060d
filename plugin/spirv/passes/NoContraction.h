//===- NoContraction.h - Float arithmetic stays as C++ rounds it ----------===//
//
// The emitter decorates every float + - * / NoContraction (C++ rounds each
// result; docs/architecture.md), and every conversion to or from a float:
// Mesa's NIR optimizer (22.3, lavapipe) folds f2u(u2f(i)) to i and f2i(i2f(i))
// to i for conversions not marked exact, dropping the rounding to 24 bits that
// Vulkan requires ((unsigned)(float)16777217 is 16777216); NoContraction is how
// SPIR-V marks them exact for it. Our unroller copies the decorations with a
// loop's body (FullLoopUnroll.h); SPIRV-Tools' loop unroller, which takes the
// loops ours leaves, copies it without them, and its instruction folder then
// fuses the undecorated copies of a*b+c into Fma. The pipeline therefore
// decorates all float arithmetic again right after that pass
// (PassRecipe.cpp, after loop-unroll). With the plugin argument fp-contract=fast the
// arithmetic's decorations are dropped once optimization is done, so the driver
// may fuse; conversions keep theirs.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_NOCONTRACTION_H
#define AMPVK_PLUGIN_SPIRV_NOCONTRACTION_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Decorates NoContraction every float arithmetic result (OpFAdd, OpFSub,
// OpFMul, OpFDiv, OpFRem, OpFMod and the vector/matrix products) and every
// conversion to or from a float that lacks it; how many it decorated.
unsigned decorateFloatOperations(SpirvModule &M);

// Removes the NoContraction decorations of arithmetic; conversions keep theirs
// (they are about correct rounding, not contraction); how many it removed.
unsigned dropArithmeticNoContraction(SpirvModule &M);

} // namespace ampvk

#endif
