// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/unroll_in_driver.cpp-28-44.spv
// RUN: %spirv-dis %t/unroll_in_driver.cpp-28-44.spv | FileCheck %s --check-prefix=COMPILER
// RUN: rm -rf %t.c && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.c -fplugin-arg-ampvk-unroll=compiler %s -o %t.o
// RUN: cmp %t/unroll_in_driver.cpp-28-44.spv %t.c/unroll_in_driver.cpp-28-44.spv
// RUN: rm -rf %t.d && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.d -fplugin-arg-ampvk-unroll=driver %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.d/unroll_in_driver.cpp-28-44.spv
// RUN: %spirv-dis %t.d/unroll_in_driver.cpp-28-44.spv | FileCheck %s --check-prefix=DRIVER
// RUN: rm -rf %t.dn && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.dn -fplugin-arg-ampvk-unroll=driver -fplugin-arg-ampvk-no-opt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.dn/unroll_in_driver.cpp-28-44.spv
// RUN: %spirv-dis %t.dn/unroll_in_driver.cpp-28-44.spv | FileCheck %s --check-prefix=DRIVER
// A register-blocked loop nest: by default (unroll=compiler) SPIRV-Tools
// unrolls the loops marked Unroll (`#pragma unroll`) and the accumulators
// indexed by their counters become SSA values. With unroll=driver no pass
// unrolls, with or without the performance passes: the loops stay, still
// marked Unroll for the driver's compiler, the accumulators stay a Function
// array, and the arithmetic keeps NoContraction (no unroller copied it).
#include <amp.h>
using namespace concurrency;

// COMPILER-NOT: OpLoopMerge
// COMPILER-NOT: = OpVariable %_ptr_Function
// COMPILER-COUNT-32: = OpFMul
// COMPILER-NOT: OpFMul
// COMPILER: OpFunctionEnd
void run(array_view<float, 1> out, array_view<const float, 1> a) {
  const int N = 8, M = 4;
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float acc[M];
#pragma unroll
    for (int j = 0; j < M; ++j)
      acc[j] = 0.0f;
#pragma unroll
    for (int k = 0; k < N; ++k)
#pragma unroll
      for (int j = 0; j < M; ++j)
        acc[j] += a[t.global[0] * N + k] * a[j * N + k];
    out[t.global] = acc[0] + acc[1] + acc[2] + acc[3];
  });
}

// One multiply and one add in the loop, three adds after it: all five decorated.
// DRIVER-COUNT-5: OpDecorate %{{[0-9]+}} NoContraction
// DRIVER-NOT: NoContraction
// DRIVER: %acc = OpVariable %_ptr_Function_{{.*}} Function
// DRIVER-COUNT-3: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} Unroll
// DRIVER-NOT: OpLoopMerge
// DRIVER-COUNT-1: = OpFMul
// DRIVER-NOT: OpFMul
// DRIVER-COUNT-4: = OpFAdd
// DRIVER-NOT: Fma
// DRIVER: OpFunctionEnd
