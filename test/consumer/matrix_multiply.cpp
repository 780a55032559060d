// A C++ AMP program written the way users write them, built only through
// `pkg-config ampvk` (see run_consumer.sh): Microsoft's tiled matrix
// multiplication walkthrough, checked against a host computation. It includes
// <cstring> before <amp.h> and names index<2> unqualified, as ported programs
// do: ampvk's flags keep glibc's BSD index() out of the way.
#include <cstring>
#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

static const int TS = 16;

int main() {
  const int M = 64, K = 48, N = 80;
  std::vector<float> a(M * K), b(K * N), c(M * N, 0.0f);
  for (int i = 0; i < M * K; ++i)
    a[i] = static_cast<float>((i * 13) % 7) - 3.0f;
  for (int i = 0; i < K * N; ++i)
    b[i] = static_cast<float>((i * 5) % 11) * 0.5f;

  array_view<const float, 2> av(M, K, a);
  array_view<const float, 2> bv(K, N, b);
  array_view<float, 2> cv(M, N, c);
  cv.discard_data();
  parallel_for_each(cv.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t) restrict(amp) {
    int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
      tile_static float la[TS][TS];
      tile_static float lb[TS][TS];
      la[row][col] = av(t.global[0], k0 + col);
      lb[row][col] = bv(k0 + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < TS; ++k)
        sum += la[row][k] * lb[k][col];
      t.barrier.wait();
    }
    index<2> at = t.global;
    cv[at] = sum;
  });
  cv.synchronize();

  int wrong = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float expect = 0.0f;
      for (int k = 0; k < K; ++k)
        expect += a[i * K + k] * b[k * N + j];
      if (c[i * N + j] != expect)
        ++wrong;
    }
  std::cout << "matrix_multiply: " << (wrong ? "MISMATCH" : "ok") << " (" << M << "x" << N
            << ", " << wrong << " wrong)\n";
  return wrong ? 1 : 0;
}
