// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/float_rounding.cpp-11-34.spv | FileCheck %s
// C++ rounds after every floating-point operation. Float arithmetic carries
// NoContraction, so neither SPIRV-Tools nor the driver may reassociate, factor
// or fuse it: x + 1 + 1 - 1 - 1 must stay four operations (without the
// decoration the optimizer folded it to x), and a*b+c must not become an FMA.
#include <amp.h>
using namespace concurrency;

void run(array_view<float, 1> data, array_view<const float, 1> other) {
  parallel_for_each(data.extent, [=](concurrency::index<1> i) restrict(amp) {
    float x = data[i];
    x++;
    x += 1.0f;
    x--;
    x -= 1.0f;
    data[i] = x * other[i] + 2.0f;
  });
}

// CHECK-DAG: OpDecorate %[[A1:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[A2:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[S1:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[S2:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[M:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[FMA:[0-9]+]] NoContraction
// CHECK: %[[A1]] = OpFAdd %float
// CHECK: %[[A2]] = OpFAdd %float %[[A1]] %float_1
// CHECK: %[[S1]] = OpFSub %float %[[A2]] %float_1
// CHECK: %[[S2]] = OpFSub %float %[[S1]] %float_1
// CHECK: %[[M]] = OpFMul %float %[[S2]]
// CHECK: %[[FMA]] = OpFAdd %float %[[M]] %float_2
