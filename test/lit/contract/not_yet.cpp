// API that <amp.h> declares with AMPVK_NOT_YET: naming it is err_unsupported at
// the use (a call, a type, a constructor, a member of a template), in host code
// and in restrict(amp) code, never Clang's "no member named".
// RUN: %ampxx-noinclude -I%S/Inputs/not_yet -Xclang -verify %s
#include <ampvk/detail/keywords.h>

void host(int *p) {
  concurrency::copy_async(3);                        // expected-error {{concurrency::copy_async is not supported by ampvk yet; docs/features.md lists what is}}
  concurrency::completion_future f;                  // expected-error {{concurrency::completion_future is not supported by ampvk yet; docs/features.md lists what is}}
  (void)f;
  concurrency::view<int> v(p);                       // expected-error {{concurrency::array_view(T*) without an extent is not supported by ampvk yet; docs/features.md lists what is}}
  concurrency::view<int> fine;                       // what is implemented stays quiet
  int s = fine.section(2) + fine.size();             // expected-error {{concurrency::array_view::section is not supported by ampvk yet; docs/features.md lists what is}}
  (void)s;
}

int device(concurrency::view<float> &v) __attribute__((annotate("amp.restrict:amp"))) {
  return v.section(1);                               // expected-error {{concurrency::array_view::section is not supported by ampvk yet; docs/features.md lists what is}}
}
