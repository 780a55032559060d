// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/kernel0.spv
// RUN: %spirv-dis %t/kernel0.spv | FileCheck %s
// A tile_static array becomes a Workgroup variable and tile_barrier::wait()
// a workgroup control barrier fencing both global and tile_static memory.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = data[t.global];
    t.barrier.wait();
    data[t.global] = shared[63 - t.local[0]];
  });
}

// CHECK-DAG: OpExecutionMode %main LocalSize 64 1 1
// CHECK-DAG: %shared = OpVariable %{{.*}} Workgroup
// CHECK-DAG: %[[WG:int_2]] = OpConstant %int 2
// CHECK-DAG: %[[DEV:int_1]] = OpConstant %int 1
// AcquireRelease | UniformMemory | WorkgroupMemory | ImageMemory = 0x948
// CHECK-DAG: %[[SEM:int_2376]] = OpConstant %int 2376
// CHECK: OpControlBarrier %[[WG]] %[[DEV]] %[[SEM]]
