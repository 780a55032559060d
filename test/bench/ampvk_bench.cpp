// ampvk benchmarks. Prints figures and ratios against baselines measured in
// the same run; asserts nothing about speed (tests never do).
//
//   launch     (`ampvk_bench launch`: this section alone)
//              per-launch cost of a batch of asynchronous launches and of
//              launch+wait, against raw Vulkan (raw_vulkan_launch.cpp) with
//              the same kernel; immediate-mode launches; the first launch of
//              a process with a cold and a warm disk pipeline cache (this
//              program run as a child, `ampvk_bench first-launch`, twice),
//              beside raw Vulkan's first dispatch in a child of its own;
//              then a program's first kernel result from main, by phase,
//              children of both run in turn
//   saxpy      device kernel vs a host loop over the same data
//   matmul     tiled (tile_static) kernel vs the naive kernel vs the host
//   twins      every benchmark kernel vs its hand-written GLSL twin
//              (twin_bench.cpp)
#include "copy_bench.h"
#include "twin_bench.h"
#include "views_bench.h"

#include <amp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <stdlib.h>
#include <unistd.h>

#include "raw_vulkan_launch.h"

using namespace concurrency;
using idx1 = concurrency::index<1>;
using idx2 = concurrency::index<2>;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A figure for a note, to about three significant digits: more is noise.
std::string fig(double value) {
  std::ostringstream out;
  if (value >= 100)
    out << std::fixed << std::setprecision(0) << value;
  else if (value >= 1)
    out << std::fixed << std::setprecision(2) << value;
  else
    out << std::setprecision(2) << value;
  return out.str();
}

void row(const std::string &name, double value, const std::string &unit,
         const std::string &note = "") {
  std::cout << "  " << std::left << std::setw(44) << name << std::right << std::setw(12)
            << std::setprecision(4) << value << " " << unit;
  if (!note.empty())
    std::cout << "   " << note;
  std::cout << "\n";
}

// Every launch row runs this one kernel (one pipeline), as the raw-Vulkan twin.
void increment(const accelerator_view &av, const array_view<int, 1> &v) {
  parallel_for_each(av, v.extent, [=](idx1 i) restrict(amp) { v[i] += 1; });
}

// One launch of the increment kernel and its wait, timed (seconds).
double timed_increment(const accelerator_view &av, const array_view<int, 1> &v) {
  auto t0 = Clock::now();
  increment(av, v);
  av.wait();
  return seconds_since(t0);
}

// When main began: the children's "from main" figures count from here.
Clock::time_point main_started;

// The ampvk child: a program's first kernel, timed by phase. Prints
// microseconds: the accelerator found (instance, devices described), its
// device opened, the first launch and its wait, and the whole from main;
// all -1 if the result is wrong.
int first_launch_child() {
  auto t0 = Clock::now();
  accelerator acc; // the Vulkan instance, the devices described
  auto t1 = Clock::now();
  accelerator_view av = acc.default_view; // opens the device
  auto t2 = Clock::now();
  std::vector<int> data(64, 1);
  array_view<int, 1> v(64, data);
  double first = timed_increment(av, v);
  auto t3 = Clock::now();
  v.synchronize();
  auto us = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count() * 1e6;
  };
  if (data[63] != 2)
    std::printf("-1 -1 -1 -1\n");
  else
    std::printf("%.1f %.1f %.1f %.1f\n", us(t0, t1), us(t1, t2), first * 1e6,
                us(main_started, t3));
  return 0;
}

// The raw-Vulkan child: the same first dispatch in a process of its own.
// Prints microseconds: the instance (and the device chosen), vkCreateDevice,
// the first dispatch after it (buffer, pipeline, dispatch, fence), and the
// whole from main; all -1 on a failure.
int first_dispatch_raw_child(const std::string &device_name) {
  raw_first_dispatch_times raw = raw_vulkan_first_dispatch(device_name, AMPVK_BENCH_SPIRV);
  const double total = std::chrono::duration<double>(raw.finished - main_started).count();
  if (!raw.ok || !raw.correct)
    std::printf("-1 -1 -1 -1\n");
  else
    std::printf("%.1f %.1f %.1f %.1f\n", raw.create_instance * 1e6, raw.create_device * 1e6,
                raw.first_dispatch * 1e6, total * 1e6);
  return 0;
}

// Runs this program as a child (`environment self arguments`) and reads the
// numbers it prints; -1 where it printed none.
std::vector<double> run_child(const std::string &environment, const std::string &arguments,
                              int numbers) {
  std::vector<double> out(numbers, -1.0);
  char self[4096];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0)
    return out;
  self[len] = 0;
  std::string command = environment + " '" + self + "' " + arguments;
  FILE *child = popen(command.c_str(), "r");
  if (child) {
    for (double &x : out)
      if (std::fscanf(child, "%lf", &x) != 1)
        break;
    pclose(child);
  }
  return out;
}

