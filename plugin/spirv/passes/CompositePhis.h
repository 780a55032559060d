//===- CompositePhis.h - A vector or struct phi as one phi per component ----===//
//
// Mesa's lavapipe (22.3, LLVM 15) runs 8 work items in the lanes of one
// 256-bit vector. When a short vector (or a struct of scalars) is carried
// around a loop and the lanes leave the loop after different numbers of
// iterations, it gives the lanes that left first the value of one iteration
// more: `uint_4 u(0); for (k = 0; k < (int)(x & 7u); ++k) --u.z;` returned
// u.z one less than the host for 156 of 768 items, and only where the trip
// count differed within a group of 8 (docs/fuzzing.md, finding 5). The same
// loop over a scalar is right. So in the module lavapipe runs (the loop
// witness's variant, LoopWitnessVariant.h; no other device runs it), each
// OpPhi of a vector or of a struct of scalars becomes one OpPhi per
// component, from the components of its operands (an OpCompositeExtract at
// the end of each predecessor, or the components of another split phi), put
// back together by an OpCompositeConstruct after the block's phis: the same
// values, as scalars the driver carries right. Other devices keep the module
// without the witness unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_COMPOSITEPHIS_H
#define AMPVK_PLUGIN_SPIRV_COMPOSITEPHIS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Splits every OpPhi of a vector or of a struct of scalars; returns how many.
unsigned splitCompositePhis(SpirvModule &M);

} // namespace ampvk

#endif
