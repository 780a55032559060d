// RUN: %ampxx -Werror -include %S/../../consumer/precompiled_overloads.h -Xclang -verify %s
// RUN: %ampxx-obj -Werror -x c++-header %S/../../consumer/precompiled_overloads.h -o %t.pch
// RUN: %ampxx -Werror -include-pch %t.pch -Xclang -verify %s
// RUN: %ampxx -Werror -include-pch %t.pch -DWRONG_SIDE -Xclang -verify=wrong %s
// A header read with -include (a prefix header, CMake's precompiled header)
// or from a precompiled header sees the plugin's `restrict` as an #include'd
// one does: its restriction overloads are overloads, not redeclarations, and
// no "'restrict' macro redefined" warning. (The kernels run in the consumer
// test's restrict_overloads_pch, built with target_precompile_headers.)
// expected-no-diagnostics
using namespace concurrency;

void run(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = both(v[i]) + side(); });
  v[0] = both(v[0]) + side();
}

#ifdef WRONG_SIDE
int amp_only(int x) restrict(amp) { return x; } // wrong-note {{'amp_only' declared here}}
int cpu_caller(int x) { return amp_only(x); } // wrong-error {{cannot call 'amp_only', which is restrict(amp)}}
#endif
