// The GLSL.std.450 instructions <amp_math.h>'s device code is built from,
// one row each: X(Name, FloatOnly). Name is both the instruction
// (GLSLstd450Name) and the function of Concurrency::detail::glsl that stands
// for it (math_intrinsics.h, which checks that each row has its function);
// FloatOnly: the instruction takes 16- and 32-bit floats only (the
// trigonometric, exponential and power ones). The plugin lowers a call of
// such a function to its row's instruction (plugin/emit/MathIntrinsics.cpp).
// No includes: the plugin reads it too.
#ifndef AMPVK_DETAIL_GLSL_INSTRUCTIONS_H
#define AMPVK_DETAIL_GLSL_INSTRUCTIONS_H

#define AMPVK_GLSL_INSTRUCTIONS(X)                                             \
  X(Sin, true)                                                                 \
  X(Cos, true)                                                                 \
  X(Tan, true)                                                                 \
  X(Asin, true)                                                                \
  X(Acos, true)                                                                \
  X(Atan, true)                                                                \
  X(Atan2, true)                                                               \
  X(Sinh, true)                                                                \
  X(Cosh, true)                                                                \
  X(Tanh, true)                                                                \
  X(Exp, true)                                                                 \
  X(Exp2, true)                                                                \
  X(Log, true)                                                                 \
  X(Log2, true)                                                                \
  X(Pow, true)                                                                 \
  X(Sqrt, false)                                                               \
  X(InverseSqrt, false)                                                        \
  X(FAbs, false)                                                               \
  X(Floor, false)                                                              \
  X(Ceil, false)                                                               \
  X(Trunc, false)                                                              \
  X(RoundEven, false)                                                          \
  X(FMin, false)                                                               \
  X(FMax, false)                                                               \
  X(Fma, false)                                                                \
  X(Ldexp, false)                                                              \
  X(FrexpStruct, false)                                                        \
  X(ModfStruct, false)

#endif
