// RUN: %ampxx -Xclang -verify %s
// The kernel of parallel_for_each (the seeds' parallel_for_each page): a lambda
// or functor whose operator() is restrict(amp), not overloaded, not a
// template, returns void, and takes index<N> of the extent's rank or, for a
// tiled launch, tiled_index<...> with the tiled_extent's tile extents.
#include <amp.h>
using namespace concurrency;

struct Overloaded {
  void operator()(index<1>) const restrict(amp) {}              // expected-note {{other operator() declared here}}
  void operator()(index<2>) const restrict(amp) {}              // expected-error {{a kernel's operator() cannot be overloaded}}
};
struct Template {
  template <typename I> void operator()(I) const restrict(amp) {} // expected-error {{a kernel's operator() cannot be a template}}
};
struct NotAmp {
  void operator()(index<1>) const {}                            // expected-error {{a kernel's operator() must be restrict(amp)}}
};
struct ReturnsInt {
  int operator()(index<1>) const restrict(amp) { return 0; }    // expected-error {{a kernel must return void, not 'int'}}
};
struct TwoParams {
  void operator()(index<1>, int) const restrict(amp) {}         // expected-error {{a kernel launched over an extent<1> must take one parameter of type 'index<1>'}}
};
struct DeclaredOnly {
  void operator()(index<1>) const restrict(amp);                // expected-error {{a kernel's operator() must be defined in the translation unit that launches it}}
};
struct NoCallOperator {};

// Legal: a functor with one restrict(amp) operator() taking index<1> (by value
// or by const reference), and one whose extra parameter has a default.
struct Fine {
  void operator()(index<1>) const restrict(amp) {}
};
struct FineByRef {
  void operator()(const index<1> &) const restrict(amp) {}
};
struct FineDefaulted {
  void operator()(index<1>, int = 0) const restrict(amp) {}
};

void functors(array_view<int, 1> v) {
  parallel_for_each(v.extent, Overloaded());     // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, Template());       // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, NotAmp());         // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, ReturnsInt());     // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, TwoParams());      // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, DeclaredOnly());   // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, NoCallOperator()); // expected-error {{the kernel of parallel_for_each must have an operator(); 'NoCallOperator' has none}}
  parallel_for_each(v.extent, Fine());
  parallel_for_each(v.extent, FineByRef());
  parallel_for_each(v.extent, FineDefaulted());
}

void lambdas(array_view<int, 2> v) {
  // expected-error@+1 {{the kernel lambda must be restrict(amp): write 'restrict(amp)' after its parameter list}}
  parallel_for_each(v.extent, [=](index<2> i) { v[i] = 1; }); // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { v[i] = 1; });

  // expected-error@+1 {{the kernel of parallel_for_each cannot be a generic lambda; give its parameter a type (index<2>)}}
  parallel_for_each(v.extent, [=](auto i) restrict(amp) { v[i] = 1; }); // expected-note {{kernel launched here}}

  // expected-error@+1 {{a kernel must return void, not 'int'}}
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) -> int { return 0; }); // expected-note {{kernel launched here}}
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) -> void { v[i] = 0; });

  // The rank of the index must be the rank of the extent.
  // expected-error@+1 {{a kernel launched over an extent<2> must take 'index<2>', not 'index<1>'}}
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {}); // expected-note {{kernel launched here}}

  // A tiled_index needs a tiled launch.
  // expected-error@+1 {{a kernel launched over an extent<2> must take 'index<2>', not 'tiled_index<2, 2>'; a tiled_index needs a tiled launch (extent.tile<...>())}}
  parallel_for_each(v.extent, [=](tiled_index<2, 2> t) restrict(amp) {}); // expected-note {{kernel launched here}}
}

void tiled(array_view<int, 2> v) {
  // The tile extents of the tiled_index must be those of the tiled_extent.
  // expected-error@+1 {{a kernel launched over a tiled_extent<4, 4> must take 'tiled_index<4, 4>', not 'tiled_index<2, 8>'}}
  parallel_for_each(v.extent.tile<4, 4>(), [=](tiled_index<2, 8> t) restrict(amp) {}); // expected-note {{kernel launched here}}
  parallel_for_each(v.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict(amp) { v[t] = 1; });

  // A tiled launch passes a tiled_index, not an index.
  // expected-error@+1 {{a kernel launched over a tiled_extent<4, 4> must take 'tiled_index<4, 4>', not 'index<2>'; a tiled launch passes a tiled_index whose tile extents match the tiled_extent's}}
  parallel_for_each(v.extent.tile<4, 4>(), [=](index<2> i) restrict(amp) {}); // expected-note {{kernel launched here}}
}
