// Helpers of the host API tests: reproducible non-trivial data, and checking
// a runtime_exception by its exact message and error code.
#ifndef AMPVK_TEST_KERNELS_HOST_TEST_HELPERS_H
#define AMPVK_TEST_KERNELS_HOST_TEST_HELPERS_H

#include <amp.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hosttest {

// n values in [-10000, 10000], different for each seed (xorshift).
inline std::vector<int> pattern(int n, int seed) {
  std::vector<int> v(n);
  unsigned x = 2463534242u + static_cast<unsigned>(seed);
  for (int i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    v[i] = static_cast<int>(x % 20001u) - 10000;
  }
  return v;
}

template <typename F>
void expectRuntimeException(F f, const std::string &message,
                            concurrency::HRESULT code = concurrency::E_INVALIDARG_AMP) {
  try {
    f();
    ADD_FAILURE() << "no exception; expected: " << message;
  } catch (const concurrency::runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()), message);
    EXPECT_EQ(e.get_error_code(), code);
  }
}

} // namespace hosttest

#endif
