// Load: many threads on several accelerator_views of every accelerator, each
// mixing launches, host reads and writes, copies between arrays (through the
// host), views of host data that follow their kernels from one accelerator to
// another (large ones too, which may move through the caller's imported
// pages), waits and flushes, and kernels that read one array all threads
// share. Every result is checked against a host reference.
//
//   ampvk_stress [seconds=3] [threads=8] [views per accelerator=3]
//
// CTest runs a few seconds (runtime.stress_short, with AMPVK_DEVICE_REPLICAS=2);
// scripts/stress.sh runs it for as long as asked, and scripts/sanitizers.sh
// under ThreadSanitizer and AddressSanitizer. Exit status 0 when every check
// held; the first wrong result is printed and makes it 1.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <ampvk/runtime.h>

#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

std::atomic<bool> failed{false};
std::atomic<std::uint64_t> operations{0};
std::mutex report_mutex;

void report(int thread, const std::string &what) {
  std::lock_guard<std::mutex> lock(report_mutex);
  if (!failed.exchange(true))
    std::fprintf(stderr, "stress: thread %d: %s\n", thread, what.c_str());
}

int scale(int x, int offset) {
  return static_cast<int>(2u * static_cast<std::uint32_t>(x) + static_cast<std::uint32_t>(offset));
}

// The shared input of the tile_sum kernels: written once, then only read.
constexpr int rows = 12, cols = 6;
struct shared_input {
  std::vector<int> host;
  std::vector<rt::buffer *> on_device; // one array per accelerator
  std::vector<int> sums;               // tile_sum_reference(host)
};

// The end of a synchronize_async on one of the runtime's threads (as
// completion_future.h's run_async does); wait() rethrows its failure.
struct async_ending {
  rt::async_download *d;
  std::promise<void> done;
  std::future<void> ended = done.get_future();
  explicit async_ending(rt::async_download *download) : d(download) {}
  void start() {
    rt::run_async_task(
        [](void *context) {
          async_ending &e = *static_cast<async_ending *>(context);
          try {
            rt::buffer_synchronize_end(e.d);
            e.done.set_value();
          } catch (...) {
            e.done.set_exception(std::current_exception());
          }
        },
        this);
  }
  void wait() { ended.get(); }
};

struct worker {
  int id;
  std::vector<rt::queue *> views; // every view of every accelerator
  const shared_input *shared;
  std::mt19937 rng;
  std::uint64_t operations_done = 0;

  rt::queue *any_view() { return views[rng() % views.size()]; }

  void check(bool ok, const std::string &what) {
    if (!ok)
      report(id, what);
  }

