// Matrix multiplication as C++ AMP books and blog posts write it, ported to
// ampvk without a single change: nothing here is specific to ampvk.
//
//  - lists the accelerators with accelerator::get_all() and picks the first
//    hardware one (else the default, e.g. a software device), then makes it
//    the default with accelerator::set_default;
//  - copies the inputs into concurrency::array objects on that accelerator
//    with concurrency::copy, into sections of arrays padded to whole tiles;
//  - multiplies them with the classic tiled kernel (tile_static blocks of A
//    and B, two barriers per step);
//  - copies the product's section back, checks it against a CPU reference
//    and prints one result line.
#include <amp.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

using namespace concurrency;

static const int TILE = 16;

static std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

static accelerator choose_accelerator() {
  std::vector<accelerator> all = accelerator::get_all();
  accelerator chosen; // the default accelerator
  bool found_hardware = false;
  std::cout << "Accelerators:" << std::endl;
  for (size_t i = 0; i < all.size(); ++i) {
    const accelerator &a = all[i];
    std::cout << "  " << narrow(a.description) << " [" << narrow(a.device_path) << "]"
              << (a.is_emulated ? " (emulated)" : "") << std::endl;
    if (!found_hardware && !a.is_emulated && a.device_path != accelerator::cpu_accelerator) {
      chosen = a;
      found_hardware = true;
    }
  }
  accelerator::set_default(chosen.device_path);
  std::cout << "Using: " << narrow(chosen.description) << std::endl;
  return chosen;
}

// C = A * B with A of M x K and B of K x N, all row-major.
static void multiply_amp(const accelerator_view &av, const std::vector<float> &vA,
                         const std::vector<float> &vB, std::vector<float> &vC, int M, int K,
                         int N) {
  // Round every dimension up to whole tiles; the padding holds zeros.
  int Mp = (M + TILE - 1) / TILE * TILE;
  int Kp = (K + TILE - 1) / TILE * TILE;
  int Np = (N + TILE - 1) / TILE * TILE;
  std::vector<float> zerosA(Mp * Kp, 0.0f), zerosB(Kp * Np, 0.0f);

  array<float, 2> a(Mp, Kp, zerosA.begin(), av);
  array<float, 2> b(Kp, Np, zerosB.begin(), av);
  array<float, 2> c(Mp, Np, av);
  array_view<float, 2> aView(a), bView(b);
  copy(vA.begin(), vA.end(), aView.section(index<2>(0, 0), extent<2>(M, K)));
  copy(vB.begin(), vB.end(), bView.section(index<2>(0, 0), extent<2>(K, N)));

  parallel_for_each(av, c.extent.tile<TILE, TILE>(),
                    [=, &a, &b, &c](tiled_index<TILE, TILE> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static float locA[TILE][TILE];
    tile_static float locB[TILE][TILE];
    float sum = 0.0f;
    for (int i = 0; i < Kp; i += TILE) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TILE; k++)
        sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });

  array_view<float, 2> cView(c);
  copy(cView.section(index<2>(0, 0), extent<2>(M, N)), vC.begin());
}

int main() {
  const int M = 300, K = 200, N = 250;
  accelerator acc = choose_accelerator();

  std::vector<float> vA(M * K), vB(K * N), vC(M * N), ref(M * N);
  unsigned seed = 12345;
  for (size_t i = 0; i < vA.size(); ++i) {
    seed = seed * 1103515245u + 12345u;
    vA[i] = ((seed >> 16) % 2001) / 1000.0f - 1.0f;
  }
  for (size_t i = 0; i < vB.size(); ++i) {
    seed = seed * 1103515245u + 12345u;
    vB[i] = ((seed >> 16) % 2001) / 1000.0f - 1.0f;
  }

  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  multiply_amp(acc.default_view, vA, vB, vC, M, K, N);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();

  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = 0.0f;
      for (int k = 0; k < K; ++k)
        sum += vA[i * K + k] * vB[k * N + j];
      ref[i * N + j] = sum;
    }
  double max_error = 0.0;
  for (size_t i = 0; i < vC.size(); ++i) {
    double err = std::fabs(vC[i] - ref[i]) / (1.0 + std::fabs(ref[i]));
    if (err > max_error)
      max_error = err;
  }
  bool ok = max_error < 1e-4;
  std::cout << "C(" << M << "x" << N << ") = A(" << M << "x" << K << ") * B(" << K << "x" << N
            << ") in " << ms << " ms: " << (ok ? "PASSED" : "FAILED")
            << " (max relative error " << max_error << ")" << std::endl;
  return ok ? 0 : 1;
}
