// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/switch_structure.cpp-21-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/switch_structure.cpp-21-33.aliased.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-loop-witness=off -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/switch_structure.cpp-21-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/switch_structure.cpp-21-33.aliased.spv
// RUN: %spirv-dis %t.noopt/switch_structure.cpp-21-33.spv | FileCheck %s
// RUN: %spirv-dis %t.noopt/switch_structure.cpp-21-33.spv -o %t.dis && FileCheck %s --input-file=%t.dis --check-prefix=SHARED && FileCheck %s --input-file=%t.dis --check-prefix=LOOPK2 && FileCheck %s --input-file=%t.dis --check-prefix=LOOPK3 && FileCheck %s --input-file=%t.dis --check-prefix=LOOPK4
// A C++ switch is one OpSwitch under an OpSelectionMerge (no optimization,
// which would fold it). Case labels sharing a body share a target block;
// falling through is a branch from one case's block to the next case's
// block (SPIR-V allows that when the next block is the only successor);
// `break` branches to the merge block, and so does the default target of a
// switch without `default`. Inside a loop, `break` still leaves only the
// switch and `continue` goes to the loop's continue target. (A `default`
// that is not the last label is a compile-time error for now.)
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> out, array_view<const int, 1> in) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    int r = 0;
    int x = in[i];
    switch (x) {
    case 10:
      r += 100;      // falls through into case 20
    case 20:
      r += 200;
      break;
    case 30:
    case 40:
      r = 300;
      break;
    default:
      r = -1;
      break;
    }
    switch (x & 15) {
    case 1:
      r += 1000;     // falls through into case 5
    case 5:
      r += 5000;     // falls through into default
    default:
      r += 2000;
    }
    switch (x & 7) { // no default
    case 6:
      r ^= 6000;
      break;
    }
    for (int k = 0; k < x; ++k) {
      switch (k) {
      case 2:
        continue;
      case 3:
        r += 3000;
        break;
      case 4:
        r += 4000;
        break;
      }
      r += 7;
    }
    out[i] = r;
  });
}

// switch 1, on the value just loaded from `in`: 30 and 40 share a block;
// default has its own.
// CHECK: OpAccessChain %{{[_a-zA-Z0-9]+}} %in
// CHECK-NEXT: OpLoad %int
// CHECK-NEXT: OpSelectionMerge %[[M1:[0-9]+]] None
// CHECK-NEXT: OpSwitch %{{[0-9]+}} %[[D1:[0-9]+]] 10 %[[C10:[0-9]+]] 20 %[[C20:[0-9]+]] 30 %[[C34:[0-9]+]] 40 %[[C34]]{{$}}
// The shared block only branches to the merge (before or after the other
// cases' blocks: the order of blocks is the optimizer's).
// SHARED: OpAccessChain %{{[_a-zA-Z0-9]+}} %in
// SHARED-NEXT: OpLoad %int
// SHARED-NEXT: OpSelectionMerge %[[M1:[0-9]+]] None
// SHARED-NEXT: OpSwitch %{{[0-9]+}} %{{[0-9]+}} 10 %{{[0-9]+}} 20 %{{[0-9]+}} 30 %[[C34:[0-9]+]] 40 %[[C34]]{{$}}
// SHARED: %[[C34]] = OpLabel
// SHARED-NEXT: OpBranch %[[M1]]
// case 10 falls through into case 20.
// CHECK: %[[C10]] = OpLabel
// CHECK-NOT: OpLabel
// CHECK: OpBranch %[[C20]]
// CHECK: %[[C20]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_200{{$}}
// CHECK-NEXT: OpBranch %[[M1]]
// CHECK: %[[D1]] = OpLabel
// CHECK-NEXT: OpBranch %[[M1]]
// CHECK: %[[M1]] = OpLabel
// CHECK-NEXT: OpPhi %int {{.*}}%int_300 %[[C34]] %int_n1 %[[D1]]

// switch 2: 1 falls into 5, 5 falls into default, default into the merge.
// CHECK: OpSelectionMerge %[[M2:[0-9]+]] None
// CHECK-NEXT: OpSwitch %{{[0-9]+}} %[[D2:[0-9]+]] 1 %[[C1:[0-9]+]] 5 %[[C5:[0-9]+]]{{$}}
// CHECK: %[[C1]] = OpLabel
// CHECK-NEXT: OpIAdd %int %{{[0-9]+}} %int_1000{{$}}
// CHECK-NEXT: OpBranch %[[C5]]
// CHECK: %[[C5]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_5000{{$}}
// CHECK-NEXT: OpBranch %[[D2]]
// CHECK: %[[D2]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_2000{{$}}
// CHECK-NEXT: OpBranch %[[M2]]
// CHECK: %[[M2]] = OpLabel

// switch 3: without default, the default target is the merge block.
// CHECK: OpSelectionMerge %[[M3:[0-9]+]] None
// CHECK-NEXT: OpSwitch %{{[0-9]+}} %[[M3]] 6 %{{[0-9]+}}{{$}}

// switch 4, in a loop: continue goes to the loop's continue target, break to
// the switch's merge block.
// CHECK: OpLoopMerge %[[LM:[0-9]+]] %[[LC:[0-9]+]] None
// CHECK: OpSelectionMerge %[[M4:[0-9]+]] None
// CHECK-NEXT: OpSwitch %{{[0-9]+}} %[[M4]] 2 %{{[0-9]+}} 3 %{{[0-9]+}} 4 %{{[0-9]+}}{{$}}
// CHECK: %[[M4]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_7{{$}}
// CHECK-NEXT: OpBranch %[[LC]]
// CHECK: %[[LC]] = OpLabel
// CHECK: %[[LM]] = OpLabel
// Its case blocks, in whichever order the optimizer left them:
// LOOPK2: OpSwitch %{{[0-9]+}} %{{[0-9]+}} 6 %{{[0-9]+}}{{$}}
// LOOPK2: OpLoopMerge %{{[0-9]+}} %[[LC:[0-9]+]] None
// LOOPK2: OpSwitch %{{[0-9]+}} %{{[0-9]+}} 2 %[[K2:[0-9]+]] 3 %{{[0-9]+}} 4 %{{[0-9]+}}{{$}}
// LOOPK2: %[[K2]] = OpLabel
// LOOPK2-NEXT: OpBranch %[[LC]]
// LOOPK3: OpSwitch %{{[0-9]+}} %[[M4:[0-9]+]] 2 %{{[0-9]+}} 3 %[[K3:[0-9]+]] 4 %{{[0-9]+}}{{$}}
// LOOPK3: %[[K3]] = OpLabel
// LOOPK3-NEXT: OpIAdd %int %{{[0-9]+}} %int_3000{{$}}
// LOOPK3-NEXT: OpBranch %[[M4]]
// LOOPK4: OpSwitch %{{[0-9]+}} %[[M4:[0-9]+]] 2 %{{[0-9]+}} 3 %{{[0-9]+}} 4 %[[K4:[0-9]+]]{{$}}
// LOOPK4: %[[K4]] = OpLabel
// LOOPK4-NEXT: OpIAdd %int %{{[0-9]+}} %int_4000{{$}}
// LOOPK4-NEXT: OpBranch %[[M4]]