// Runs this program as a first-launch child with its own cache directory:
// its four phases (first_launch_child).
std::vector<double> child_first_launch_us(const std::string &cache_dir) {
  return run_child("AMPVK_PIPELINE_CACHE_DIR='" + cache_dir + "'", "first-launch", 4);
}

// Phases of a first kernel, ampvk's and raw Vulkan's, over several children
// run in turn (the driver has slow phases): the least of each, and the
// median of the whole, for "from main" rows.
struct startup_figures {
  std::vector<std::vector<double>> ampvk, raw; // per round: the child's four numbers
};

double least(const std::vector<std::vector<double>> &rounds, int column) {
  double best = -1;
  for (const auto &r : rounds)
    if (r[column] >= 0 && (best < 0 || r[column] < best))
      best = r[column];
  return best;
}

double median(const std::vector<std::vector<double>> &rounds, int column) {
  std::vector<double> v;
  for (const auto &r : rounds)
    if (r[column] >= 0)
      v.push_back(r[column]);
  if (v.empty())
    return -1;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void bench_startup(const std::string &cache_dir, const std::string &device_name, int rounds) {
  startup_figures f;
  for (int r = 0; r < rounds; ++r) {
    f.ampvk.push_back(child_first_launch_us(cache_dir));
    f.raw.push_back(run_child("", "first-dispatch-raw '" + device_name + "'", 4));
  }
  auto ms = [](double us) { return us / 1e3; };
  const char *a_names[] = {"instance, devices described", "device opened",
                           "first launch and wait"};
  const char *r_names[] = {"instance, device chosen", "vkCreateDevice",
                           "buffer, pipeline, dispatch, wait"};
  for (int c = 0; c < 3; ++c)
    row(std::string("  ampvk: ") + a_names[c], ms(least(f.ampvk, c)), "ms",
        std::string("raw Vulkan's ") + r_names[c] + ": " + fig(ms(least(f.raw, c))) + " ms");
  const double a = median(f.ampvk, 3), w = median(f.raw, 3);
  row("first kernel result from main, median of " + std::to_string(rounds), ms(a), "ms",
      "raw Vulkan " + fig(ms(w)) + " ms, ratio " + (a > 0 && w > 0 ? fig(a / w) : "-") +
          "; least " + fig(ms(least(f.ampvk, 3))) + " / " + fig(ms(least(f.raw, 3))) + " ms");
}

void bench_launch(const accelerator_view &av, const std::string &device_name,
                  int startup_rounds) {
  std::cout << "launch\n";
  std::vector<int> data(64, 1);
  array_view<int, 1> v(64, data);
  double first = timed_increment(av, v);
  int expect = 2;

  Clock::time_point t0;

  // A batch of N asynchronous launches, one wait (automatic mode: one
  // submission, as raw Vulkan with N dispatches in one command buffer).
  const int launches = 2000;
  t0 = Clock::now();
  for (int k = 0; k < launches; ++k)
    increment(av, v);
  double queued = seconds_since(t0);
  av.wait();
  double batch = seconds_since(t0);
  expect += launches;

  // Launch and wait, each time.
  const int waited = launches / 10;
  t0 = Clock::now();
  for (int k = 0; k < waited; ++k) {
    increment(av, v);
    av.wait();
  }
  double launch_wait = seconds_since(t0);
  expect += waited;

  // Immediate mode: one submission per launch.
  accelerator_view immediate = av.accelerator.create_view(queuing_mode_immediate);
  t0 = Clock::now();
  for (int k = 0; k < launches; ++k)
    increment(immediate, v);
  immediate.wait();
  double immediate_total = seconds_since(t0);
  expect += launches;
  v.synchronize();
  bool correct = data[0] == expect;

  raw_launch_times raw = raw_vulkan_launch(device_name, AMPVK_BENCH_SPIRV, launches);
  row("first launch in this process (pipeline), wait", first * 1e6, "us");
  row("batch of " + std::to_string(launches) + " async launches, host cost", queued / launches * 1e6,
      "us/launch");
  std::string ratio_batch, ratio_wait;
  if (raw.ok) {
    ratio_batch = "raw Vulkan " + fig(raw.batched_per_dispatch * 1e6) + " us/dispatch, ratio " +
                  fig(batch / launches / raw.batched_per_dispatch);
    ratio_wait = "raw Vulkan " + fig(raw.submit_wait * 1e6) + " us, ratio " +
                 fig(launch_wait / waited / raw.submit_wait);
  } else {
    ratio_batch = ratio_wait = "raw Vulkan: " + raw.error;
  }
  row("batch of async launches, until the GPU finished", batch / launches * 1e6, "us/launch",
      ratio_batch);
  row("launch + wait", launch_wait / waited * 1e6, "us/launch", ratio_wait);
  row("immediate-mode view, until the GPU finished", immediate_total / launches * 1e6,
      "us/launch");

  char dir_template[] = "/tmp/ampvk-bench-cache-XXXXXX";
  const char *dir = mkdtemp(dir_template);
  if (dir) {
    double cold = child_first_launch_us(dir)[2];
    double warm = child_first_launch_us(dir)[2];
    row("first launch of a process, cold disk cache", cold, "us");
    // The driver's part: a raw-Vulkan process doing the same first dispatch.
    std::vector<double> raw_first = run_child("", "first-dispatch-raw '" + device_name + "'", 4);
    std::string against_raw = raw_first[2] > 0
                                  ? "; raw Vulkan " + fig(raw_first[2]) + " us, ratio " +
                                        fig(warm / raw_first[2]) + " (before both: vkCreateDevice " +
                                        fig(raw_first[1]) + " us)"
                                  : "; raw Vulkan: failed";
    row("first launch of a process, warm disk cache", warm, "us",
        "ratio cold/warm = " + fig(cold / warm) + against_raw);
    // The whole program up to its first result, by phase, warm disk cache.
    bench_startup(dir, device_name, startup_rounds);
    std::string cleanup = std::string("rm -rf '") + dir + "'";
    if (std::system(cleanup.c_str()) != 0)
      std::cout << "  (could not remove " << dir << ")\n";
  }
  if (!correct || (raw.ok && !raw.correct))
    std::cout << "  RESULT MISMATCH\n";
}

void bench_saxpy(const accelerator_view &av, int n) {
  std::cout << "saxpy (" << n << " floats)\n";
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1000) * 0.001f;
    y[i] = 1.0f;
  }
  std::vector<float> hy = y;
  const float a = 0.5f;
  const int reps = 20;

  auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r)
    for (int i = 0; i < n; ++i)
      hy[i] = a * x[i] + hy[i];
  double host = seconds_since(t0) / reps;

  array_view<const float, 1> xv(n, x);
  array_view<float, 1> yv(n, y);
  // Warm up: upload and pipeline creation are not part of the figure.
  parallel_for_each(av, yv.extent, [=](idx1 i) restrict(amp) { yv[i] = a * xv[i] + yv[i]; });
  av.wait();
  t0 = Clock::now();
  for (int r = 0; r < reps - 1; ++r)
    parallel_for_each(av, yv.extent, [=](idx1 i) restrict(amp) { yv[i] = a * xv[i] + yv[i]; });
  av.wait();
  double device = seconds_since(t0) / (reps - 1);
  yv.synchronize();
  bool correct = y[n / 3] == hy[n / 3] && y[n - 1] == hy[n - 1];

  double bytes = 3.0 * n * sizeof(float);
  row("host loop (baseline)", host * 1e3, "ms", fig(bytes / host / 1e9) + " GB/s");
  row("ampvk kernel", device * 1e3, "ms",
      fig(bytes / device / 1e9) + " GB/s, speedup " +
          fig(host / device) + "x");
  if (!correct)
    std::cout << "  RESULT MISMATCH\n";
}

