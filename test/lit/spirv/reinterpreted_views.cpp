// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/reinterpreted_views.cpp-21-31.spv | FileCheck %s
// RUN: %spirv-val --target-env vulkan1.1 %t/reinterpreted_views.cpp-21-31.spv
// RUN: %spirv-dis %t/reinterpreted_views.cpp-30-33.spv | FileCheck %s --check-prefix=DISTINCT
// RUN: %spirv-dis %t/reinterpreted_views.cpp-30-33.aliased.spv | FileCheck %s --check-prefix=DISTINCT
// RUN: %spirv-val --target-env vulkan1.1 %t/reinterpreted_views.cpp-30-33.spv
// reinterpret_as in a kernel: the view of other elements reads the same
// descriptor binding through a second storage buffer variable typed with its
// elements. The two variables overlap, so both are Aliased in every variant
// (in the one for distinct views too, where the kernel's other view is not):
// a thread's store through one and load through the other keep their order
// (ViewReinterpretInKernels.*).
#include <amp.h>
using namespace concurrency;

// CHECK-DAG: OpDecorate %[[A:[a-zA-Z_0-9]+]] Binding 0
// CHECK-DAG: OpDecorate %[[B:[a-zA-Z_0-9]+]] Binding 0
// CHECK-DAG: OpDecorate %[[A]] Aliased
// CHECK-DAG: OpDecorate %[[B]] Aliased
void flipSigns(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    array_view<unsigned, 1> bits = v.reinterpret_as<unsigned>();
    bits[i] = bits[i] ^ 0x80000000u;
    v[i] = v[i] * 2.0f;
  });
}

// DISTINCT-COUNT-2: Aliased
void signsInto(array_view<const float, 1> in, array_view<unsigned, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = in.reinterpret_as<const unsigned>()[i] >> 31;
    out[i] += static_cast<unsigned>(in[i] < 0.0f);
  });
}
