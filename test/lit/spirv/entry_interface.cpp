// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-42-44.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-47-47.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-52-49.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-57-46.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-62-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-65-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-70-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/entry_interface.cpp-42-44.aliased.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-42-44.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-47-47.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-52-49.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-57-46.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-62-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-65-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/entry_interface.cpp-70-33.spv
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-42-44.spv | FileCheck %s --check-prefix=T1
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-47-47.spv | FileCheck %s --check-prefix=T2
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-52-49.spv | FileCheck %s --check-prefix=T3
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-57-46.spv | FileCheck %s --check-prefix=T4
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-62-33.spv | FileCheck %s --check-prefix=F1
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-65-33.spv | FileCheck %s --check-prefix=F2
// RUN: %spirv-dis %t.noopt/entry_interface.cpp-70-33.spv | FileCheck %s --check-prefix=F3
// The kernel's entry point: GLCompute "main", with the invocation-id builtins
// (t.global: GlobalInvocationId, t.local: LocalInvocationId, t.tile:
// WorkgroupId) and NumWorkgroups, which the renumbering of a folded grid reads
// (grid_folded_spec_id, a specialization constant: FoldedGrid.cpp). The ids the
// kernel uses are phis of the builtins and the renumbered values.
// C++ AMP's last dimension is x: tile<D0, D1, D2> is LocalSize D2 D1 D0, and
// index component k of a rank-N index is id component N-1-k; t.tile_origin
// is the tile's number times the tile's extent. Non-tiled kernels use
// 256-thread workgroups (256x1x1, 16x16x1, 16x4x4). Each captured
// array_view is a StorageBuffer in descriptor set 0 whose binding is its
// position in the lambda object (here the explicit capture order), and an
// array_view<const T> is NonWritable. Every local/tile/group term is scaled by
// its own constant so the component that feeds it can be found.
#include <amp.h>
using namespace concurrency;

void tiled1(array_view<int, 1> out, array_view<const int, 1> a, array_view<const float, 1> b) {
  parallel_for_each(out.extent.tile<32>(), [a, out, b](tiled_index<32> t) restrict(amp) {
    out[t.global] = a[t.global] + (int)b[t.global] + t.local[0] * 1000 + t.tile[0] * 100000;
  });
}
void tiled2(array_view<int, 2> out) {
  parallel_for_each(out.extent.tile<4, 16>(), [=](tiled_index<4, 16> t) restrict(amp) {
    out[t.global] = t.local[0] * 1000 + t.local[1] + t.tile[0] * 100000 + t.tile[1] * 10000000;
  });
}
void tiled3(array_view<int, 3> out) {
  parallel_for_each(out.extent.tile<2, 4, 8>(), [=](tiled_index<2, 4, 8> t) restrict(amp) {
    out[t.global] = t.local[0] * 1000000 + t.local[1] * 1000 + t.local[2];
  });
}
void tiled_origin(array_view<int, 2> out, int k) {
  parallel_for_each(out.extent.tile<2, 8>(), [=](tiled_index<2, 8> t) restrict(amp) {
    out[t.global] = t.tile_origin[0] * k + t.tile_origin[1];
  });
}
void flat1(array_view<int, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { out[i] = i[0]; });
}
void flat2(array_view<int, 2> out) {
  parallel_for_each(out.extent, [=](concurrency::index<2> i) restrict(amp) {
    out[i] = i[0] * 1000 + i[1];
  });
}
void flat3(array_view<int, 3> out) {
  parallel_for_each(out.extent, [=](concurrency::index<3> i) restrict(amp) {
    out[i] = i[0] * 1000000 + i[1] * 1000 + i[2];
  });
}

