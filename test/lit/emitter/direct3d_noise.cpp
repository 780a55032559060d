// concurrency::direct3d::noise (HLSL's Perlin noise) has no SPIR-V
// counterpart and HLSL deprecated it: naming it is err_unsupported, never a
// link error or an internal error. The other direct3d functions compile.
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void f(array_view<float, 1> v, array_view<unsigned, 1> u) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = direct3d::noise(v[i]); // expected-error {{concurrency::direct3d::noise is not supported by ampvk yet; docs/features.md lists what is}}
    u[i] = direct3d::countbits(u[i]) + direct3d::reversebits(u[i]);
    v[i] += direct3d::mad(v[i], 2.0f, 1.0f) + direct3d::smoothstep(0.0f, 1.0f, v[i]);
  });
}
