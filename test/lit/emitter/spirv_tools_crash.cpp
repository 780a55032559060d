// A crash inside SPIRV-Tools (it has crashed on valid modules: its constant
// folder once divided INT_MIN by -1) costs the kernel being optimized, not the
// compiler: the signal is contained, the kernel gets an error at its source
// location, and clang exits normally with its diagnostics (no crash report
// pointing at LLVM's bug tracker). The plugin argument test-crash-spirv-tools
// raises SIGSEGV inside the optimizer's protected call to show it, on Clang's
// thread (jobs=1) and on the helper threads that compile kernels side by side.
// RUN: %ampxx -fplugin-arg-ampvk-test-crash-spirv-tools -Xclang -verify %s
// RUN: %ampxx -fplugin-arg-ampvk-test-crash-spirv-tools -fplugin-arg-ampvk-jobs=1 -Xclang -verify %s
// RUN: %ampxx -fplugin-arg-ampvk-test-crash-spirv-tools -fplugin-arg-ampvk-jobs=4 -Xclang -verify %s
// RUN: not %ampxx -fplugin-arg-ampvk-test-crash-spirv-tools %s 2>&1 | FileCheck %s
// CHECK: error: ampvk internal error: the kernel's SPIR-V did not pass SPIRV-Tools:
// CHECK-NEXT: SPIRV-Tools crashed while optimizing this kernel (the crash was contained; the other kernels are compiled)
// CHECK-NOT: PLEASE submit a bug report
// CHECK: 2 errors generated.
#include <amp.h>
using namespace concurrency;

void first(array_view<int, 1> av) {
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; }); // expected-error {{SPIRV-Tools crashed while optimizing this kernel (the crash was contained; the other kernels are compiled)}}
}

void second(array_view<float, 1> av) {
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] *= 2.0f; }); // expected-error {{SPIRV-Tools crashed while optimizing this kernel}}
}
