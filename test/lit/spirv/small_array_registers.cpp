// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/small_array_registers.cpp-24-44.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/small_array_registers.cpp-35-44.spv
// RUN: %spirv-dis %t/small_array_registers.cpp-24-44.spv | FileCheck %s --check-prefix=SMALL
// RUN: %spirv-dis %t/small_array_registers.cpp-35-44.spv | FileCheck %s --check-prefix=LARGE
// An array of a class with a constructor (float_4's zeroes its members) is
// constructed by a counted loop over its elements. Indexed by that loop's
// counter, a small array such as a register-blocked kernel's `float_4 r[2]`
// stayed in Function memory (an array private to each thread, where NVIDIA's
// compiler may put it in local memory) though the kernel indexes it only with
// constants: the loop of an array of at most 64 scalars now carries Unroll,
// the optimizer unrolls it and the array becomes SSA values. A larger array
// keeps its loop (the module grows with the declaration, not the size).
// Tiled kernels, so that no item loop is in the way.
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

// SMALL-NOT: = OpVariable %_ptr_Function
// SMALL-NOT: OpLoopMerge
// SMALL: OpFunctionEnd
void small(array_view<float, 1> out, array_view<const float_4, 1> in) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float_4 r[2];
    r[0] = in[2 * t.global[0]];
    r[1] = in[2 * t.global[0] + 1];
    out[t.global] = r[0].x * r[1].w + r[0].y * r[1].z;
  });
}

// LARGE: = OpVariable %_ptr_Function_{{.*}} Function
// LARGE: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} None
void large(array_view<float, 1> out, array_view<const float_4, 1> in) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float_4 r[17]; // 68 scalars
    r[t.local[0] % 17] = in[t.global];
    out[t.global] = r[0].x + r[16].w;
  });
}
