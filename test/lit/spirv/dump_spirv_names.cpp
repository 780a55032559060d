// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s dump_names.cpp
// RUN: %ampxx-obj -fplugin-arg-ampvk-dump-spirv=out dump_names.cpp -o dump_names.o
// RUN: FileCheck %s --input-file=out/index.txt --match-full-lines --strict-whitespace
// RUN: ls out | env LC_ALL=C sort | FileCheck %s --check-prefix=FILES --match-full-lines
// RUN: %spirv-val --target-env vulkan1.1 out/dump_names.cpp-57-31.spv
// RUN: %spirv-val --target-env vulkan1.1 out/dump_names.cpp-57-31.aliased.spv
// RUN: %spirv-val --target-env vulkan1.1 out/dump_names.cpp-57-108.spv
// Compiling again into the same folder gives every kernel the same name, and
// the index keeps one line per file.
// RUN: %ampxx-obj -fplugin-arg-ampvk-dump-spirv=out dump_names.cpp -o dump_names.o
// RUN: FileCheck %s --input-file=out/index.txt --match-full-lines --strict-whitespace
// RUN: ls out | env LC_ALL=C sort | FileCheck %s --check-prefix=FILES --match-full-lines
// A same-named file of another translation unit into the same folder: its
// kernels take the next free suffixes, and the index keeps both files' kernels.
// RUN: mkdir -p sub && cp %s sub/dump_names.cpp
// RUN: %ampxx-obj -fplugin-arg-ampvk-dump-spirv=out sub/dump_names.cpp -o sub.o
// RUN: FileCheck %s --check-prefix=BOTH --input-file=out/index.txt --match-full-lines --strict-whitespace
//
// -fplugin-arg-ampvk-dump-spirv=DIR names each file after the kernel's source
// location (the lambda's introducer; a functor's parallel_for_each call):
// two kernels on one line differ by column, two instantiations of one template
// kernel by a -2 suffix; DIR/index.txt says which is which.
// CHECK:# ampvk dump-spirv index: file	source location	function	kind
// CHECK-NEXT:dump_names.cpp-57-108.spv	dump_names.cpp:57:108	two_on_one_line	untiled
// CHECK-NEXT:dump_names.cpp-57-31.aliased.spv	dump_names.cpp:57:31	two_on_one_line	untiled aliased
// CHECK-NEXT:dump_names.cpp-57-31.spv	dump_names.cpp:57:31	two_on_one_line	untiled
// CHECK-NEXT:dump_names.cpp-61-51-2.spv	dump_names.cpp:61:51	scale<float>	tiled
// CHECK-NEXT:dump_names.cpp-61-51.spv	dump_names.cpp:61:51	scale<int>	tiled
// CHECK-NEXT:dump_names.cpp-74-3.spv	dump_names.cpp:74:3	fill_functor	untiled
// CHECK-EMPTY:
// BOTH:# ampvk dump-spirv index: file	source location	function	kind
// BOTH-NEXT:dump_names.cpp-57-108-2.spv	sub/dump_names.cpp:57:108	two_on_one_line	untiled
// BOTH-NEXT:dump_names.cpp-57-108.spv	dump_names.cpp:57:108	two_on_one_line	untiled
// BOTH-NEXT:dump_names.cpp-57-31-2.aliased.spv	sub/dump_names.cpp:57:31	two_on_one_line	untiled aliased
// BOTH-NEXT:dump_names.cpp-57-31-2.spv	sub/dump_names.cpp:57:31	two_on_one_line	untiled
// BOTH-NEXT:dump_names.cpp-57-31.aliased.spv	dump_names.cpp:57:31	two_on_one_line	untiled aliased
// BOTH-NEXT:dump_names.cpp-57-31.spv	dump_names.cpp:57:31	two_on_one_line	untiled
// BOTH-NEXT:dump_names.cpp-61-51-2.spv	dump_names.cpp:61:51	scale<float>	tiled
// BOTH-NEXT:dump_names.cpp-61-51-3.spv	sub/dump_names.cpp:61:51	scale<int>	tiled
// BOTH-NEXT:dump_names.cpp-61-51-4.spv	sub/dump_names.cpp:61:51	scale<float>	tiled
// BOTH-NEXT:dump_names.cpp-61-51.spv	dump_names.cpp:61:51	scale<int>	tiled
// BOTH-NEXT:dump_names.cpp-74-3-2.spv	sub/dump_names.cpp:74:3	fill_functor	untiled
// BOTH-NEXT:dump_names.cpp-74-3.spv	dump_names.cpp:74:3	fill_functor	untiled
// BOTH-EMPTY:
// FILES:dump_names.cpp-57-108.spv
// FILES-NEXT:dump_names.cpp-57-31.aliased.spv
// FILES-NEXT:dump_names.cpp-57-31.spv
// FILES-NEXT:dump_names.cpp-61-51-2.spv
// FILES-NEXT:dump_names.cpp-61-51.spv
// FILES-NEXT:dump_names.cpp-74-3.spv
// FILES-NEXT:index.txt
// FILES-NEXT:index.txt.lock
#include <amp.h>
using namespace concurrency;

void two_on_one_line(array_view<int, 1> a, array_view<int, 1> b) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] = b[i]; }); parallel_for_each(b.extent, [=](index<1> i) restrict(amp) { b[i] += 1; });
}

template <typename T> void scale(array_view<T, 1> v, T by) {
  parallel_for_each(v.extent.template tile<64>(), [=](tiled_index<64> t) restrict(amp) { v[t.global] *= by; });
}

template void scale<int>(array_view<int, 1>, int);
template void scale<float>(array_view<float, 1>, float);

struct fill_functor {
  array_view<int, 1> v;
  void operator()(index<1> i) const restrict(amp) { v[i] = i[0]; }
};

void fill(array_view<int, 1> v) {
  fill_functor f{v};
  parallel_for_each(v.extent, f);
}
