// Concurrency is the namespace, concurrency its alias, and the nested
// namespaces of Microsoft's C++ AMP are there under both spellings; a program
// may reopen Concurrency (test/kernels/namespace_test.cpp runs such a helper).
// RUN: %ampxx -Wall -Wextra -Xclang -verify %s
// expected-no-diagnostics
#include <amp.h>
#include <type_traits>

using namespace concurrency::fast_math;
using namespace Concurrency::fast_math;
using namespace concurrency::precise_math;
using namespace Concurrency::precise_math;
using namespace concurrency::direct3d;
using namespace Concurrency::graphics;
using namespace concurrency::graphics::direct3d;

namespace Concurrency {
template <int N> int rank_of(const index<N> &) restrict(cpu, amp) { return N; }
} // namespace Concurrency

static_assert(std::is_same<concurrency::extent<3>, Concurrency::extent<3>>::value, "alias");

int use() { return concurrency::rank_of(Concurrency::index<2>(1, 2)); }
