// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-no-opt -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/switch_groups.cpp-39-33.spv
// RUN: %spirv-val --target-env vulkan1.1 %t/switch_groups.cpp-51-33.spv
// RUN: %spirv-dis %t/switch_groups.cpp-39-33.spv | FileCheck %s --check-prefix=ONE
// RUN: %spirv-dis %t/switch_groups.cpp-51-33.spv | FileCheck %s --check-prefix=GROUPS
// RUN: rm -rf %t.opt && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t.opt %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t.opt/switch_groups.cpp-51-33.spv
// A switch of up to 128 segments (runs of statements after their labels) is
// one OpSwitch; a longer one is an OpSwitch whose targets are groups of at
// least 64 segments, each group an OpSwitch of its own under its own merge
// block, which branches to the switch's merge block (StmtEmitter.cpp,
// switchGroups): SPIRV-Tools' walks of the control-flow graph are quadratic
// in one block's successors. A group ends only after a segment that breaks or
// returns, so that a fall-through stays within one OpSwitch: the 193 segments
// here (values 0 to 191, every third one falling through, and the default)
// are groups of 64, 65 and 64, and the default is the last group's. (No optimization, which
// would change the switches.)
#include <amp.h>
using namespace concurrency;

#define CASE(n) case (n) * 3: r = r * 5 + (n); break;
#define FALL(n) case (n) * 3 + 1: r += (n); /* falls through */
#define TRIPLE(n) CASE(n) FALL(n) case (n) * 3 + 2: r ^= (n); break;
#define T4(n) TRIPLE(4 * (n)) TRIPLE(4 * (n) + 1) TRIPLE(4 * (n) + 2) TRIPLE(4 * (n) + 3)
#define T16(n) T4(4 * (n)) T4(4 * (n) + 1) T4(4 * (n) + 2) T4(4 * (n) + 3)

// ONE: OpSwitch %{{[0-9]+}} %{{[0-9]+}} 0 %{{[0-9]+}} 1 {{.*}} 119 %{{[0-9]+}}{{$}}
// ONE-NOT: OpSwitch

// GROUPS: OpSwitch %[[X:[0-9]+]] %[[G3:[0-9]+]] 0 %[[G1:[0-9]+]] 1 %[[G1]] {{.*}} 63 %[[G1]] 64 %[[G2:[0-9]+]] {{.*}} 128 %[[G2]] 129 %[[G3]] {{.*}} 191 %[[G3]]{{$}}
// GROUPS-DAG: %[[G1]] = OpLabel
// GROUPS-DAG: OpSwitch %[[X]] %{{[0-9]+}} 0 %{{[0-9]+}} {{.*}} 63 %{{[0-9]+}}{{$}}
// GROUPS-DAG: %[[G2]] = OpLabel
// GROUPS-DAG: OpSwitch %[[X]] %{{[0-9]+}} 64 %{{[0-9]+}} {{.*}} 128 %{{[0-9]+}}{{$}}
// GROUPS-DAG: %[[G3]] = OpLabel
// GROUPS-DAG: OpSwitch %[[X]] %{{[0-9]+}} 129 %{{[0-9]+}} {{.*}} 191 %{{[0-9]+}}{{$}}
// GROUPS-NOT: OpSwitch
void one(array_view<int, 1> out, array_view<const int, 1> in) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    int x = in[i];
    int r = 0;
    switch (x) {
      T16(0) T16(1) // 96 segments
      T4(8) T4(9) // and 24 more
    }
    out[i] = r;
  });
}

void groups(array_view<int, 1> out, array_view<const int, 1> in) {
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    int x = in[i];
    int r = 0;
    switch (x) {
      T16(0) T16(1) T16(2) T16(3) // 192 segments
    default:
      r = -x;
      break;
    }
    out[i] = r;
  });
}
