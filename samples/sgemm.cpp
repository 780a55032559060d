// SGEMM in plain C++ AMP: C = alpha * A * B + beta * C for row-major float
// matrices, A of M x K, B of K x N, C of M x N.
//
// The kernels are in sgemm_kernels.h.
//
//   sgemm                       checks every kernel on a small problem against
//                               a host reference (exit status 1 on a failure)
//   sgemm --bench N... [--reps R]
//                               times every kernel on N x N x N problems and
//                               prints GFLOP/s (wall time of R back-to-back
//                               launches after a warm-up, ended by
//                               accelerator_view::wait; timed again over at
//                               least 0.25 s when R took less), checks sampled
//                               entries against a double-precision host dot
//                               product and names the fastest kernel
//
// The sizes must be multiples of the kernel's block (BM, BN, BK); other sizes
// are refused with a message (the sample pads nothing).
#include "sgemm_kernels.h"

#include <amp.h>
#include <amp_short_vectors.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;
using sgemm::blocked_sgemm;
using sgemm::Problem;

namespace {

// The benchmark's "matmul, register-blocked" kernel (test/bench/twin_bench.cpp):
// 64 x 64 per tile, 4 x 4 outputs per thread at a stride of 16, scalar loads,
// A and B slices of depth 16 in tile_static memory. The baseline.
struct bench_blocked {
  static bool fits(int M, int N, int K) { return M % 64 == 0 && N % 64 == 0 && K % 16 == 0; }
  static void run(const accelerator_view &av, Problem &p, float alpha, float beta) {
    const int N = p.N, K = p.K;
    array_view<const float, 1> A(p.a), B(p.b);
    array_view<float, 1> C(p.c);
    parallel_for_each(av, extent<2>(p.M / 4, N / 4).tile<16, 16>(),
                      [=](tiled_index<16, 16> t) restrict(amp) {
      int ty = t.local[0], tx = t.local[1];
      int row0 = t.tile[0] * 64, col0 = t.tile[1] * 64;
      float acc[4][4];
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          acc[i][j] = 0.0f;
      for (int k0 = 0; k0 < K; k0 += 16) {
        tile_static float la[64][16];
        tile_static float lb[16][64];
        for (int q = 0; q < 4; ++q) {
          la[ty + 16 * q][tx] = A[(row0 + ty + 16 * q) * K + k0 + tx];
          lb[ty][tx + 16 * q] = B[(k0 + ty) * N + col0 + tx + 16 * q];
        }
        t.barrier.wait();
        for (int k = 0; k < 16; ++k)
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
              acc[i][j] += la[ty + 16 * i][k] * lb[k][tx + 16 * j];
        t.barrier.wait();
      }
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
          int at = (row0 + ty + 16 * i) * N + col0 + tx + 16 * j;
          float v = alpha * acc[i][j];
          if (beta != 0.0f)
            v += beta * C[at];
          C[at] = v;
        }
    });
  }
};

struct Variant {
  const char *name;
  bool (*fits)(int, int, int);
  void (*run)(const accelerator_view &, Problem &, float, float);
};

template <typename Kernel> Variant variant(const char *name) {
  Variant v = {name, &Kernel::fits, &Kernel::run};
  return v;
}

