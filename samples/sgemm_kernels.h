// samples/sgemm.cpp's register-blocked SGEMM kernels: C = alpha * A * B + beta * C
// for row-major float matrices, A of M x K, B of K x N, C of M x N, in one
// template (`blocked_sgemm`) over the tile shape:
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
//             loop body has no branch around them (worth 15 % on the H100);
//   WarpBlocks  a warp's 32 threads take the outputs of a block of 4 x 8
//             thread positions rather than of 2 rows of 16, so that for each k
//             the warp reads 4 + 8 four-float groups of the slices, not 2 + 16;
//   Pairs     with 2 stages and no branch: two slices a round, so that each
//             round names both tile_static buffers by constants (K a multiple
//             of 2 BK).
// The A slice is stored transposed (as[k][m]), so that a thread reads its TM
// values of A for one k as TM / 4 groups of four consecutive floats, as it
// reads its TN values of B. B and C are read and written through float_4
// views; A through a float view, four rows at a time.
//
// Also built into ampvk_bench (test/bench/sgemm_twin.cpp), whose twins row
// times the fastest of them against the same kernel written in GLSL.
#ifndef AMPVK_SAMPLES_SGEMM_KERNELS_H
#define AMPVK_SAMPLES_SGEMM_KERNELS_H

#include <amp.h>
#include <amp_short_vectors.h>

namespace sgemm {

using namespace concurrency;
using namespace concurrency::graphics;

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
          bool Branchless = false, bool WarpBlocks = false, bool Pairs = false>
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
  static_assert(!Pairs || (Stages == 2 && Branchless), "pairs of slices are double-buffered");
  static_assert(!WarpBlocks || (Threads % 32 == 0 && TX % 8 == 0 && TY % 4 == 0),
                "warps of 4 x 8 thread positions");

  static bool fits(int M, int N, int K) {
    return M % BM == 0 && N % BN == 0 && K % ((Pairs ? 2 : 1) * BK) == 0;
  }

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
      // The thread position whose outputs this thread computes.
      int cy = ty, cx = tx;
      if (WarpBlocks) {
        const int warp = tid / 32, lane = tid % 32;
        cy = warp / (TX / 8) * 4 + lane / 8;
        cx = warp % (TX / 8) * 8 + lane % 8;
      }
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
      if (Pairs) {
        load(A, B4, K, N4, row0, col0, 0, tid, ra, rb);
        store(as[0], bs[0], tid, ra, rb);
        t.barrier.wait();
        for (int s = 0; s < slices; s += 2) {
          load(A, B4, K, N4, row0, col0, (s + 1) * BK, tid, ra, rb);
          compute(as[0], bs[0], cy, cx, acc);
          store(as[Stages - 1], bs[Stages - 1], tid, ra, rb);
          t.barrier.wait();
          // The last round loads slice 0 again, as Branchless does.
          load(A, B4, K, N4, row0, col0, s + 2 < slices ? (s + 2) * BK : 0, tid, ra, rb);
          compute(as[Stages - 1], bs[Stages - 1], cy, cx, acc);
          store(as[0], bs[0], tid, ra, rb);
          t.barrier.wait();
        }
      } else if (Stages == 2) {
        load(A, B4, K, N4, row0, col0, 0, tid, ra, rb);
        store(as[0], bs[0], tid, ra, rb);
        t.barrier.wait();
        for (int s = 0; s < slices; ++s) {
          const bool more = s + 1 < slices;
          // Branchless (a constant): the last round loads slice 0 again into
          // the unused buffer instead of skipping the loads and stores.
          if (Branchless || more)
            load(A, B4, K, N4, row0, col0, more ? (s + 1) * BK : 0, tid, ra, rb);
          compute(as[s & 1], bs[s & 1], cy, cx, acc);
          if (Branchless || more)
            store(as[(s + 1) & 1], bs[(s + 1) & 1], tid, ra, rb);
          t.barrier.wait();
        }
      } else {
        for (int s = 0; s < slices; ++s) {
          load(A, B4, K, N4, row0, col0, s * BK, tid, ra, rb);
          store(as[0], bs[0], tid, ra, rb);
          t.barrier.wait();
          compute(as[0], bs[0], cy, cx, acc);
          t.barrier.wait();
        }
      }

      // Thread position (cy, cx) owns rows 4 * (cy + i * TY) + 0..3 for
      // i < TM / 4 and columns 4 * (cx + j * TX) + 0..3 for j < TN / 4.
#pragma unroll
      for (int i = 0; i < TM / 4; ++i)
#pragma unroll
        for (int c = 0; c < 4; ++c) {
          const int row = row0 + 4 * (cy + i * TY) + c;
#pragma unroll
          for (int j = 0; j < TN / 4; ++j) {
            const int at = row * N4 + col0 / 4 + cx + j * TX;
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

// The fastest on the H100 (docs/performance.md, "SGEMM").
typedef blocked_sgemm<128, 128, 8, 8, 8, 2, true, true, true, true> fastest;

} // namespace sgemm

#endif
