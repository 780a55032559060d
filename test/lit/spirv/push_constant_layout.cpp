// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/push_constant_layout.cpp-23-33.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/push_constant_layout.cpp-23-33.spv
// RUN: %spirv-dis %t.noopt/push_constant_layout.cpp-23-33.spv | FileCheck %s --check-prefixes=CHECK,UNROLLED
// RUN: %spirv-dis %t.noopt/push_constant_layout.cpp-23-33.spv | FileCheck %s --check-prefixes=CHECK,TESTED
// The captures are one push-constant block (they fit in 128 bytes; larger ones
// are a storage buffer: capture_buffer_layout.cpp): a Block struct whose only member,
// at Offset 0, is an array of 32-bit words (ArrayStride 4). It holds the
// 16-byte launch header (word 0: the thread count in x, which the entry point
// of a non-tiled kernel compares with its work items' x: item_loop.cpp), then
// the lambda object byte for byte as the host lays it out. Here, with the
// explicit capture order [a, d, l, out]: a at byte 16 (word 4), padding, d at
// byte 24 (words 6, 7), l at byte 32 (words 8, 9), then the array_view object;
// 64 bytes (16 words) in all. Scalars are loaded word by word; a 64-bit value
// is the bitcast of the vector (low word, high word). The body is inlined
// twice (the Unroll loop and the tested loop); the UNROLLED and TESTED runs
// check the loads in each copy.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> out, int a, double d, long l) {
  parallel_for_each(out.extent, [a, d, l, out](concurrency::index<1> i) restrict(amp) {
    out[i] = a + (int)d + (int)(l >> 3);
  });
}

// CHECK-DAG: OpDecorate %[[WORDS:[_a-zA-Z0-9]+]] ArrayStride 4
// CHECK-DAG: OpMemberDecorate %[[BLOCK:[_a-zA-Z0-9]+]] 0 Offset 0
// CHECK-DAG: OpDecorate %[[BLOCK]] Block
// CHECK-DAG: %[[WORDS]] = OpTypeArray %int %int_16
// CHECK-DAG: %[[BLOCK]] = OpTypeStruct %[[WORDS]]{{$}}
// CHECK-DAG: %[[PBLOCK:[_a-zA-Z0-9]+]] = OpTypePointer PushConstant %[[BLOCK]]
// CHECK-DAG: %captures = OpVariable %[[PBLOCK]] PushConstant
// CHECK-DAG: %[[PWORD:[_a-zA-Z0-9]+]] = OpTypePointer PushConstant %int
// CHECK-DAG: %[[V2:[_a-zA-Z0-9]+]] = OpTypeVector %int 2

// The launch header: the entry reads word 0 once, for the test of the
// thread's last item and of each item in the tested loop.
// CHECK: %main = OpFunction
// CHECK: OpPhi %v3int
// CHECK-NEXT: %[[H0P:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %int_0{{$}}
// CHECK-NEXT: %[[H0:[0-9]+]] = OpLoad %int %[[H0P]]
// CHECK: OpISub %int %items_per_thread %int_1
// CHECK-NEXT: OpIMul %int
// CHECK-NEXT: %[[LASTX:[0-9]+]] = OpIAdd %int
// CHECK-NEXT: %[[ALLIN:[0-9]+]] = OpULessThan %bool %[[LASTX]] %[[H0]]
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %[[ALLIN]] %[[ALL:[0-9]+]] %[[SOME:[0-9]+]]
// The copy in the Unroll loop ...
// UNROLLED: %[[ALL]] = OpLabel
// UNROLLED: OpLoopMerge %{{[0-9]+}} %[[CONT:[0-9]+]] Unroll
// ... and the one in the tested loop, whose test of each item uses word 0.
// TESTED: %[[SOME]] = OpLabel
// TESTED: OpLoopMerge %{{[0-9]+}} %[[CONT:[0-9]+]] None
// TESTED-NOT: OpAccessChain %[[PWORD]] %captures %int_0 %int_0{{$}}
// TESTED: OpULessThan %bool %{{[0-9]+}} %[[H0]]

// a: word 4.
// CHECK: %[[AP:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %int_4{{$}}
// CHECK-NEXT: %[[A:[0-9]+]] = OpLoad %int %[[AP]]
// d: words 6 and 7.
// CHECK: %[[DLP:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %int_6{{$}}
// CHECK-NEXT: %[[DL:[0-9]+]] = OpLoad %int %[[DLP]]
// CHECK-NEXT: %[[DHP:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %int_7{{$}}
// CHECK-NEXT: %[[DH:[0-9]+]] = OpLoad %int %[[DHP]]
// CHECK-NEXT: %[[DV:[0-9]+]] = OpCompositeConstruct %[[V2]] %[[DL]] %[[DH]]
// CHECK-NEXT: %[[D:[0-9]+]] = OpBitcast %double %[[DV]]
// CHECK-NEXT: %[[DI:[0-9]+]] = OpConvertFToS %int %[[D]]
// CHECK-NEXT: OpIAdd %int %[[A]] %[[DI]]
// l: words 8 and 9.
// CHECK: %[[LLP:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %int_8{{$}}
// CHECK-NEXT: %[[LL:[0-9]+]] = OpLoad %int %[[LLP]]
// CHECK-NEXT: %[[LHP:[0-9]+]] = OpAccessChain %[[PWORD]] %captures %int_0 %int_9{{$}}
// CHECK-NEXT: %[[LH:[0-9]+]] = OpLoad %int %[[LHP]]
// CHECK-NEXT: %[[LV:[0-9]+]] = OpCompositeConstruct %[[V2]] %[[LL]] %[[LH]]
// CHECK-NEXT: %[[L:[0-9]+]] = OpBitcast %long %[[LV]]
// CHECK-NEXT: OpShiftRightArithmetic %long %[[L]] %int_3
// All in the same copy, before its loop's continue block.
// UNROLLED: %[[CONT]] = OpLabel
// TESTED: %[[CONT]] = OpLabel
