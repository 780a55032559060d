// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/bool_interface.cpp-23-44.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/bool_interface.cpp-23-44.aliased.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/bool_interface.cpp-23-44.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/bool_interface.cpp-23-44.aliased.spv
// RUN: %spirv-dis %t.noopt/bool_interface.cpp-23-44.spv | FileCheck %s
// RUN: %spirv-dis %t/bool_interface.cpp-23-44.spv | FileCheck %s --check-prefix=IFACE
// RUN: %spirv-dis %t.noopt/bool_interface.cpp-23-44.spv | FileCheck %s --check-prefix=IFACE
// Vulkan forbids OpTypeBool in interface storage classes (PushConstant,
// StorageBuffer, Input, ...), and C++'s bool is one byte, so bool never
// crosses the kernel's interface: the checker rejects bool captures (also
// inside captured classes) and the emitter bool array/array_view elements
// (see test/lit/diagnostics/captures.cpp). What crosses is int: a captured
// int used as a condition is its push-constant word compared with 0, an int
// element read into a bool is `!= 0`, and a bool stored into an int element
// is OpSelect 1/0. Inside the kernel a bool is OpTypeBool, also in
// tile_static (Workgroup) memory, which is not an interface.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> out, array_view<const int, 1> in, int negate) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static bool seen[64];
    int l = t.local[0];
    seen[l] = in[t.global] != 0;
    t.barrier.wait();
    bool b = in[t.global];
    int v = 10;
    if (negate && seen[63 - l])
      v = -v;
    out[t.global] = v + b;
  });
}

// No bool in any interface type: the push block and the buffers are ints.
// IFACE: %bool = OpTypeBool
// IFACE-NOT: OpTypePointer {{Input|Output|PushConstant|StorageBuffer|Uniform}} %bool
// IFACE-NOT: OpTypeStruct {{.*}}%bool

// CHECK-DAG: %[[PUSHINT:[_a-zA-Z0-9]+]] = OpTypePointer PushConstant %int
// CHECK-DAG: %[[SBINT:[_a-zA-Z0-9]+]] = OpTypePointer StorageBuffer %int
// CHECK-DAG: %[[WGBOOL:[_a-zA-Z0-9]+]] = OpTypePointer Workgroup %bool
// CHECK-DAG: %seen = OpVariable %{{[_a-zA-Z0-9]+}} Workgroup
// seen[l] = in[t.global] != 0;
// CHECK: %[[E1:[0-9]+]] = OpAccessChain %[[SBINT]] %in
// CHECK-NEXT: %[[I1:[0-9]+]] = OpLoad %int %[[E1]]
// CHECK-NEXT: %[[B1:[0-9]+]] = OpINotEqual %bool %[[I1]] %int_0
// CHECK-NEXT: %[[S1:[0-9]+]] = OpAccessChain %[[WGBOOL]] %seen
// CHECK-NEXT: OpStore %[[S1]] %[[B1]]
// CHECK: OpControlBarrier
// bool b = in[t.global];
// CHECK: %[[E2:[0-9]+]] = OpAccessChain %[[SBINT]] %in
// CHECK-NEXT: %[[I2:[0-9]+]] = OpLoad %int %[[E2]]
// CHECK-NEXT: %[[B2:[0-9]+]] = OpINotEqual %bool %[[I2]] %int_0
// negate (a captured int) as a condition: its word, compared with 0.
// CHECK: %[[NP:[0-9]+]] = OpAccessChain %[[PUSHINT]] %captures %int_0 %int_{{[0-9]+}}
// CHECK-NEXT: %[[NW:[0-9]+]] = OpLoad %int %[[NP]]
// CHECK-NEXT: %[[NB:[0-9]+]] = OpINotEqual %bool %[[NW]] %int_0
// CHECK: OpBranchConditional %[[NB]]
// v + b: the bool widens to 1 or 0 before it is stored as an int.
// CHECK: %[[W:[0-9]+]] = OpSelect %int %[[B2]] %int_1 %int_0
// CHECK-NEXT: %[[SUM:[0-9]+]] = OpIAdd %int %{{[0-9]+}} %[[W]]
// CHECK: %[[O:[0-9]+]] = OpAccessChain %[[SBINT]] %out
// CHECK-NEXT: OpStore %[[O]] %[[SUM]]
