#include "copy_bench.h"

#include <amp.h>

#include "twin_harness.h"

#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <vector>

using namespace concurrency;

namespace {

using Clock = std::chrono::steady_clock;

template <typename F> double seconds_per(int reps, F &&f) {
  // Warm: pipelines, staging memory, and a view's imported pages (taken once
  // it has moved three times its size, runtime/src/memory/view_pages.h): the
  // rows are a loop's steady state.
  for (int warm = 0; warm < 4; ++warm)
    f();
  const auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r)
    f();
  return std::chrono::duration<double>(Clock::now() - t0).count() / reps;
}

void row(const std::string &what, double ampvk, double baseline, const std::string &baseline_name,
         std::size_t bytes, bool same) {
  std::cout << "  " << std::left << std::setw(46) << what << std::right << std::fixed
            << std::setprecision(3) << std::setw(9) << ampvk * 1e3 << " ms";
  if (baseline > 0)
    std::cout << std::setw(9) << baseline * 1e3 << " ms" << std::setprecision(2) << std::setw(7)
              << baseline / ampvk << "x of " << baseline_name;
  else
    std::cout << "   " << baseline_name << ": no figure";
  std::cout << std::setprecision(1) << std::setw(8) << bytes / ampvk / 1e9 << " GB/s"
            << (same ? "" : "   RESULT MISMATCH") << "\n";
}

// A kernel on the destination's accelerator that uses all of a, so that
// data still in host memory is uploaded before it (as any later kernel would).
void touch(array<int, 1> &a) {
  parallel_for_each(a.accelerator_view, extent<1>(1), [&a](index<1>) restrict(amp) { a[0] += 0; });
  a.accelerator_view.wait();
}

// The same for a view: a kernel that captures all of v.
void touch(const array_view<int, 1> &v, const accelerator_view &av) {
  parallel_for_each(av, extent<1>(1), [=](index<1>) restrict(amp) { v[0] += 0; });
  av.wait();
}

} // namespace

void bench_copies(const std::string &device_name, int mib, int reps) {
  const int n = mib * (1 << 20) / int(sizeof(int));
  const std::size_t bytes = std::size_t(n) * sizeof(int);
  std::vector<int> input(n);
  for (int i = 0; i < n; ++i)
    input[i] = i * 7 - 3;
  std::vector<accelerator> gpus;
  for (const accelerator &a : accelerator::get_all())
    if (a.device_path != accelerator::cpu_accelerator)
      gpus.push_back(a);
  std::cout << "copies of " << mib << " MiB\n";

  {
    accelerator_view av = gpus[0].default_view;
    array<int, 1> a(n, input.begin(), av), b(n, av);
    touch(a);
    const double ampvk = seconds_per(reps, [&] {
      copy(a, b);
      av.wait();
    });
    twin::Harness h(device_name);
    const int from = h.buffer(input.data(), bytes), to = h.buffer(nullptr, bytes);
    const double command = h.copy_buffer(from, to, bytes, reps);
    row("copy(array, array), one accelerator", ampvk, command, "vkCmdCopyBuffer", bytes,
        std::vector<int>(b) == input);
    // Host memory and an array: copy in, and a kernel that can use the data;
    // copy out. Against the device's own copies from and to host-visible
    // memory (what a hand-written upload and download start from).
    std::vector<int> out(n);
    const double in_time = seconds_per(reps, [&] {
      copy(input.begin(), input.end(), b);
      touch(b);
    });
    const double up = h.host_copy(from, true, bytes, reps);
    row("copy(host, array) + a kernel using it", in_time, up, "host-visible->device", bytes,
        std::vector<int>(b) == input);
    const double out_time = seconds_per(reps, [&] {
      touch(b); // the device's copy is the current one again
      copy(b, out.begin());
    });
    const double down = h.host_copy(from, false, bytes, reps);
    row("copy(array, host)", out_time, down, "device->host-visible", bytes, out == input);
    // An array_view over host memory: the host changed it (refresh) and a
    // kernel uses it; a kernel changed it and the host synchronizes it.
    std::vector<int> host = input;
    array_view<int, 1> v(n, host);
    const double view_in = seconds_per(reps, [&] {
      v.refresh();
      touch(v, av);
    });
    row("array_view: refresh() + a kernel using it", view_in, up, "host-visible->device", bytes,
        host == input);
    const double view_out = seconds_per(reps, [&] {
      touch(v, av);
      v.synchronize();
    });
    row("array_view: a kernel + synchronize()", view_out, down, "device->host-visible", bytes,
        host == input);
    const double view_async = seconds_per(reps, [&] {
      touch(v, av);
      v.synchronize_async().get();
    });
    row("array_view: a kernel + synchronize_async()", view_async, down, "device->host-visible",
        bytes, host == input);
  }
  if (gpus.size() < 2) {
    std::cout << "  (one accelerator: run with AMPVK_DEVICE_REPLICAS=2 for the rows between "
                 "two)\n";
    return;
  }
  accelerator_view av0 = gpus[0].default_view, av1 = gpus[1].default_view;
  array<int, 1> a(n, input.begin(), av0), b(n, av1);
  touch(a);
  const double ampvk = seconds_per(reps, [&] {
    copy(a, b);
    touch(b);
  });
  const bool same = std::vector<int>(b) == input;
  std::vector<int> staged(n);
  const double by_hand = seconds_per(reps, [&] {
    copy(a, staged.begin());
    copy(staged.begin(), staged.end(), b);
    touch(b);
  });
  twin::Harness h(device_name);
  const int from = h.buffer(input.data(), bytes), to = h.buffer(nullptr, bytes);
  const double round_trip = h.through_host(from, to, bytes, reps);
  row("copy(array, array), between accelerators", ampvk, round_trip,
      "device->host->device", bytes, same);
  row("  the same through a host vector", by_hand, ampvk, "copy(array, array)", bytes,
      std::vector<int>(b) == input);
}
