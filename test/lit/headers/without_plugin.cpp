// RUN: %ampxx-noplugin -Wall -Wextra -Xclang -verify %s
// RUN: %ampxx-noplugin -Werror %S/../../../samples/list_accelerators.cpp
// RUN: %ampxx-noplugin -Werror %S/../../../samples/matrix_multiply_ported.cpp
// RUN: %ampxx-noplugin -Werror %S/../../../samples/sampling_example.cpp
// RUN: %ampxx-noplugin -Werror %S/../../../samples/sgemm.cpp
// RUN: %ampxx-noplugin -Werror %S/../../../samples/tile_average.cpp
// RUN: %ampxx-noplugin -Werror %S/../../../samples/tiling_description.cpp
// RUN: %ampxx-noplugin -Werror %S/../../../samples/image_blur.cpp
// RUN: %ampxx-noplugin -Werror -I%S/../../kernels %S/../../kernels/texture_sampling_test.cpp
// RUN: %ampxx-noplugin -Werror -I%S/../../kernels %S/../../kernels/restrict_overloading_test.cpp
// Tools that read the code without the plugin (clangd, clang-tidy,
// clang++ -fsyntax-only) get <amp.h>'s own `restrict` (keywords.h): overloads
// on restriction stay two declarations there too (restrict(amp) alone also
// carries an always-true enable_if), so valid C++ AMP shows no error in an
// editor: this file's members, constructors, conversion functions and free
// functions, the samples, and the kernel tests' overloading cases.
// expected-no-diagnostics
#include <amp.h>

struct S {
  S() restrict(cpu) {}
  S() restrict(amp) {}
  int f() const restrict(cpu) { return 1; }
  int f() const restrict(amp) { return 2; }
  operator int() const restrict(cpu) { return 1; }
  operator int() const restrict(amp) { return 2; }
  int both() restrict(cpu, amp) { return 3; }
  int spaced() restrict( amp , cpu ) { return 4; }
};

inline int h() restrict(cpu) { return 1; }
inline int h() restrict(amp) { return 2; }
template <typename T> T pick(T x) restrict(cpu) { return x; }
inline float pick(float x) restrict(amp) { return x; }
typedef float F(float) restrict(amp);

// restrict(cpu, amp) and restrict(cpu) parse wherever C++ AMP allows them.
auto trailing(int x) noexcept restrict(cpu, amp) -> int { return x; }
auto trailingCpu() restrict(cpu) -> int { return 1; }
inline int lambdas(int k) restrict(cpu, amp) {
  auto counter = [=]() mutable restrict(cpu, amp) { return ++k; };
  auto typed = [=]() mutable noexcept restrict(cpu, amp) -> int { return k; };
  return counter() + typed();
}

int use() {
  S s;
  auto twice = [](int x) restrict(amp) { return 2 * x; };
  (void)twice;
  return s.f() + h() + static_cast<int>(s) + s.both() + trailing(1) + trailingCpu() + lambdas(2);
}