constexpr int TS = 16;

void bench_matmul(const accelerator_view &av, int n) {
  std::cout << "matmul (" << n << "x" << n << " floats)\n";
  std::vector<float> a(n * n), b(n * n), c1(n * n), c2(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = static_cast<float>(i % 7) * 0.25f;
    b[i] = static_cast<float>(i % 5) * 0.5f;
  }
  array_view<const float, 2> av_(n, n, a), bv(n, n, b);
  array_view<float, 2> naive(n, n, c1), tiled(n, n, c2);
  naive.discard_data();
  tiled.discard_data();

  auto naive_kernel = [=](idx2 idx) restrict(amp) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
      sum += av_(idx[0], k) * bv(k, idx[1]);
    naive[idx] = sum;
  };
  auto tiled_kernel = [=](tiled_index<TS, TS> t) restrict(amp) {
    int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TS) {
      tile_static float la[TS][TS];
      tile_static float lb[TS][TS];
      la[row][col] = av_(t.global[0], k0 + col);
      lb[row][col] = bv(k0 + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < TS; ++k)
        sum += la[row][k] * lb[k][col];
      t.barrier.wait();
    }
    tiled[t.global] = sum;
  };
  // Warm up both (pipelines, uploads).
  parallel_for_each(av, naive.extent, naive_kernel);
  parallel_for_each(av, tiled.extent.tile<TS, TS>(), tiled_kernel);
  av.wait();
  const int reps = 5;
  auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r)
    parallel_for_each(av, naive.extent, naive_kernel);
  av.wait();
  double t_naive = seconds_since(t0) / reps;
  t0 = Clock::now();
  for (int r = 0; r < reps; ++r)
    parallel_for_each(av, tiled.extent.tile<TS, TS>(), tiled_kernel);
  av.wait();
  double t_tiled = seconds_since(t0) / reps;

  // Host baseline on a few rows only (a full host product would dominate the run).
  const int rows = 8;
  std::vector<float> hc(rows * n, 0.0f);
  t0 = Clock::now();
  for (int i = 0; i < rows; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        hc[i * n + j] += a[i * n + k] * b[k * n + j];
  double t_host = seconds_since(t0) * (static_cast<double>(n) / rows);

  naive.synchronize();
  tiled.synchronize();
  int wrong = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < n; ++j)
      wrong += (c1[i * n + j] != hc[i * n + j]) + (c2[i * n + j] != hc[i * n + j]);

  double flops = 2.0 * n * n * static_cast<double>(n);
  row("host, one thread (baseline, extrapolated)", t_host * 1e3, "ms",
      fig(flops / t_host / 1e9) + " GFLOP/s");
  row("naive kernel", t_naive * 1e3, "ms",
      fig(flops / t_naive / 1e9) + " GFLOP/s, " + fig(t_host / t_naive) +
          "x host");
  row("tiled kernel (tile_static 16x16)", t_tiled * 1e3, "ms",
      fig(flops / t_tiled / 1e9) + " GFLOP/s, " + fig(t_naive / t_tiled) +
          "x naive");
  if (wrong)
    std::cout << "  RESULT MISMATCH: " << wrong << " elements\n";
}

} // namespace

