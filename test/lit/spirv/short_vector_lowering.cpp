// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/short_vector_lowering.cpp-35-44.spv
// RUN: %spirv-dis %t/short_vector_lowering.cpp-35-44.spv | FileCheck %s
// A class of two to four members of one 32-bit type (float_4, int_2, a
// user's struct of four floats) is an OpTypeVector in Function and Workgroup
// memory, so that a tile_static array of them is read and written one vector
// at a time (drivers make one wide access of it, not of a struct's members).
// In a storage buffer it stays a struct at the C++ offsets. Classes of other
// shapes stay structs everywhere: mixed members, five members, 64-bit members.
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

struct four { float a, b, c, d; };
struct mixed { float a; int b; };
struct five { float a, b, c, d, e; };

// CHECK-DAG: %[[V4:[0-9A-Za-z_]+]] = OpTypeVector %float 4
// CHECK-DAG: OpMemberDecorate %float_4 3 Offset 12
// CHECK-DAG: %float_4 = OpTypeStruct %float %float %float %float
// CHECK-DAG: %mixed = OpTypeStruct %float %int
// CHECK-DAG: %five = OpTypeStruct %float %float %float %float %float
// CHECK-DAG: %double_2 = OpTypeStruct %double %double
// CHECK-DAG: %[[ARR:[0-9A-Za-z_]+]] = OpTypeArray %[[V4]] %int_64
// CHECK-DAG: %[[PARR:[0-9A-Za-z_]+]] = OpTypePointer Workgroup %[[ARR]]
// CHECK-DAG: %[[PV4:[0-9A-Za-z_]+]] = OpTypePointer Workgroup %[[V4]]
// CHECK-DAG: %vs = OpVariable %[[PARR]] Workgroup
// CHECK-DAG: %fs = OpVariable %[[PARR]] Workgroup
// CHECK: %[[S:[0-9]+]] = OpAccessChain %[[PV4]] %vs
// CHECK-NEXT: OpStore %[[S]]
// CHECK: %[[L:[0-9]+]] = OpAccessChain %[[PV4]] %vs
// CHECK-NEXT: OpLoad %[[V4]] %[[L]]
void vectors(array_view<const float_4, 1> in, array_view<float, 1> out) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static float_4 vs[64];
    tile_static four fs[64];
    tile_static mixed ms[64];
    tile_static five ps[64];
    tile_static double_2 ds[64];
    int l = t.local[0];
    float_4 v = in[t.global];
    vs[l] = v;
    fs[l] = four{v.x, v.y, v.z, v.w};
    ms[l] = mixed{v.x, l};
    ps[l] = five{v.x, v.y, v.z, v.w, 1.0f};
    ds[l] = double_2(v.x, v.y);
    t.barrier.wait();
    float_4 w = vs[63 - l];
    four f = fs[63 - l];
    int_2 k(l, ms[63 - l].b);
    out[t.global] = w.x + w.w + f.b + f.c + ms[l].a + static_cast<float>(k.y) + ps[l].e +
                    static_cast<float>(ds[l].y);
  });
}
