// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/loop_structure.cpp-29-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/loop_structure.cpp-29-33.aliased.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/loop_structure.cpp-29-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/loop_structure.cpp-29-33.aliased.spv
// RUN: %spirv-dis %t.noopt/loop_structure.cpp-29-33.spv | FileCheck %s
// Structured control flow for loops (no optimization, which would unroll or
// fold them). Every loop header has an OpLoopMerge naming its merge block and
// a continue target: `continue` branches to the continue target and `break`
// to the merge block; a for loop's increment and a do-while's condition live
// in the continue target. spirv-val checks that the back-edges go to the
// headers. A helper with a `return` inside nested loops is inlined as a
// single-trip loop; the return sets a flag, leaves the innermost loop, and
// each enclosing loop tests the flag and leaves too. The break/continue
// conditions use distinct constants so each can be found.
#include <amp.h>
using namespace concurrency;

int find(const array_view<const int, 1> &in, int n, int key) restrict(amp) {
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (in[r * n + c] == key)
        return r * n + c;
  return -1;
}

void run(array_view<int, 1> out, array_view<const int, 1> in, int n) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    int acc = 0;
    for (int k = 0; k < n; k += 1000) {
      if (k == 3) continue;
      if (k == 7) break;
      acc += in[k];
    }
    int w = n;
    while (w > 0) {
      w -= 2;
      if (w == 5) continue;
      if (w == 11) break;
      acc ^= w;
    }
    int d = 0;
    do {
      d += 100;
      if (d == 13) continue;
      if (d == 17) break;
      acc += d;
    } while (d < n);
    out[i] = acc + find(in, n, i[0]);
  });
}

// The loop over the thread's work items (ItemLoop.cpp) comes first.
// CHECK: OpSLessThan %bool %{{[0-9]+}} %items_per_thread
// for: header, condition, continue, break, increment in the continue target.
// CHECK: OpLoopMerge %[[FM:[0-9]+]] %[[FC:[0-9]+]] None
// CHECK: OpSLessThan %bool
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %{{[0-9]+}} %[[FM]]
// CHECK: OpIEqual %bool %{{[0-9]+}} %int_3{{$}}
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[FCONT:[0-9]+]]
// CHECK-NEXT: %[[FCONT]] = OpLabel
// CHECK-NEXT: OpBranch %[[FC]]
// CHECK: OpIEqual %bool %{{[0-9]+}} %int_7{{$}}
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[FBRK:[0-9]+]]
// CHECK-NEXT: %[[FBRK]] = OpLabel
// CHECK-NEXT: OpBranch %[[FM]]
// CHECK: %[[FC]] = OpLabel
// CHECK-NOT: OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_1000{{$}}
// CHECK-NEXT: OpBranch
// CHECK: %[[FM]] = OpLabel

// while: the condition in the header's successor, an (empty) continue target.
// CHECK: OpLoopMerge %[[WM:[0-9]+]] %[[WC:[0-9]+]] None
// CHECK: OpSGreaterThan %bool
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %{{[0-9]+}} %[[WM]]
// CHECK: OpIEqual %bool %{{[0-9]+}} %int_5{{$}}
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[WCONT:[0-9]+]]
// CHECK-NEXT: %[[WCONT]] = OpLabel
// CHECK-NEXT: OpBranch %[[WC]]
// CHECK: OpIEqual %bool %{{[0-9]+}} %int_11{{$}}
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[WBRK:[0-9]+]]
// CHECK-NEXT: %[[WBRK]] = OpLabel
// CHECK-NEXT: OpBranch %[[WM]]
// CHECK: %[[WC]] = OpLabel
// CHECK: %[[WM]] = OpLabel

// do-while: the body runs first; the condition is in the continue target,
// whose conditional branch is the back-edge or the exit.
// CHECK: OpLoopMerge %[[DM:[0-9]+]] %[[DC:[0-9]+]] None
// CHECK-NOT: OpBranchConditional
// CHECK: OpIAdd %int %{{[0-9]+}} %int_100{{$}}
// CHECK: OpIEqual %bool %{{[0-9]+}} %int_13{{$}}
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[DCONT:[0-9]+]]
// CHECK-NEXT: %[[DCONT]] = OpLabel
// CHECK-NEXT: OpBranch %[[DC]]
// CHECK: OpIEqual %bool %{{[0-9]+}} %int_17{{$}}
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[DBRK:[0-9]+]]
// CHECK-NEXT: %[[DBRK]] = OpLabel
// CHECK-NEXT: OpBranch %[[DM]]
// CHECK: %[[DC]] = OpLabel
// CHECK-NOT: OpLabel
// CHECK: OpSLessThan %bool
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %{{[0-9]+}} %[[DM]]
// CHECK: %[[DM]] = OpLabel

// find(): the single-trip loop around the body, then the row and column loops.
// CHECK: OpLoopMerge %[[BODY:[0-9]+]] %{{[0-9]+}} None
// CHECK: OpLoopMerge %[[RM:[0-9]+]] %{{[0-9]+}} None
// CHECK: OpLoopMerge %[[CM:[0-9]+]] %{{[0-9]+}} None
// `return r * n + c` leaves the column loop with the flag set.
// CHECK: OpIEqual %bool
// CHECK-NEXT: OpSelectionMerge
// CHECK-NEXT: OpBranchConditional %{{[0-9]+}} %[[RET:[0-9]+]]
// CHECK-NEXT: %[[RET]] = OpLabel
// CHECK-NOT: OpLabel
// CHECK: OpBranch %[[CM]]
// After the column loop, the row loop tests the flag and leaves.
// CHECK: %[[CM]] = OpLabel
// CHECK: %[[F1:[0-9]+]] = OpPhi %bool {{.*}}%true
// CHECK: OpBranchConditional %[[F1]] %[[OUT1:[0-9]+]]
// CHECK-NEXT: %[[OUT1]] = OpLabel
// CHECK-NEXT: OpBranch %[[RM]]
// After the row loop, the body's loop tests the flag and leaves.
// CHECK: %[[RM]] = OpLabel
// CHECK: OpBranchConditional %{{[0-9]+}} %[[OUT2:[0-9]+]]
// CHECK-NEXT: %[[OUT2]] = OpLabel
// CHECK-NEXT: OpBranch %[[BODY]]
// The result: the returned value or the -1 of the fall-through.
// CHECK: %[[BODY]] = OpLabel
// CHECK-NEXT: OpPhi %int {{.*}}%int_n1
