// Each benchmark kernel against its hand-written GLSL twin (test/bench/twins/,
// compiled by glslang at build time), same data, same launch shape, same
// device. ampvk is timed two ways over back-to-back launches (after a
// warm-up): wall time per launch, which includes the per-launch host cost
// where the GPU work is shorter, and GPU time per dispatch from the runtime's
// profiler (timestamps around each dispatch, runtime/src/diagnostics/profiler.h); the
// twin's time is GPU timestamps around each of its back-to-back dispatches
// too, so the ratio compares GPU time with GPU time, measured alike. Every row compares the two results
// exactly (the twins round as C++ does: `precise`), so a ratio is never one
// of two different computations.
#include "twin_bench.h"
#include "sgemm_twin.h"
#include "twin_harness.h"

#include "diagnostics/profiler.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

using Clock = std::chrono::steady_clock;

// Seconds per launch; gpu is 0 when the device has no timestamps.
struct Timing {
  double wall = 0, gpu = 0;
  double best() const { return gpu > 0 ? gpu : wall; }
};

template <typename Launch> Timing time_launches(const accelerator_view &av, Launch launch, int reps) {
  launch();
  av.wait();
  const ampvk::rt::gpu_time_total before = ampvk::rt::kernel_gpu_time();
  auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r)
    launch();
  av.wait(); // retires the batches: their timestamps are read
  Timing t;
  t.wall = std::chrono::duration<double>(Clock::now() - t0).count() / reps;
  const ampvk::rt::gpu_time_total after = ampvk::rt::kernel_gpu_time();
  if (after.dispatches - before.dispatches == std::uint64_t(reps))
    t.gpu = (after.ns - before.ns) / 1e9 / reps;
  return t;
}

struct Row {
  std::string kernel;
  Timing ampvk{};
  double twin = 0, work = 0; // seconds, bytes or flops
  bool flops = false;
  bool same = false;
};

void print(const Row &r, const std::string &twin_error) {
  std::cout << "  " << std::left << std::setw(28) << r.kernel << std::right << std::fixed
            << std::setprecision(1) << std::setw(10) << r.ampvk.wall * 1e6 << " us";
  if (r.ampvk.gpu > 0)
    std::cout << std::setw(10) << r.ampvk.gpu * 1e6 << " us";
  else
    std::cout << std::setw(13) << "n/a";
  if (r.twin <= 0) {
    std::cout << "   twin: " << twin_error << "\n";
    return;
  }
  double rate = r.work / r.ampvk.best() / 1e9;
  std::cout << std::setw(10) << r.twin * 1e6 << " us" << std::setprecision(2) << std::setw(8)
            << r.twin / r.ampvk.best() << "x" << std::setprecision(1) << std::setw(10) << rate
            << (r.flops ? " GFLOP/s" : " GB/s   ") << (r.same ? "" : "   RESULT MISMATCH") << "\n";
}

// Keeps the shorter of two GPU times; 0 (no time: the twin failed) never wins.
void keep_fastest(double &best, double t) {
  if (t > 0 && (best <= 0 || t < best))
    best = t;
}

std::uint32_t groups_of(std::uint32_t threads, std::uint32_t local) {
  return (threads + local - 1) / local;
}

// Times ampvk's matmul launch and its twin (C = A * B, n x n, `per_tile`
// outputs along each side of a workgroup; the twin's push constants `push`)
// in turn and completes the row with ampvk's result, which result() returns.
template <typename Launch, typename Result, typename InTurn>
void finish_matmul(twin::Harness &h, const std::string &spv, const std::vector<float> &a,
                   const std::vector<float> &b, int n, int per_tile, const void *push,
                   std::uint32_t push_bytes, int reps, Row &r, Launch launch, Result result,
                   InTurn in_turn) {
  std::vector<float> twin_c(std::size_t(n) * n);
  int b0 = h.buffer(a.data(), a.size() * 4), b1 = h.buffer(b.data(), b.size() * 4),
      b2 = h.buffer(nullptr, twin_c.size() * 4);
  std::uint32_t g[3] = {std::uint32_t(n / per_tile), std::uint32_t(n / per_tile), 1};
  in_turn(r, launch, [&] { return h.run(spv, {b0, b1, b2}, push, push_bytes, g, reps); });
  h.read(b2, twin_c.data(), twin_c.size() * 4);
  r.work = 2.0 * n * n * double(n);
  r.flops = true;
  r.same = result() == twin_c;
  print(r, h.error());
}

