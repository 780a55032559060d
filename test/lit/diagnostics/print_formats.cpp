// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// direct3d_printf and direct3d_errorf: the format is a string literal that
// the plugin checks against the arguments (plugin/check/PrintCallRules.cpp),
// as -Wformat does, but as errors: the host formats what the kernel stored,
// so a mismatch could only print garbage.
#include <amp.h>
using namespace concurrency;

struct Pair {
  int a, b;
};

void formats(array_view<int, 1> v, array_view<float, 1> f) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int n = v[i];
    float x = f[i];
    unsigned u = 3u;
    bool b = n > 0;
    double d = x;
    // Every conversion, flag, width, precision and '*'.
    direct3d_printf("%d %i %u %x %X %o %c %%\n", n, n, u, u, u, u, n);
    direct3d_printf("%f %F %e %E %g %G\n", x, x, d, d, x, d);
    direct3d_printf("%-8d|%+d|% d|%#x|%08.3f|%.2e|%*d|%.*f|%-*.*g\n", n, n, n, u, x, d, 5, n, 3,
                    x, 9, 2, d);
    direct3d_printf("%s=%5s|%.2s|%d\n", "name", "v", "long", b);
    direct3d_printf("%hhd %hd %ld %lld %llu %lf\n", n, n, n, n, u, x);
    direct3d_errorf("bad value %d at %d\n", n, i[0]);
    direct3d_abort();
    direct3d_printf("no conversions\n");

    direct3d_printf("%d\n", x); // expected-error {{conversion '%d' of direct3d_printf takes an integer or bool, but argument 2 has type 'float'}}
    direct3d_printf("%f\n", n); // expected-error {{conversion '%f' of direct3d_printf takes a float or double, but argument 2 has type 'int'}}
    direct3d_printf("%s\n", n); // expected-error {{conversion '%s' of direct3d_printf takes a string literal, but argument 2 has type 'int'}}
    direct3d_printf("%*d\n", x, n); // expected-error {{conversion '%*d' of direct3d_printf takes an integer or bool, but argument 2 has type 'float'}}
    direct3d_errorf("%d %d\n", n); // expected-error {{the format of direct3d_errorf takes 2 arguments but the call passes 1}}
    direct3d_printf("%d\n", n, n); // expected-error {{the format of direct3d_printf takes 1 argument but the call passes 2}}
    direct3d_printf("%n\n", n); // expected-error-re {{invalid format for direct3d_printf: conversion '%n' is not supported by direct3d_printf{{.*}}}}
    direct3d_printf("100%"); // expected-error-re {{invalid format for direct3d_printf: incomplete conversion {{.*}}}}
    direct3d_printf("%d\n", Pair{1, 2}); // expected-error {{conversion '%d' of direct3d_printf takes an integer or bool, but argument 2 has type 'Pair'}}
  });
}