const std::vector<Variant> &variants() {
  static const std::vector<Variant> all = {
      variant<bench_blocked>("bench 64x64, 4x4/thread, BK16 (baseline)"),
      variant<blocked_sgemm<64, 64, 16, 4, 4, 1>>("64x64, 4x4/thread, BK16"),
      variant<blocked_sgemm<128, 64, 16, 8, 4, 2>>("128x64, 8x4/thread, BK16, 2 stages"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 1>>("128x128, 8x8/thread, BK8"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2>>("128x128, 8x8/thread, BK8, 2 stages"),
      variant<blocked_sgemm<128, 128, 16, 8, 8, 2>>("128x128, 8x8/thread, BK16, 2 stages"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2, true>>("128x128, 8x8/thread, BK8, 2 stages, f4"),
      variant<blocked_sgemm<128, 128, 16, 8, 8, 2, true>>("128x128, 8x8/thread, BK16, 2 stages, f4"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2, false, true>>("128x128, 8x8/thread, BK8, 2 stages, no branch"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2, true, true>>("128x128, 8x8/thread, BK8, 2 stages, f4, no branch"),
      variant<blocked_sgemm<128, 128, 16, 8, 8, 2, true, true>>("128x128, 8x8/thread, BK16, 2 stages, f4, no branch"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2, true, true, true>>("128x128, 8x8/thread, BK8, 2 stages, f4, no branch, 4x8 warps"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2, true, true, false, true>>("128x128, 8x8/thread, BK8, 2 stages, f4, no branch, pairs"),
      variant<blocked_sgemm<128, 128, 8, 8, 8, 2, true, true, true, true>>("128x128, 8x8/thread, BK8, 2 stages, f4, no branch, 4x8 warps, pairs"),
      variant<blocked_sgemm<128, 256, 8, 8, 16, 2, true, true>>("128x256, 8x16/thread, BK8, 2 stages, f4, no branch"),
  };
  return all;
}

// Deterministic values in [-1, 1] with 1/1024 steps.
std::vector<float> pattern(std::size_t n, unsigned seed) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    v[i] = float(int(seed >> 21) - 1024) / 1024.0f;
  }
  return v;
}

// Entry (i, j) of alpha * A * B + beta * C0 (C0 unread when beta is 0), in double, and the bound on a
// float computation's error: the K products and sums each round once (fused
// or not), so |error| <= (K + 2) * 2^-24 * (|alpha| sum |a b| + |beta c|) plus
// the rounding of the result.
struct Reference {
  double value, bound;
};
Reference reference(const std::vector<float> &a, const std::vector<float> &b,
                    const std::vector<float> &c0, int N, int K, int i, int j, float alpha,
                    float beta) {
  double sum = 0, mag = 0;
  for (int k = 0; k < K; ++k) {
    double p = double(a[std::size_t(i) * K + k]) * b[std::size_t(k) * N + j];
    sum += p;
    mag += std::fabs(p);
  }
  double c = beta == 0 ? 0.0 : c0[std::size_t(i) * N + j]; // BLAS: C is not read
  Reference r;
  r.value = alpha * sum + beta * c;
  r.bound = (K + 4) * std::ldexp(1.0, -24) * (std::fabs(alpha) * mag + std::fabs(beta * c)) +
            std::ldexp(std::fabs(r.value), -23);
  return r;
}

// Runs variant v on the problem (inputs already on the device) and compares
// the entries `at` (pairs i, j; all of C when empty) with the host reference.
bool check(const Variant &v, const accelerator_view &av, Problem &p, const std::vector<float> &a,
           const std::vector<float> &b, const std::vector<float> &c0, float alpha, float beta,
           const std::vector<int> &at, std::string &why) {
  copy(c0.begin(), c0.end(), p.c);
  v.run(av, p, alpha, beta);
  std::vector<float> c(std::size_t(p.M) * p.N);
  copy(p.c, c.begin());
  std::size_t points = at.empty() ? c.size() : at.size() / 2;
  for (std::size_t q = 0; q < points; ++q) {
    int i = at.empty() ? int(q / p.N) : at[2 * q], j = at.empty() ? int(q % p.N) : at[2 * q + 1];
    Reference r = reference(a, b, c0, p.N, p.K, i, j, alpha, beta);
    double got = c[std::size_t(i) * p.N + j];
    if (!(std::fabs(got - r.value) <= r.bound)) {
      why = "C(" + std::to_string(i) + ", " + std::to_string(j) + ") = " + std::to_string(got) +
            ", expected " + std::to_string(r.value) + " within " + std::to_string(r.bound);
      return false;
    }
  }
  return true;
}

int check_all(const accelerator_view &av) {
  // Not square and three different sizes, so a swapped index shows; K is not
  // a multiple of 16, so the BK16 kernels refuse it and the others run.
  const int M = 256, N = 512, K = 136;
  std::vector<float> a = pattern(std::size_t(M) * K, 1), b = pattern(std::size_t(K) * N, 2),
                     c0 = pattern(std::size_t(M) * N, 3);
  Problem p(av, M, N, K);
  copy(a.begin(), a.end(), p.a);
  copy(b.begin(), b.end(), p.b);
  const int K16 = 144; // for the kernels whose slices are 16 deep
  std::vector<float> a16 = pattern(std::size_t(M) * K16, 4), b16 = pattern(std::size_t(K16) * N, 5);
  Problem p16(av, M, N, K16);
  copy(a16.begin(), a16.end(), p16.a);
  copy(b16.begin(), b16.end(), p16.b);

  int failures = 0;
  for (const Variant &v : variants()) {
    bool fits = v.fits(M, N, K);
    Problem &q = fits ? p : p16;
    const std::vector<float> &qa = fits ? a : a16, &qb = fits ? b : b16;
    if (!v.fits(q.M, q.N, q.K) || v.fits(M + 4, N, q.K)) {
      std::cout << v.name << ": FAILED (size check)\n";
      ++failures;
      continue;
    }
    std::string why;
    // C = A * B (beta 0: C's old values, NaN here, are not read), then
    // C = 0.5 A * B - 2 C.
    std::vector<float> nan(std::size_t(M) * N, std::numeric_limits<float>::quiet_NaN());
    bool ok = check(v, av, q, qa, qb, nan, 1.0f, 0.0f, {}, why);
    if (ok)
      ok = check(v, av, q, qa, qb, c0, 0.5f, -2.0f, {}, why);
    std::cout << v.name << ": " << M << "x" << N << "x" << q.K << " "
              << (ok ? "PASSED" : "FAILED: " + why) << "\n";
    failures += !ok;
  }
  std::cout << "sgemm: " << variants().size() - failures << " of " << variants().size()
            << " kernels PASSED" << (failures ? ", FAILED" : "") << "\n";
  return failures ? 1 : 0;
}

const double min_timed_seconds = 0.25;

// Wall time per launch of `count` back-to-back launches ended by one wait.
double seconds_per_launch(const Variant &v, const accelerator_view &av, Problem &p, int count) {
  av.wait();
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < count; ++r)
    v.run(av, p, 1.0f, 0.0f);
  av.wait();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / count;
}

int bench(const accelerator_view &av, const std::vector<int> &sizes, int reps) {
  int failures = 0;
  for (int n : sizes) {
    std::vector<float> a = pattern(std::size_t(n) * n, 11), b = pattern(std::size_t(n) * n, 12);
    Problem p(av, n, n, n);
    copy(a.begin(), a.end(), p.a);
    copy(b.begin(), b.end(), p.b);
    // 64 sampled entries, corners included.
    std::vector<int> at = {0, 0, n - 1, n - 1, 0, n - 1, n - 1, 0};
    unsigned seed = 77;
    while (at.size() < 128) {
      seed = seed * 1664525u + 1013904223u;
      at.push_back(int((seed >> 8) % unsigned(n)));
    }
    std::vector<float> nan(std::size_t(n) * n, std::numeric_limits<float>::quiet_NaN());
    const double flops = 2.0 * n * double(n) * n;
    std::cout << "N = " << n << " (C = A * B, " << reps
              << " launches after one warm-up, again over at least " << std::defaultfloat
              << std::setprecision(3)
              << min_timed_seconds << " s when they took less)\n";
    double best = 0;
    const char *best_name = "none";
    for (const Variant &v : variants()) {
      std::cout << "  " << std::left << std::setw(70) << v.name << std::right;
      if (!v.fits(n, n, n)) {
        std::cout << "  skipped: " << n << " is not a multiple of its block\n";
        continue;
      }
      std::string why;
      if (!check(v, av, p, a, b, nan, 1.0f, 0.0f, at, why)) { // also the warm-up
        std::cout << "  FAILED: " << why << "\n";
        ++failures;
        continue;
      }
      // At least a quarter of a second of launches: shorter windows caught the
      // H100 before its clocks had risen (N = 4096, 10 launches: 0.4-1.0x of
      // the rate of the same kernel timed over 100).
      double s = seconds_per_launch(v, av, p, reps);
      if (s * reps < min_timed_seconds)
        s = seconds_per_launch(v, av, p, static_cast<int>(min_timed_seconds / s) + 1);
      double gflops = flops / s / 1e9;
      std::cout << std::fixed << std::setprecision(3) << std::setw(10) << s * 1e3 << " ms"
                << std::setprecision(0) << std::setw(10) << gflops << " GFLOP/s  checked\n";
      if (gflops > best) {
        best = gflops;
        best_name = v.name;
      }
    }
    std::cout << "  best at N = " << n << ": " << best_name << ", " << std::fixed
              << std::setprecision(0) << best << " GFLOP/s\n";
  }
  return failures ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  accelerator_view av = accelerator().default_view;
  std::wstring desc = av.accelerator.description;
  std::cout << "sgemm on " << std::string(desc.begin(), desc.end())
#ifdef SGEMM_FP_CONTRACT_FAST // samples/CMakeLists.txt says which build this is
            << " (a*b+c may be fused: fp-contract=fast)\n";
#else
            << " (every float operation rounded on its own: fp-contract=off)\n";
#endif
  if (argc > 1 && std::string(argv[1]) == "--bench") {
    std::vector<int> sizes;
    int reps = 10;
    for (int i = 2; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg == "--reps" && i + 1 < argc)
        reps = std::atoi(argv[++i]);
      else
        sizes.push_back(std::atoi(arg.c_str()));
    }
    if (sizes.empty())
      sizes = {4096, 8192};
    for (int n : sizes)
      if (n <= 0 || n % 128 != 0 || reps <= 0) {
        std::cerr << "usage: sgemm [--bench N... [--reps R]]: N a positive multiple of 128, R > 0\n";
        return 2;
      }
    return bench(av, sizes, reps);
  }
  if (argc > 1) {
    std::cerr << "usage: sgemm [--bench N... [--reps R]]\n";
    return 2;
  }
  return check_all(av);
}
