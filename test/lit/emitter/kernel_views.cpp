// RUN: %ampxx -Xclang -verify %s
// Views made inside a kernel (copies, sections, projections, view_as) work
// when each view variable always views one captured array_view or array; the
// rest is one precise error, never a guessed binding.
#include <amp.h>
using namespace concurrency;

void chosen_by_conditional(array_view<int, 1> x, array_view<int, 1> y, int c) {
  parallel_for_each(x.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    array_view<int, 1> v = c ? x : y; // expected-error {{this array_view variable may view the data of 'x' or of 'y'; a view variable in a kernel must always view the same captured array_view or array (use two variables)}}
    v[i] = 1;
  });
}

void assigned_in_branch(array_view<int, 2> x, array_view<int, 2> y, int c) {
  parallel_for_each(x.extent, [=](index<2> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    array_view<int, 1> v = x[0];
    if (c)
      v = y[1]; // expected-error {{this array_view variable may view the data of 'x' or of 'y'; a view variable in a kernel must always view the same captured array_view or array (use two variables)}}
    v[i[1]] = 1;
  });
}

struct Holder {
  array_view<int, 1> v;
};

// A view kept in a struct member is found again through the member.
void view_in_struct(array_view<int, 1> x) {
  parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
    Holder h = {x};
    h.v[i] = 1;
  });
}

// An array's elements are one place for the views they hold: views of two
// captured objects in one array are an error (never the first element's
// binding, which an access through a pointer into the array used to read).
void pointer_into_an_array_of_views(array_view<const int, 1> a, array_view<const int, 1> b,
                                    array_view<int, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    array_view<const int, 1> vs[2] = {a, b}; // expected-error {{this array_view variable may view the data of 'a' or of 'b'; a view variable in a kernel must always view the same captured array_view or array (use two variables)}}
    const array_view<const int, 1> *p = &vs[1];
    out[i] = p->operator[](i[0]);
  });
}

// One binding, many views: no error.
void same_binding_everywhere(array_view<int, 2> x, int c) {
  parallel_for_each(x.extent, [=](index<2> i) restrict(amp) {
    array_view<int, 1> v = c ? x[0] : x[1];
    if (c)
      v = x.section(1, 0, 1, 2)[0];
    v[i[1]] = 1;
  });
}
