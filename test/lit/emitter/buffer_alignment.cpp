// A packed struct can put a 64-bit member, or the next element of an array,
// at an offset Vulkan's storage-buffer layout does not allow (without
// scalarBlockLayout). As array or array_view data that is a clear error at the
// kernel, where it used to be an internal error from spirv-val.
// RUN: %ampxx -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

#pragma pack(push, 4)
struct MisalignedMember { int a; double d; }; // expected-error {{a member of type 'double' at byte 4 in array or array_view data, where Vulkan needs an offset that is a multiple of 8 bytes (a packed struct?), is not supported in a kernel by ampvk yet}}
struct MisalignedStride { double d; int a; }; // expected-error {{an element of type 'MisalignedStride' and 12 bytes in array or array_view data, where Vulkan needs a size that is a multiple of 8 bytes (a packed struct?), is not supported in a kernel by ampvk yet}}
#pragma pack(pop)
struct Natural { int a; double d; }; // the usual layout: fine

void member(array_view<MisalignedMember, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i].d += v[i].a; }); // expected-note {{while compiling this kernel for the device}}
}

void stride(array_view<MisalignedStride, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i].d += v[i].a; }); // expected-note {{while compiling this kernel for the device}}
}

void natural(array_view<Natural, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i].d += v[i].a; });
}
