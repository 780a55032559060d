//===- NoContraction.h - Float arithmetic stays as C++ rounds it ----------===//
//
// The emitter decorates every float + - * / NoContraction (C++ rounds each
// result; docs/architecture.md). Our unroller copies the decorations with a
// loop's body (FullLoopUnroll.h); SPIRV-Tools' loop unroller, which takes the
// loops ours leaves, copies it without them, and its instruction folder then
// fuses the undecorated copies of a*b+c into Fma. The pipeline therefore
// decorates all float arithmetic again right after that pass
// (SpirvToolsPipeline.cpp, unrollLoops). With the plugin argument fp-contract=fast the
// decorations are dropped once optimization is done, so the driver may fuse.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_NOCONTRACTION_H
#define AMPVK_PLUGIN_SPIRV_NOCONTRACTION_H

#include <cstdint>
#include <vector>

namespace ampvk {

// Decorates NoContraction every float arithmetic result (OpFAdd, OpFSub,
// OpFMul, OpFDiv, OpFRem, OpFMod and the vector/matrix products) that lacks it.
void decorateFloatArithmetic(std::vector<std::uint32_t> &Words);

// Removes every NoContraction decoration.
void dropNoContraction(std::vector<std::uint32_t> &Words);

} // namespace ampvk

#endif