int main(int argc, char **argv) {
  main_started = Clock::now();
  // `ampvk_bench small` for quick runs on CPU drivers, `ampvk_bench launch`
  // for the launch rows alone, `ampvk_bench twins [rows]` for the GLSL twins
  // alone (or some of them, comma-separated: copy, saxpy, tiled,
  // register-blocked, sgemm, tile, transpose, histogram), `ampvk_bench halo` for the
  // MPI sample's halo-exchange iteration against its twin, `ampvk_bench
  // copies [MiB [reps]]` for copies between arrays (copy_bench.h), `ampvk_bench
  // views [items [iterations]]` for two views' kernels at once (views_bench.h).
  bool small = argc > 1 && std::string(argv[1]) == "small";
  bool launch_only = argc > 1 && std::string(argv[1]) == "launch";
  bool twins_only = argc > 1 && std::string(argv[1]) == "twins";
  if (argc > 1 && std::string(argv[1]) == "first-launch")
    return first_launch_child();
  if (argc > 2 && std::string(argv[1]) == "first-dispatch-raw")
    return first_dispatch_raw_child(argv[2]);
  accelerator acc;
  std::wstring desc = acc.description;
  std::cout << "device: " << std::string(desc.begin(), desc.end()) << "\n";
  accelerator_view av = acc.default_view;
  if (argc > 1 && std::string(argv[1]) == "halo") {
    // `ampvk_bench halo [rows [cols [iterations [exchange_us [depth]]]]]`:
    // the MPI sample's iteration, the exchange taking exchange_us (measured
    // by mpi_exchange); with a depth, also halos that deep exchanged every
    // depth iterations (the exchange then moving depth rows each way).
    const int own = argc > 2 ? std::atoi(argv[2]) : 2048;
    const int cols = argc > 3 ? std::atoi(argv[3]) : 4096;
    const int iterations = argc > 4 ? std::atoi(argv[4]) : 200;
    const double exchange_us = argc > 5 ? std::atof(argv[5]) : 0.0;
    const int depth = argc > 6 ? std::atoi(argv[6]) : 1;
    bench_halo(av, std::string(desc.begin(), desc.end()), AMPVK_BENCH_TWIN_DIR, own, cols,
               iterations, exchange_us, depth);
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "copies") {
    bench_copies(std::string(desc.begin(), desc.end()), argc > 2 ? std::atoi(argv[2]) : 256,
                 argc > 3 ? std::atoi(argv[3]) : 10);
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "views") {
    // `ampvk_bench views [items [iterations]]`: two views' kernels at once.
    return bench_views(acc, argc > 2 ? std::atoi(argv[2]) : 8192,
                       argc > 3 ? std::atoi(argv[3]) : 1000000)
               ? 0
               : 1;
  }
  if (twins_only) {
    bench_twins(av, std::string(desc.begin(), desc.end()), false, AMPVK_BENCH_TWIN_DIR,
                argc > 2 ? argv[2] : "");
    return 0;
  }
  bench_launch(av, std::string(desc.begin(), desc.end()), small ? 3 : 9);
  if (launch_only)
    return 0;
  bench_saxpy(av, small ? (1 << 20) : (1 << 24));
  bench_matmul(av, small ? 256 : 1024);
  bench_twins(av, std::string(desc.begin(), desc.end()), small, AMPVK_BENCH_TWIN_DIR);
  return 0;
}