template <typename T> std::vector<T> pattern(std::size_t n, unsigned mod, T scale) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<T>((i * 2654435761u >> 7) % mod) * scale;
  return v;
}

} // namespace

void bench_twins(const accelerator_view &av, const std::string &device_name, bool small,
                 const std::string &twin_dir, const std::string &only) {
  twin::Harness h(device_name);
  // `only`: the first words of rows' kernels, separated by commas, or empty
  // for every row.
  auto runs = [&](const std::string &row) {
    return only.empty() || ("," + only + ",").find("," + row + ",") != std::string::npos;
  };
  const int reps = small ? 3 : 20;
  auto spv = [&](const char *name) { return twin_dir + "/" + name + ".spv"; };
  // ampvk's GPU time comes from the profiler's timestamps (AMPVK_PROFILE's).
  ampvk::rt::enable_gpu_timing(true);
  std::cout << "GLSL twins (kernel, ampvk wall per launch, ampvk GPU per dispatch, twin GPU per "
               "dispatch, twin/ampvk GPU time, ampvk rate from its GPU time)\n";

  // Each row times ampvk and its twin in turn, `rounds` times, and keeps the
  // fastest of each: the GPU's slow phases and clock changes (seconds long on
  // the H100 and the H200) then favour neither side, whichever runs first.
  // Both sides launch equally often, so accumulating rows still compare.
  const int rounds = small ? 1 : 3;
  auto in_turn = [&](Row &r, auto ampvk_launch, auto twin_run) {
    for (int i = 0; i < rounds; ++i) {
      const Timing a = time_launches(av, ampvk_launch, reps);
      if (i == 0 || a.best() < r.ampvk.best())
        r.ampvk = a;
      keep_fastest(r.twin, twin_run());
    }
  };

  // The device's practical copy rate, measured below beside ampvk's copy:
  // what issue 11 asks untiled bandwidth-bound kernels to reach 90 % of.
  double device_copy_rate = 0; // bytes per second, read plus written
  if (runs("copy")) { // copy
    const std::uint32_t n = small ? (1u << 20) : (1u << 26);
    std::vector<float> src = pattern<float>(n, 1000, 0.5f), dst(n, 0.0f), twin_dst(n);
    array_view<const float, 1> in(int(n), src);
    array_view<float, 1> out(int(n), dst);
    Row r{"copy"};
    auto r_launch = [&] {
      parallel_for_each(av, out.extent, [=](index<1> i) restrict(amp) { out[i] = in[i]; });
    };
    int b0 = h.buffer(src.data(), n * 4), b1 = h.buffer(nullptr, n * 4);
    std::uint32_t g[3] = {groups_of(n, 256), 1, 1};
    in_turn(r, r_launch, [&] { return h.run(spv("copy"), {b0, b1}, &n, 4, g, reps); });
    out.synchronize();
    h.read(b1, twin_dst.data(), n * 4);
    r.work = 8.0 * n;
    r.same = dst == twin_dst;
    print(r, h.error());

    int b2 = h.buffer(nullptr, n * 4);
    const std::uint32_t n4 = n / 4;
    std::uint32_t g4[3] = {groups_of(n4, 256), 1, 1};
    const double vec4 = h.run(spv("copy_vec4"), {b0, b2}, &n4, 4, g4, reps);
    std::vector<float> vec4_dst(n);
    h.read(b2, vec4_dst.data(), n * 4);
    const double command = h.copy_buffer(b0, b2, n * 4, reps);
    if (vec4 > 0 && command > 0 && vec4_dst == src) {
      device_copy_rate = r.work / std::min(vec4, command);
      std::cout << "  device copy rate, same run: GLSL vec4 copy " << std::setprecision(1)
                << r.work / vec4 / 1e9 << " GB/s, vkCmdCopyBuffer " << r.work / command / 1e9
                << " GB/s; ampvk copy at " << std::setprecision(2)
                << r.work / r.ampvk.best() / device_copy_rate << " of the faster\n";
    } else {
      std::cout << "  device copy rate: " << (vec4_dst == src ? h.error() : "vec4 copy MISMATCH")
                << "\n";
    }

    // Four items per thread in GLSL, tested per item and tested once: what
    // the shape of ampvk's item loop (plugin/emit/ItemLoop.cpp) is worth.
    std::uint32_t g_items[3] = {groups_of(n, 1024), 1, 1};
    std::cout << "  GLSL copy, 4 items per thread:";
    for (const char *name : {"copy_items_tested", "copy_items"}) {
      int b3 = h.buffer(nullptr, n * 4);
      const double t = h.run(spv(name), {b0, b3}, &n, 4, g_items, reps);
      std::vector<float> items_dst(n);
      h.read(b3, items_dst.data(), n * 4);
      std::cout << " " << name << " ";
      if (t > 0 && items_dst == src && device_copy_rate > 0)
        std::cout << std::setprecision(2) << r.work / t / device_copy_rate << " of the rate";
      else
        std::cout << (items_dst == src ? "n/a" : "MISMATCH");
    }
    std::cout << "\n";
  }
  if (runs("saxpy")) { // saxpy
    // As many elements as the copy, whose rate this row is read against.
    const std::uint32_t n = small ? (1u << 20) : (1u << 26);
    const float a = 0.5f;
    std::vector<float> x = pattern<float>(n, 1000, 0.001f), y(n, 1.0f), twin_y(n);
    array_view<const float, 1> xv(int(n), x);
    array_view<float, 1> yv(int(n), y);
    Row r{"saxpy"};
    auto r_launch = [&] {
      parallel_for_each(av, yv.extent,
                        [=](index<1> i) restrict(amp) { yv[i] = a * xv[i] + yv[i]; });
    };
    int b0 = h.buffer(x.data(), n * 4), b1 = h.buffer(std::vector<float>(n, 1.0f).data(), n * 4);
    struct { std::uint32_t n; float a; } push{n, a};
    std::uint32_t g[3] = {groups_of(n, 256), 1, 1};
    in_turn(r, r_launch, [&] { return h.run(spv("saxpy"), {b0, b1}, &push, 8, g, reps); });
    yv.synchronize();
    h.read(b1, twin_y.data(), n * 4);
    r.work = 12.0 * n;
    r.same = y == twin_y; // both ran rounds * (reps + 1) times
    print(r, h.error());
    // The same in GLSL with four items per invocation, tested once: the
    // shape ampvk's item loop gives the kernel on GPUs.
    int b2 = h.buffer(std::vector<float>(n, 1.0f).data(), n * 4);
    std::uint32_t g_items[3] = {groups_of(n, 1024), 1, 1};
    double items = 0;
    for (int i = 0; i < rounds; ++i)
      keep_fastest(items, h.run(spv("saxpy_items"), {b0, b2}, &push, 8, g_items, reps));
    std::vector<float> items_y(n);
    h.read(b2, items_y.data(), n * 4);
    if (device_copy_rate > 0)
      std::cout << "  saxpy at " << std::setprecision(2)
                << r.work / r.ampvk.best() / device_copy_rate
                << " of the device copy rate; GLSL saxpy, 4 items per thread: "
                << (items > 0 && items_y == twin_y ? r.work / items / device_copy_rate : 0.0)
                << (items_y == twin_y ? "" : " MISMATCH") << "\n";
  }
  if (runs("tiled")) { // tiled matmul
    const int n = small ? 256 : 1024;
    std::vector<float> a = pattern<float>(n * n, 7, 0.25f), b = pattern<float>(n * n, 5, 0.5f),
                       c(n * n);
    array_view<const float, 2> av_(n, n, a), bv(n, n, b);
    array_view<float, 2> cv(n, n, c);
    Row r{"matmul, tiled 16x16"};
    auto r_launch = [&] {
      parallel_for_each(av, cv.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
        int row = t.local[0], col = t.local[1];
        float sum = 0.0f;
        for (int k0 = 0; k0 < n; k0 += 16) {
          tile_static float la[16][16];
          tile_static float lb[16][16];
          la[row][col] = av_(t.global[0], k0 + col);
          lb[row][col] = bv(k0 + row, t.global[1]);
          t.barrier.wait();
          for (int k = 0; k < 16; ++k)
            sum += la[row][k] * lb[k][col];
          t.barrier.wait();
        }
        cv[t.global] = sum;
      });
    };
    finish_matmul(h, spv("matmul_tiled"), a, b, n, 16, &n, sizeof n, reps, r, r_launch,
                  [&] {
                    cv.synchronize();
                    return c;
                  },
                  in_turn);
  }
  if (runs("register-blocked")) { // register-blocked matmul: 4x4 outputs per work-item, 64x64 per tile
    const int n = small ? 256 : 2048;
    std::vector<float> a = pattern<float>(n * n, 7, 0.25f), b = pattern<float>(n * n, 5, 0.5f),
                       c(n * n);
    array_view<const float, 2> av_(n, n, a), bv(n, n, b);
    array_view<float, 2> cv(n, n, c);
    Row r{"matmul, register-blocked"};
    auto r_launch = [&] {
      parallel_for_each(av, extent<2>(n / 4, n / 4).tile<16, 16>(),
                        [=](tiled_index<16, 16> t) restrict(amp) {
        int ty = t.local[0], tx = t.local[1];
        int row0 = t.tile[0] * 64, col0 = t.tile[1] * 64;
        float acc[4][4];
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j)
            acc[i][j] = 0.0f;
        for (int k0 = 0; k0 < n; k0 += 16) {
          tile_static float la[64][16];
          tile_static float lb[16][64];
          for (int q = 0; q < 4; ++q) {
            la[ty + 16 * q][tx] = av_(row0 + ty + 16 * q, k0 + tx);
            lb[ty][tx + 16 * q] = bv(k0 + ty, col0 + tx + 16 * q);
          }
          t.barrier.wait();
          for (int k = 0; k < 16; ++k)
            for (int i = 0; i < 4; ++i)
              for (int j = 0; j < 4; ++j)
                acc[i][j] += la[ty + 16 * i][k] * lb[k][tx + 16 * j];
          t.barrier.wait();
        }
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j)
            cv(row0 + ty + 16 * i, col0 + tx + 16 * j) = acc[i][j];
      });
    };
    finish_matmul(h, spv("matmul_blocked"), a, b, n, 64, &n, sizeof n, reps, r, r_launch,
                  [&] {
                    cv.synchronize();
                    return c;
                  },
                  in_turn);
  }
  if (runs("sgemm")) { // samples/sgemm.cpp's fastest kernel: 128x128 per tile, 8x8 per thread
    // Both sides may fuse a*b+c (the sample's fp-contract=fast; the twin has
    // no `precise`); the data make every product and sum exact in float
    // (multiples of 1/8 below 2^21), so fused or not the results are equal.
    const int n = small ? 256 : 4096;
    std::vector<float> a = pattern<float>(std::size_t(n) * n, 7, 0.25f),
                       b = pattern<float>(std::size_t(n) * n, 5, 0.5f);
    sgemm_fastest_problem p(av, n, a, b);
    Row r{"sgemm 128x128, 8x8/thread"};
    std::string not_run;
    try {
      p.launch();
      av.wait();
    } catch (const concurrency::unsupported_feature &e) {
      // Checked mode's race shadow (AMPVK_CHECK=races) of its 16 KiB of
      // tile_static memory needs 48 KiB more, beyond lavapipe's 32 KiB.
      not_run = e.what();
    }
    if (!not_run.empty()) {
      std::cout << "  " << std::left << std::setw(28) << r.kernel << std::right
                << "   not run: " << not_run << "\n";
    } else {
      struct {
        int n;
        float alpha, beta;
      } push{n, 1.0f, 0.0f};
      finish_matmul(h, spv("sgemm_128x128"), a, b, n, 128, &push, sizeof push, reps, r,
                    [&] { p.launch(); }, [&] { return p.result(); }, in_turn);
    }
  }
  if (runs("tile")) { // tile reduction and tile scan over 256-element tiles
    const int n = small ? (1 << 18) : (1 << 24);
    std::vector<int> src = pattern<int>(n, 1000, 1), sums(n / 256), twin_sums(n / 256),
                     scan(n), twin_scan(n);
    array_view<const int, 1> in(n, src);
    array_view<int, 1> sv(n / 256, sums), scv(n, scan);
    Row r{"tile reduction (256)"};
    auto r_launch = [&] {
      parallel_for_each(av, in.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
        tile_static int s[256];
        int l = t.local[0];
        s[l] = in[t.global];
        t.barrier.wait();
        for (int stride = 128; stride > 0; stride /= 2) {
          if (l < stride)
            s[l] += s[l + stride];
          t.barrier.wait();
        }
        if (l == 0)
          sv[t.tile] = s[0];
      });
    };
    int b0 = h.buffer(src.data(), n * 4), b1 = h.buffer(nullptr, (n / 256) * 4);
    std::uint32_t g[3] = {std::uint32_t(n / 256), 1, 1};
    in_turn(r, r_launch,
            [&] { return h.run(spv("reduce_tile"), {b0, b1}, nullptr, 0, g, reps); });
    sv.synchronize();
    h.read(b1, twin_sums.data(), (n / 256) * 4);
    r.work = 4.0 * n;
    r.same = sums == twin_sums;
    print(r, h.error());
    // The same kernel with the twin written in the C++ source's types: what
    // of the gap is the source's signed arithmetic rather than the compiler.
    Row ri{"  twin in int, as the C++"};
    ri.work = r.work;
    std::fill(twin_sums.begin(), twin_sums.end(), 0);
    in_turn(ri, r_launch,
            [&] { return h.run(spv("reduce_tile_int"), {b0, b1}, nullptr, 0, g, reps); });
    h.read(b1, twin_sums.data(), (n / 256) * 4);
    ri.same = sums == twin_sums;
    print(ri, h.error());
    Row ro{"  twin adding view offsets"};
    ro.work = r.work;
    std::fill(twin_sums.begin(), twin_sums.end(), 0);
    const std::uint32_t offsets[2] = {0, 0};
    in_turn(ro, r_launch,
            [&] { return h.run(spv("reduce_tile_offsets"), {b0, b1}, offsets, 8, g, reps); });
    h.read(b1, twin_sums.data(), (n / 256) * 4);
    ro.same = sums == twin_sums;
    print(ro, h.error());

    Row s{"tile scan (256)"};
    auto s_launch = [&] {
      parallel_for_each(av, in.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
        tile_static int sh[256];
        int l = t.local[0];
        sh[l] = in[t.global];
        t.barrier.wait();
        for (int off = 1; off < 256; off *= 2) {
          int v = l >= off ? sh[l - off] : 0;
          t.barrier.wait();
          sh[l] += v;
          t.barrier.wait();
        }
        scv[t.global] = sh[l];
      });
    };
    int b2 = h.buffer(nullptr, n * 4);
    in_turn(s, s_launch, [&] { return h.run(spv("scan_tile"), {b0, b2}, nullptr, 0, g, reps); });
    scv.synchronize();
    h.read(b2, twin_scan.data(), n * 4);
    s.work = 8.0 * n;
    s.same = scan == twin_scan;
    print(s, h.error());
    Row si{"  twin in int, as the C++"};
    si.work = s.work;
    std::fill(twin_scan.begin(), twin_scan.end(), 0);
    in_turn(si, s_launch,
            [&] { return h.run(spv("scan_tile_int"), {b0, b2}, nullptr, 0, g, reps); });
    h.read(b2, twin_scan.data(), n * 4);
    si.same = scan == twin_scan;
    print(si, h.error());
  }
  if (runs("transpose")) { // transpose through a 16x16 tile_static tile
    const int rows = small ? 512 : 4096, cols = small ? 256 : 4096;
    std::vector<float> src = pattern<float>(rows * cols, 1000, 1.0f), dst(rows * cols),
                       twin_dst(rows * cols);
    array_view<const float, 2> in(rows, cols, src);
    array_view<float, 2> out(cols, rows, dst);
    Row r{"transpose (16x16 tiles)"};
    auto r_launch = [&] {
      parallel_for_each(av, in.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
        tile_static float tile[16][17];
        int ly = t.local[0], lx = t.local[1];
        tile[ly][lx] = in[t.global];
        t.barrier.wait();
        out(t.tile_origin[1] + ly, t.tile_origin[0] + lx) = tile[lx][ly];
      });
    };
    int b0 = h.buffer(src.data(), src.size() * 4), b1 = h.buffer(nullptr, dst.size() * 4);
    int push[2] = {rows, cols};
    std::uint32_t g[3] = {std::uint32_t(cols / 16), std::uint32_t(rows / 16), 1};
    in_turn(r, r_launch, [&] { return h.run(spv("transpose"), {b0, b1}, push, 8, g, reps); });
    out.synchronize();
    h.read(b1, twin_dst.data(), dst.size() * 4);
    r.work = 8.0 * rows * cols;
    r.same = dst == twin_dst;
    print(r, h.error());
  }
  if (runs("histogram")) { // histogram of 256 bins with global atomics
    const std::uint32_t n = small ? (1u << 20) : (1u << 24);
    std::vector<unsigned> src = pattern<unsigned>(n, 100000, 1u);
    std::vector<int> bins(256, 0), twin_bins(256);
    array_view<const unsigned, 1> in(int(n), src);
    array_view<int, 1> bv(256, bins);
    Row r{"histogram (global atomics)"};
    auto r_launch = [&] {
      parallel_for_each(av, in.extent, [=](index<1> i) restrict(amp) {
        atomic_fetch_add(&bv[int(in[i] & 255u)], 1);
      });
    };
    int b0 = h.buffer(src.data(), n * 4), b1 = h.buffer(nullptr, 256 * 4);
    std::uint32_t g[3] = {groups_of(n, 256), 1, 1};
    in_turn(r, r_launch, [&] { return h.run(spv("histogram"), {b0, b1}, &n, 4, g, reps); });
    bv.synchronize();
    h.read(b1, twin_bins.data(), 256 * 4);
    r.work = 4.0 * n;
    r.same = bins == twin_bins; // both counted rounds * (reps + 1) times
    print(r, h.error());
  }
  ampvk::rt::enable_gpu_timing(false);
}

