// samples/sgemm.cpp's fastest kernel (sgemm::fastest, samples/sgemm_kernels.h)
// for the twins row "sgemm": its own translation unit, compiled as the sample
// is (fp-contract=fast), since the plugin's options hold for a whole file.
#ifndef AMPVK_BENCH_SGEMM_TWIN_H
#define AMPVK_BENCH_SGEMM_TWIN_H

#include <amp.h>

#include <memory>
#include <vector>

namespace sgemm {
struct Problem;
}

// C = A * B for n x n row-major matrices held in device arrays.
class sgemm_fastest_problem {
public:
  sgemm_fastest_problem(const concurrency::accelerator_view &av, int n,
                        const std::vector<float> &a, const std::vector<float> &b);
  ~sgemm_fastest_problem();
  void launch();
  std::vector<float> result() const;

private:
  concurrency::accelerator_view av_;
  std::unique_ptr<sgemm::Problem> p_;
};

#endif
