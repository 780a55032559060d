// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/atomic_scope_semantics.cpp-14-42.spv
// RUN: %spirv-dis %t/atomic_scope_semantics.cpp-14-42.spv | FileCheck %s
// The atomics of <amp.h>, in source order, with the scope and memory
// semantics chosen: global memory (storage buffers) at Device scope (1),
// tile_static memory at Workgroup scope (2); semantics always relaxed (0), as
// DirectX's interlocked operations, which order no other memory. max and min
// pick the signed or unsigned instruction from the element type; float
// exchange is a float OpAtomicExchange.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> a, array_view<unsigned, 1> u, array_view<float, 1> f) {
  parallel_for_each(a.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared;
    tile_static unsigned ushared[4];
    if (t.local[0] == 0) {
      shared = 0;
      ushared[0] = ushared[1] = ushared[2] = ushared[3] = 0;
    }
    t.barrier.wait();
    int i = t.global[0];
    int r = atomic_fetch_add(&a[i], 1);
    r += atomic_fetch_sub(&a[i], 2);
    r += atomic_fetch_max(&a[i], 3);
    r += static_cast<int>(atomic_fetch_max(&u[i], 4u));
    r += atomic_fetch_min(&a[i], 5);
    r += static_cast<int>(atomic_fetch_min(&u[i], 6u));
    r += atomic_fetch_and(&shared, 7);
    r += static_cast<int>(atomic_fetch_or(&ushared[1], 8u));
    r += atomic_fetch_xor(&shared, 9);
    r += atomic_fetch_inc(&shared);
    r += static_cast<int>(atomic_fetch_dec(&ushared[2]));
    r += atomic_exchange(&a[i], 10);
    float old = atomic_exchange(&f[i], 1.5f);
    int expected = 11;
    if (atomic_compare_exchange(&shared, &expected, 12))
      r += 1;
    t.barrier.wait();
    a[i] = r + expected + static_cast<int>(old) + shared;
  });
}

// CHECK-DAG: %[[INT:[a-z_0-9]+]] = OpTypeInt 32 1
// CHECK-DAG: %[[FLOAT:[a-z_0-9]+]] = OpTypeFloat 32
// CHECK-DAG: %[[DEVICE:[a-z_0-9]+]] = OpConstant %[[INT]] 1{{$}}
// CHECK-DAG: %[[WG:[a-z_0-9]+]] = OpConstant %[[INT]] 2{{$}}
// CHECK-DAG: %[[RELAXED:[a-z_0-9]+]] = OpConstant %[[INT]] 0{{$}}
// CHECK: OpAtomicIAdd %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicISub %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicSMax %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicUMax %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicSMin %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicUMin %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicAnd %[[INT]] %{{[a-z_0-9]+}} %[[WG]] %[[RELAXED]]
// CHECK: OpAtomicOr %[[INT]] %{{[a-z_0-9]+}} %[[WG]] %[[RELAXED]]
// CHECK: OpAtomicXor %[[INT]] %{{[a-z_0-9]+}} %[[WG]] %[[RELAXED]]
// CHECK: OpAtomicIIncrement %[[INT]] %{{[a-z_0-9]+}} %[[WG]] %[[RELAXED]]
// CHECK: OpAtomicIDecrement %[[INT]] %{{[a-z_0-9]+}} %[[WG]] %[[RELAXED]]
// CHECK: OpAtomicExchange %[[INT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicExchange %[[FLOAT]] %{{[a-z_0-9]+}} %[[DEVICE]] %[[RELAXED]]
// CHECK: OpAtomicCompareExchange %[[INT]] %{{[a-z_0-9]+}} %[[WG]] %[[RELAXED]] %[[RELAXED]]
