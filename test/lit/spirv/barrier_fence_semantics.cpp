// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/barrier_fence_semantics.cpp-17-45.spv
// RUN: %spirv-dis %t/barrier_fence_semantics.cpp-17-45.spv | FileCheck %s
// Every tile_barrier wait and every memory fence of <amp.h>, in source order,
// with its scopes and memory semantics. A wait is an OpControlBarrier with
// Workgroup execution and memory scope (it orders memory for the tile's
// work-items); a fence is an OpMemoryBarrier, whose global memory (storage
// buffers, images) is fenced at Device scope, tile_static memory alone at
// Workgroup scope. All carry AcquireRelease. This kernel reads and writes
// `data` on both sides of every wait, so wait() keeps its global part
// (tile_barrier_semantics.cpp has the kernels where it goes). The optimizer
// keeps them all, so this pins the optimized module.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = data[t.global];
    t.barrier.wait();
    data[t.global] = shared[63 - t.local[0]];
    t.barrier.wait_with_all_memory_fence();
    shared[t.local[0]] += 1;
    t.barrier.wait_with_global_memory_fence();
    data[t.global] += 1;
    t.barrier.wait_with_tile_static_memory_fence();
    shared[t.local[0]] += 2;
    all_memory_fence(t.barrier);
    data[t.global] += 2;
    global_memory_fence(t.barrier);
    shared[t.local[0]] += 3;
    tile_static_memory_fence(t.barrier);
    data[t.global] += shared[t.local[0]];
  });
}

// Scope: Device = 1, Workgroup = 2.
// CHECK-DAG: %[[DEV:[_a-zA-Z0-9]+]] = OpConstant %int 1{{$}}
// CHECK-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// all: AcquireRelease | UniformMemory | WorkgroupMemory | ImageMemory = 0x948
// CHECK-DAG: %[[ALL:[_a-zA-Z0-9]+]] = OpConstant %int 2376{{$}}
// global: AcquireRelease | UniformMemory | ImageMemory = 0x848
// CHECK-DAG: %[[GLOBAL:[_a-zA-Z0-9]+]] = OpConstant %int 2120{{$}}
// tile_static: AcquireRelease | WorkgroupMemory = 0x108
// CHECK-DAG: %[[TS:[_a-zA-Z0-9]+]] = OpConstant %int 264{{$}}

// Exactly these seven, nothing in between.
// CHECK: %main = OpFunction
// CHECK-NOT: Barrier
// wait()
// CHECK: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]
// CHECK-NOT: Barrier
// wait_with_all_memory_fence()
// CHECK: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]
// CHECK-NOT: Barrier
// wait_with_global_memory_fence()
// CHECK: OpControlBarrier %[[WG]] %[[WG]] %[[GLOBAL]]
// CHECK-NOT: Barrier
// wait_with_tile_static_memory_fence()
// CHECK: OpControlBarrier %[[WG]] %[[WG]] %[[TS]]
// CHECK-NOT: Barrier
// all_memory_fence(barrier)
// CHECK: OpMemoryBarrier %[[DEV]] %[[ALL]]
// CHECK-NOT: Barrier
// global_memory_fence(barrier)
// CHECK: OpMemoryBarrier %[[DEV]] %[[GLOBAL]]
// CHECK-NOT: Barrier
// tile_static_memory_fence(barrier)
// CHECK: OpMemoryBarrier %[[WG]] %[[TS]]
// CHECK-NOT: Barrier
// CHECK: OpFunctionEnd