// tile<32>, reading global, local and tile; three views, two of them const.
// T1: OpEntryPoint GLCompute %main "main" %global_id %local_id %group_id %num_groups{{$}}
// T1: OpExecutionMode %main LocalSize 32 1 1
// A tile's size is constant: no WorkgroupSize builtin overrides it.
// T1-NOT: WorkgroupSize
// T1-DAG: OpDecorate %global_id BuiltIn GlobalInvocationId
// T1-DAG: OpDecorate %local_id BuiltIn LocalInvocationId
// T1-DAG: OpDecorate %group_id BuiltIn WorkgroupId
// T1-DAG: OpDecorate %a DescriptorSet 0
// T1-DAG: OpDecorate %a Binding 0
// T1-DAG: OpDecorate %a NonWritable
// T1-DAG: OpDecorate %out DescriptorSet 0
// T1-DAG: OpDecorate %out Binding 1
// T1-DAG: OpDecorate %b DescriptorSet 0
// T1-DAG: OpDecorate %b Binding 2
// T1-DAG: OpDecorate %b NonWritable
// T1-DAG: %a = OpVariable %{{[_a-zA-Z0-9]+}} StorageBuffer
// T1-DAG: %out = OpVariable %{{[_a-zA-Z0-9]+}} StorageBuffer
// T1-DAG: %b = OpVariable %{{[_a-zA-Z0-9]+}} StorageBuffer
// T1-NOT: OpDecorate %out NonWritable
// T1: %[[L:[0-9]+]] = OpLoad %v3int %local_id
// T1: %[[G0:[0-9]+]] = OpLoad %v3int %group_id
// T1: %[[G:[0-9]+]] = OpPhi %v3int %[[G0]] %
// T1-DAG: %[[LX:[0-9]+]] = OpCompositeExtract %int %[[L]] 0
// T1-DAG: %[[GX:[0-9]+]] = OpCompositeExtract %int %[[G]] 0
// T1: OpIMul %int %[[LX]] %int_1000{{$}}
// T1: OpIMul %int %[[GX]] %int_100000{{$}}

// tile<4, 16>: LocalSize 16 4 1; local[0] is y, local[1] is x.
// T2: OpEntryPoint GLCompute %main "main" %global_id %local_id %group_id %num_groups{{$}}
// T2: OpExecutionMode %main LocalSize 16 4 1
// T2: %[[L:[0-9]+]] = OpLoad %v3int %local_id
// T2: %[[G0:[0-9]+]] = OpLoad %v3int %group_id
// T2: %[[G:[0-9]+]] = OpPhi %v3int %[[G0]] %
// T2-DAG: %[[LY:[0-9]+]] = OpCompositeExtract %int %[[L]] 1
// T2-DAG: %[[LX:[0-9]+]] = OpCompositeExtract %int %[[L]] 0
// T2-DAG: %[[GY:[0-9]+]] = OpCompositeExtract %int %[[G]] 1
// T2-DAG: %[[GX:[0-9]+]] = OpCompositeExtract %int %[[G]] 0
// T2: %[[M:[0-9]+]] = OpIMul %int %[[LY]] %int_1000{{$}}
// T2-NEXT: OpIAdd %int %[[M]] %[[LX]]
// T2: OpIMul %int %[[GY]] %int_100000{{$}}
// T2: OpIMul %int %[[GX]] %int_10000000{{$}}

// tile<2, 4, 8>: LocalSize 8 4 2; local[0] is z.
// T3: OpEntryPoint GLCompute %main "main" %global_id %local_id %group_id %num_groups{{$}}
// T3: OpExecutionMode %main LocalSize 8 4 2
// T3: %[[L:[0-9]+]] = OpLoad %v3int %local_id
// T3-DAG: %[[LZ:[0-9]+]] = OpCompositeExtract %int %[[L]] 2
// T3-DAG: %[[LY:[0-9]+]] = OpCompositeExtract %int %[[L]] 1
// T3-DAG: %[[LX:[0-9]+]] = OpCompositeExtract %int %[[L]] 0
// T3: OpIMul %int %[[LZ]] %int_1000000{{$}}
// T3: OpIMul %int %[[LY]] %int_1000{{$}}
// T3: OpIAdd %int %{{[0-9]+}} %[[LX]]

// tile<2, 8>: tile_origin[0] is group y times 2, tile_origin[1] is group x
// times 8 (not global - local); the captured k keeps the optimizer from
// folding the products into other constants.
// T4: OpExecutionMode %main LocalSize 8 2 1
// T4: %[[G0:[0-9]+]] = OpLoad %v3int %group_id
// T4: %[[G:[0-9]+]] = OpPhi %v3int %[[G0]] %
// T4-DAG: %[[GY:[0-9]+]] = OpCompositeExtract %int %[[G]] 1
// T4-DAG: %[[GX:[0-9]+]] = OpCompositeExtract %int %[[G]] 0
// T4-DAG: %[[OY:[0-9]+]] = OpIMul %int %[[GY]] %int_2{{$}}
// T4-DAG: %[[OX:[0-9]+]] = OpIMul %int %[[GX]] %int_8{{$}}
// T4-DAG: %[[OYK:[0-9]+]] = OpIMul %int %[[OY]] %{{[0-9]+}}{{$}}
// T4-DAG: OpIAdd %int %[[OYK]] %[[OX]]{{$}}
// T4: OpFunctionEnd

