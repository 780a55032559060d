// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// The rules C++ AMP sets for textures in kernels, each with its diagnostic:
// textures are captured by reference (views and samplers by value); set
// needs one int, unsigned int or float; a writable view reads only such a
// scalar; sample and gather take no integer or double textures; gather needs
// rank 2 and the component; norm and unorm textures need their bits;
// Direct3D interop is Windows-only. (emitter/texture_views.cpp: views in
// kernels.)
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void byValue(texture<float, 2> &t, array_view<float, 2> out) {
  texture<float, 2> &alias = t;
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) { // expected-note {{'alias' is captured implicitly because of this capture default}}
    out[i] = alias[i]; // expected-error {{concurrency::graphics::texture 'alias' is captured by value; a kernel must capture a texture by reference ('&alias')}}
  });
}

struct HoldsTexture {
  texture<int, 1> copy; // expected-error {{kernel member 'copy' holds a concurrency::graphics::texture by value; hold a reference to it instead}}
  void operator()(index<1>) const restrict(amp) {}
};
void functor(texture<int, 1> &t) {
  parallel_for_each(t.extent, HoldsTexture{t}); // expected-note {{kernel launched here}}
}

void setOnVectors(texture<float_4, 2> &t) {
  parallel_for_each(t.extent, [&t](index<2> i) restrict(amp) {
    t.set(i, float_4(1.0f)); // expected-note-re {{in instantiation of member function {{.*}}set' requested here}}
  });
  // expected-error@*:* {{Invalid value_type for set method.}}
  // expected-note@*:* {{expression evaluates to '4 == 1'}}
}

void readWritableVector(texture_view<unorm_4, 2> v, array_view<float, 2> out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    out[i] = v[i].x; // expected-note-re {{in instantiation of member function {{.*}}' requested here}}
  });
  // expected-error@*:* {{Read is only permissible on single-component writable texture_view.}}
  // expected-note@*:* {{expression evaluates to '4 == 1'}}
  // expected-note-re@*:* {{in instantiation of member function {{.*}}::get' requested here}}
  // expected-error@*:* {{Read is not permissible on a writable unorm or norm texture_view.}}
}

void sampleIntegers(texture_view<const int, 2> v, sampler s, array_view<int, 2> out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    out[i] = v.sample(s, float_2(0.5f)); // expected-note-re {{in instantiation of member function {{.*}}sample' requested here}}
  });
  // expected-error@*:* {{sample is not allowed for uint/int/double component types of the texture.}}
}

void gatherRank1(texture_view<const float, 1> v, sampler s, array_view<float_4, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = v.gather_red(s, 0.5f); // expected-note-re {{in instantiation of {{.*}} requested here}}
  });
  // expected-error@*:* {{gather methods are only permissible on texture_view<value_type, 2>.}}
  // expected-note-re@*:* {{in instantiation of function template specialization {{.*}}_M_gather_checked<0>' requested here}}
}

void gatherMissingComponent(texture_view<const float_2, 2> v, sampler s, array_view<float_4, 2> out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    out[i] = v.gather_blue(s, float_2(0.5f)); // expected-note-re {{in instantiation of {{.*}} requested here}}
  });
  // expected-error@*:* {{the texture has no such component to gather.}}
  // expected-note@*:* {{expression evaluates to '2 > 2'}}
  // expected-note-re@*:* {{in instantiation of function template specialization {{.*}}_M_gather_checked<2>' requested here}}
}

void normWithoutBits() {
  texture<unorm_4, 2> t(4, 4); // expected-note-re {{in instantiation of member function {{.*}} requested here}}
  // expected-error@*:* {{texture cannot be constructed from unorm/norm based short vectors via this constructor.}}
  // expected-note-re@*:* {{in instantiation of member function {{.*}}_M_default_bits' requested here}}
  // expected-note-re@*:* {{in instantiation of member function {{.*}}::texture' requested here}}
}

void threeComponents() {
  texture<norm_3, 2> t(extent<2>(4, 4), 8u); // expected-note-re {{in instantiation of {{.*}} requested here}}
  // expected-error@*:* {{invalid value_type for a texture.}}
}

void interop(texture<float, 2> &t) {
  (void)graphics::direct3d::get_texture(t); // expected-error {{'get_texture<float, 2, void>' is unavailable: concurrency::graphics::direct3d::get_texture is interop with Direct3D 11, which exists on Windows only; ampvk runs on Vulkan (docs/features.md, 'Direct3D interop')}}
  // expected-note@*:* {{'get_texture<float, 2, void>' has been explicitly marked unavailable here}}
}
