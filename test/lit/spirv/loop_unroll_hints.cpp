// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-55-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-64-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-74-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-84-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-94-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-104-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-114-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-124-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-134-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-144-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-154-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-164-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-174-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-184-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-194-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-204-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-214-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-224-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-234-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-244-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-254-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-264-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-274-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-284-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-294-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-304-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-314-44.spv && %spirv-val --target-env vulkan1.1 %t/loop_unroll_hints.cpp-326-44.spv
// RUN: %ampxx-obj -fplugin-arg-ampvk-Wno-loop-not-unrolled %s -o %t.o 2>&1 | count 0
// RUN: not %ampxx-obj -fplugin-arg-ampvk-Werror=loop-not-unrolled %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-55-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-64-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-74-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-84-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-94-44.spv | FileCheck %s --check-prefix=NEVER
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-104-44.spv | FileCheck %s --check-prefix=NEVER
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-114-44.spv | FileCheck %s --check-prefix=NEVER
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-124-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-134-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-144-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-154-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-164-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-174-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-184-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-194-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-204-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-214-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-224-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-234-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-244-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-254-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-264-44.spv | FileCheck %s --check-prefix=FULL
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-274-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-284-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-294-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-304-44.spv | FileCheck %s --check-prefix=NOHINT
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-314-44.spv | FileCheck %s --check-prefix=NESTED
// RUN: %spirv-dis %t/loop_unroll_hints.cpp-326-44.spv | FileCheck %s --check-prefix=INNERUNROLLED
// Clang's loop hints on a kernel's loop (LoopUnrollHints.cpp): #pragma unroll,
// unroll(full) and unroll(enable) ask for a full unroll (no loop left, != tests
// and bounds named first too: FullLoopUnroll.h); nounroll, unroll 1
// and unroll(disable) for none (DontUnroll); unroll N, which SPIR-V 1.3 cannot
// say, is a full unroll when the loop runs at most N times and otherwise no
// hint, which pins the count computed for each form of loop (N = the count:
// unrolled; N = the count - 1: not). A full unroll of more than 2^19
// statements and expressions (inlined calls and nested unrolled loops
// counted) is declined with a warning. Tiled kernels, so that no item loop is
// in the way.
#include <amp.h>
using namespace concurrency;

float helper(array_view<const float, 1> a, int base) restrict(amp) {
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 400; ++k)
    s += a[(base + k) % 1024];
  return s;
}

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

void unroll_enable(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma clang loop unroll(enable)
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
#pragma unroll 15
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

void count_le(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 4
    for (int k = 2; k <= 14; k += 4)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_le_short(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 3
    for (int k = 2; k <= 14; k += 4)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_ge(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 6
    for (int k = 5; k >= 0; --k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_ge_short(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 5
    for (int k = 5; k >= 0; --k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_gt(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 5
    for (int k = 9; k > 0; k -= 2)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_gt_short(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 4
    for (int k = 9; k > 0; k -= 2)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_ne(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 4
    for (int k = 0; k != 12; k = k + 3)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_ne_short(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 3
    for (int k = 0; k != 12; k = k + 3)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_bound_left(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 10
    for (int k = 0; 10 > k; k++)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_bound_left_short(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 9
    for (int k = 0; 10 > k; k++)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_unsigned(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 7
    for (unsigned k = 3; k < 10; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void count_unsigned_short(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 6
    for (unsigned k = 3; k < 10; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void unsigned_down(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 64
    for (unsigned k = 9; k > 0; k -= 2)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void mixed_signs(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll 64
    for (int k = 0; k < 10u; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void too_long(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 6000; ++k)
      s += a[(t.global[0] + k) % 1024];
    out[t.global] = s;
  });
}

void nested_declined(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int k = 0; k < 6000; ++k)
        s += a[(t.global[0] + j * k) % 1024];
    out[t.global] = s;
  });
}

void calls_counted(array_view<float, 1> out, array_view<const float, 1> a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    float s = 0.0f;
#pragma unroll
    for (int j = 0; j < 400; ++j)
      s += helper(a, t.global[0] + j);
    out[t.global] = s;
  });
}

// WARN: loop_unroll_hints.cpp:307:5: warning: this loop is not unrolled: its 6000 iterations would make more than 524288 statements and expressions (inlined calls and nested unrolled loops counted), and compile time and memory grow with them; the GPU driver's compiler decides whether to unroll it [ampvk -Wloop-not-unrolled]
// WARN: loop_unroll_hints.cpp:319:7: warning: this loop is not unrolled: its 6000 iterations would make more than 524288 statements and expressions (inlined calls and nested unrolled loops counted), and compile time and memory grow with them; the GPU driver's compiler decides whether to unroll it [ampvk -Wloop-not-unrolled]
// WARN: loop_unroll_hints.cpp:329:5: warning: this loop is not unrolled: its 400 iterations would make more than 524288 statements and expressions (inlined calls and nested unrolled loops counted), and compile time and memory grow with them; the GPU driver's compiler decides whether to unroll it [ampvk -Wloop-not-unrolled]
// ERROR: loop_unroll_hints.cpp:307:5: error: this loop is not unrolled

// NOHINT: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} None
// NOHINT-NOT: OpLoopMerge
// NOHINT: OpFunctionEnd

// FULL-NOT: OpLoopMerge
// FULL: OpFunctionEnd

// NEVER: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} DontUnroll
// NEVER-NOT: OpLoopMerge
// NEVER: OpFunctionEnd

// The outer loop is unrolled around the inner one, which stays (declined).
// NESTED-NOT: Unroll
// NESTED-COUNT-4: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} None
// NESTED-NOT: OpLoopMerge
// NESTED: OpFunctionEnd

// The outer loop stays; the helper's 400 iterations are unrolled inside it.
// INNERUNROLLED: OpLoopMerge %{{[0-9]+}} %{{[0-9]+}} None
// INNERUNROLLED-NOT: OpLoopMerge
// INNERUNROLLED-COUNT-400: OpFAdd
// INNERUNROLLED-NOT: OpLoopMerge
// INNERUNROLLED: OpFunctionEnd