// Non-tiled: 256-thread workgroups at most; each axis wider than 1 is a
// specialization constant (9 + axis) of the WorkgroupSize builtin, which the
// runtime lowers on a device that allows fewer threads, and the kernel
// computes with those constants. Each thread runs the body once per work
// item (ItemLoop.cpp, item_loop.cpp pins the loops). The entry point renumbers
// the grid (specialization constant 8 says whether the runtime folded it; only
// then are workgroups renumbered, with divisions), builds the thread's first x
// from the workgroup and local ids (FirstX = group.x * items * size.x + local.x;
// a rank-1 kernel no longer reads GlobalInvocationId), and tests id component
// c against header word c (the y and z rows once, x per item) before it calls
// the body. The body is inlined twice (the untested and the tested loop);
// both copies put the item's x, and the y and z of the global id, into the
// index object.
// F1: OpEntryPoint GLCompute %main "main" %local_id %group_id %num_groups{{$}}
// F1: OpExecutionMode %main LocalSize 256 1 1
// F1: OpDecorate %num_groups BuiltIn NumWorkgroups
// F1-DAG: OpDecorate %workgroup_size_x SpecId 9
// F1-DAG: OpDecorate %workgroup_size BuiltIn WorkgroupSize
// F1: OpDecorate %grid_folded SpecId 8
// F1-DAG: %workgroup_size_x = OpSpecConstant %uint 256
// F1-DAG: %workgroup_size = OpSpecConstantComposite %v3uint %workgroup_size_x %uint_1 %uint_1
// F1: %grid_folded = OpSpecConstantFalse %bool
// F1: %main = OpFunction
// F1: %[[W:[0-9]+]] = OpBitcast %int %workgroup_size_x
// F1: %[[L:[0-9]+]] = OpLoad %v3int %local_id
// F1-NEXT: %[[G0:[0-9]+]] = OpLoad %v3int %group_id
// F1: OpBranchConditional %grid_folded %[[RENUMBER:[0-9]+]] %[[MERGE:[0-9]+]]
// F1-NEXT: %[[RENUMBER]] = OpLabel
// F1-NEXT: OpLoad %v3int %num_groups
// F1: %[[WU:[0-9]+]] = OpBitcast %uint %[[W]]
// F1-NEXT: OpUDiv %uint %{{[0-9]+}} %[[WU]]
// F1: %[[MERGE]] = OpLabel
// F1-NEXT: %[[G:[0-9]+]] = OpPhi %v3int %[[G0]] %
// F1-NEXT: %[[P:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %captures %int_0 %int_0
// F1-NEXT: %[[N:[0-9]+]] = OpLoad %int %[[P]]
// F1-NEXT: %[[GX:[0-9]+]] = OpCompositeExtract %int %[[G]] 0
// F1-NEXT: %[[FIRST:[0-9]+]] = OpIMul %int %[[GX]] %items_per_thread
// F1-NEXT: %[[FIRSTOFF:[0-9]+]] = OpIMul %int %[[FIRST]] %[[W]]
// F1-NEXT: %[[LX:[0-9]+]] = OpCompositeExtract %int %[[L]] 0
// F1-NEXT: %[[FIRSTX:[0-9]+]] = OpIAdd %int %[[FIRSTOFF]] %[[LX]]
// F1: OpULessThan %bool %{{[0-9]+}} %[[N]]
// F1: OpLoopMerge
// F1: %[[OFF:[0-9]+]] = OpIMul %int %{{[0-9]+}} %[[W]]
// F1-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// F1: OpStore %{{[0-9]+}} %[[X]]
// F1: OpLoopMerge
// F1: %[[OFF:[0-9]+]] = OpIMul %int %{{[0-9]+}} %[[W]]
// F1-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// F1: OpStore %{{[0-9]+}} %[[X]]
// F1-NOT: OpLoopMerge
// F1: OpFunctionEnd

