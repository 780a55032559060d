//===- WidenedComparisons.h - compare sign-extended ints in 32 bits -------===//
//
// `long l = i; if (l < 5)` becomes an OpSConvert of the 32-bit `i` to 64 bits
// and an OpSLessThan with a 64-bit constant. Mesa's lavapipe (22.3, llvmpipe)
// gets exactly that shape wrong: an ordered signed comparison of a sign-extended
// 32-bit value with a 64-bit constant that fits in 32 bits is false for `<`
// and `<=` and true for `>` and `>=` whatever the value (`(long)-5 < 5L` is
// false there; test/fuzz found it, test/lit/passes/narrow_widened_comparisons.spvasm,
// DiffInt.WidenedComparisons). The 32-bit comparison is the same comparison
// (sign extension keeps the order) and cheaper, so this pass writes it
// wherever the shape appears: the 64-bit operands become the 32-bit value and
// a 32-bit constant (or the other sign-extended value).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_WIDENEDCOMPARISONS_H
#define AMPVK_PLUGIN_SPIRV_WIDENEDCOMPARISONS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Rewrites the comparisons it can in M; returns how many.
unsigned narrowWidenedComparisons(SpirvModule &M);

} // namespace ampvk

#endif
