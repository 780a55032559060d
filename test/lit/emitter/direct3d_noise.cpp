// concurrency::direct3d::noise (HLSL's Perlin noise, ampvk's own 1-D gradient
// noise) compiles to a valid module beside the other direct3d functions; its
// values are checked against the host in test/kernels/direct3d_test.cpp.
// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/direct3d_noise.cpp-10-31.spv
#include <amp.h>
using namespace concurrency;

void f(array_view<float, 1> v, array_view<unsigned, 1> u) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = direct3d::noise(v[i]);
    u[i] = direct3d::countbits(u[i]) + direct3d::reversebits(u[i]);
    v[i] += direct3d::mad(v[i], 2.0f, 1.0f) + direct3d::smoothstep(0.0f, 1.0f, v[i]);
  });
}
