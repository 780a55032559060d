// SGEMM in plain C++ AMP: C = alpha * A * B + beta * C for row-major float
// matrices, A of M x K, B of K x N, C of M x N.
//
// Several register-blocked kernels, one template (`blocked_sgemm`) over the
// tile shape:
//   BM x BN   the block of C one tile computes;
//   BK        the depth of the A and B slices staged in tile_static memory;
//   TM x TN   the outputs of one thread (TM / 4 strips of 4 rows by TN / 4
//             strips of 4 columns, the strips spread over the block so that
//             neighbouring threads read neighbouring tile_static words);
//   Stages    1: load, barrier, compute, barrier; 2: double-buffered
//             tile_static slices, the next slice's global loads issued before
//             the current slice is computed, one barrier per slice;
//   Vec       the tile_static slices hold floats (false) or f4s, a struct of
//             four floats (true), so that each group of four is one load
//             (ampvk makes a tile_static array of them an array of vectors:
//             one 128-bit load each);
//   Branchless with 2 stages: the last round loads slice 0 again into the
//             unused buffer instead of skipping its loads and stores, so the
//             loop body has no branch around them (worth 15 % on the H100).
// The A slice is stored transposed (as[k][m]), so that a thread reads its TM
// values of A for one k as TM / 4 groups of four consecutive floats, as it
// reads its TN values of B. B and C are read and written through float_4
// views; A through a float view, four rows at a time.
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

namespace {

// The device data of one problem: A, B and C, each a flat array; B and C are
// also seen as float_4s (N is a multiple of 4).
struct Problem {
  int M, N, K;
  array<float, 1> a, b, c;
  Problem(const accelerator_view &av, int m, int n, int k)
      : M(m), N(n), K(k), a(m * k, av), b(k * n, av), c(m * n, av) {}
};

// Four floats with no constructor, so that it can be a tile_static element:
// a thread reads them with one load of the struct.
struct f4 {
  float x, y, z, w;
};

// One row of a tile_static slice: Width floats, or Width / 4 f4s.
template <bool Vec, int Width> struct slice_row { typedef float type[Width]; };
template <int Width> struct slice_row<true, Width> { typedef f4 type[Width / 4]; };

template <int BM, int BN, int BK, int TM, int TN, int Stages, bool Vec = false,
          bool Branchless = false>
struct blocked_sgemm {
  typedef typename slice_row<Vec, BM>::type ARow;
  typedef typename slice_row<Vec, BN>::type BRow;
  static const int TY = BM / TM, TX = BN / TN, Threads = TX * TY;
  // float_4 slots of one slice of A (transposed: BK rows of BM / 4) and of B
  // (BK rows of BN / 4), and how many of each one thread loads.
  static const int AS = BM / 4, BS = BN / 4;
  static const int ALoads = BK * AS / Threads, BLoads = BK * BS / Threads;
  static_assert(TM % 4 == 0 && TN % 4 == 0, "a thread's outputs are whole float_4 strips");
  static_assert(BK * AS % Threads == 0 && BK * BS % Threads == 0,
                "every thread loads the same number of float_4s of each slice");
  static_assert(Stages == 1 || Stages == 2, "single or double buffering");

  static bool fits(int M, int N, int K) { return M % BM == 0 && N % BN == 0 && K % BK == 0; }

