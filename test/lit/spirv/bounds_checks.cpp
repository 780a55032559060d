// RUN: rm -rf %t %t.plain && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-check -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/bounds_checks.cpp-26-33.spv
// RUN: %spirv-dis %t/bounds_checks.cpp-26-33.spv | FileCheck %s --check-prefixes=CHECKED,UNROLLED
// RUN: %spirv-dis %t/bounds_checks.cpp-26-33.spv | FileCheck %s --check-prefixes=CHECKED,TESTED
// RUN: %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-dump-spirv=%t.plain %s -o %t.plain.o
// RUN: %spirv-val --target-env vulkan1.1 %t.plain/bounds_checks.cpp-26-33.spv
// RUN: %spirv-dis %t.plain/bounds_checks.cpp-26-33.spv | FileCheck %s --check-prefix=PLAIN
// Checked mode (-fplugin-arg-ampvk-check, emit/BoundsChecks.cpp). Every
// element access tests its index against the view's extent (unsigned compare:
// negative indexes fail too); the failure is gated by one boolean
// specialization constant (SpecId 0, default false), so when the runtime
// leaves it false the driver folds every check away. A failure
// compare-exchanges word 0 of the report buffer (the binding after the views)
// from 0 to 1 and only the winner writes the site number, the index (words
// 2..) and the extent (words 18..). The access itself runs under the negated
// failure: a load's value is a phi with 0, a store is skipped. A projection
// (m[r]) checks its row against extent[0]. The body is inlined twice into
// the entry point (item_loop.cpp): into the Unroll loop taken when all of the
// thread's items are inside, and into the loop that tests each item; the
// UNROLLED and TESTED runs check the same sequence in each copy, where the
// x of in[i[1]] is the item's x. Without the option none of it exists.
#include <amp.h>
using namespace concurrency;

void run(array_view<const int, 1> in, array_view<int, 2> out, array_view<int, 2> m) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    out[i] = in[i[1]] + 1;
    m[i[0]][0] = 2;
  });
}

// CHECKED-DAG: OpDecorate %ampvk_check_report Binding 3
// CHECKED-DAG: OpDecorate %ampvk_checks_enabled SpecId 0
// CHECKED-DAG: %ampvk_checks_enabled = OpSpecConstantFalse %bool
// CHECKED-DAG: %[[NULL:[0-9]+]] = OpConstantNull %int
// CHECKED-LABEL: %main = OpFunction
// CHECKED:      %[[W:[0-9]+]] = OpBitcast %int %workgroup_size_x
// CHECKED:      %[[FIRST:[0-9]+]] = OpIMul %int %{{[0-9]+}} %items_per_thread
// CHECKED-NEXT: %[[FIRSTOFF:[0-9]+]] = OpIMul %int %[[FIRST]] %[[W]]
// CHECKED-NEXT: %[[LX:[0-9]+]] = OpCompositeExtract %int %{{[0-9]+}} 0
// CHECKED-NEXT: %[[FIRSTX:[0-9]+]] = OpIAdd %int %[[FIRSTOFF]] %[[LX]]
// CHECKED-NEXT: OpISub %int %items_per_thread %int_1
// CHECKED:      %[[ALLIN:[0-9]+]] = OpLogicalAnd %bool
// CHECKED-NEXT: OpSelectionMerge
// CHECKED-NEXT: OpBranchConditional %[[ALLIN]] %[[ALL:[0-9]+]] %[[SOME:[0-9]+]]

// The copy in the Unroll loop: no test of the item.
// UNROLLED:      %[[ALL]] = OpLabel
// UNROLLED-NEXT: OpBranch %[[HEAD:[0-9]+]]
// UNROLLED-NEXT: %[[HEAD]] = OpLabel
// UNROLLED-NEXT: %[[K:[0-9]+]] = OpPhi %int %int_0 %[[ALL]] %{{[0-9]+}} %[[CONT:[0-9]+]]
// UNROLLED-NEXT: OpSLessThan %bool %[[K]] %items_per_thread
// UNROLLED-NEXT: OpLoopMerge %{{[0-9]+}} %[[CONT]] Unroll
// UNROLLED:      %[[OFF:[0-9]+]] = OpIMul %int %[[K]] %[[W]]
// UNROLLED-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// The copy in the tested loop, behind the item's test.
// TESTED:      %[[SOME]] = OpLabel
// TESTED-NEXT: OpBranch %[[HEAD:[0-9]+]]
// TESTED-NEXT: %[[HEAD]] = OpLabel
// TESTED-NEXT: %[[K:[0-9]+]] = OpPhi %int %int_0 %[[SOME]] %{{[0-9]+}} %[[CONT:[0-9]+]]
// TESTED-NEXT: OpSLessThan %bool %[[K]] %items_per_thread
// TESTED-NEXT: OpLoopMerge %{{[0-9]+}} %[[CONT]] None
// TESTED:      %[[OFF:[0-9]+]] = OpIMul %int %[[K]] %[[W]]
// TESTED-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// TESTED-NEXT: %[[XIN:[0-9]+]] = OpULessThan %bool %[[X]] %{{[0-9]+}}
// TESTED-NEXT: %[[IN:[0-9]+]] = OpLogicalAnd %bool %{{[0-9]+}} %[[XIN]]
// TESTED-NEXT: OpSelectionMerge
// TESTED-NEXT: OpBranchConditional %[[IN]]