// F2: OpEntryPoint GLCompute %main "main" %global_id %local_id %group_id %num_groups{{$}}
// F2: OpExecutionMode %main LocalSize 16 16 1
// F2-DAG: OpDecorate %workgroup_size_x SpecId 9
// F2-DAG: OpDecorate %workgroup_size_y SpecId 10
// F2-DAG: OpDecorate %workgroup_size BuiltIn WorkgroupSize
// F2-DAG: %workgroup_size_x = OpSpecConstant %uint 16
// F2-DAG: %workgroup_size_y = OpSpecConstant %uint 16
// F2-DAG: %workgroup_size = OpSpecConstantComposite %v3uint %workgroup_size_x %workgroup_size_y %uint_1
// F2: %[[W:[0-9]+]] = OpBitcast %int %workgroup_size_x
// F2: %[[GID0:[0-9]+]] = OpLoad %v3int %global_id
// F2-NEXT: %[[L:[0-9]+]] = OpLoad %v3int %local_id
// F2-NEXT: %[[G0:[0-9]+]] = OpLoad %v3int %group_id
// F2: %[[G:[0-9]+]] = OpPhi %v3int %[[G0]] %
// F2-NEXT: %[[GID:[0-9]+]] = OpPhi %v3int %[[GID0]] %
// F2-NEXT: %[[P0:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %captures %int_0 %int_0{{$}}
// F2-NEXT: %[[N0:[0-9]+]] = OpLoad %int %[[P0]]
// F2-NEXT: %[[P1:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %captures %int_0 %int_1{{$}}
// F2-NEXT: %[[N1:[0-9]+]] = OpLoad %int %[[P1]]
// F2-NEXT: %[[Y:[0-9]+]] = OpCompositeExtract %int %[[GID]] 1
// F2-NEXT: %[[ROW:[0-9]+]] = OpULessThan %bool %[[Y]] %[[N1]]
// F2-NEXT: %[[GX:[0-9]+]] = OpCompositeExtract %int %[[G]] 0
// F2-NEXT: %[[FIRST:[0-9]+]] = OpIMul %int %[[GX]] %items_per_thread
// F2-NEXT: %[[FIRSTOFF:[0-9]+]] = OpIMul %int %[[FIRST]] %[[W]]
// F2-NEXT: %[[LX:[0-9]+]] = OpCompositeExtract %int %[[L]] 0
// F2-NEXT: %[[FIRSTX:[0-9]+]] = OpIAdd %int %[[FIRSTOFF]] %[[LX]]
// F2: %[[XIN:[0-9]+]] = OpULessThan %bool %{{[0-9]+}} %[[N0]]
// F2-NEXT: OpLogicalAnd %bool %[[ROW]] %[[XIN]]
// The index object in each copy: i[0] is y, i[1] is the item's x.
// F2: OpLoopMerge
// F2: %[[OFF:[0-9]+]] = OpIMul %int %{{[0-9]+}} %[[W]]
// F2-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// F2: %[[GY:[0-9]+]] = OpCompositeExtract %int %[[GID]] 1
// F2: %[[E0:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX:[0-9]+]] %int_0{{$}}
// F2-NEXT: OpStore %[[E0]] %[[GY]]
// F2-NEXT: %[[E1:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX]] %int_1{{$}}
// F2-NEXT: OpStore %[[E1]] %[[X]]
// F2: OpLoopMerge
// F2: %[[OFF:[0-9]+]] = OpIMul %int %{{[0-9]+}} %[[W]]
// F2-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// F2: %[[GY:[0-9]+]] = OpCompositeExtract %int %[[GID]] 1
// F2: %[[E0:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX:[0-9]+]] %int_0{{$}}
// F2-NEXT: OpStore %[[E0]] %[[GY]]
// F2-NEXT: %[[E1:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX]] %int_1{{$}}
// F2-NEXT: OpStore %[[E1]] %[[X]]
// F2-NOT: OpLoopMerge
// F2: OpFunctionEnd

