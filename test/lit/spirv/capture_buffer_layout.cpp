// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/capture_buffer_layout.cpp-23-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/capture_buffer_layout.cpp-23-33.aliased.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-dis %t.noopt/capture_buffer_layout.cpp-23-33.spv | FileCheck %s
// RUN: %spirv-dis %t.noopt/capture_buffer_layout.cpp-23-33.aliased.spv | FileCheck %s --check-prefix=ALIASED
// Captures that do not fit in the 128 bytes of push constants: the same
// block of words (launch header, then the lambda object byte for byte) is a
// read-only storage buffer in descriptor set 0 at the binding after the views'
// (here 2). Here: 16 bytes of header, the two views (24 bytes each), then
// t.v[1024] at byte 64 (word 16) and t.bias at byte 4160 (word 1040); with
// the closure's tail padding, 1042 words. The Aliased variant for two views
// of one buffer leaves the capture buffer NonWritable and not Aliased.
#include <amp.h>
using namespace concurrency;

struct Table {
  int v[1024];
  int bias;
};

void run(array_view<const int, 1> in, array_view<int, 1> out, Table t) {
  parallel_for_each(out.extent, [in, out, t](concurrency::index<1> i) restrict(amp) {
    out[i] = in[i] + t.v[(i[0] * 7) % 1024] + t.bias;
  });
}

// CHECK-DAG: OpDecorate %[[WORDS:[_a-zA-Z0-9]+]] ArrayStride 4
// CHECK-DAG: OpMemberDecorate %[[BLOCK:[_a-zA-Z0-9]+]] 0 Offset 0
// CHECK-DAG: OpDecorate %[[BLOCK]] Block
// CHECK-DAG: OpDecorate %captures DescriptorSet 0
// CHECK-DAG: OpDecorate %captures Binding 2
// CHECK-DAG: OpDecorate %captures NonWritable
// CHECK-DAG: OpDecorate %in Binding 0
// CHECK-DAG: OpDecorate %out Binding 1
// CHECK-DAG: %[[WORDS]] = OpTypeArray %int %int_1042
// CHECK-DAG: %[[BLOCK]] = OpTypeStruct %[[WORDS]]{{$}}
// CHECK-DAG: %[[PBLOCK:[_a-zA-Z0-9]+]] = OpTypePointer StorageBuffer %[[BLOCK]]
// CHECK-DAG: %captures = OpVariable %[[PBLOCK]] StorageBuffer
// CHECK-DAG: %[[PWORD:[_a-zA-Z0-9]+]] = OpTypePointer StorageBuffer %int
// CHECK-NOT: PushConstant

// The bounds check reads header word 0 from the buffer.
// CHECK: %main = OpFunction
// CHECK: OpPhi
// CHECK: OpAccessChain %[[PWORD]] %captures %int_0 %int_0{{$}}
// t.v[(i * 7) % 1024]: byte 64 + 4 * index, as a word index.
// CHECK: %[[BYTES:[0-9]+]] = OpIMul %int %{{[0-9]+}} %int_4
// CHECK-NEXT: %[[AT:[0-9]+]] = OpIAdd %int %[[BYTES]] %int_64
// CHECK-NEXT: %[[WORD:[0-9]+]] = OpShiftRightArithmetic %int %[[AT]] %int_2
// CHECK-NEXT: %[[P:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %[[WORD]]
// CHECK-NEXT: OpLoad %int %[[P]]
// t.bias: word 1040.
// CHECK: OpAccessChain %[[PWORD]] %captures %int_0 %int_1040{{$}}

// ALIASED-DAG: OpDecorate %in Aliased
// ALIASED-DAG: OpDecorate %out Aliased
// ALIASED-DAG: OpDecorate %captures NonWritable
// ALIASED-NOT: OpDecorate %captures Aliased
