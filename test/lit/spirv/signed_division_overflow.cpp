// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/signed_division_overflow.cpp-13-31.spv
// RUN: %spirv-dis %t/signed_division_overflow.cpp-26-31.spv | FileCheck %s
// INT_MIN / -1 and INT_MIN % -1 (and the 64-bit ones) overflow; written as
// constants, even in code that never runs, they used to crash SPIRV-Tools'
// constant folder with SIGFPE. A divisor of -1 never reaches OpSDiv: x / -1
// is computed as -x.
#include <amp.h>
#include <climits>
using namespace concurrency;

void constants(array_view<int, 1> v, array_view<long, 1> w) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    if (v[i] > 1000000)
      v[i] = INT_MIN / -1;
    int a = INT_MIN, b = -1;
    if (v[i] == 7)
      v[i] = a % b + a / b;
    long c = LONG_MIN, d = -1;
    if (v[i] == 8)
      w[i] = c / d + c % d;
  });
}

void divide(array_view<int, 1> v, int divisor) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] / divisor; });
}

// CHECK: %[[BYM1:[0-9]+]] = OpIEqual %bool %[[D:[0-9]+]] %int_n1
// CHECK: %[[SAFE:[0-9]+]] = OpSelect %int %[[BYM1]] %int_1 %[[D]]
// CHECK: %[[Q:[0-9]+]] = OpSDiv %int %[[X:[0-9]+]] %[[SAFE]]
// CHECK: %[[NEG:[0-9]+]] = OpSNegate %int %[[X]]
// CHECK: OpSelect %int %[[BYM1]] %[[NEG]] %[[Q]]