  static void run(const accelerator_view &av, Problem &p, float alpha, float beta) {
    const int N = p.N, K = p.K;
    const int N4 = N / 4;
    array_view<const float, 1> A(p.a);
    array_view<const float_4, 1> B4 = static_cast<const array<float, 1> &>(p.b)
                                          .reinterpret_as<float_4>();
    array_view<float_4, 1> C4 = p.c.reinterpret_as<float_4>();
    parallel_for_each(av, extent<2>(p.M / TM, N / TN).tile<TY, TX>(),
                      [=](tiled_index<TY, TX> t) restrict(amp) {
      tile_static ARow as[Stages][BK];
      tile_static BRow bs[Stages][BK];
      const int ty = t.local[0], tx = t.local[1];
      const int tid = ty * TX + tx;
      const int row0 = t.tile[0] * BM, col0 = t.tile[1] * BN;

      float acc[TM][TN];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i][j] = 0.0f;

      // One slice's global values, held in registers until they are stored.
      float_4 ra[ALoads], rb[BLoads];
      const int slices = K / BK;
      if (Stages == 2) {
        load(A, B4, K, N4, row0, col0, 0, tid, ra, rb);
        store(as[0], bs[0], tid, ra, rb);
        t.barrier.wait();
        for (int s = 0; s < slices; ++s) {
          const bool more = s + 1 < slices;
          // Branchless (a constant): the last round loads slice 0 again into
          // the unused buffer instead of skipping the loads and stores.
          if (Branchless || more)
            load(A, B4, K, N4, row0, col0, more ? (s + 1) * BK : 0, tid, ra, rb);
          compute(as[s & 1], bs[s & 1], ty, tx, acc);
          if (Branchless || more)
            store(as[(s + 1) & 1], bs[(s + 1) & 1], tid, ra, rb);
          t.barrier.wait();
        }
      } else {
        for (int s = 0; s < slices; ++s) {
          load(A, B4, K, N4, row0, col0, s * BK, tid, ra, rb);
          store(as[0], bs[0], tid, ra, rb);
          t.barrier.wait();
          compute(as[0], bs[0], ty, tx, acc);
          t.barrier.wait();
        }
      }

      // Thread (ty, tx) owns rows 4 * (ty + i * TY) + 0..3 for i < TM / 4 and
      // columns 4 * (tx + j * TX) + 0..3 for j < TN / 4.
#pragma unroll
      for (int i = 0; i < TM / 4; ++i)
#pragma unroll
        for (int c = 0; c < 4; ++c) {
          const int row = row0 + 4 * (ty + i * TY) + c;
#pragma unroll
          for (int j = 0; j < TN / 4; ++j) {
            const int at = row * N4 + col0 / 4 + tx + j * TX;
            float_4 v(alpha * acc[4 * i + c][4 * j], alpha * acc[4 * i + c][4 * j + 1],
                      alpha * acc[4 * i + c][4 * j + 2], alpha * acc[4 * i + c][4 * j + 3]);
            if (beta != 0.0f)
              v += beta * C4[at];
            C4[at] = v;
          }
        }
    });
  }

  // Reads the slices of A and B that start at depth k0. Slot s of the A
  // slice is as[k][4 * m4 .. 4 * m4 + 3] with k = s % BK, m4 = s / BK: a warp
  // reads BK consecutive floats of each of its rows.
  static void load(const array_view<const float, 1> &A, const array_view<const float_4, 1> &B4,
                   int K, int N4, int row0, int col0, int k0, int tid, float_4 (&ra)[ALoads],
                   float_4 (&rb)[BLoads]) restrict(amp) {
#pragma unroll
    for (int l = 0; l < ALoads; ++l) {
      const int s = tid + l * Threads, k = s % BK, m = 4 * (s / BK);
      const int at = (row0 + m) * K + k0 + k;
      ra[l] = float_4(A[at], A[at + K], A[at + 2 * K], A[at + 3 * K]);
    }
#pragma unroll
    for (int l = 0; l < BLoads; ++l) {
      const int s = tid + l * Threads, k = s / BS, n4 = s % BS;
      rb[l] = B4[(k0 + k) * N4 + col0 / 4 + n4];
    }
  }

  static void store(ARow (&as)[BK], BRow (&bs)[BK], int tid, const float_4 (&ra)[ALoads],
                    const float_4 (&rb)[BLoads]) restrict(amp) {
#pragma unroll
    for (int l = 0; l < ALoads; ++l) {
      const int s = tid + l * Threads;
      put4(as[s % BK], s / BK, ra[l]);
    }
#pragma unroll
    for (int l = 0; l < BLoads; ++l) {
      const int s = tid + l * Threads;
      put4(bs[s / BS], s % BS, rb[l]);
    }
  }

  static void compute(const ARow (&as)[BK], const BRow (&bs)[BK], int ty, int tx,
                      float (&acc)[TM][TN]) restrict(amp) {
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM / 4; ++i)
        get4(as[k], ty + i * TY, a, 4 * i);
#pragma unroll
      for (int j = 0; j < TN / 4; ++j)
        get4(bs[k], tx + j * TX, b, 4 * j);
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i][j] += a[i] * b[j];
    }
  }

  // Group g of four floats of a tile_static row, written and read.
  template <int W> static void put4(float (&row)[W], int g, const float_4 &v) restrict(amp) {
    row[4 * g] = v.x;
    row[4 * g + 1] = v.y;
    row[4 * g + 2] = v.z;
    row[4 * g + 3] = v.w;
  }
  template <int W> static void put4(f4 (&row)[W], int g, const float_4 &v) restrict(amp) {
    f4 w = {v.x, v.y, v.z, v.w};
    row[g] = w;
  }
  template <int W, int N>
  static void get4(const float (&row)[W], int g, float (&out)[N], int at) restrict(amp) {
#pragma unroll
    for (int c = 0; c < 4; ++c)
      out[at + c] = row[4 * g + c];
  }
  template <int W, int N>
  static void get4(const f4 (&row)[W], int g, float (&out)[N], int at) restrict(amp) {
    f4 v = row[g];
    out[at] = v.x;
    out[at + 1] = v.y;
    out[at + 2] = v.z;
    out[at + 3] = v.w;
  }
};

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
      std::cout << "  " << std::left << std::setw(54) << v.name << std::right;
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
