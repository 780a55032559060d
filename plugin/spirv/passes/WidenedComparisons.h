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
// The constant may also be a zero-extended 32-bit constant, an OpUConvert to
// ulong and an OpBitcast to long (`unsigned z = 0; (long)i > (long)z`), which
// SPIRV-Tools does not fold and lavapipe misjudges alike. A constant outside
// the int range decides the comparison, and lavapipe gets some of those wrong
// too (`(long)i < 2147483648L` is false): it becomes the 32-bit comparison
// with INT32_MAX or INT32_MIN that is decided the same way (`i <= INT32_MAX`).
// Fuzzing seed 532 found the first, and the second as its variant
// `unsigned b = 0x80000000u; (long)i < (long)b`.
//
// The constant need not be one in the SPIR-V: lavapipe misjudges the
// comparison whenever its own folding makes the other side constant (seed 915:
// `long v = (long)u == LONG_MIN; (long)i < v`, where SPIRV-Tools keeps v and
// Mesa folds it to 0). Every result fits Mesa's NIR rule for an up-cast
// compared with a constant (nir_opt_algebraic.py) taking its INT32_MIN bound
// as +2^31: `-0x80000000` is an unsigned C literal, and a later
// nir_algebraic.py sign-extends negative constants explicitly for that
// reason. So a sign-extended int x in an ordered comparison with any other
// 64-bit value y is compared in 32 bits too, with y's range checked in 64:
// `x < y` is `y > INT32_MAX || (y >= INT32_MIN && x < (int)y)`, `x > y` is
// `y < INT32_MIN || (y <= INT32_MAX && x > (int)y)` (the same for <= and >=).
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
