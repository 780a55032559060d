//===- NonNegativeDivision.h - x / 2^k as a shift where x >= 0 -------------===//
//
// C++ `int` arithmetic becomes OpSDiv and OpSRem, which round toward zero, so
// a division by a power of two needs a correction for negative dividends that
// drivers keep unless they can prove the dividend non-negative, and they often
// cannot (a tree reduction's `for (int s = 128; s > 0; s /= 2)`: 0.91x its
// GLSL twin with `uint` on the H100). Where this pass proves the dividend
// non-negative it writes the operation the source meant: x / 2^k as
// OpShiftRightLogical by k, x % 2^k as OpBitwiseAnd with 2^k - 1.
//
// The proof is the largest set of scalar integer values closed under rules
// that each preserve "not negative" (a constant with its sign bit clear, a
// component of the LocalInvocationId, a phi or select of such, a division or
// shift of one, a bitwise and with one): assume it of every candidate, drop
// those whose rule fails, repeat until nothing changes. Every value computed
// at run time then comes from earlier non-negative values.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_NONNEGATIVEDIVISION_H
#define AMPVK_PLUGIN_SPIRV_NONNEGATIVEDIVISION_H

#include "spirv/SpirvModule.h"

namespace ampvk {

// Rewrites the divisions and remainders it can in M; returns how many.
unsigned shiftNonNegativeDivisions(SpirvModule &M);

} // namespace ampvk

#endif
