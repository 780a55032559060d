// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/out_of_line_body.cpp-37-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/out_of_line_body.cpp-37-33.aliased.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/out_of_line_body.cpp-43-33.spv
// RUN: %spirv-dis %t/out_of_line_body.cpp-37-33.spv | FileCheck %s --check-prefix=CALLED
// RUN: %spirv-dis %t/out_of_line_body.cpp-37-33.aliased.spv | FileCheck %s --check-prefix=CALLED
// RUN: %spirv-dis %t/out_of_line_body.cpp-43-33.spv | FileCheck %s --check-prefix=INLINED
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/out_of_line_body.cpp-37-33.spv
// RUN: %spirv-dis %t.noopt/out_of_line_body.cpp-37-33.spv | FileCheck %s --check-prefix=CALLED
// An untiled kernel whose body has more than 1024 blocks as emitted keeps it as
// a function of its own (DontInline), called from the item loop (ItemLoop.cpp):
// inlined, the body would lie inside the entry's constructs, which SPIRV-Tools'
// validator walks block by block up the dominator tree. A smaller body is
// inlined as before. Each `if` here is three blocks (then, else, merge): 512 of
// them are 1536 blocks, 64 are 192.
#include <amp.h>
using namespace concurrency;

#define STEP(K)                                                                \
  if (v > (K) * 7 - y)                                                         \
    v = v / 3 + (K);                                                           \
  else                                                                         \
    v = v + (K) % 5 + 3;
#define STEPS4(K) STEP(K) STEP((K) + 1) STEP((K) + 2) STEP((K) + 3)
#define STEPS16(K) STEPS4(K) STEPS4((K) + 4) STEPS4((K) + 8) STEPS4((K) + 12)
#define STEPS64(K) STEPS16(K) STEPS16((K) + 16) STEPS16((K) + 32) STEPS16((K) + 48)
#define STEPS256(K) STEPS64(K) STEPS64((K) + 64) STEPS64((K) + 128) STEPS64((K) + 192)

int long_chain(int v, int y) restrict(amp) {
  STEPS256(0)
  STEPS256(256)
  return v;
}

void big(array_view<int, 1> out, array_view<const int, 1> in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = long_chain(in[i], i[0]);
  });
}

void small(array_view<int, 1> out, array_view<const int, 1> in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    int v = in[i], y = i[0];
    STEPS64(0)
    out[i] = v;
  });
}

// CALLED: %kernel_body = OpFunction %void DontInline
// CALLED: %main = OpFunction %void None
// CALLED: OpLoopMerge
// CALLED: OpFunctionCall %void %kernel_body

// INLINED-NOT: OpFunctionCall
// INLINED-NOT: DontInline
// INLINED: %main = OpFunction %void None
// INLINED-NOT: OpFunctionCall
// INLINED-NOT: DontInline
