// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/switch_structure.cpp-20-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/switch_structure.cpp-20-33.aliased.spv
// RUN: rm -rf %t.noopt && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t.noopt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/switch_structure.cpp-20-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t.noopt/switch_structure.cpp-20-33.aliased.spv
// RUN: %spirv-dis %t.noopt/switch_structure.cpp-20-33.spv | FileCheck %s
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
// case 10 falls through into case 20.
// CHECK: %[[C10]] = OpLabel
// CHECK-NOT: OpLabel
// CHECK: OpBranch %[[C20]]
// CHECK: %[[C20]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_200{{$}}
// CHECK-NEXT: OpBranch %[[M1]]
// CHECK: %[[C34]] = OpLabel
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
// CHECK-NEXT: OpSwitch %{{[0-9]+}} %[[M4]] 2 %[[K2:[0-9]+]] 3 %[[K3:[0-9]+]] 4 %[[K4:[0-9]+]]{{$}}
// CHECK: %[[K2]] = OpLabel
// CHECK-NEXT: OpBranch %[[LC]]
// CHECK: %[[K3]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_3000{{$}}
// CHECK-NEXT: OpBranch %[[M4]]
// CHECK: %[[K4]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_4000{{$}}
// CHECK-NEXT: OpBranch %[[M4]]
// CHECK: %[[M4]] = OpLabel
// CHECK: OpIAdd %int %{{[0-9]+}} %int_7{{$}}
// CHECK-NEXT: OpBranch %[[LC]]
// CHECK: %[[LC]] = OpLabel
// CHECK: %[[LM]] = OpLabel
