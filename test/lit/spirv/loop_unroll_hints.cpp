// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-25-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-34-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-44-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-54-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-64-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-74-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-84-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-94-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-104-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-114-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-124-44.spv
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-25-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-34-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-44-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-54-44.spv | FileCheck %s --check-prefix=NEVER
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-64-44.spv | FileCheck %s --check-prefix=NEVER
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-74-44.spv | FileCheck %s --check-prefix=NEVER
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-84-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-94-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-104-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-114-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-124-44.spv | FileCheck %s --check-prefix=NOHINT
// Clang's loop hints on a kernel's loop, as SPIR-V says them
// (LoopUnrollHints.cpp): #pragma unroll and unroll(full) ask for a full
// unroll (SPIRV-Tools unrolls: no loop left); nounroll, unroll 1 and
// unroll(disable) for none (DontUnroll); unroll N, which SPIR-V 1.3 cannot
// say, is a full unroll when the loop runs at most N times and otherwise no
// hint; a full unroll of more than 2^17 statements and expressions is
// declined with a warning. Tiled kernels, so that no item loop is in the way.
#include <amp.h>
using namespace concurrency;

void none(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void pragma_unroll(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_full(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma clang loop unroll(full)
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void nounroll(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma nounroll
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_one(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 1
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_disable(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma clang loop unroll(disable)
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_count_covers(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 16
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_count_partial(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 4
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_count_clang(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma clang loop unroll_count(32)
    for (int k = 0; k < 16; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_unknown_trips(array_view<float, 1> out, array_view<const float, 1> a, int n) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 4
    for (int k = 0; k < n; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unroll_too_long(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 6000; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

// WARN: loop_unroll_hints.cpp:127:5: warning: this loop is not unrolled: its 6000 iterations would make more than 131072 statements and expressions (nested unrolled loops counted), and compile time and memory grow with them; the GPU driver's compiler decides whether to unroll it [ampvk -Wloop-not-unrolled]
// WARN-NOT: warning:

// NOHINT: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} None
// NOHINT-NOT: OpLoopMerge
// NOHINT: OpFunctionEnd

// FULL-NOT: OpLoopMerge
// FULL: OpFunctionEnd

// NEVER: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} DontUnroll
// NEVER-NOT: OpLoopMerge
// NEVER: OpFunctionEnd
