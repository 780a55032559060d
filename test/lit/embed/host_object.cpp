// RUN: %ampxx-obj -O0 %s -o %t.o0.o
// RUN: llvm-nm -C %t.o0.o | FileCheck %s
// RUN: llvm-nm -C %t.o0.o | FileCheck %s --check-prefix=ABSENT
// RUN: %ampxx-obj -O2 %s -o %t.o2.o
// RUN: llvm-nm -C %t.o2.o | FileCheck %s
// RUN: llvm-nm -C %t.o2.o | FileCheck %s --check-prefix=ABSENT
// RUN: %ampxx-obj -O2 -g %s -o %t.g.o
// RUN: llvm-nm -C %t.g.o | FileCheck %s
// RUN: llvm-nm -C %t.g.o | FileCheck %s --check-prefix=ABSENT
// What the host object holds once the kernels are SPIR-V: the host code, the
// kernel images, and no CPU code for what only the GPU runs. Plain clang
// compiles a kernel's call operator and the restrict(amp) functions it calls
// for the CPU as well (the header names the operator to instantiate it), which
// made a register-blocked kernel cost more in LLVM than in the plugin.
#include <amp.h>
using namespace concurrency;

int amp_only_twice(int X) restrict(amp) { return 2 * X; }
inline int amp_only_inline(int X) restrict(amp) { return X + 7; }
template <typename T> T amp_only_template(T X) restrict(amp) { return X * X; }
int both_on_host(int X) restrict(cpu, amp) { return X - 1; }
int both_in_kernel_only(int X) restrict(cpu, amp) { return X + 3; }

struct Functor {
  array_view<int, 1> Out;
  void operator()(index<1> I) const restrict(amp) {
    Out[I] = amp_only_inline(Out[I]) + amp_only_template(I[0]);
  }
};

struct FunctorBoth {
  array_view<int, 1> Out;
  void operator()(index<1> I) const restrict(cpu, amp) { Out[I] += 1; }
};

int run_kernels(array_view<int, 1> Out) {
  parallel_for_each(Out.extent, [=](index<1> I) restrict(amp) {
    Out[I] = amp_only_twice(Out[I]) + both_in_kernel_only(I[0]);
  });
  parallel_for_each(Out.extent, Functor{Out});
  FunctorBoth Both{Out};
  parallel_for_each(Out.extent, Both);
  Both(index<1>(0)); // the CPU calls this one itself
  return both_on_host(Out[0]);
}

// A restrict(amp) function with external linkage is a definition like any
// other; an inline or template one that only kernels call is not compiled for
// the CPU, nor is a kernel's call operator, nor the header's helper that names it.
// CHECK-DAG: T amp_only_twice(int)
// CHECK-DAG: T both_on_host(int)
// CHECK-DAG: T both_in_kernel_only(int)
// CHECK-DAG: T run_kernels(
// CHECK-DAG: FunctorBoth::operator()(Concurrency::index<1>) const
// CHECK-DAG: {{[tW]}} {{.*}}Concurrency::detail::kernel_image<run_kernels(
// CHECK-DAG: {{[tW]}} {{.*}}Concurrency::detail::kernel_image<Functor, 1, 0, 0, 0>()
// CHECK-DAG: {{[tW]}} {{.*}}Concurrency::detail::kernel_image<FunctorBoth, 1, 0, 0, 0>()
// ABSENT-NOT: amp_only_inline
// ABSENT-NOT: amp_only_template
// ABSENT-NOT: {{ }}Functor::operator()
// ABSENT-NOT: instantiate_call_operator
// ABSENT-NOT: $_0::operator()
