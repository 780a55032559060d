// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/loop_witness.cpp-41-31.witness.spv | FileCheck %s --check-prefix=LOOP
// RUN: %spirv-val --target-env vulkan1.1 %t/loop_witness.cpp-41-31.witness.spv
// RUN: %spirv-dis %t/loop_witness.cpp-41-31.spv | FileCheck %s --check-prefix=OFF
// RUN: %spirv-dis %t/loop_witness.cpp-53-31.spv | FileCheck %s --check-prefix=UNROLLED
// RUN: not ls %t/loop_witness.cpp-53-31.witness.spv
// RUN: FileCheck %s --check-prefix=INDEX < %t/index.txt
// RUN: rm -rf %t2 && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-dump-spirv=%t2 %s -o %t2.o
// RUN: %spirv-dis %t2/loop_witness.cpp-41-31.spv | FileCheck %s --check-prefix=OFF
// RUN: not ls %t2/loop_witness.cpp-41-31.witness.spv
// The module without the witness is the one loop-witness=off makes, but for ids.
// RUN: %spirv-dis --raw-id --no-header %t/loop_witness.cpp-41-31.spv | sed -E 's/%%[0-9]+/%%N/g; s/^ +//' | sort > %t/plain.txt
// RUN: %spirv-dis --raw-id --no-header %t2/loop_witness.cpp-41-31.spv | sed -E 's/%%[0-9]+/%%N/g; s/^ +//' | sort > %t2/off.txt
// RUN: diff %t/plain.txt %t2/off.txt
// A kernel with loops catches a loop the driver cuts short
// (plugin/emit/LoopWitness.cpp) in a second module (spirv/LoopWitnessVariant.h):
// a witness word per invocation in a storage buffer after the print buffer,
// read and written volatile, behind the specialization constant 12; the loop's
// site is a print site, so the kernel has a print buffer too. The module every
// other device runs has none of it. Loops unrolled whole, and kernels compiled
// with loop-witness=off, have no witness module.
#include <amp.h>
using namespace concurrency;

// INDEX: loop_witness.cpp-41-31.spv{{.*}}loop_witness.cpp:41:31{{.*}}loops{{.*}}untiled{{$}}
// INDEX-NEXT: loop_witness.cpp-41-31.witness.spv{{.*}}loop_witness.cpp:41:31{{.*}}untiled witness{{$}}
// INDEX-NEXT: loop_witness.cpp-53-31.spv{{.*}}untiled{{$}}
// INDEX-NOT: witness

// LOOP-DAG: OpDecorate %ampvk_loop_witness SpecId 12
// LOOP-DAG: OpDecorate %[[W:[a-z_0-9]+]] Binding 2
// LOOP-DAG: OpName %[[W]] "ampvk_loop_witness"
// LOOP-DAG: OpDecorate %[[P:[a-z_0-9]+]] Binding 1
// LOOP-DAG: OpName %[[P]] "ampvk_print_buffer"
// LOOP-DAG: OpDecorate %local_index BuiltIn LocalInvocationIndex
// LOOP: OpLoopMerge
// LOOP: OpBranchConditional %ampvk_loop_witness
// LOOP: OpStore %{{[0-9]+}} %int_0 Volatile
// LOOP: OpLoad %int %{{[0-9]+}} Volatile
void loops(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int s = 0;
    for (int k = 0; k < v[i]; ++k)
      s += k;
    v[i] = s;
  });
}

// UNROLLED-NOT: ampvk_loop_witness
// OFF-NOT: ampvk_loop_witness
// OFF-NOT: ampvk_print_buffer
void unrolled(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int s = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k)
      s += v[i] * k;
    v[i] = s;
  });
}
