#include "fault_test_support.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;

namespace ampvk_test {

std::vector<int> ramp(int n, int start) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = start + 7 * i;
  return v;
}

int scale(int x, int offset) {
  return static_cast<int>(2u * static_cast<std::uint32_t>(x) + static_cast<std::uint32_t>(offset));
}

std::vector<int> read_all(rt::buffer *b, int n) {
  std::vector<int> out(n);
  rt::buffer_read(b, 0, out.data(), out.size() * sizeof(int));
  return out;
}

rt::device *device_at(std::size_t i) {
  const auto &all = rt::devices();
  return i < all.size() ? all[i] : nullptr;
}

void check_no_buffer_left() {
  auto &c = rt::debug_counters();
  if (c.buffers_created.load() != c.buffers_destroyed.load()) {
    std::fprintf(stderr, "leak: %llu buffers created, %llu destroyed at exit\n",
                 static_cast<unsigned long long>(c.buffers_created.load()),
                 static_cast<unsigned long long>(c.buffers_destroyed.load()));
    std::fflush(stderr);
    std::_Exit(4);
  }
}

namespace {
// Seconds w's launches take, synchronized.
double time_spin(rt::device *d, std::vector<int> &scratch, const slow_work &w) {
  rt::buffer *b = rt::buffer_wrap_host(d, scratch.data(), std::size_t(w.threads) * sizeof(int));
  auto start = std::chrono::steady_clock::now();
  launch_slow(b, w);
  rt::buffer_synchronize(b);
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rt::buffer_release(b);
  return took;
}

// The least of three timings: another process's load (ctest -j) only ever
// lengthens one, and a kernel sized from a lengthened one could end inside
// the limit once the load is gone.
double least_time_spin(rt::device *d, std::vector<int> &scratch, const slow_work &w,
                       double first) {
  double least = first;
  for (int round = 0; round < 2; ++round)
    least = std::min(least, time_spin(d, scratch, w));
  return least;
}
} // namespace

slow_work slow_work_for(double seconds, rt::device *d) {
  // Grows the probe until one launch takes a measurable time (at least
  // 0.1 s, each step at most four times the last, so no probe comes near the
  // tests' 1 s limit) or reaches the scratch size, then extrapolates from the
  // least of three timings; the first launch also makes the pipeline and is
  // not timed.
  std::vector<int> scratch(512 * 1024);
  int probe = 4096;
  double took = 0;
  slow_work w;
  for (bool first = true;; first = false) {
    w.threads = probe;
    took = time_spin(d, scratch, w);
    if (!first && (took >= 0.1 || std::size_t(probe) * 4 > scratch.size()))
      break;
    if (!first)
      probe *= 4;
  }
  took = std::max(least_time_spin(d, scratch, w, took), 1e-5);
  if (took >= 0.1) {
    w.threads = static_cast<int>(probe * seconds / took) / 64 * 64 + 64;
    return w;
  }
  // Back-to-back launches share their submission and wait: time a batch
  // worth about 0.1 s, as the tests' launches will run.
  w.launches = static_cast<int>(0.1 / took) + 1;
  const double batch = least_time_spin(d, scratch, w, time_spin(d, scratch, w));
  w.launches = static_cast<int>(seconds / std::max(batch / w.launches, 1e-6)) + 1;
  return w;
}

void wait_for_cut_kernel_to_end(std::chrono::steady_clock::time_point launched) {
  std::this_thread::sleep_until(launched +
                                std::chrono::duration<double>(3 * past_the_limit_seconds));
}

void launch_slow(rt::buffer *b, const slow_work &w, rt::queue *q) {
  for (int i = 0; i < w.launches; ++i)
    launch_spin(b, w.threads, spin_count, q);
}

bool matches_slow_reference(const std::vector<int> &got, const std::vector<int> &before,
                            const slow_work &w) {
  if (got.size() != before.size() || got.empty())
    return false;
  std::vector<std::size_t> sample;
  for (std::size_t i = 0; i < got.size(); i += 64)
    sample.push_back(i);
  sample.push_back(got.size() - 1);
  for (std::size_t i : sample) {
    int x = before[i];
    for (int k = 0; k < w.launches; ++k)
      x = spin_reference(x, spin_count);
    if (got[i] != x)
      return false;
  }
  return true;
}

} // namespace ampvk_test
