// RUN: %ampxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// What Microsoft's <amp.h> rejects at compile time, ampvk's rejects too:
// copies into an array_view<const T> or a const array, and assigning to the
// accelerator_view an array is on (a copy, which would change nothing).
#include <amp.h>
#include <vector>
using namespace concurrency;

void copies(std::vector<int> &data) {
  array_view<int, 1> v(8, data);
  array_view<const int, 1> cv(8, data);
  const array<int, 1> carr(8);
  array<int, 1> arr(8);
  copy(v, cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  copy(arr, cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  copy(v, carr); // expected-error@*:* {{concurrency::copy: the destination is a const array, which cannot be written}}
  copy(data.begin(), data.end(), cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  copy(data.begin(), cv); // expected-error@*:* {{concurrency::copy: the destination is an array_view<const T>, which cannot be written}}
  arr.get_accelerator_view() = accelerator().default_view; // expected-error {{no viable overloaded '='}}
  arr.accelerator_view = accelerator().default_view; // expected-error {{no setter defined for property 'accelerator_view'}}
}
