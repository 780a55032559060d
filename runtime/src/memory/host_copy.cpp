#include "memory/host_copy.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "execution/async_tasks.h"
#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

unsigned thread_limit() noexcept {
  static const unsigned limit = [] {
    if (const char *v = env_value("AMPVK_HOST_COPY_THREADS")) {
      char *end = nullptr;
      unsigned long n = std::strtoul(v, &end, 10);
      if (end != v && *end == 0 && n >= 1)
        return static_cast<unsigned>(std::min<unsigned long>(n, 64));
    }
    return std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
  }();
  return limit;
}

// Parts handed to the runtime's threads by all copies running now: at most
// thread_limit() - 1 at once, so that copies from many threads do not start
// a thread per part (the pool starts one whenever every thread is busy, and
// its threads never end); a part beyond the limit is copied by its caller.
std::atomic<unsigned> parts_on_threads{0};

// The parts of one copy the runtime's threads take, and the caller's wait.
struct parallel_copy {
  struct part {
    parallel_copy *copy;
    unsigned char *dst;
    const unsigned char *src;
    std::size_t bytes;
  };
  std::vector<part> parts;
  std::mutex mutex;
  std::condition_variable done;
  std::size_t left = 0;

  static void run(void *p) {
    part &x = *static_cast<part *>(p);
    std::memcpy(x.dst, x.src, x.bytes);
    parallel_copy &c = *x.copy;
    std::lock_guard<std::mutex> lock(c.mutex);
    if (--c.left == 0)
      c.done.notify_one();
  }
  static void run_on_thread(void *p) {
    run(p);
    parts_on_threads.fetch_sub(1);
  }
};

} // namespace

unsigned host_copy_threads(std::size_t bytes) noexcept {
  if (bytes < host_copy_parallel_bytes)
    return 1;
  return static_cast<unsigned>(
      std::min<std::size_t>(thread_limit(), bytes / host_copy_part_bytes));
}

void copy_host_bytes(void *dst, const void *src, std::size_t bytes) noexcept {
  copy_host_bytes_on(dst, src, bytes, host_copy_threads(bytes));
}

void copy_host_bytes_on(void *dst, const void *src, std::size_t bytes,
                        unsigned threads) noexcept {
  const std::size_t page = 4096;
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, bytes / page));
  if (threads <= 1) {
    std::memcpy(dst, src, bytes);
    return;
  }
  auto *to = static_cast<unsigned char *>(dst);
  const auto *from = static_cast<const unsigned char *>(src);
  // Parts of whole 4 KiB pages, the last one taking the rest; the caller
  // copies the first.
  const std::size_t each = (bytes / threads) / page * page;
  parallel_copy c;
  try {
    c.parts.reserve(threads - 1);
    for (unsigned k = 1; k < threads; ++k) {
      const std::size_t at = k * each;
      const std::size_t size = k + 1 == threads ? bytes - at : each;
      c.parts.push_back({&c, to + at, from + at, size});
    }
  } catch (...) {
    std::memcpy(dst, src, bytes); // no memory for the parts' list
    return;
  }
  c.left = c.parts.size();
  for (parallel_copy::part &p : c.parts) {
    if (parts_on_threads.fetch_add(1) + 1 < thread_limit()) {
      try {
        run_async_task(&parallel_copy::run_on_thread, &p);
        continue;
      } catch (...) {
        // no thread to start: the caller copies it
      }
    }
    parts_on_threads.fetch_sub(1);
    parallel_copy::run(&p);
  }
  std::memcpy(to, from, each);
  std::unique_lock<std::mutex> lock(c.mutex);
  c.done.wait(lock, [&] { return c.left == 0; });
}

} // namespace rt
} // namespace ampvk
