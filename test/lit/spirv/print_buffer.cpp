// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-check -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/print_buffer.cpp-40-31.spv | FileCheck %s --check-prefix=PRINTS
// RUN: %spirv-val --target-env vulkan1.1 %t/print_buffer.cpp-40-31.spv
// RUN: %spirv-dis %t/print_buffer.cpp-55-31.spv | FileCheck %s --check-prefix=CHECKED
// RUN: %spirv-val --target-env vulkan1.1 %t/print_buffer.cpp-55-31.spv
// RUN: %spirv-dis %t/print_buffer.cpp-62-31.spv | FileCheck %s --check-prefix=SILENT
// RUN: rm -rf %t2 && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t2 %s -o %t2.o
// RUN: %spirv-dis %t2/print_buffer.cpp-40-31.spv | FileCheck %s --check-prefix=PLAIN
// RUN: %spirv-val --target-env vulkan1.1 %t2/print_buffer.cpp-40-31.spv
// A kernel that prints has one more storage buffer of set 0, after its views
// and the check report (kernel_image.h, print_buffer_binding); each call
// reserves its record with one atomic add and writes it only when it fits.
// A kernel that prints nothing has no such buffer.
#include <amp.h>
using namespace concurrency;

// Without checks the print buffer follows the one view; with them, the
// check report.
// PLAIN-DAG: OpName %[[BUF:[a-z_0-9]+]] "ampvk_print_buffer"
// PLAIN-DAG: OpDecorate %[[BUF]] DescriptorSet 0
// PLAIN-DAG: OpDecorate %[[BUF]] Binding 1
// PLAIN-NOT: ampvk_check_report
// PRINTS-DAG: OpName %[[BUF:[a-z_0-9]+]] "ampvk_print_buffer"
// PRINTS-DAG: OpDecorate %[[BUF]] DescriptorSet 0
// PRINTS-DAG: OpDecorate %[[BUF]] Binding 2
// The first call: the site, an int and a float (the string stays in the
// image).
// PRINTS: OpAtomicIAdd %int %[[COUNT:[0-9]+]] %int_1 %int_0 %int_3
// PRINTS: OpArrayLength %uint %[[BUF]] 0
// PRINTS: OpULessThanEqual
// PRINTS: OpStore
// A record that does not fit counts in word 1.
// PRINTS: OpAtomicIAdd %int %{{[0-9]+}} %int_1 %int_0 %int_1
// The second: the site and the two words of a double.
// PRINTS: OpBitcast %v2int
// PRINTS: OpAtomicIAdd %int %[[COUNT]] %int_1 %int_0 %int_3
// The third (abort): the site number only.
// PRINTS: OpAtomicIAdd %int %[[COUNT]] %int_1 %int_0 %int_1
void prints(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    float x = static_cast<float>(v[i]);
    direct3d_printf("%d %f %s\n", v[i], x, "at");
    double d = x;
    direct3d_errorf("%g\n", d);
    if (v[i] < 0)
      direct3d_abort();
  });
}

// CHECKED-DAG: OpName %[[REPORT:[a-z_0-9]+]] "ampvk_check_report"
// CHECKED-DAG: OpDecorate %[[REPORT]] Binding 1
// CHECKED-DAG: OpName %[[BUF:[a-z_0-9]+]] "ampvk_print_buffer"
// CHECKED-DAG: OpDecorate %[[BUF]] Binding 2
void checked(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    direct3d_printf("%d\n", v[i]);
  });
}

// SILENT-NOT: ampvk_print_buffer
void silent(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
}
