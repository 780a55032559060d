//===- SignExtensions.h - 32-bit ints widened where lavapipe cannot see it -===//
//
// Mesa's lavapipe (22.3) folds a comparison of an up-cast 32-bit int with a
// 64-bit constant wrongly (WidenedComparisons.h), and its own algebra makes
// that shape out of many a program that does not show it: it drops an
// identity (`x >> 0`, `x | 0`, `x ^ 0`, `x << 0`, `x / 1`) or turns a sign-bit
// test into a comparison with 0 (`((unsigned long)x >> 63) != 0`,
// `((long)x >> 63) == -1`, `((long)x & LONG_MIN) != 0`), and then misjudges
// `(long)x < 0`: every such test of a negative x was false there (fuzzing seed
// 33356: `long v = (long)((unsigned long)i >> 0); if (0 >= v)`). The 64-bit
// comparison narrowing cannot reach through every identity Mesa knows, so
// each OpSConvert of a 32-bit int to 64 bits is written as the bits it makes,
// the high word from an arithmetic shift and the low word zero-extended,
// or'ed together: the same value, which Mesa does not recognize as an
// up-cast, so no comparison with it is folded. In every module, not only the
// loop witness's (which lavapipe runs, but which a kernel without loops does
// not have): a sign extension costs three integer operations more, and
// kernels seldom widen ints. Runs after narrow-widened-comparisons, which
// compares what it can in 32 bits.
//
// Measured on lavapipe: of 26 shapes of such tests on 5 values, 13 were wrong
// before and none after (17 of them in DiffInt.HiddenSignExtensions).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SIGNEXTENSIONS_H
#define AMPVK_PLUGIN_SPIRV_SIGNEXTENSIONS_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Rewrites every scalar OpSConvert from 32 to 64 bits in M; returns how many.
unsigned hideSignExtensions(SpirvModule &M);

} // namespace ampvk

#endif
