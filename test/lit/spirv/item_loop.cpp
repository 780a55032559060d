// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/item_loop.cpp-25-31.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/item_loop.cpp-111-42.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/item_loop.cpp-130-34.spv
// RUN: %spirv-dis %t/item_loop.cpp-25-31.spv | FileCheck %s --check-prefixes=UNTILED,UNTESTED
// RUN: %spirv-dis %t/item_loop.cpp-25-31.spv | FileCheck %s --check-prefixes=UNTILED,TESTED
// RUN: %spirv-dis %t/item_loop.cpp-111-42.spv | FileCheck %s --check-prefix=TILED
// RUN: %spirv-dis %t/item_loop.cpp-130-34.spv | FileCheck %s --check-prefix=ATOMIC
// An untiled kernel's threads run its body once per work item
// (ItemLoop.cpp): the count K is the specialization constant with SpecId 7
// (kernel_image.h: items_per_thread_spec_id), 1 unless the runtime says more.
// The entry point renumbers a folded grid (SpecId 8) first; then the thread of
// workgroup g, local id l starts at FirstX = g.x * K * W + l.x (W: the width,
// a specialization constant, entry_interface.cpp) and item k takes x = FirstX
// + k * W. The entry, not the body, leaves out the items past the extent
// (push-constant word 0): when the thread's last item, FirstX + (K - 1) * W, lies below it, an Unroll loop calls the body for
// every item with no test; otherwise a plain loop tests each item's x. This
// body is small, so after inlining it appears once in each loop (the
// UNTESTED and TESTED runs look at one each, whatever the block order); it
// keeps only the lambda's own `return`, which ends one item.
#include <amp.h>
using namespace concurrency;

void untiled(array_view<float, 1> a, array_view<const float, 1> b) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
    if (i[0] % 7 == 3)
      return;
    a[i] = b[i] * 2.0f + a[i];
  });
}

// UNTILED-DAG: OpDecorate %grid_folded SpecId 8
// UNTILED-DAG: OpDecorate %items_per_thread SpecId 7
// UNTILED-DAG: %items_per_thread = OpSpecConstant %int 1
// UNTILED: %main = OpFunction
// UNTILED: [[W:%[0-9]+]] = OpBitcast %int %workgroup_size_x
// UNTILED-NEXT: [[LOCALS:%[0-9]+]] = OpLoad %v3int %local_id
// UNTILED-NEXT: [[GROUPS0:%[0-9]+]] = OpLoad %v3int %group_id
// UNTILED: OpBranchConditional %grid_folded
// UNTILED: [[GROUPS:%[0-9]+]] = OpPhi %v3int [[GROUPS0]] %
// UNTILED-NEXT: [[EXTENTP:%[0-9]+]] = OpAccessChain %_ptr_PushConstant_int %captures %int_0 %int_0{{$}}
// UNTILED-NEXT: [[EXTENT:%[0-9]+]] = OpLoad %int [[EXTENTP]]
// UNTILED-NEXT: [[GROUP:%[0-9]+]] = OpCompositeExtract %int [[GROUPS]] 0
// UNTILED-NEXT: [[FIRST:%[0-9]+]] = OpIMul %int [[GROUP]] %items_per_thread
// UNTILED-NEXT: [[FIRSTOFF:%[0-9]+]] = OpIMul %int [[FIRST]] [[W]]
// UNTILED-NEXT: [[LOCALX:%[0-9]+]] = OpCompositeExtract %int [[LOCALS]] 0
// UNTILED-NEXT: [[FIRSTX:%[0-9]+]] = OpIAdd %int [[FIRSTOFF]] [[LOCALX]]
// UNTILED-NEXT: [[LASTK:%[0-9]+]] = OpISub %int %items_per_thread %int_1
// UNTILED-NEXT: [[LASTOFF:%[0-9]+]] = OpIMul %int [[LASTK]] [[W]]
// UNTILED-NEXT: [[LASTX:%[0-9]+]] = OpIAdd %int [[FIRSTX]] [[LASTOFF]]
// UNTILED-NEXT: [[ALLIN:%[0-9]+]] = OpULessThan %bool [[LASTX]] [[EXTENT]]
// UNTILED-NEXT: OpSelectionMerge [[DONE:%[0-9]+]] None
// UNTILED-NEXT: OpBranchConditional [[ALLIN]] [[ALL:%[0-9]+]] [[SOME:%[0-9]+]]

// Every item inside: the Unroll loop, no test before the body.
// UNTESTED: [[ALL]] = OpLabel
// UNTESTED-NEXT: OpBranch [[HEAD:%[0-9]+]]
// UNTESTED-NEXT: [[HEAD]] = OpLabel
// UNTESTED-NEXT: [[K:%[0-9]+]] = OpPhi %int %int_0 [[ALL]] [[KNEXT:%[0-9]+]] [[CONT:%[0-9]+]]
// UNTESTED-NEXT: [[MORE:%[0-9]+]] = OpSLessThan %bool [[K]] %items_per_thread
// UNTESTED-NEXT: OpLoopMerge [[END:%[0-9]+]] [[CONT]] Unroll
// UNTESTED-NEXT: OpBranchConditional [[MORE]] {{%[0-9]+}} [[END]]
// UNTESTED-NEXT: OpLabel
// UNTESTED-NEXT: [[OFF:%[0-9]+]] = OpIMul %int [[K]] [[W]]
// UNTESTED-NEXT: [[X:%[0-9]+]] = OpIAdd %int [[FIRSTX]] [[OFF]]
// UNTESTED-NOT: OpULessThan
// UNTESTED: OpSDiv %int [[X]] %int_7
// UNTESTED-NOT: OpULessThan
// UNTESTED: OpAccessChain %_ptr_StorageBuffer_float %b %int_0
// UNTESTED-NOT: OpULessThan
// UNTESTED: OpStore
// UNTESTED-NOT: OpULessThan
// UNTESTED: [[CONT]] = OpLabel
// UNTESTED-NEXT: [[KNEXT]] = OpIAdd %int [[K]] %int_1
// UNTESTED-NEXT: OpBranch [[HEAD]]
// UNTESTED-NEXT: [[END]] = OpLabel
// UNTESTED-NEXT: OpBranch [[DONE]]