  // An array on one accelerator: written, scaled by kernels on its views,
  // read back, copied to a second array on the same accelerator and scaled there.
  void arrays() {
    rt::queue *q = any_view();
    rt::device *d = rt::queue_device(q);
    const int n = 64 + static_cast<int>(rng() % 5000);
    std::vector<int> data(n), expect;
    for (int &x : data)
      x = static_cast<int>(rng());
    expect = data;
    rt::buffer *a = rt::buffer_create(d, n * sizeof(int));
    rt::buffer_write(a, 0, data.data(), data.size() * sizeof(int));
    const int launches = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < launches; ++i) {
      // Another view of the same accelerator each time: ordered by the runtime.
      rt::queue *on = q;
      for (rt::queue *v : views)
        if (rt::queue_device(v) == d && rng() % 2)
          on = v;
      launch_scale_offset(a, n, i + id, on);
      for (int &x : expect)
        x = scale(x, i + id);
    }
    std::vector<int> got(n);
    rt::buffer_read(a, 0, got.data(), got.size() * sizeof(int));
    check(got == expect, "array contents after kernels");
    rt::buffer *b = rt::buffer_create(d, n * sizeof(int));
    rt::buffer_write(b, 0, got.data(), got.size() * sizeof(int)); // copy(array, array)
    rt::buffer_release(a);
    launch_scale_offset(b, n, -id, q);
    for (int &x : expect)
      x = scale(x, -id);
    if (rng() % 2)
      rt::flush(q);
    const int *seen = static_cast<const int *>(rt::buffer_host_data(b, rt::access::read));
    check(std::vector<int>(seen, seen + n) == expect, "copied array after a kernel");
    rt::buffer_release(b);
  }

  // A view of this thread's host data, used by kernels on random views of
  // random accelerators (it moves between them), synchronized, then released
  // with a kernel pending (the release copies the results back).
  void host_view() {
    const int n = 64 + static_cast<int>(rng() % 3000);
    std::vector<int> host(n), expect;
    for (int &x : host)
      x = static_cast<int>(rng() % 1000);
    expect = host;
    rt::buffer *v = rt::buffer_wrap_host(rt::queue_device(views[0]), host.data(),
                                         host.size() * sizeof(int));
    const int launches = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < launches; ++i) {
      launch_scale_offset(v, n, 3 * i, any_view());
      for (int &x : expect)
        x = scale(x, 3 * i);
      if (rng() % 3 == 0) {
        rt::buffer_synchronize(v);
        check(host == expect, "synchronized host view");
      }
    }
    if (rng() % 2) {
      int *w = static_cast<int *>(rt::buffer_host_data(v, rt::access::read_write));
      w[0] = 77;
      expect[0] = 77;
      launch_scale_offset(v, n, 1, any_view());
      for (int &x : expect)
        x = scale(x, 1);
    }
    rt::buffer_release(v);
    check(host == expect, "host data after the last view was released");
  }

  // A view of 9 MiB and a little of this thread's host data, changed and
  // refreshed by the host, scaled by kernels and brought home, round after
  // round on one of the views, now and then another (perhaps on another
  // accelerator), while other threads' kernels share them. Where the device
  // imports host memory (AMPVK_DEBUG_FORCE_STAGING=1 on lavapipe), once it
  // has moved three times its size its transfers go through the caller's
  // pages (memory/view_pages.h). Some rounds end with a synchronize_async
  // overtaken by a kernel, its end on one of the runtime's threads while
  // this one synchronizes: the later kernel's data must win.
  void large_view() {
    const int n = (9 << 20) / 4 + static_cast<int>(rng() % 4096);
    std::vector<int> host(n), expect;
    for (int &x : host)
      x = static_cast<int>(rng() % 1000);
    expect = host;
    rt::buffer *v = rt::buffer_wrap_host(rt::queue_device(views[0]), host.data(),
                                         host.size() * sizeof(int));
    rt::queue *q = any_view();
    for (int round = 0; round < 5; ++round) {
      if (rng() % 4 == 0)
        q = any_view();
      for (int i = round; i < n; i += 997)
        host[i] = expect[i] = round - i;
      rt::buffer_host_modified(v);
      launch_scale_offset(v, n, round, q);
      for (int &x : expect)
        x = scale(x, round);
      if (rng() % 3 == 0) {
        async_ending e(rt::buffer_synchronize_begin(v));
        launch_scale_offset(v, n, 7, q);
        for (int &x : expect)
          x = scale(x, 7);
        e.start();
        rt::buffer_synchronize(v);
        e.wait();
      } else {
        rt::buffer_synchronize(v);
      }
      check(host == expect, "large host view after a round");
    }
    rt::buffer_release(v);
  }

  // A random section (rectangle) of a rows x cols matrix of ints.
  rt::section random_section(int height, int width, int &r0, int &c0, int &h, int &w) {
    r0 = static_cast<int>(rng() % height);
    c0 = static_cast<int>(rng() % width);
    h = 1 + static_cast<int>(rng() % (height - r0));
    w = 1 + static_cast<int>(rng() % (width - c0));
    rt::section s;
    s.offset = (std::size_t(r0) * width + c0) * sizeof(int);
    s.row_bytes = std::size_t(w) * sizeof(int);
    s.outer = 1;
    s.count[0] = std::size_t(h);
    s.pitch[0] = std::size_t(width) * sizeof(int);
    return s;
  }

  // Sections of a view of this thread's host data between kernels on random
  // views: synchronized and compared, written by the host and refreshed; and
  // sections of the shared array read while other threads' kernels read it.
  void sections() {
    const int height = 8 + static_cast<int>(rng() % 40), width = 8 + static_cast<int>(rng() % 40);
    std::vector<int> host(height * width), expect;
    for (int &x : host)
      x = static_cast<int>(rng() % 1000);
    expect = host;
    rt::buffer *v = rt::buffer_wrap_host(rt::queue_device(views[0]), host.data(),
                                         host.size() * sizeof(int));
    int r0, c0, h, w;
    for (int round = 0; round < 4; ++round) {
      launch_scale_offset(v, height * width, round, any_view());
      for (int &x : expect)
        x = scale(x, round);
      rt::section s = random_section(height, width, r0, c0, h, w);
      const bool async = rng() % 2;
      const bool kernel_meanwhile = async && rng() % 2;
      if (async) {
        // synchronize_async: recorded now, ended on one of the runtime's
        // threads (as completion_future.h's run_async does), perhaps after a
        // kernel that writes the view; the section still comes home as it
        // was at the call.
        async_ending e(rt::buffer_synchronize_begin(v, &s));
        if (kernel_meanwhile)
          launch_scale_offset(v, height * width, 50 + round, any_view());
        e.start();
        e.wait();
      } else {
        rt::buffer_synchronize(v, &s);
      }
      bool same = true;
      for (int r = r0; r < r0 + h; ++r)
        for (int c = c0; c < c0 + w; ++c)
          same &= host[r * width + c] == expect[r * width + c];
      check(same, async ? "section of a host view after synchronize_async"
                        : "synchronized section of a host view");
      if (kernel_meanwhile)
        for (int &x : expect)
          x = scale(x, 50 + round);
      s = random_section(height, width, r0, c0, h, w);
      int *data = static_cast<int *>(rt::buffer_host_data(v, rt::access::read_write, &s));
      for (int r = r0; r < r0 + h; ++r)
        for (int c = c0; c < c0 + w; ++c)
          data[r * width + c] = expect[r * width + c] = r - c;
    }
    launch_scale_offset(v, height * width, id, any_view());
    for (int &x : expect)
      x = scale(x, id);
    rt::buffer_release(v);
    check(host == expect, "host data with sections after the last view was released");

    const std::size_t index = rng() % shared->on_device.size();
    rt::buffer *in = shared->on_device[index];
    const rt::section s = random_section(rows, cols, r0, c0, h, w);
    const int *seen = static_cast<const int *>(rt::buffer_host_data(in, rt::access::read, &s));
    bool same = true;
    for (int r = r0; r < r0 + h; ++r)
      for (int c = c0; c < c0 + w; ++c)
        same &= seen[r * cols + c] == shared->host[r * cols + c];
    check(same, "a section of the shared array");
  }

  // tile_sum reading the shared input on a random view; output per thread.
  void shared_reads() {
    rt::queue *q = any_view();
    rt::device *d = rt::queue_device(q);
    std::size_t index = 0;
    const auto &all = rt::devices();
    while (all[index] != d)
      ++index;
    std::vector<int> out(rows * cols, -1);
    rt::buffer *o = rt::buffer_wrap_host(d, out.data(), out.size() * sizeof(int));
    launch_tile_sum(shared->on_device[index], o, rows, cols, q);
    if (rng() % 2)
      rt::wait(q);
    rt::buffer_synchronize(o);
    check(out == shared->sums, "tile sums of the shared array");
    // Host reads of the shared array while other threads' kernels read it.
    std::vector<int> in(rows * cols);
    rt::buffer_read(shared->on_device[index], 0, in.data(), in.size() * sizeof(int));
    check(in == shared->host, "the shared array changed");
    rt::buffer_release(o);
  }

  void run(std::chrono::steady_clock::time_point until) {
    while (!failed && std::chrono::steady_clock::now() < until) {
      try {
        // One large view in each of every fourth thread, first: each moves
        // tens of megabytes, which the other threads' operations meet.
        const bool large = id % 4 == 0 && operations_done == 0;
        switch (large ? 5 : rng() % 5) {
        case 0:
          arrays();
          break;
        case 1:
          host_view();
          break;
        case 2:
          shared_reads();
          break;
        case 3:
          sections();
          break;
        case 5:
          large_view();
          break;
        default:
          rt::wait(any_view());
          break;
        }
      } catch (const std::exception &e) {
        report(id, std::string("exception: ") + e.what());
      }
      ++operations;
      ++operations_done;
    }
  }
};

