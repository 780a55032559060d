// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-34-46.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-34-46.aliased.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-62-43.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-85-45.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-99-45.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-111-44.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/tile_barrier_semantics.cpp-124-43.spv
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-34-46.spv | FileCheck %s --check-prefix=MATMUL
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-34-46.aliased.spv | FileCheck %s --check-prefix=MATMUL-ALIASED
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-62-43.spv | FileCheck %s --check-prefix=REDUCE
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-85-45.spv | FileCheck %s --check-prefix=RAW
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-99-45.spv | FileCheck %s --check-prefix=WAR
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-111-44.spv | FileCheck %s --check-prefix=ATOMIC
// RUN: %spirv-dis %t/tile_barrier_semantics.cpp-124-43.spv | FileCheck %s --check-prefix=EXPLICIT
// tile_barrier::wait() orders tile_static and global memory among a tile's
// work-items. After optimization its global part (UniformMemory|ImageMemory)
// is kept only where one work-item's access to a storage buffer before the
// wait may conflict with another's access to the same buffer after it (one
// of them a write, a loop around the wait counting on both sides); it is
// always at Workgroup memory scope. Semantics: 2376 = AcquireRelease |
// UniformMemory | WorkgroupMemory | ImageMemory, 264 = AcquireRelease |
// WorkgroupMemory (what glslang's barrier() emits), 2120 = AcquireRelease |
// UniformMemory | ImageMemory.
#include <amp.h>
using namespace concurrency;

// Tiled matrix multiply: the inputs are only read, the output written after
// the last wait. No conflict: tile_static semantics only. In the aliased
// variant (used when two views are the same buffer) the output may be an
// input, and the reads in the next iteration follow each wait.
void matmul(array_view<const float, 2> a, array_view<const float, 2> b,
            array_view<float, 2> c, int n) {
  parallel_for_each(c.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += 16) {
      tile_static float la[16][16];
      tile_static float lb[16][16];
      la[row][col] = a(t.global[0], k0 + col);
      lb[row][col] = b(k0 + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < 16; ++k)
        sum += la[row][k] * lb[k][col];
      t.barrier.wait();
    }
    c[t.global] = sum;
  });
}
// MATMUL-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// MATMUL-DAG: %[[TS:[_a-zA-Z0-9]+]] = OpConstant %int 264{{$}}
// MATMUL: OpControlBarrier %[[WG]] %[[WG]] %[[TS]]
// MATMUL: OpControlBarrier %[[WG]] %[[WG]] %[[TS]]
// MATMUL-NOT: Barrier
// MATMUL-ALIASED-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// MATMUL-ALIASED-DAG: %[[ALL:[_a-zA-Z0-9]+]] = OpConstant %int 2376{{$}}
// MATMUL-ALIASED: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]
// MATMUL-ALIASED: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]

// Tile reduction: the output is written once, after the last wait.
void reduce(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(in.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = in[t.global];
    t.barrier.wait();
    for (int stride = 32; stride > 0; stride /= 2) {
      if (t.local[0] < stride)
        s[t.local[0]] += s[t.local[0] + stride];
      t.barrier.wait();
    }
    if (t.local[0] == 0)
      out[t.tile] = s[0];
  });
}
// REDUCE-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// REDUCE-DAG: %[[TS:[_a-zA-Z0-9]+]] = OpConstant %int 264{{$}}
// REDUCE-NOT: OpControlBarrier
// REDUCE: OpControlBarrier %[[WG]] %[[WG]] %[[TS]]
// REDUCE-NOT: OpControlBarrier
// REDUCE: OpControlBarrier %[[WG]] %[[WG]] %[[TS]]
// REDUCE-NOT: Barrier

// A work-item writes global memory that its neighbour reads after the wait.
void read_after_write(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    data[t.global] = t.local[0] * 3;
    t.barrier.wait();
    int next = t.global[0] + 1 < 64 ? t.global[0] + 1 : 0;
    data[t.global] += data[next];
  });
}
// RAW-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// RAW-DAG: %[[ALL:[_a-zA-Z0-9]+]] = OpConstant %int 2376{{$}}
// RAW: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]
// RAW-NOT: Barrier

// A read before the wait, a write of the same buffer after it.
void write_after_read(array_view<int, 1> data, array_view<int, 1> copy) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    copy[t.global] = data[t.global];
    t.barrier.wait();
    data[t.tile[0] * 64 + 63 - t.local[0]] = 7;
  });
}
// WAR-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// WAR-DAG: %[[ALL:[_a-zA-Z0-9]+]] = OpConstant %int 2376{{$}}
// WAR: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]

// An atomic on global memory is a read and a write.
void atomic_then_read(array_view<int, 1> counter, array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    atomic_fetch_add(&counter[0], 1);
    t.barrier.wait();
    out[t.global] = counter[0];
  });
}
// ATOMIC-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// ATOMIC-DAG: %[[ALL:[_a-zA-Z0-9]+]] = OpConstant %int 2376{{$}}
// ATOMIC: OpAtomicIAdd
// ATOMIC: OpControlBarrier %[[WG]] %[[WG]] %[[ALL]]

// The explicit forms keep exactly their semantics, conflict or not.
void explicit_forms(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(in.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = in[t.global];
    t.barrier.wait_with_global_memory_fence();
    s[t.local[0]] += 1;
    t.barrier.wait_with_tile_static_memory_fence();
    out[t.global] = s[63 - t.local[0]];
  });
}
// EXPLICIT-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpConstant %int 2{{$}}
// EXPLICIT-DAG: %[[GLOBAL:[_a-zA-Z0-9]+]] = OpConstant %int 2120{{$}}
// EXPLICIT-DAG: %[[TS:[_a-zA-Z0-9]+]] = OpConstant %int 264{{$}}
// EXPLICIT: OpControlBarrier %[[WG]] %[[WG]] %[[GLOBAL]]
// EXPLICIT: OpControlBarrier %[[WG]] %[[WG]] %[[TS]]
// EXPLICIT-NOT: Barrier