// Otherwise: a loop without Unroll whose items are each tested against the
// extent word.
// TESTED: [[SOME]] = OpLabel
// TESTED-NEXT: OpBranch [[HEAD:%[0-9]+]]
// TESTED-NEXT: [[HEAD]] = OpLabel
// TESTED-NEXT: [[K:%[0-9]+]] = OpPhi %int %int_0 [[SOME]] [[KNEXT:%[0-9]+]] [[CONT:%[0-9]+]]
// TESTED-NEXT: [[MORE:%[0-9]+]] = OpSLessThan %bool [[K]] %items_per_thread
// TESTED-NEXT: OpLoopMerge [[END:%[0-9]+]] [[CONT]] None
// TESTED-NEXT: OpBranchConditional [[MORE]] {{%[0-9]+}} [[END]]
// TESTED-NEXT: OpLabel
// TESTED-NEXT: [[OFF:%[0-9]+]] = OpIMul %int [[K]] [[W]]
// TESTED-NEXT: [[X:%[0-9]+]] = OpIAdd %int [[FIRSTX]] [[OFF]]
// TESTED-NEXT: [[IN:%[0-9]+]] = OpULessThan %bool [[X]] [[EXTENT]]
// TESTED-NEXT: OpSelectionMerge [[SKIP:%[0-9]+]] None
// TESTED-NEXT: OpBranchConditional [[IN]] {{%[0-9]+}} [[SKIP]]
// TESTED: OpSDiv %int [[X]] %int_7
// TESTED: OpAccessChain %_ptr_StorageBuffer_float %b %int_0
// TESTED: OpStore
// TESTED: [[SKIP]] = OpLabel
// TESTED-NEXT: OpBranch [[CONT]]
// TESTED-NEXT: [[CONT]] = OpLabel
// TESTED-NEXT: [[KNEXT]] = OpIAdd %int [[K]] %int_1
// TESTED-NEXT: OpBranch [[HEAD]]
// TESTED-NEXT: [[END]] = OpLabel
// TESTED-NEXT: OpBranch [[DONE]]

// UNTILED: [[DONE]] = OpLabel
// UNTILED: OpReturn
// UNTILED-NEXT: OpFunctionEnd

// Tiled kernels have no item loop and no extent test: a tile is a workgroup.
void tiled(array_view<float, 1> a) {
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    a[t.global] += 1.0f;
  });
}

// TILED-NOT: SpecId 7
// TILED-NOT: %items_per_thread
// TILED: %main = OpFunction
// TILED-NOT: OpLoopMerge
// TILED-NOT: OpULessThan
// TILED: OpFAdd %float
// TILED-NOT: OpLoopMerge
// TILED-NOT: OpULessThan
// TILED: OpFunctionEnd

// Atomics on global memory serialize, so a kernel with them keeps one item
// per thread: no item count constant and no loop, only the test of the
// thread's own x against the extent word around the one inlined call.
void histogram(array_view<int, 1> bins, array_view<const int, 1> keys) {
  parallel_for_each(keys.extent, [=](index<1> i) restrict(amp) {
    atomic_fetch_add(&bins[keys[i] & 255], 1);
  });
}

// ATOMIC-NOT: SpecId 7
// ATOMIC-NOT: %items_per_thread
// ATOMIC: %main = OpFunction
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: [[GLOBAL0:%[0-9]+]] = OpLoad %v3int %global_id
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: OpBranchConditional %grid_folded
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: [[GLOBAL:%[0-9]+]] = OpPhi %v3int [[GLOBAL0]] %
// ATOMIC-NEXT: [[EXTENTP:%[0-9]+]] = OpAccessChain %_ptr_PushConstant_int %captures %int_0 %int_0{{$}}
// ATOMIC-NEXT: [[EXTENT:%[0-9]+]] = OpLoad %int [[EXTENTP]]
// ATOMIC-NEXT: [[X:%[0-9]+]] = OpCompositeExtract %int [[GLOBAL]] 0
// ATOMIC-NEXT: [[IN:%[0-9]+]] = OpULessThan %bool [[X]] [[EXTENT]]
// ATOMIC-NEXT: OpSelectionMerge [[DONE:%[0-9]+]] None
// ATOMIC-NEXT: OpBranchConditional [[IN]] [[CALL:%[0-9]+]] [[DONE]]
// ATOMIC-NEXT: [[CALL]] = OpLabel
// ATOMIC-NOT: OpULessThan
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: [[KEY:%[0-9]+]] = OpIAdd %int {{%[0-9]+}} [[X]]
// ATOMIC-NEXT: OpAccessChain %_ptr_StorageBuffer_int %keys %int_0 [[KEY]]
// ATOMIC-NOT: OpULessThan
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: OpAtomicIAdd
// ATOMIC-NOT: OpULessThan
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: OpBranch [[DONE]]
// ATOMIC-NEXT: [[DONE]] = OpLabel
// ATOMIC-NOT: OpULessThan
// ATOMIC-NOT: OpLoopMerge
// ATOMIC: OpFunctionEnd
