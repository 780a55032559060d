// The kernels of a translation unit are compiled to their final SPIR-V on
// several threads (-fplugin-arg-ampvk-jobs=N; by default one per processor).
// Which thread compiled a kernel must not show: each module, the dump's
// index and the object file come out the same with one thread and with four.
// RUN: rm -rf %t.1 %t.4 && mkdir %t.1 %t.4
// RUN: %ampxx-obj -fplugin-arg-ampvk-jobs=1 -fplugin-arg-ampvk-dump-spirv=%t.1/spv %s -o %t.1/k.o
// RUN: %ampxx-obj -fplugin-arg-ampvk-jobs=4 -fplugin-arg-ampvk-dump-spirv=%t.4/spv %s -o %t.4/k.o
// RUN: %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.4/default %s -o %t.4/default.o
// RUN: diff -r %t.1/spv %t.4/spv
// RUN: diff -r %t.1/spv %t.4/default
// RUN: cmp %t.1/k.o %t.4/k.o
// RUN: cmp %t.1/k.o %t.4/default.o
// RUN: ls %t.1/spv | FileCheck %s --check-prefix=FILES
// RUN: %spirv-val --target-env vulkan1.1 %t.4/spv/kernel_threads.cpp-55-39.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.4/spv/kernel_threads.cpp-55-39.aliased.spv
// RUN: not %ampxx -fplugin-arg-ampvk-jobs=0 %s 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %ampxx -fplugin-arg-ampvk-jobs=many %s 2>&1 | FileCheck %s --check-prefix=WORD
// Seven kernels (two with an aliased variant, one with a loop witness, two
// with unrolled nests large enough that the threads overlap), so that four
// threads share them unevenly.
// FILES:      index.txt
// FILES-NEXT: index.txt.lock
// FILES-NEXT: kernel_threads.cpp-43-31.aliased.spv
// FILES-NEXT: kernel_threads.cpp-43-31.spv
// FILES-NEXT: kernel_threads.cpp-47-31.spv
// FILES-NEXT: kernel_threads.cpp-51-31.spv
// FILES-NEXT: kernel_threads.cpp-55-39.aliased.spv
// FILES-NEXT: kernel_threads.cpp-55-39.spv
// FILES-NEXT: kernel_threads.cpp-55-39.witness.aliased.spv
// FILES-NEXT: kernel_threads.cpp-55-39.witness.spv
// FILES-NEXT: kernel_threads.cpp-71-42.spv
// FILES-NEXT: kernel_threads.cpp-85-31.spv
// FILES-NEXT: kernel_threads.cpp-89-31.spv
// FILES-NOT:  .spv
// ZERO: error: ampvk: unknown plugin argument 'jobs=0' (known: {{.*}}jobs=N
// WORD: error: ampvk: unknown plugin argument 'jobs=many' (known: {{.*}}jobs=N
#include <amp.h>
using namespace concurrency;

static const int Block = 8;

void saxpy(float a, array_view<const float, 1> x, array_view<float, 1> y) {
  parallel_for_each(y.extent, [=](index<1> i) restrict(amp) { y[i] = a * x[i] + y[i]; });
}

void scale(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 3; });
}

void reverse(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = -v[i]; });
}

void outer_products(array_view<const float, 2> a, array_view<float, 2> c) {
  parallel_for_each(c.extent / Block, [=](index<2> t) restrict(amp) {
    float acc[Block][Block] = {};
#pragma unroll
    for (int k = 0; k < Block; ++k)
#pragma unroll
      for (int i = 0; i < Block; ++i)
#pragma unroll
        for (int j = 0; j < Block; ++j)
          acc[i][j] += a(t[0] * Block + i, k) * a(k, t[1] * Block + j);
    for (int i = 0; i < Block; ++i)
      for (int j = 0; j < Block; ++j)
        c(t[0] * Block + i, t[1] * Block + j) = acc[i][j];
  });
}

void tile_sums(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    int sum = 0;
#pragma unroll
    for (int i = 0; i < 64; ++i)
      sum += s[i] * (i + 1);
    t.barrier.wait();
    v[t.global] = sum;
  });
}

void squares(array_view<unsigned, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * v[i]; });
}

void halves(array_view<double, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] / 2; });
}
