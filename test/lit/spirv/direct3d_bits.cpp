// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/direct3d_bits.cpp-12-31.spv
// RUN: %spirv-dis %t/direct3d_bits.cpp-12-31.spv | FileCheck %s
// The bit scans and counts of concurrency::direct3d are one instruction each
// (HLSL's firstbithigh on int is GLSL's FindSMsb: the highest bit that
// differs from the sign bit); mad on floats is a multiply and an add, each
// rounded (NoContraction), never a fused Fma.
#include <amp.h>
using namespace concurrency;

void run(array_view<unsigned, 1> u, array_view<int, 1> s, array_view<float, 1> f) {
  parallel_for_each(u.extent, [=](index<1> i) restrict(amp) {
    u[i] = direct3d::countbits(u[i]) + direct3d::reversebits(u[i]);
    s[i] = direct3d::firstbithigh(s[i]) + direct3d::firstbitlow(s[i]);
    f[i] = direct3d::mad(f[i], f[i], 1.0f);
  });
}

// CHECK: OpDecorate %[[MUL:[a-z_0-9]+]] NoContraction
// CHECK: OpBitCount
// CHECK: OpBitReverse
// CHECK: OpExtInst %{{[a-z_0-9]+}} %{{[0-9]+}} FindSMsb
// CHECK: OpExtInst %{{[a-z_0-9]+}} %{{[0-9]+}} FindILsb
// CHECK: %[[MUL]] = OpFMul
// CHECK-NOT: Fma
