// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/constant_globals.cpp-23-34.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/constant_globals.cpp-23-34.spv
// RUN: %spirv-dis %t.noopt/constant_globals.cpp-23-34.spv | FileCheck %s
// A global constant array indexed at run time becomes one Function variable,
// initialized with an OpConstantComposite of its values; the uses in the
// kernel and in a helper that takes it by const reference share it. The
// entry point inlines the body twice (the untested and the tested item loop:
// item_loop.cpp), so there are two such variables, one per copy, each
// initialized and read by both uses of its copy. A scalar constant bound to a
// const reference is such a variable too, which legalization (run also with
// no-opt) turns back into its value, in both copies.
#include <amp.h>
using namespace concurrency;

const int table[5] = {3, -1, 4, -1, 5};
static const int K = 7;
int addTo(const int &x, int v) restrict(amp) { return x + v; }
int pick(const int (&t)[5], int i) restrict(amp) { return t[i]; }

void run(array_view<int, 1> data) {
  parallel_for_each(data.extent, [=](concurrency::index<1> i) restrict(amp) {
    int j = data[i] & 3;
    data[i] = table[j] + pick(table, j + 1) + addTo(K, j);
  });
}

// CHECK-DAG: %[[ARR:[_a-zA-Z0-9]+]] = OpTypeArray %int %int_5
// CHECK-DAG: %[[M1:[_a-zA-Z0-9]+]] = OpConstant %int -1
// CHECK-DAG: %[[C3:[_a-zA-Z0-9]+]] = OpConstant %int 3
// CHECK-DAG: %[[C4:[_a-zA-Z0-9]+]] = OpConstant %int 4
// CHECK-DAG: %[[C5:[_a-zA-Z0-9]+]] = OpConstant %int 5
// CHECK-DAG: %[[C7:[_a-zA-Z0-9]+]] = OpConstant %int 7
// CHECK-DAG: %[[INIT:[_a-zA-Z0-9]+]] = OpConstantComposite %[[ARR]] %[[C3]] %[[M1]] %[[C4]] %[[M1]] %[[C5]]
// CHECK: %main = OpFunction
// CHECK: %[[TABLE_A:[_a-zA-Z0-9]+]] = OpVariable %{{[_a-zA-Z0-9]+}} Function %[[INIT]]
// CHECK-NEXT: %[[TABLE_B:[_a-zA-Z0-9]+]] = OpVariable %{{[_a-zA-Z0-9]+}} Function %[[INIT]]
// CHECK-NOT: OpVariable {{.*}} Function %[[INIT]]
// CHECK-DAG: OpStore %[[TABLE_A]] %[[INIT]]
// CHECK-DAG: OpAccessChain %{{[_a-zA-Z0-9]+}} %[[TABLE_A]] %{{[0-9]+}}{{$}}
// CHECK-DAG: OpAccessChain %{{[_a-zA-Z0-9]+}} %[[TABLE_A]] %{{[0-9]+}}{{$}}
// CHECK-DAG: OpStore %[[TABLE_B]] %[[INIT]]
// CHECK-DAG: OpAccessChain %{{[_a-zA-Z0-9]+}} %[[TABLE_B]] %{{[0-9]+}}{{$}}
// CHECK-DAG: OpAccessChain %{{[_a-zA-Z0-9]+}} %[[TABLE_B]] %{{[0-9]+}}{{$}}
// CHECK-DAG: OpIAdd %int %[[C7]]
// CHECK-DAG: OpIAdd %int %[[C7]]
// CHECK: OpFunctionEnd