namespace {

// samples/mpi/mpi_heat.cpp's stepped, step and step_edges: the band's row i
// after one Jacobi step of cur at column j (`top` is the grid row of the
// band's row `depth`); a step of rows [first, first + count), cur to next;
// the edges of a round's k-th iteration, `depth` rows at each end.
float stepped(const array_view<const float, 2> &cur, int i, int j, int top, int depth,
              int grid_rows) restrict(amp) {
  const int g = top + i - depth;
  if (g <= 0 || g >= grid_rows - 1 || j == 0 || j == cur.extent[1] - 1)
    return cur(i, j);
  return 0.25f * (cur(i - 1, j) + cur(i + 1, j) + cur(i, j - 1) + cur(i, j + 1));
}

void heat_step(const accelerator_view &av, const array_view<const float, 2> &cur,
               const array_view<float, 2> &next, int first, int count, int top, int depth,
               int grid_rows) {
  if (count <= 0)
    return;
  array_view<float, 2> out = next.section(index<2>(first, 0), extent<2>(count, cur.extent[1]));
  parallel_for_each(av, out.extent, [=](index<2> idx) restrict(amp) {
    out[idx] = stepped(cur, first + idx[0], idx[1], top, depth, grid_rows);
  });
}

void heat_edges(const accelerator_view &av, const array_view<const float, 2> &cur,
                const array_view<float, 2> &next, int k, int own, int top, int depth,
                int grid_rows) {
  const int cols = cur.extent[1];
  array_view<float, 2> upper = next.section(index<2>(k, 0), extent<2>(depth, cols));
  array_view<float, 2> lower = next.section(index<2>(own + depth - k, 0), extent<2>(depth, cols));
  parallel_for_each(av, extent<2>(2 * depth, cols), [=](index<2> idx) restrict(amp) {
    const int j = idx[1];
    if (idx[0] < depth)
      upper(idx[0], j) = stepped(cur, k + idx[0], j, top, depth, grid_rows);
    else
      lower(idx[0] - depth, j) = stepped(cur, own - k + idx[0], j, top, depth, grid_rows);
  });
}

// samples/mpi/mpi_heat.cpp's rounds for the middle rank of a grid three
// bands tall (neighbours 2) or the first rank of a grid two bands tall (1: a
// rank of two, whose only neighbour is below), `depth` halo rows deep, with
// this band's own edge rows for what the neighbours send, after
// `exchange_us` (the MPI exchange's time).
// `own_rows`: the band's rows; returns them after `iterations` (a multiple of
// depth) and a warm-up round, and the seconds per iteration: from the end of
// the warm-up round to the end of the last, each ending as the sample's do,
// with the next round's bulk running.
std::vector<float> halo_rounds(const accelerator_view &av, const std::vector<float> &own_rows,
                               int own, int cols, int iterations, double exchange_us, int depth,
                               double &seconds, int neighbours = 2) {
  const bool above = neighbours == 2;
  const int local = own + 2 * depth, top = above ? own : 0, grid_rows = (neighbours + 1) * own;
  const std::size_t row_bytes = std::size_t(cols) * sizeof(float);
  const std::size_t halo_bytes = depth * row_bytes;
  std::vector<float> blocks[3];
  for (std::vector<float> &block : blocks)
    block.assign(std::size_t(local) * cols, 0.0f);
  std::memcpy(&blocks[0][std::size_t(depth) * cols], own_rows.data(), own * row_bytes);
  // The neighbours' edge rows arrive in the halo rows: in the middle of three
  // bands, this band's own (the grid wraps around); as the first of two, the
  // band's bottom rows mirrored (the grid is symmetric about its middle).
  auto exchange = [&](std::vector<float> &block) {
    if (!above) {
      for (int j = 0; j < depth; ++j)
        std::memcpy(&block[std::size_t(own + depth + j) * cols],
                    &block[std::size_t(own + depth - 1 - j) * cols], row_bytes);
      return;
    }
    std::memcpy(&block[std::size_t(own + depth) * cols], &block[std::size_t(depth) * cols],
                halo_bytes);
    std::memcpy(&block[0], &block[std::size_t(own) * cols], halo_bytes);
  };
  exchange(blocks[0]);
  array_view<float, 2> views[3] = {array_view<float, 2>(local, cols, blocks[0]),
                                   array_view<float, 2>(local, cols, blocks[1]),
                                   array_view<float, 2>(local, cols, blocks[2])};
  views[1].discard_data();
  views[2].discard_data();
  auto rows_of = [&](const array_view<float, 2> &v, int i, int count) {
    return v.section(index<2>(i, 0), extent<2>(count, cols));
  };
  auto written = [](int s, int k) { return k == 0 ? s : (s + 2 - k % 2) % 3; };
  int s = 0;
  auto bulk = [&] {
    for (int k = 1; k <= depth; ++k)
      heat_step(av, views[written(s, k - 1)], views[written(s, k)], depth + k, own - 2 * k, top,
                depth, grid_rows);
  };
  auto round = [&] {
    for (int k = 1; k <= depth; ++k)
      heat_edges(av, views[written(s, k - 1)], views[written(s, k)], k, own, top, depth,
                 grid_rows);
    s = written(s, depth);
    completion_future to_up, to_down = rows_of(views[s], own, depth).synchronize_async();
    if (above)
      to_up = rows_of(views[s], depth, depth).synchronize_async();
    bulk();
    av.flush();
    if (to_up.valid())
      to_up.get();
    to_down.get();
    twin::spin_for(exchange_us);
    exchange(blocks[s]);
    if (above)
      rows_of(views[s], 0, depth).refresh();
    rows_of(views[s], own + depth, depth).refresh();
  };
  bulk();
  round(); // warm: pipelines, the first upload
  const auto t0 = Clock::now();
  for (int i = 0; i < iterations; i += depth)
    round();
  seconds = std::chrono::duration<double>(Clock::now() - t0).count() / iterations;
  av.wait(); // the next round's bulk, not timed: the warm-up round's was
  rows_of(views[s], depth, own).synchronize();
  for (array_view<float, 2> &v : views)
    v.discard_data();
  return std::vector<float>(blocks[s].begin() + std::size_t(depth) * cols,
                            blocks[s].begin() + std::size_t(depth + own) * cols);
}

} // namespace

