// RUN: %ampxx -ferror-limit=0 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// The two most common first mistakes get advice: calling <cmath> (std:: or
// the C names) from a kernel points to <amp_math.h>, and capturing a
// std::vector (or string) points to array_view.
#include <amp.h>
#include <cmath>
#include <string>
#include <vector>
using namespace concurrency;

void math(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = std::sqrt(v[i]); // expected-error {{restrict(amp) code cannot call 'std::sqrt', which is not restrict(amp)}} expected-note {{the C++ standard library is not restrict(amp); use concurrency::precise_math::sqrt (or the faster, less accurate concurrency::fast_math::sqrt) from <amp_math.h>}}
    v[i] += ::sinf(v[i]);   // expected-error {{restrict(amp) code cannot call 'sinf', which is not restrict(amp)}} expected-note {{use concurrency::precise_math::sinf (or the faster, less accurate concurrency::fast_math::sinf) from <amp_math.h>}}
    v[i] += pow(v[i], 2.0); // expected-error {{restrict(amp) code cannot call 'pow', which is not restrict(amp)}} expected-note {{use concurrency::precise_math::pow}}
  });
}

void containers(array_view<int, 1> v, std::vector<int> &host, std::string s) {
  std::vector<int> copy = host;
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = copy[0] + s.size(); // expected-error {{captured variable 'copy' has type 'std::vector<int>', which cannot be captured by a kernel}} expected-note {{a kernel cannot use a std::vector; capture a concurrency::array_view over its data instead, e.g. 'array_view<const T, 1> view(copy.size(), copy)'}} expected-error {{captured variable 's' has type}} expected-note {{a kernel cannot use a std::basic_string; capture a concurrency::array_view over its data instead}} expected-error {{restrict(amp) code cannot call 'std::vector<int>::operator[]'}} expected-error {{restrict(amp) code cannot call 'std::basic_string<char>::size'}}
  });
}