// in[i[1]]: site 0, rank 1.
// CHECKED:      %[[OK0:[0-9]+]] = OpULessThan %bool %[[X]] %[[E0:[0-9]+]]
// CHECKED-NEXT: %[[NOT0:[0-9]+]] = OpLogicalNot %bool %[[OK0]]
// CHECKED-NEXT: %[[FAIL0:[0-9]+]] = OpLogicalAnd %bool %ampvk_checks_enabled %[[NOT0]]
// CHECKED-NEXT: OpSelectionMerge %[[DONE0:[0-9]+]] None
// CHECKED-NEXT: OpBranchConditional %[[FAIL0]] %[[REC0:[0-9]+]] %[[DONE0]]
// CHECKED-NEXT: %[[REC0]] = OpLabel
// CHECKED-NEXT: %[[FLAG0:[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_int %ampvk_check_report %int_0 %int_0
// CHECKED-NEXT: %[[OLD0:[0-9]+]] = OpAtomicCompareExchange %int %[[FLAG0]] %int_1 %int_0 %int_0 %int_1 %int_0
// CHECKED-NEXT: %[[WON0:[0-9]+]] = OpIEqual %bool %[[OLD0]] %int_0
// CHECKED-NEXT: OpSelectionMerge %[[WROTE0:[0-9]+]] None
// CHECKED-NEXT: OpBranchConditional %[[WON0]] %[[WRITE0:[0-9]+]] %[[WROTE0]]
// CHECKED-NEXT: %[[WRITE0]] = OpLabel
// CHECKED-NEXT: %[[SITE0:[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_int %ampvk_check_report %int_0 %int_1
// CHECKED-NEXT: OpStore %[[SITE0]] %int_0
// CHECKED-NEXT: %[[IDX0:[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_int %ampvk_check_report %int_0 %int_2
// CHECKED-NEXT: OpStore %[[IDX0]] %[[X]]
// CHECKED-NEXT: %[[EXT0:[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_int %ampvk_check_report %int_0 %int_18
// CHECKED-NEXT: OpStore %[[EXT0]] %[[E0]]
// CHECKED:      %[[DONE0]] = OpLabel
// CHECKED-NEXT: %[[GUARD0:[0-9]+]] = OpLogicalNot %bool %[[FAIL0]]
// CHECKED-NEXT: %[[PTR0:[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_int %in %int_0
// CHECKED-NEXT: OpSelectionMerge %[[LOADED:[0-9]+]] None
// CHECKED-NEXT: OpBranchConditional %[[GUARD0]] %[[LOAD:[0-9]+]] %[[LOADED]]
// CHECKED-NEXT: %[[LOAD]] = OpLabel
// CHECKED-NEXT: %[[V:[0-9]+]] = OpLoad %int %[[PTR0]]
// CHECKED-NEXT: OpBranch %[[LOADED]]
// CHECKED-NEXT: %[[LOADED]] = OpLabel
// CHECKED-NEXT: OpPhi %int %[[V]] %[[LOAD]] %[[NULL]] %[[DONE0]]

// out[i]: site 1, rank 2; the store is guarded.
// CHECKED:      OpLogicalAnd %bool %ampvk_checks_enabled
// CHECKED:      OpStore {{%[0-9]+}} %int_1
// CHECKED:      %[[GUARD1:[0-9]+]] = OpLogicalNot %bool
// CHECKED-NEXT: %[[PTR1:[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_int %out %int_0
// CHECKED-NEXT: OpSelectionMerge %[[STORED:[0-9]+]] None
// CHECKED-NEXT: OpBranchConditional %[[GUARD1]] %[[STORE:[0-9]+]] %[[STORED]]
// CHECKED-NEXT: %[[STORE]] = OpLabel
// CHECKED-NEXT: OpStore %[[PTR1]]
// CHECKED-NEXT: OpBranch %[[STORED]]

// m[i[0]]: site 2 checks the row; then m[i[0]][0], site 3.
// CHECKED:      OpStore {{%[0-9]+}} %int_2
// CHECKED:      OpStore {{%[0-9]+}} %int_3
// CHECKED:      OpStore {{%[0-9]+}} %int_2
// The end of the copy's loop iteration.
// UNROLLED:      %[[CONT]] = OpLabel
// UNROLLED-NEXT: OpIAdd %int %[[K]] %int_1
// TESTED:        %[[CONT]] = OpLabel
// TESTED-NEXT:   OpIAdd %int %[[K]] %int_1
// CHECKED:      OpFunctionEnd

// The plain module has no check, no check switch (its specialization
// constants are the item count, SpecId 7, the folded-grid flag, SpecId 8, and
// the views' origin flags) and no report, in either copy of the body.
// PLAIN-NOT: ampvk_check
// PLAIN-NOT: SpecId 0
// PLAIN-NOT: OpAtomicCompareExchange
// PLAIN:     OpFunctionEnd