void bench_halo(const accelerator_view &av, const std::string &device_name,
                const std::string &twin_dir, int own, int cols, int iterations,
                double exchange_us, int depth) {
  // The middle rank of a grid three bands tall: a band of `own` rows with a
  // halo row above and below, neither at the grid's edge.
  const int local = own + 2, top = own, grid_rows = 3 * own;
  const std::size_t row_bytes = std::size_t(cols) * sizeof(float);
  std::vector<float> start(std::size_t(local) * cols);
  for (std::size_t k = 0; k < start.size(); ++k)
    start[k] = static_cast<float>((k * 7 + k / cols * 13) % 17);
  // Before the first iteration the halo rows hold what the neighbours send:
  // here, this band's own edge rows.
  std::memcpy(&start[std::size_t(local - 1) * cols], &start[cols], row_bytes);
  std::memcpy(&start[0], &start[std::size_t(own) * cols], row_bytes);
  const std::vector<float> own_rows(start.begin() + cols, start.end() - cols);

  if (depth < 1 || 2 * depth > own || iterations % depth != 0) {
    std::cout << "  halo exchange: the depth (" << depth << ") must be at least 1, at most half "
              << "the band's rows and divide the iterations\n";
    return;
  }
  double ampvk = 0;
  const std::vector<float> result =
      halo_rounds(av, own_rows, own, cols, iterations, exchange_us, 1, ampvk);

  // The whole band stepped alone, one kernel per iteration and no exchange:
  // a rank with no neighbour, or for a band N - 2 rows tall, one GPU's side
  // of docs/mpi.md's model.
  std::vector<float> alone_blocks[2] = {start, start};
  array_view<float, 2> alone[2] = {array_view<float, 2>(local, cols, alone_blocks[0]),
                                   array_view<float, 2>(local, cols, alone_blocks[1])};
  int a = 0;
  auto stencil_alone = [&] {
    heat_step(av, alone[a], alone[1 - a], 1, own, 1, 1, local);
    a = 1 - a;
  };
  stencil_alone();
  av.wait();
  const auto t1 = Clock::now();
  for (int i = 0; i < iterations; ++i)
    stencil_alone();
  av.wait();
  const double alone_time =
      std::chrono::duration<double>(Clock::now() - t1).count() / iterations;
  std::cout << "  stencil alone, " << local << "x" << cols << " band, per iteration"
            << std::fixed << std::setprecision(1) << std::setw(10) << alone_time * 1e6
            << " us\n";

  twin::Harness h(device_name);
  const int a_twin = h.buffer(start.data(), start.size() * sizeof(float));
  const int b_twin = h.buffer(nullptr, start.size() * sizeof(float));
  const double twin_time = h.halo_iterations(twin_dir + "/heat_step.spv", a_twin, b_twin, local,
                                             cols, top, grid_rows, iterations, exchange_us);
  std::vector<float> twin_result(start.size());
  h.read(a_twin, twin_result.data(), twin_result.size() * sizeof(float));
  std::cout << "  halo exchange, " << own << "x" << cols << " band, exchange " << exchange_us
            << " us, per iteration" << std::fixed << std::setprecision(1) << std::setw(10)
            << ampvk * 1e6 << " us";
  if (twin_time <= 0) {
    std::cout << "   twin: " << h.error() << "\n";
    return;
  }
  // Rows the twin never writes (its second band's halo rows) are compared
  // only where both computed them: the band's own rows.
  const bool same = std::equal(result.begin(), result.end(), twin_result.begin() + cols);
  std::cout << std::setw(10) << twin_time * 1e6 << " us" << std::setprecision(2) << std::setw(8)
            << twin_time / ampvk << "x" << (same ? "" : "   RESULT MISMATCH") << "\n";
  if (depth == 1)
    return;

  // Halo rows `depth` deep, exchanged every `depth` iterations: the same
  // rows as exchanging one every iteration (computed again untimed, for as
  // many iterations as the deep rounds with their warm-up ran).
  double deep = 0, unused = 0;
  const std::vector<float> deep_result =
      halo_rounds(av, own_rows, own, cols, iterations, exchange_us, depth, deep);
  const std::vector<float> shallow_result =
      halo_rounds(av, own_rows, own, cols, iterations + depth - 1, 0, 1, unused);
  std::cout << std::setprecision(1) << "  halo exchange every " << depth << " iterations, "
            << depth << " rows deep, "
            << own << "x" << cols << " band, exchange " << exchange_us << " us, per iteration"
            << std::fixed << std::setprecision(1) << std::setw(10) << deep * 1e6 << " us"
            << (deep_result == shallow_result ? "" : "   RESULT MISMATCH") << "\n";

  // The same for a rank of two: one neighbour, half the rows moved.
  double end = 0;
  const std::vector<float> end_result =
      halo_rounds(av, own_rows, own, cols, iterations, exchange_us, depth, end, 1);
  const std::vector<float> end_shallow =
      halo_rounds(av, own_rows, own, cols, iterations + depth - 1, 0, 1, unused, 1);
  std::cout << "  the same, one neighbour (a rank of two), " << own << "x" << cols
            << " band, exchange " << exchange_us << " us, per iteration" << std::fixed
            << std::setprecision(1) << std::setw(10) << end * 1e6 << " us"
            << (end_result == end_shallow ? "" : "   RESULT MISMATCH") << "\n";
}
