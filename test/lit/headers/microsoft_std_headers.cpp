// Microsoft's <amp.h> includes <vector>, <iterator>, <future> and
// <type_traits>; ported programs use them after including <amp.h> alone.
// RUN: %ampxx -Wall -Wextra -Xclang -verify %s
// expected-no-diagnostics
#include <amp.h>

int main() {
  std::vector<int> v(16, 1);
  std::vector<int> copy;
  std::copy(v.begin(), v.end(), std::back_inserter(copy));
  std::future<int> f = std::async(std::launch::deferred, [] { return 3; });
  static_assert(std::is_same<int, std::remove_const<const int>::type>::value, "type_traits");
  concurrency::array_view<int, 1> av(16, copy);
  return f.get() + av[0] + static_cast<int>(std::distance(v.begin(), v.end()));
}