int argument(int argc, char **argv, int i, int fallback) {
  return argc > i ? std::atoi(argv[i]) : fallback;
}

} // namespace

int main(int argc, char **argv) {
  const int seconds = argument(argc, argv, 1, 3);
  const int thread_count = argument(argc, argv, 2, 8);
  const int views_per_device = argument(argc, argv, 3, 3);
  if (seconds <= 0 || thread_count <= 0 || views_per_device <= 0) {
    std::fprintf(stderr, "usage: %s [seconds=3] [threads=8] [views per accelerator=3]\n", argv[0]);
    return 2;
  }
  std::vector<rt::queue *> views;
  shared_input shared;
  shared.host.resize(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    shared.host[i] = 5 * i - 17;
  shared.sums = tile_sum_reference(shared.host, rows, cols);
  for (rt::device *d : rt::devices()) {
    views.push_back(rt::default_queue(d));
    for (int i = 1; i < views_per_device; ++i)
      views.push_back(rt::create_queue(d, i % 2 == 0)); // automatic and immediate
    rt::buffer *in = rt::buffer_create(d, shared.host.size() * sizeof(int));
    rt::buffer_write(in, 0, shared.host.data(), shared.host.size() * sizeof(int));
    shared.on_device.push_back(in);
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t)
    threads.emplace_back([&, t] {
      worker w{t, views, &shared, std::mt19937(1234u + static_cast<unsigned>(t))};
      w.run(until);
    });
  for (auto &t : threads)
    t.join();
  for (rt::buffer *b : shared.on_device)
    rt::buffer_release(b);
  std::printf("stress: %d threads, %zu views on %zu accelerators, %d s: %llu operations, %s\n",
              thread_count, views.size(), rt::devices().size(), seconds,
              static_cast<unsigned long long>(operations.load()), failed ? "FAILED" : "all correct");
  return failed ? 1 : 0;
}
