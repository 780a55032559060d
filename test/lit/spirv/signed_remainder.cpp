// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/signed_remainder.cpp-9-34.spv | FileCheck %s
// Signed % must not use OpSRem: Vulkan leaves it undefined for negative
// operands and NVIDIA's driver then returns the unsigned remainder.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> data, int divisor) {
  parallel_for_each(data.extent, [=](concurrency::index<1> i) restrict(amp) {
    data[i] = data[i] % divisor;
  });
}

// (The quotient is OpSDiv's, or -a for a divisor of -1: signed_division_overflow.cpp.)
// CHECK-NOT: OpSRem
// CHECK-NOT: OpSMod
// CHECK: OpSDiv %int %[[A:[0-9]+]]
// CHECK: %[[Q:[0-9]+]] = OpSelect %int
// CHECK: %[[P:[0-9]+]] = OpIMul %int %[[Q]] %[[B:[0-9]+]]
// CHECK: OpISub %int %[[A]] %[[P]]
