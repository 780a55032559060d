// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/reference_storage_class.cpp-26-45.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/reference_storage_class.cpp-26-45.spv
// RUN: %spirv-dis %t.noopt/reference_storage_class.cpp-26-45.spv | FileCheck %s
// RUN: %spirv-dis %t.noopt/reference_storage_class.cpp-26-45.spv | FileCheck %s --check-prefix=NOCOPY
// RUN: %spirv-dis %t/reference_storage_class.cpp-26-45.spv | FileCheck %s --check-prefix=NOCOPY
// References and pointers are places, never SPIR-V values: a helper that gets
// a reference keeps the storage class of the caller's object. A reference or
// pointer into tile_static memory is still Workgroup inside the helper (no
// Function copy in and out around the call, which would lose other threads'
// writes and the helper's own), an array_view element is still StorageBuffer
// and a local is still Function. The local is an array indexed dynamically,
// so legalization cannot promote it to SSA values. Each helper adds its own
// constant, so its read-modify-write can be found.
#include <amp.h>
using namespace concurrency;

void add1(int &x) restrict(amp) { x += 1; }
void add2(int (&row)[64], int i) restrict(amp) { row[i] += 2; }
void add3(int *p) restrict(amp) { *p += 3; }
void add5(int &x) restrict(amp) { x += 5; }
void add7(int &x) restrict(amp) { x += 7; }

void run(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    int local[4] = {0, 0, 0, 0};
    int l = t.local[0];
    shared[l] = data[t.global];
    add1(shared[l]);     // int& into tile_static
    add2(shared, l);     // int(&)[64], the whole tile_static array
    add3(&shared[l]);    // int* into tile_static
    add5(data[t.global]); // int& to an array_view element
    add7(local[l & 3]);  // int& into a local array
    t.barrier.wait();
    data[t.global] += shared[63 - l] + local[(l + 1) & 3];
  });
}

// The tile_static array is the only array of 64 ints, and it lives in
// Workgroup memory; nothing copies it into Function or Private memory.
// NOCOPY-NOT: OpTypePointer Function %_arr_int_int_64
// NOCOPY-NOT: OpTypePointer Private

// CHECK-DAG: %[[WG:[_a-zA-Z0-9]+]] = OpTypePointer Workgroup %int
// CHECK-DAG: %[[SB:[_a-zA-Z0-9]+]] = OpTypePointer StorageBuffer %int
// CHECK-DAG: %[[FN:[_a-zA-Z0-9]+]] = OpTypePointer Function %int
// CHECK-DAG: %shared = OpVariable %{{[_a-zA-Z0-9]+}} Workgroup
// CHECK-DAG: %data = OpVariable %{{[_a-zA-Z0-9]+}} StorageBuffer
// CHECK: %main = OpFunction
// CHECK: %local = OpVariable %{{[_a-zA-Z0-9]+}} Function

// shared[l] = data[t.global];
// CHECK: OpAccessChain %[[WG]] %shared
// CHECK-NEXT: OpStore
// add1: int& into tile_static.
// CHECK: %[[P1:[0-9]+]] = OpAccessChain %[[WG]] %shared
// CHECK-NEXT: %[[V1:[0-9]+]] = OpLoad %int %[[P1]]
// CHECK-NEXT: %[[S1:[0-9]+]] = OpIAdd %int %[[V1]] %int_1
// CHECK-NEXT: OpStore %[[P1]] %[[S1]]
// add2: the whole tile_static array by reference.
// CHECK: %[[P2:[0-9]+]] = OpAccessChain %[[WG]] %shared
// CHECK-NEXT: %[[V2:[0-9]+]] = OpLoad %int %[[P2]]
// CHECK-NEXT: %[[S2:[0-9]+]] = OpIAdd %int %[[V2]] %int_2
// CHECK-NEXT: OpStore %[[P2]] %[[S2]]
// add3: int* into tile_static.
// CHECK: %[[P3:[0-9]+]] = OpAccessChain %[[WG]] %shared
// CHECK-NEXT: %[[V3:[0-9]+]] = OpLoad %int %[[P3]]
// CHECK-NEXT: %[[S3:[0-9]+]] = OpIAdd %int %[[V3]] %int_3
// CHECK-NEXT: OpStore %[[P3]] %[[S3]]
// add5: int& to an array_view element.
// CHECK: %[[P5:[0-9]+]] = OpAccessChain %[[SB]] %data %int_0
// CHECK: %[[V5:[0-9]+]] = OpLoad %int %[[P5]]
// CHECK-NEXT: %[[S5:[0-9]+]] = OpIAdd %int %[[V5]] %int_5
// CHECK-NEXT: OpStore %[[P5]] %[[S5]]
// add7: int& into the local array.
// CHECK: %[[P7:[0-9]+]] = OpAccessChain %[[FN]] %local
// CHECK-NEXT: %[[V7:[0-9]+]] = OpLoad %int %[[P7]]
// CHECK-NEXT: %[[S7:[0-9]+]] = OpIAdd %int %[[V7]] %int_7
// CHECK-NEXT: OpStore %[[P7]] %[[S7]]
// CHECK: OpControlBarrier
