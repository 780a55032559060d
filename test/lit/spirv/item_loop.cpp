// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/item_loop.cpp-33-31.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/item_loop.cpp-41-42.spv
// RUN: %spirv-dis %t/item_loop.cpp-33-31.spv | FileCheck %s --check-prefix=UNTILED
// RUN: %spirv-dis %t/item_loop.cpp-41-42.spv | FileCheck %s --check-prefix=TILED
// RUN: %spirv-val --target-env vulkan1.1 %t/item_loop.cpp-53-34.spv
// RUN: %spirv-dis %t/item_loop.cpp-53-34.spv | FileCheck %s --check-prefix=ATOMIC
// An untiled kernel's threads run its body once per work item
// (ItemLoop.cpp): the count is the specialization constant with SpecId 7
// (kernel_image.h: items_per_thread_spec_id), 1 unless the runtime says more,
// and item k of workgroup g, local id l takes x = (g.x * K + k) * 256 + l.x.
// The body (inlined by the optimizer) keeps its early return for padding
// threads and for the lambda's own `return`, each ending only one item.
// Tiled kernels have no such loop: a tile is a workgroup.
#include <amp.h>
using namespace concurrency;

// UNTILED-DAG: OpDecorate %items_per_thread SpecId 7
// UNTILED-DAG: %items_per_thread = OpSpecConstant %int 1
// UNTILED: %main = OpFunction
// UNTILED: [[GROUPS:%[0-9]+]] = OpLoad %v3int %group_id
// UNTILED-NEXT: [[GROUP:%[0-9]+]] = OpCompositeExtract %int [[GROUPS]] 0
// UNTILED: [[FIRST:%[0-9]+]] = OpIMul %int [[GROUP]] %items_per_thread
// UNTILED: [[K:%[0-9]+]] = OpPhi %int %int_0
// UNTILED: OpSLessThan %bool [[K]] %items_per_thread
// UNTILED-NEXT: OpLoopMerge
// UNTILED: [[ITEM:%[0-9]+]] = OpIAdd %int [[FIRST]] [[K]]
// UNTILED-NEXT: OpIMul %int [[ITEM]] %int_256
// UNTILED: OpFunctionEnd
// TILED-NOT: SpecId 7
// TILED-NOT: %items_per_thread
void untiled(array_view<float, 1> a, array_view<const float, 1> b) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
    if (i[0] % 7 == 3)
      return;
    a[i] = b[i] * 2.0f + a[i];
  });
}

void tiled(array_view<float, 1> a) {
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    a[t.global] += 1.0f;
  });
}

// Atomics on global memory serialize, so a kernel with them keeps one item
// per thread: no item count constant, and the optimizer drops the loop.
// ATOMIC-NOT: SpecId 7
// ATOMIC-NOT: %items_per_thread
// ATOMIC: OpAtomicIAdd
// ATOMIC-NOT: OpLoopMerge
void histogram(array_view<int, 1> bins, array_view<const int, 1> keys) {
  parallel_for_each(keys.extent, [=](index<1> i) restrict(amp) {
    atomic_fetch_add(&bins[keys[i] & 255], 1);
  });
}
