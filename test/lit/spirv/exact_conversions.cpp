// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/exact_conversions.cpp-14-31.spv | FileCheck %s
// RUN: rm -rf %t.fast && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.fast -fplugin-arg-ampvk-fp-contract=fast %s -o %t.o
// RUN: %spirv-dis %t.fast/exact_conversions.cpp-14-31.spv | tac | FileCheck %s --check-prefix=FAST
// Every conversion to or from a float is decorated NoContraction, which is
// how SPIR-V marks it exact for Mesa: undecorated, Mesa's optimizer folds
// (unsigned)(float)u to u and (int)(float)i to i, skipping the rounding to
// 24 bits (16777217 must become 16777216). The decorations survive the
// optimizer, and fp-contract=fast (which drops those of arithmetic) keeps them.
#include <amp.h>
using namespace concurrency;

void run(array_view<unsigned, 1> u, array_view<int, 1> i, array_view<double, 1> d) {
  parallel_for_each(u.extent, [=](concurrency::index<1> k) restrict(amp) {
    u[k] = (unsigned)(float)u[k];
    i[k] = (int)(float)i[k];
    d[k] = (double)(float)d[k] + (double)(unsigned)(double)i[k];
  });
}

// CHECK-DAG: OpDecorate %[[UF:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[FU:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[IF:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[FI:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[DF:[0-9]+]] NoContraction
// CHECK-DAG: OpDecorate %[[FD:[0-9]+]] NoContraction
// CHECK: %[[UF]] = OpConvertUToF %float
// CHECK: %[[FU]] = OpConvertFToU %uint %[[UF]]
// CHECK: %[[IF]] = OpConvertSToF %float
// CHECK: %[[FI]] = OpConvertFToS %int %[[IF]]
// CHECK: %[[DF]] = OpFConvert %float
// CHECK: %[[FD]] = OpFConvert %double %[[DF]]

// Read backwards (tac), so that ids are defined before their decorations.
// FAST: %[[ADD:[0-9]+]] = OpFAdd %double
// FAST: %[[FU:[0-9]+]] = OpConvertFToU %uint
// FAST-NOT: OpDecorate %[[ADD]] NoContraction
// FAST: OpDecorate %[[FU]] NoContraction
// FAST-NOT: OpDecorate %[[ADD]] NoContraction
// FAST: OpCapability Shader
