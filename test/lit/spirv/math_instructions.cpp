// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/math_instructions.cpp-17-31.spv | FileCheck %s --check-prefix=FAST
// RUN: %spirv-dis %t/math_instructions.cpp-27-31.spv | FileCheck %s --check-prefix=PRECISE
// fast_math is GLSL.std.450 in float and needs no double support; precise_math
// computes through double (ampvk's own code: no trigonometric instruction),
// so its kernels declare Float64 and the runtime refuses them with
// unsupported_feature on a device without shaderFloat64.
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

// FAST-NOT: OpCapability Float64
// FAST: OpExtInstImport "GLSL.std.450"
// FAST: Sin
// FAST: FrexpStruct
void fast(array_view<float, 1> v, array_view<int, 1> e) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = fast_math::sinf(v[i]) + fast_math::frexpf(v[i], &e[i]);
  });
}

// PRECISE: OpCapability Float64
// PRECISE-NOT: {{ (Sin|Cos|Tan) }}
// PRECISE: OpFConvert
// PRECISE-NOT: {{ (Sin|Cos|Tan) }}
void precise(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = precise_math::sinf(v[i]); });
}
