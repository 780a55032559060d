// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/no_contraction_unrolled.cpp-22-33.spv
// RUN: %spirv-dis %t/no_contraction_unrolled.cpp-22-33.spv | FileCheck %s
// RUN: rm -rf %t.fast && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.fast -fplugin-arg-ampvk-fp-contract=fast %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.fast/no_contraction_unrolled.cpp-22-33.spv
// RUN: %spirv-dis %t.fast/no_contraction_unrolled.cpp-22-33.spv | FileCheck %s --check-prefix=FAST
// RUN: rm -rf %t.off && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.off -fplugin-arg-ampvk-fp-contract=off %s -o %t.o
// RUN: %spirv-dis %t.off/no_contraction_unrolled.cpp-22-33.spv | FileCheck %s
// SPIRV-Tools' loop unroller copies a loop body without its decorations, and
// its instruction folder then fused the undecorated copies of a*b+c into Fma
// (15 of the 16 steps of this dot product). NoContraction must survive every
// pass: all 16 multiplies and 16 adds of the unrolled loop carry it, no Fma,
// in both copies of the body that the entry point's item loops inline (the
// Unroll loop and the tested loop: item_loop.cpp), 64 decorations in all.
// With -fplugin-arg-ampvk-fp-contract=fast the decorations are dropped after
// optimization, so the driver may fuse (SPIRV-Tools itself still does not
// reassociate or fuse: the pipeline ran with them).
#include <amp.h>
using namespace concurrency;

void run(array_view<float, 1> out, array_view<const float, 1> a, array_view<const float, 1> b) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 16; ++k)
      s += a[i[0] * 16 + k] * b[k];
    out[i] = s;
  });
}

// CHECK-COUNT-64: OpDecorate %{{[0-9]+}} NoContraction
// CHECK-NOT: NoContraction
// CHECK-NOT: Fma
// CHECK: %main = OpFunction
// CHECK-NOT: Fma
// CHECK: OpLoopMerge
// CHECK-NOT: Fma
// CHECK-COUNT-16: OpFMul
// CHECK-NOT: Fma
// CHECK: OpLoopMerge
// CHECK-NOT: Fma
// CHECK-COUNT-16: OpFMul
// CHECK-NOT: Fma
// CHECK-NOT: OpFMul
// CHECK: OpFunctionEnd

// FAST-NOT: NoContraction
// FAST: %main = OpFunction