// F3: OpEntryPoint GLCompute %main "main" %global_id %local_id %group_id %num_groups{{$}}
// F3: OpExecutionMode %main LocalSize 16 4 4
// F3-DAG: OpDecorate %workgroup_size_x SpecId 9
// F3-DAG: OpDecorate %workgroup_size_y SpecId 10
// F3-DAG: OpDecorate %workgroup_size_z SpecId 11
// F3-DAG: %workgroup_size_y = OpSpecConstant %uint 4
// F3-DAG: %workgroup_size_z = OpSpecConstant %uint 4
// F3-DAG: %workgroup_size = OpSpecConstantComposite %v3uint %workgroup_size_x %workgroup_size_y %workgroup_size_z
// F3: %[[W:[0-9]+]] = OpBitcast %int %workgroup_size_x
// F3: %[[GID0:[0-9]+]] = OpLoad %v3int %global_id
// F3-NEXT: %[[L:[0-9]+]] = OpLoad %v3int %local_id
// F3-NEXT: %[[G0:[0-9]+]] = OpLoad %v3int %group_id
// F3: %[[G:[0-9]+]] = OpPhi %v3int %[[G0]] %
// F3-NEXT: %[[GID:[0-9]+]] = OpPhi %v3int %[[GID0]] %
// F3-NEXT: %[[P0:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %captures %int_0 %int_0{{$}}
// F3-NEXT: %[[N0:[0-9]+]] = OpLoad %int %[[P0]]
// F3-NEXT: %[[P1:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %captures %int_0 %int_1{{$}}
// F3-NEXT: %[[N1:[0-9]+]] = OpLoad %int %[[P1]]
// F3-NEXT: %[[P2:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %captures %int_0 %int_2{{$}}
// F3-NEXT: %[[N2:[0-9]+]] = OpLoad %int %[[P2]]
// F3-NEXT: %[[Y:[0-9]+]] = OpCompositeExtract %int %[[GID]] 1
// F3-NEXT: %[[YIN:[0-9]+]] = OpULessThan %bool %[[Y]] %[[N1]]
// F3-NEXT: %[[Z:[0-9]+]] = OpCompositeExtract %int %[[GID]] 2
// F3-NEXT: %[[ZIN:[0-9]+]] = OpULessThan %bool %[[Z]] %[[N2]]
// F3-NEXT: %[[ROW:[0-9]+]] = OpLogicalAnd %bool %[[YIN]] %[[ZIN]]
// F3-NEXT: %[[GX:[0-9]+]] = OpCompositeExtract %int %[[G]] 0
// F3-NEXT: %[[FIRST:[0-9]+]] = OpIMul %int %[[GX]] %items_per_thread
// F3-NEXT: %[[FIRSTOFF:[0-9]+]] = OpIMul %int %[[FIRST]] %[[W]]
// F3-NEXT: %[[LX:[0-9]+]] = OpCompositeExtract %int %[[L]] 0
// F3-NEXT: %[[FIRSTX:[0-9]+]] = OpIAdd %int %[[FIRSTOFF]] %[[LX]]
// F3: %[[XIN:[0-9]+]] = OpULessThan %bool %{{[0-9]+}} %[[N0]]
// F3-NEXT: OpLogicalAnd %bool %[[ROW]] %[[XIN]]
// The index object in each copy: i[0] is z, i[1] is y, i[2] is the item's x.
// F3: OpLoopMerge
// F3: %[[OFF:[0-9]+]] = OpIMul %int %{{[0-9]+}} %[[W]]
// F3-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// F3-DAG: %[[GZ:[0-9]+]] = OpCompositeExtract %int %[[GID]] 2
// F3-DAG: %[[GY:[0-9]+]] = OpCompositeExtract %int %[[GID]] 1
// F3: %[[E0:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX:[0-9]+]] %int_0{{$}}
// F3-NEXT: OpStore %[[E0]] %[[GZ]]
// F3-NEXT: %[[E1:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX]] %int_1{{$}}
// F3-NEXT: OpStore %[[E1]] %[[GY]]
// F3-NEXT: %[[E2:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX]] %int_2{{$}}
// F3-NEXT: OpStore %[[E2]] %[[X]]
// F3: OpLoopMerge
// F3: %[[OFF:[0-9]+]] = OpIMul %int %{{[0-9]+}} %[[W]]
// F3-NEXT: %[[X:[0-9]+]] = OpIAdd %int %[[FIRSTX]] %[[OFF]]
// F3-DAG: %[[GZ:[0-9]+]] = OpCompositeExtract %int %[[GID]] 2
// F3-DAG: %[[GY:[0-9]+]] = OpCompositeExtract %int %[[GID]] 1
// F3: %[[E0:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX:[0-9]+]] %int_0{{$}}
// F3-NEXT: OpStore %[[E0]] %[[GZ]]
// F3-NEXT: %[[E1:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX]] %int_1{{$}}
// F3-NEXT: OpStore %[[E1]] %[[GY]]
// F3-NEXT: %[[E2:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %[[IDX]] %int_2{{$}}
// F3-NEXT: OpStore %[[E2]] %[[X]]
// F3-NOT: OpLoopMerge
// F3: OpFunctionEnd
