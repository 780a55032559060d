// RUN: %ampxx -Xclang -verify %s
// Texture views and samplers in kernels, as array_views are: a copy made in
// the kernel works when it always refers to one captured view or sampler;
// the rest is one precise error, never a guessed binding.
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void eitherView(texture_view<const float, 2> a, texture_view<const float, 2> b, int first,
                array_view<float, 2> out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    texture_view<const float, 2> v = a;
    if (first)
      v = b; // expected-error {{this texture view variable may view the data of 'a' or of 'b'; a view variable in a kernel must always view the same captured texture or texture view (use two variables)}}
    out[i] = v[i];
  });
}

void eitherSampler(texture_view<const float, 2> a, sampler s, sampler t, int first,
                   array_view<float, 2> out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) { // expected-note {{while compiling this kernel for the device}}
    sampler chosen = s;
    if (first)
      chosen = t; // expected-error {{this sampler variable may view the data of 's' or of 't'; a sampler variable in a kernel must always be the same captured sampler (use two variables)}}
    out[i] = a.sample(chosen, float_2(0.5f));
  });
}
