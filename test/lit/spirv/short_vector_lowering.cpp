// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-val --target-env vulkan1.1 %t/short_vector_lowering.cpp-41-44.spv
// RUN: %spirv-dis %t/short_vector_lowering.cpp-41-44.spv | FileCheck %s
// RUN: %spirv-val --target-env vulkan1.1 %t/short_vector_lowering.cpp-70-23.spv
// RUN: %spirv-dis %t/short_vector_lowering.cpp-70-23.spv | FileCheck %s --check-prefix=BUFFERS
// RUN: %spirv-val --target-env vulkan1.1 %t/short_vector_lowering.cpp-82-31.spv
// RUN: %spirv-dis %t/short_vector_lowering.cpp-82-31.spv | FileCheck %s --check-prefix=PADDED
// A class of two to four members of one 32-bit type (float_4, int_2, a
// user's struct of four floats) is an OpTypeVector in Function and Workgroup
// memory, so that a tile_static array of them is read and written one vector
// at a time (drivers make one wide access of it, not of a struct's members).
// In a storage buffer it is a vector where each of a view's elements has it
// at a multiple of its size (a vector's layout asks that), as `in` here; else
// it stays a struct at the C++ offsets (BUFFERS). Classes of other shapes stay
// structs everywhere: mixed members, five members, 64-bit members.
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

struct four { float a, b, c, d; };
struct mixed { float a; int b; };
struct five { float a, b, c, d, e; };

// CHECK-DAG: %[[V4:[0-9A-Za-z_]+]] = OpTypeVector %float 4
// CHECK-DAG: OpDecorate %[[RV4:[0-9A-Za-z_]+]] ArrayStride 16
// CHECK-DAG: %[[RV4]] = OpTypeRuntimeArray %[[V4]]
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

// In `shifted`'s elements (20 bytes) a float_4 lies at 4, 24, 44, ...: not a
// vector's place, so both buffers keep float_4 a struct at the C++ offsets;
// `pairs` (int_2 at 0 and 8 of 16-byte elements) has int_2 as a vector.
struct shifted_4 { float s; float_4 v; };
struct int_pairs { int_2 a, b; };
void buffers(array_view<shifted_4, 1> shifted, array_view<int_pairs, 1> pairs) {
  parallel_for_each(
      shifted.extent, [=](index<1> i) restrict(amp) {
        shifted[i].v.y += shifted[i].s;
        pairs[i].b = pairs[i].a + int_2(1, 2);
      });
}
// Nor where a vector's alignment would round a class holding it past the C++
// size (an int at byte 12, after the 12-byte class), or where two floats are
// 8 bytes apart: structs at the C++ offsets (PADDED).
struct inner { int_2 p; int w; };
struct outer { inner in; int x; };
struct gap2 { float a; alignas(8) float b; };
void padded(array_view<outer, 1> o, array_view<gap2, 1> g) {
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
    o[i].x += o[i].in.p.y;
    g[i].b = g[i].a;
  });
}
// PADDED-DAG: %int_2 = OpTypeStruct %int %int
// PADDED-DAG: OpMemberDecorate %outer 1 Offset 12
// PADDED-DAG: %gap2 = OpTypeStruct %float %float
// PADDED-DAG: OpMemberDecorate %gap2 1 Offset 8
// BUFFERS-DAG: OpMemberDecorate %float_4 3 Offset 12
// BUFFERS-DAG: %float_4 = OpTypeStruct %float %float %float %float
// BUFFERS-DAG: OpMemberDecorate %shifted_4 1 Offset 4
// BUFFERS-DAG: %[[V2:[0-9A-Za-z_]+]] = OpTypeVector %int 2
// BUFFERS-DAG: %int_pairs = OpTypeStruct %[[V2]] %[[V2]]
// BUFFERS-DAG: OpMemberDecorate %int_pairs 1 Offset 8
// BUFFERS-NOT: %int_2 = OpTypeStruct
