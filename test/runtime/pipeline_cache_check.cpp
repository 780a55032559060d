// The child process of the disk pipeline cache tests (pipeline_disk_cache_test.cpp):
// opens the default device, launches one kernel, checks its result against the
// host and prints how many bytes of cache data the device found on disk and
// how long that first launch took. The cache is written at exit.
//
// Output: "loaded=<bytes> first_launch_us=<microseconds>"; exit status 0 when
// the kernel's result was right.
#include <chrono>
#include <cstdio>
#include <vector>

#include <ampvk/runtime.h>

#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;

int main() {
  const int n = 777;
  std::vector<int> data(n), expected(n);
  for (int i = 0; i < n; ++i) {
    data[i] = (i * 37) % 101 - 50;
    expected[i] = 2 * data[i] - 9;
  }
  rt::buffer *b = rt::buffer_create(rt::default_device(), data.size() * sizeof(int));
  rt::buffer_write(b, 0, data.data(), data.size() * sizeof(int));
  auto start = std::chrono::steady_clock::now();
  ampvk_test::launch_scale_offset(b, n, -9);
  rt::wait(rt::default_queue(rt::default_device()));
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::steady_clock::now() - start)
                .count();
  std::vector<int> out(n);
  rt::buffer_read(b, 0, out.data(), out.size() * sizeof(int));
  rt::buffer_release(b);
  std::printf("loaded=%llu first_launch_us=%lld\n",
              static_cast<unsigned long long>(rt::debug_counters().pipeline_cache_bytes_loaded),
              static_cast<long long>(us));
  if (out != expected) {
    std::fprintf(stderr, "pipeline_cache_check: wrong kernel result\n");
    return 1;
  }
  return 0;
}
