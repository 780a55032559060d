// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/aliased_variant.cpp-16-33.spv | FileCheck %s --check-prefix=PLAIN
// RUN: %spirv-dis %t/aliased_variant.cpp-16-33.aliased.spv | FileCheck %s --check-prefix=ALIASED
// RUN: %spirv-val --target-env vulkan1.1 %t/aliased_variant.cpp-16-33.aliased.spv
// RUN: not ls %t/aliased_variant.cpp-23-31.aliased.spv
// RUN: ls %t/aliased_variant.cpp-27-34.spv
// RUN: not ls %t/aliased_variant.cpp-27-34.aliased.spv
// A kernel that writes through one of two views gets a second variant whose
// storage buffers are Aliased; the runtime uses it when both views are of the
// same data. A kernel with one view needs none, nor does one that captures two
// views but accesses only one (the other binding is never touched).
#include <amp.h>
using namespace concurrency;

void two_views(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    out[i] = in[i] * 2;
    out[i] += in[i];
  });
}

void one_view(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] += 1; });
}

void one_of_two_views_used(array_view<int, 1> used, array_view<int, 1> unused) {
  parallel_for_each(used.extent, [=](concurrency::index<1> i) restrict(amp) {
    used[i] += 1;
    (void)unused;
  });
}

// PLAIN-NOT: Aliased
// PLAIN: OpDecorate %in NonWritable
// ALIASED-NOT: NonWritable
// ALIASED-DAG: OpDecorate %in Aliased
// ALIASED-DAG: OpDecorate %out Aliased
// After the store through `out`, `in[i]` is loaded again, not reused.
// ALIASED: %[[IN:[0-9]+]] = OpAccessChain %{{[_a-zA-Z0-9]+}} %in
// ALIASED: OpLoad %int %[[IN]]
// ALIASED: OpStore
// ALIASED: OpLoad %int %[[IN]]
