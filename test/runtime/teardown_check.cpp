// Process-exit scenarios, each run in its own process with validation on:
// the runtime's teardown must neither crash nor raise validation errors, and
// results must still reach host memory when the last view dies at exit.
//
//   teardown_check released   everything released before exit (device destroyed)
//   teardown_check late       a global created before the runtime releases its
//                             buffer after the runtime's teardown (and the
//                             driver's own static destructors) ran
//   teardown_check leaked     a buffer is never released, a kernel still queued
//   teardown_check early      a static wrapping host memory whose construction
//                             initialized the runtime
//   teardown_check after_work a static constructed after kernels already ran
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <ampvk/runtime.h>

#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

constexpr int n = 5000;

std::vector<int> expected_after_kernel() {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = 2 * i + 7;
  return v;
}

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "teardown_check: FAILED: %s\n", what);
  std::fflush(nullptr);
  std::_Exit(1);
}

// Like an array_view whose storage is a std::vector and whose destructor
// drops the last reference.
struct global_view {
  std::vector<int> host;
  rt::buffer *b = nullptr;
  global_view() = default;
  explicit global_view(bool attach_now) {
    if (attach_now)
      attach();
  }
  void attach() {
    host.resize(n);
    for (int i = 0; i < n; ++i)
      host[i] = i;
    b = rt::buffer_wrap_host(rt::default_device(), host.data(), host.size() * 4);
  }
  ~global_view() {
    if (!b)
      return;
    rt::buffer_release(b); // copies the kernel's results back
    if (host != expected_after_kernel())
      fail("the last view's destruction did not synchronize the host data");
    std::fprintf(stderr, "teardown_check: results synchronized at exit\n");
  }
};

// Like an array<int> filled by a kernel, read from a destructor at exit.
struct global_array {
  rt::buffer *b = nullptr;
  ~global_array() {
    if (!b)
      return;
    // After teardown: host operations keep working without the driver.
    std::vector<int> out(n);
    rt::buffer_read(b, 0, out.data(), out.size() * 4);
    if (out != expected_after_kernel())
      fail("an array's data was lost at exit");
    int *p = static_cast<int *>(rt::buffer_host_data(b, rt::access::read_write));
    p[0] = 42;
    rt::buffer_read(b, 0, out.data(), 4);
    if (out[0] != 42)
      fail("host writes to an array after teardown were lost");
    rt::wait(rt::default_queue(rt::default_device()));
    std::vector<int> more(8, 1);
    rt::buffer *view = rt::buffer_wrap_host(rt::default_device(), more.data(), 32);
    rt::buffer_release(view);
    rt::buffer_release(b);
    std::fprintf(stderr, "teardown_check: array usable from the host after teardown\n");
  }
};

// Constructed before main, before the runtime exists: destroyed after the
// runtime's atexit teardown.
global_array late_array;
global_view late_view;

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "released") {
    global_view local;
    local.attach();
    launch_scale_offset(local.b, n, 7);
  } else if (mode == "late") {
    late_view.attach();
    launch_scale_offset(late_view.b, n, 7);
    late_array.b = rt::buffer_create(rt::default_device(), n * 4);
    std::vector<int> ramp(n);
    for (int i = 0; i < n; ++i)
      ramp[i] = i;
    rt::buffer_write(late_array.b, 0, ramp.data(), ramp.size() * 4);
    launch_scale_offset(late_array.b, n, 7); // left for teardown to collect
  } else if (mode == "leaked") {
    std::vector<int> *host = new std::vector<int>(n, 1);
    rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), host->data(), n * 4);
    for (int i = 0; i < 10; ++i)
      launch_scale_offset(b, n, 7);
    rt::buffer *array = rt::buffer_create(rt::default_device(), 1 << 20);
    (void)array; // never released either
  } else if (mode == "early") {
    // Its construction completes after the runtime's: it is destroyed before
    // the runtime's teardown runs.
    static global_view early(true);
    launch_scale_offset(early.b, n, 7);
  } else if (mode == "after_work") {
    global_view warmup;
    warmup.attach();
    launch_scale_offset(warmup.b, n, 7);
    rt::buffer_host_data(warmup.b, rt::access::read);
    // Constructed after the driver did all its kinds of work: destroyed while
    // the runtime is still open, with a kernel of its own still queued.
    static global_view after(true);
    launch_scale_offset(after.b, n, 7);
  } else {
    std::fprintf(stderr, "usage: teardown_check released|late|leaked|early|after_work\n");
    return 2;
  }
  std::fprintf(stderr, "teardown_check: %s: main returns\n", mode.c_str());
  return 0;
}
