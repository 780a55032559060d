// RUN: %ampxx -ferror-limit=0 -Xclang -verify %s
// Unqualified math after `using namespace concurrency::precise_math;` with
// <cmath>: the restriction decides (test/kernels/math_unqualified_test.cpp
// runs it). Both math namespaces at once stay ambiguous, as in C++ AMP.
#include <amp.h>
#include <amp_math.h>

#include <cmath>

namespace one {
using namespace concurrency::precise_math;
double host(double x) { return sqrt(x) + sqrtf(float(x)) + pow(x, 2.0); }            // legal
double dev(double x) restrict(amp) { return sqrt(x) + sqrtf(float(x)) + pow(x, 2.0); } // legal
double both(double x) restrict(cpu, amp) { return sqrt(x) + cos(x); }                 // legal
} // namespace one

namespace two {
using namespace concurrency::precise_math;
using namespace concurrency::fast_math;
float dev(float x) restrict(amp) { return sqrt(x); } // expected-error {{call to 'sqrt' is ambiguous}}
// expected-note@*:* 0+ {{candidate function}}
} // namespace two
