#include "sgemm_twin.h"

#include "sgemm_kernels.h"

using namespace concurrency;

sgemm_fastest_problem::sgemm_fastest_problem(const accelerator_view &av, int n,
                                             const std::vector<float> &a,
                                             const std::vector<float> &b)
    : av_(av), p_(new sgemm::Problem(av, n, n, n)) {
  copy(a.begin(), a.end(), p_->a);
  copy(b.begin(), b.end(), p_->b);
}

sgemm_fastest_problem::~sgemm_fastest_problem() = default;

void sgemm_fastest_problem::launch() { sgemm::fastest::run(av_, *p_, 1.0f, 0.0f); }

std::vector<float> sgemm_fastest_problem::result() const {
  std::vector<float> c(p_->c.extent.size());
  copy(p_->c, c.begin());
  return c;
}
