// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/view_origin.cpp-30-33.spv
// RUN: %spirv-dis %t/view_origin.cpp-30-33.spv | FileCheck %s
// RUN: %spirv-val --target-env vulkan1.1 %t/view_origin.cpp-30-33.aliased.spv
// RUN: %spirv-dis %t/view_origin.cpp-30-33.aliased.spv | FileCheck %s
// A captured view's offset is selected away when the runtime found it 0: one
// boolean specialization constant per binding, SpecId 16 + binding
// (view_origin_spec_id), false unless the runtime says otherwise. A view made
// in the kernel (the projection `row`) is not the captured object and reads
// its offset as it is.
#include <amp.h>
using namespace concurrency;

// Bindings in the order of first use in the kernel.
// CHECK-DAG: OpDecorate %m Binding 0
// CHECK-DAG: OpDecorate %out Binding 1
// CHECK-DAG: OpDecorate %in Binding 2
// CHECK-DAG: OpDecorate %ampvk_at_origin_m SpecId 16
// CHECK-DAG: OpDecorate %ampvk_at_origin_out SpecId 17
// CHECK-DAG: OpDecorate %ampvk_at_origin_in SpecId 18
// CHECK-DAG: %ampvk_at_origin_out = OpSpecConstantFalse %bool
// CHECK-DAG: %ampvk_at_origin_in = OpSpecConstantFalse %bool
// CHECK-DAG: %ampvk_at_origin_m = OpSpecConstantFalse %bool
// CHECK-DAG: OpSelect %int %ampvk_at_origin_in %int_0
// CHECK-DAG: OpSelect %int %ampvk_at_origin_out %int_0
// CHECK-DAG: OpSelect %int %ampvk_at_origin_m %int_0
// CHECK-NOT: SpecId 19
void f(array_view<const float, 1> in, array_view<float, 1> out, array_view<const float, 2> m) {
  // The lambda's introducer is at 30:33.
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    array_view<const float, 1> row = m[i[0] % 4];
    out[i] = in[i] * 2.0f + row[1];
  });
}
