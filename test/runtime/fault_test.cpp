// Faults: a GPU that takes longer than AMPVK_KERNEL_TIMEOUT_MS, a lost device,
// failed submissions, allocations and pipeline creations (AMPVK_DEBUG_FAULT,
// fault_injection.h).
// Each test needs its own environment and process, so CTest registers them one
// by one (test/runtime/CMakeLists.txt); run with AMPVK_DEVICE_REPLICAS=2 so a
// second accelerator can show it is unaffected.
//
// The sweep (FaultSweep.*) runs this binary's --program mode in child
// processes: once without faults to count the calls at each fault site, then
// once per call with that call failing. Each child checks its own outcome and
// exits 0 only when every check passed; the parent sees its exit status, and
// kills it when it hangs.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "vulkan/fault_injection.h"
#include "fault_test_support.h"
#include "vulkan/internal_counters.h"
#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

const char *self_path = nullptr;

} // namespace

// AMPVK_KERNEL_TIMEOUT_MS=1000: a kernel of about 3 s makes the host wait give
// the device up with accelerator_view_removed naming the limit; the device
// stays given up, the other accelerator and its data are fine, and exit does
// not hang (the teardown waits one more limit, then leaves the objects).
TEST(KernelTimeout, LongKernelRemovesOnlyItsAccelerator) {
  // Registered before the runtime's teardown handler, so it runs after it.
  const bool let_finish = std::getenv("AMPVK_TEST_LET_KERNEL_FINISH") != nullptr;
  if (let_finish)
    std::atexit(check_no_buffer_left);
  rt::device *d0 = device_at(0), *d1 = device_at(1);
  ASSERT_TRUE(d0 && d1) << "run with AMPVK_DEVICE_REPLICAS=2";
  const int n = 4096;
  std::vector<int> kept = ramp(n, 3);
  rt::buffer *other = rt::buffer_create(d1, n * sizeof(int));
  rt::buffer_write(other, 0, kept.data(), kept.size() * sizeof(int));
  launch_scale_offset(other, n, 9, rt::default_queue(d1));

  const slow_work w = slow_work_for(past_the_limit_seconds, d0);
  const int threads = w.threads;
  std::vector<int> host = ramp(threads, -1);
  rt::buffer *slow = rt::buffer_wrap_host(d0, host.data(), host.size() * sizeof(int));
  launch_slow(slow, w);
  auto start = std::chrono::steady_clock::now();
  try {
    rt::buffer_host_data(slow, rt::access::read);
    FAIL() << "a wait past the time limit returned";
  } catch (const concurrency::accelerator_view_removed &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("took longer than the limit of 1000 ms (AMPVK_KERNEL_TIMEOUT_MS"),
              std::string::npos)
        << message;
    EXPECT_EQ(e.get_view_removed_reason(), VK_TIMEOUT);
    EXPECT_EQ(e.get_error_code(), concurrency::DXGI_ERROR_DEVICE_REMOVED_AMP);
  }
  double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(waited, 2.5) << "the wait was not cut at the limit";
  // Given up for good, with the reason.
  try {
    rt::buffer_create(d0, 64);
    FAIL() << "a lost device made a buffer";
  } catch (const concurrency::accelerator_view_removed &e) {
    EXPECT_NE(std::string(e.what()).find("can no longer be used: waiting for its kernels took "
                                         "longer than the limit of 1000 ms"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(launch_scale_offset(slow, threads, 1), concurrency::accelerator_view_removed);
  EXPECT_THROW(rt::wait(rt::default_queue(d0)), concurrency::accelerator_view_removed);
  // The other accelerator still works, with its data.
  wait_for_cut_kernel_to_end(start);
  std::vector<int> expect = kept;
  for (int &v : expect)
    v = scale(scale(v, 9), -4);
  launch_scale_offset(other, n, -4, rt::default_queue(d1));
  EXPECT_EQ(read_all(other, n), expect);
  rt::buffer_release(other);
  rt::buffer_release(slow); // its kernel may still run: the buffer goes at exit
  if (let_finish) // the kernel ends before exit: the teardown then frees everything
    std::this_thread::sleep_for(std::chrono::milliseconds(4000));
}

// A host access waiting for a long kernel does not hold the device: another
// thread creates, writes and reads arrays on the same accelerator meanwhile.
TEST(KernelTimeout, HostWaitLeavesDeviceToOtherThreads) {
  rt::device *d = rt::default_device();
  const slow_work w = slow_work_for(1.0, d);
  std::vector<int> host = ramp(w.threads, 5);
  const std::vector<int> before = host;
  rt::buffer *slow = rt::buffer_wrap_host(d, host.data(), host.size() * sizeof(int));
  launch_slow(slow, w);
  std::atomic<bool> waiting{false}, done{false};
  std::thread reader([&] {
    waiting = true;
    rt::buffer_host_data(slow, rt::access::read);
    done = true;
  });
  while (!waiting)
    std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto start = std::chrono::steady_clock::now();
  std::vector<int> data = ramp(1000, 11), back(1000);
  for (int i = 0; i < 20; ++i) {
    rt::buffer *b = rt::buffer_create(d, data.size() * sizeof(int));
    rt::buffer_write(b, 0, data.data(), data.size() * sizeof(int));
    rt::buffer_read(b, 0, back.data(), back.size() * sizeof(int));
    rt::buffer_release(b);
    ASSERT_EQ(back, data);
  }
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool reader_still_waiting = !done;
  reader.join();
  EXPECT_TRUE(reader_still_waiting) << "the kernel finished too soon to show anything";
  EXPECT_LT(took, 0.5) << "host work on the device waited for another thread's kernel";
  EXPECT_TRUE(matches_slow_reference(host, before, w));
  rt::buffer_release(slow);
}

// AMPVK_DEBUG_FAULT=lost:1: the first fence wait reports VK_ERROR_DEVICE_LOST.
TEST(DeviceLost, SurfacesAsViewRemovedAndStays) {
  std::atexit(check_no_buffer_left); // before the runtime's teardown handler: runs after it
  rt::device *d0 = device_at(0), *d1 = device_at(1);
  ASSERT_TRUE(d0 && d1) << "run with AMPVK_DEVICE_REPLICAS=2";
  const int n = 1000;
  std::vector<int> host = ramp(n, 2), before = host;
  rt::buffer *v = rt::buffer_wrap_host(d0, host.data(), host.size() * sizeof(int));
  launch_scale_offset(v, n, 1);
  try {
    rt::buffer_synchronize(v);
    FAIL() << "the injected loss was not reported";
  } catch (const concurrency::accelerator_view_removed &e) {
    EXPECT_EQ(e.get_view_removed_reason(), VK_ERROR_DEVICE_LOST);
    EXPECT_NE(std::string(e.what()).find("VK_ERROR_DEVICE_LOST"), std::string::npos) << e.what();
  }
  EXPECT_EQ(host, before) << "a lost device's results reached host memory";
  try {
    rt::buffer_create(d0, 16);
    FAIL() << "a lost device made a buffer";
  } catch (const concurrency::accelerator_view_removed &e) {
    EXPECT_EQ(e.get_view_removed_reason(), VK_ERROR_DEVICE_LOST);
    EXPECT_NE(std::string(e.what()).find("waiting for a kernel reported VK_ERROR_DEVICE_LOST"),
              std::string::npos)
        << e.what();
  }
  rt::buffer_release(v); // no copy back from a lost device
  EXPECT_EQ(host, before);
  // The view's data can go to the other accelerator and run there.
  std::vector<int> again = ramp(n, 2);
  rt::buffer *w = rt::buffer_wrap_host(d1, again.data(), again.size() * sizeof(int));
  launch_scale_offset(w, n, 1, rt::default_queue(d1));
  rt::buffer_synchronize(w);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(again[i], scale(before[i], 1)) << i;
  rt::buffer_release(w);
}

// AMPVK_DEBUG_FAULT=submit:1: the failed submission's error reaches the host
// access that submitted it; the batch never ran, so the device is given up.
TEST(SubmitFailure, FailsTheWaiterAndGivesUpTheDevice) {
  std::atexit(check_no_buffer_left);
  rt::device *d0 = device_at(0);
  const int n = 256;
  rt::buffer *a = rt::buffer_create(d0, n * sizeof(int));
  std::vector<int> data = ramp(n, 0);
  rt::buffer_write(a, 0, data.data(), data.size() * sizeof(int));
  launch_scale_offset(a, n, 3);
  std::vector<int> out(n);
  try {
    rt::buffer_read(a, 0, out.data(), out.size() * sizeof(int));
    FAIL() << "the failed submission was not reported";
  } catch (const concurrency::out_of_memory &e) {
    EXPECT_NE(std::string(e.what()).find("VK_ERROR_OUT_OF_HOST_MEMORY"), std::string::npos)
        << e.what();
  }
  try {
    rt::buffer_read(a, 0, out.data(), out.size() * sizeof(int));
    FAIL() << "a device whose batch was dropped was used again";
  } catch (const concurrency::accelerator_view_removed &e) {
    EXPECT_NE(std::string(e.what()).find("never ran"), std::string::npos) << e.what();
  }
  rt::buffer_release(a);
}

// AMPVK_DEBUG_FAULT=pipeline:2: the second pipeline the driver is asked for,
// scale_offset's, fails. spin's first made the view's device copy; the host
// then rewrites all 36 MiB, which the next launch (over the first 4096
// elements: the test kernels know no folded grid) uploads ahead of its batch
// where buffers are staged, so its pipeline is being made on one of the
// runtime's threads meanwhile (pipeline_cache::prepare) and the error comes
// back through the launch (mapped memory: made by the launch itself). The
// launch throws out_of_memory naming the pipeline, nothing ran, the device
// stays usable, and the next launch creates the pipeline.
TEST(PipelineFailure, FailedCreationThrowsFromTheLaunchAndTheNextOneCreatesIt) {
  std::atexit(check_no_buffer_left);
  rt::device *d0 = device_at(0);
  const int n = 9 << 20; // 36 MiB of ints: more than one bulk chunk
  const int items = 4096;
  const std::vector<int> data = ramp(n, 3);
  std::vector<int> host(n, 0);
  rt::buffer *a = rt::buffer_wrap_host(d0, host.data(), host.size() * sizeof(int));
  launch_spin(a, items, 1);
  auto *written = static_cast<int *>(rt::buffer_host_data(a, rt::access::write));
  std::copy(data.begin(), data.end(), written);
  const std::uint64_t prepared = rt::debug_counters().pipelines_prepared.load();
  try {
    launch_scale_offset(a, items, 7);
    FAIL() << "the failed pipeline creation was not reported";
  } catch (const concurrency::out_of_memory &e) {
    EXPECT_NE(std::string(e.what()).find("creating the compute pipeline"), std::string::npos)
        << e.what();
  }
  const bool staged = std::getenv("AMPVK_DEBUG_FORCE_STAGING") != nullptr;
  EXPECT_EQ(rt::debug_counters().pipelines_prepared.load() - prepared, staged ? 1u : 0u)
      << "a staged upload of 36 MiB goes ahead beside the pipeline; mapped memory has none";
  EXPECT_EQ(read_all(a, n), data) << "a launch without its pipeline changed the data";
  launch_scale_offset(a, items, 7);
  rt::buffer_synchronize(a);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(host[i], i < items ? scale(data[i], 7) : data[i]) << i;
  rt::buffer_release(a);
}

// AMPVK_DEBUG_FAULT=alloc:1,...: every allocation the first
// array tries fails: out_of_memory, and the device stays usable (and the process exits 0
// with validation on: a handled out-of-memory is not an error).
TEST(AllocationFailure, OutOfMemoryLeavesDeviceUsable) {
  std::atexit(check_no_buffer_left);
  rt::device *d0 = device_at(0);
  EXPECT_THROW(rt::buffer_create(d0, 4096), concurrency::out_of_memory);
  const int n = 300;
  std::vector<int> data = ramp(n, 1);
  rt::buffer *a = rt::buffer_create(d0, n * sizeof(int));
  rt::buffer_write(a, 0, data.data(), data.size() * sizeof(int));
  launch_scale_offset(a, n, 5);
  std::vector<int> got = read_all(a, n);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(got[i], scale(data[i], 5)) << i;
  rt::buffer_release(a);
}

// A handled out-of-memory for a size no heap has (the path that used to leave
// a validation error behind): the process still exits 0.
TEST(AllocationFailure, HugeArrayOutOfMemoryExitsZero) {
  EXPECT_THROW(rt::buffer_create(rt::default_device(), std::size_t(1) << 40),
               concurrency::out_of_memory);
  rt::buffer *b = rt::buffer_create(rt::default_device(), 1024);
  launch_scale_offset(b, 256, 1);
  rt::buffer_synchronize(b);
  rt::buffer_release(b);
}

// ---------------------------------------------------------------------------
// The sweep.

namespace {

struct device_work {
  rt::buffer *kept = nullptr; // an array left alive, with its expected contents
  std::vector<int> expect;
};

// A representative program on one device: an array written from the host, a
// view of host data, kernels on the default view and on a view of its own,
// host reads of both, an array-to-array copy through the host, synchronize;
// a large view (36 MiB) moved until it has its pages imported where the
// device imports host memory (memory/view_pages.h), then a synchronize_async
// of it in two chunks, overtaken by a kernel. Throws what the runtime throws;
// leaves one array alive in `out`.
void run_work(rt::device *d, int salt, device_work &out) {
  const int n = 2000 + salt;
  std::vector<int> data = ramp(n, salt), host = ramp(n, -salt);
  struct holder {
    std::vector<rt::buffer *> all;
    ~holder() {
      for (rt::buffer *b : all)
        rt::buffer_release(b);
    }
    rt::buffer *keep(rt::buffer *b) {
      all.push_back(b);
      return b;
    }
  } buffers;
  rt::queue *own = rt::create_queue(d, false);
  rt::buffer *a = buffers.keep(rt::buffer_create(d, n * sizeof(int)));
  rt::buffer_write(a, 0, data.data(), data.size() * sizeof(int));
  rt::buffer *v = buffers.keep(rt::buffer_wrap_host(d, host.data(), host.size() * sizeof(int)));
  rt::queue *main_view = rt::default_queue(d);
  launch_scale_offset(a, n, 1, main_view);
  launch_scale_offset(v, n, 2, own);
  launch_scale_offset(a, n, 3, main_view);
  std::vector<int> expect_a = data, expect_v = host;
  for (int &x : expect_a)
    x = scale(scale(x, 1), 3);
  for (int &x : expect_v)
    x = scale(x, 2);
  if (read_all(a, n) != expect_a)
    throw std::runtime_error("wrong array contents");
  const int *seen = static_cast<const int *>(rt::buffer_host_data(v, rt::access::read));
  if (std::vector<int>(seen, seen + n) != expect_v)
    throw std::runtime_error("wrong view contents");
  // copy(array, array) goes through the host.
  rt::buffer *b = buffers.keep(rt::buffer_create(d, n * sizeof(int)));
  std::vector<int> staging = read_all(a, n);
  rt::buffer_write(b, 0, staging.data(), staging.size() * sizeof(int));
  launch_scale_offset(b, n, 4, own);
  launch_scale_offset(v, n, 5, main_view);
  rt::buffer_synchronize(v);
  rt::wait(own);
  for (int &x : expect_v)
    x = scale(x, 5);
  if (host != expect_v)
    throw std::runtime_error("wrong synchronized view contents");
  const int big = (36 << 20) / 4;
  std::vector<int> large = ramp(big, salt), expect_large = large;
  rt::buffer *lv = buffers.keep(rt::buffer_wrap_host(d, large.data(), large.size() * sizeof(int)));
  for (int round = 0; round < 3; ++round) {
    rt::buffer_host_modified(lv);
    launch_scale_offset(lv, big, round, main_view);
    for (int &x : expect_large)
      x = scale(x, round);
    rt::buffer_synchronize(lv);
  }
  if (large != expect_large)
    throw std::runtime_error("wrong large view contents");
  struct ending { // as a completion_future's destruction, also when a launch throws
    rt::async_download *d;
    ~ending() {
      if (d)
        try {
          rt::buffer_synchronize_end(d);
        } catch (...) {
        }
    }
  } pending{rt::buffer_synchronize_begin(lv)};
  launch_scale_offset(lv, big, 9, main_view);
  rt::async_download *ended = pending.d;
  pending.d = nullptr;
  rt::buffer_synchronize_end(ended);
  if (large != expect_large)
    throw std::runtime_error("synchronize_async did not bring the data as of its call");
  rt::buffer_synchronize(lv);
  for (int &x : expect_large)
    x = scale(x, 9);
  if (large != expect_large)
    throw std::runtime_error("wrong large view contents after the overtaking kernel");
  rt::buffer_retain(b); // outlives `buffers`
  out.kept = b;
  out.expect = expect_a;
  for (int &x : out.expect)
    x = scale(x, 4);
}

struct outcome {
  bool ok = false;
  bool removed = false;   // accelerator_view_removed
  bool oom = false;       // out_of_memory
  long reason = 0;
  std::string other;      // any other exception
};

outcome attempt(rt::device *d, int salt, device_work &out) {
  outcome o;
  try {
    run_work(d, salt, out);
    o.ok = true;
  } catch (const concurrency::accelerator_view_removed &e) {
    o.removed = true;
    o.reason = e.get_view_removed_reason();
  } catch (const concurrency::out_of_memory &) {
    o.oom = true;
  } catch (const std::exception &e) {
    o.other = e.what();
  }
  return o;
}

int fail(const std::string &why) {
  std::fprintf(stderr, "fault program: %s\n", why.c_str());
  std::fflush(stderr);
  return 1;
}

// The child: both devices run the work; a fault hits one of them (at most one
// call fails). Exit 0 when everything a user may rely on held.
int fault_program() {
  std::atexit(check_no_buffer_left);
  rt::device *d[2] = {device_at(0), device_at(1)};
  if (!d[0] || !d[1])
    return fail("needs AMPVK_DEVICE_REPLICAS=2");
  const char *spec = std::getenv("AMPVK_DEBUG_FAULT");
  const std::string kind = spec ? std::string(spec).substr(0, std::string(spec).find(':')) : "";
  device_work work[2];
  outcome o[2] = {attempt(d[0], 1, work[0]), attempt(d[1], 2, work[1])};
  // The calls of the work itself: the sweep fails each of these (the checks
  // below make more, which must not fail).
  std::printf("calls alloc=%llu submit=%llu wait=%llu pipeline=%llu\n",
              static_cast<unsigned long long>(rt::fault_site_calls(rt::fault_site::alloc)),
              static_cast<unsigned long long>(rt::fault_site_calls(rt::fault_site::submit)),
              static_cast<unsigned long long>(rt::fault_site_calls(rt::fault_site::wait)),
              static_cast<unsigned long long>(rt::fault_site_calls(rt::fault_site::pipeline)));
  std::fflush(stdout);
  int faulted = -1;
  for (int i = 0; i < 2; ++i) {
    if (!o[i].other.empty())
      return fail("device " + std::to_string(i) + " threw an unexpected exception: " + o[i].other);
    if (o[i].ok)
      continue;
    if (faulted != -1)
      return fail("both devices failed");
    faulted = i;
    const bool right = kind == "alloc" || kind == "pipeline" ? o[i].oom
                       : kind == "submit" ? o[i].oom
                       : kind == "lost" ? o[i].removed && o[i].reason == VK_ERROR_DEVICE_LOST
                       : kind == "timeout" ? o[i].removed && o[i].reason == VK_TIMEOUT
                                           : false;
    if (!right)
      return fail("device " + std::to_string(i) + " failed with the wrong exception for " +
                  (spec ? spec : "no fault"));
  }
  if (!spec && faulted != -1)
    return fail("the work failed without a fault");
  // The unaffected device's array still holds its data, and the device works.
  for (int i = 0; i < 2; ++i) {
    if (i == faulted)
      continue;
    const int n = static_cast<int>(work[i].expect.size());
    if (read_all(work[i].kept, n) != work[i].expect)
      return fail("the unaffected device's array changed");
    launch_scale_offset(work[i].kept, n, 6, rt::default_queue(d[i]));
    for (int &x : work[i].expect)
      x = scale(x, 6);
    if (read_all(work[i].kept, n) != work[i].expect)
      return fail("the unaffected device computed wrong results afterwards");
  }
  // A faulted device: out of memory in an allocation or a pipeline's creation
  // leaves it usable (the next launch creates the pipeline), anything else
  // removes it.
  if (faulted != -1) {
    bool removed = false;
    try {
      rt::buffer *b = rt::buffer_create(d[faulted], 64);
      launch_scale_offset(b, 16, 1, rt::default_queue(d[faulted]));
      rt::buffer_synchronize(b);
      rt::buffer_release(b);
    } catch (const concurrency::accelerator_view_removed &) {
      removed = true;
    }
    if (removed != (kind != "alloc" && kind != "pipeline"))
      return fail(removed ? "an allocation or pipeline failure removed the device"
                          : "a lost device was used again");
  }
  for (auto &w : work)
    if (w.kept)
      rt::buffer_release(w.kept);
  return 0;
}

struct child_result {
  int status = -1; // exit status; -1: killed after the deadline
  std::string out;
};

// Runs this binary's --program mode with AMPVK_DEBUG_FAULT=spec (none when
// empty), killing it after `seconds`.
child_result run_child(const std::string &spec, int seconds) {
  int pipefd[2];
  if (pipe(pipefd) != 0)
    return {};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(pipefd[1], 1);
    close(pipefd[0]);
    close(pipefd[1]);
    if (spec.empty())
      unsetenv("AMPVK_DEBUG_FAULT");
    else
      setenv("AMPVK_DEBUG_FAULT", spec.c_str(), 1);
    execl(self_path, self_path, "--program", static_cast<char *>(nullptr));
    _exit(127);
  }
  close(pipefd[1]);
  child_result r;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid)
      break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      close(pipefd[0]);
      return r;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  char buf[512];
  ssize_t got;
  while ((got = read(pipefd[0], buf, sizeof buf)) > 0)
    r.out.append(buf, static_cast<std::size_t>(got));
  close(pipefd[0]);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

} // namespace

// Every call to vkAllocateMemory, vkQueueSubmit, vkCreateComputePipelines and
// every fence wait of the program fails in turn (waits both as a lost device
// and as a timeout; a pipeline fails on the runtime's thread that creates it
// while the launch uploads, and the launch throws it): each
// time the right exception, no hang (60 s per run), no buffer left at exit,
// the other accelerator's array intact and usable, exit status 0 with
// validation on.
TEST(FaultSweep, EveryCallSiteFailsCleanly) {
  child_result clean = run_child("", 120);
  ASSERT_EQ(clean.status, 0) << "the program fails without faults";
  unsigned long long allocs = 0, submits = 0, waits = 0, pipelines = 0;
  ASSERT_EQ(std::sscanf(clean.out.c_str(), "calls alloc=%llu submit=%llu wait=%llu pipeline=%llu",
                        &allocs, &submits, &waits, &pipelines),
            4)
      << clean.out;
  EXPECT_GE(allocs, 2u);
  EXPECT_GE(submits, 6u);
  EXPECT_GE(waits, 6u);
  EXPECT_GE(pipelines, 2u);
  struct site {
    const char *kind;
    unsigned long long calls;
  } sites[] = {{"alloc", allocs},
               {"submit", submits},
               {"lost", waits},
               {"timeout", waits},
               {"pipeline", pipelines}};
  int runs = 0;
  for (const site &s : sites)
    for (unsigned long long n = 1; n <= s.calls; ++n) {
      std::string spec = std::string(s.kind) + ":" + std::to_string(n);
      child_result r = run_child(spec, 60);
      EXPECT_NE(r.status, -1) << spec << ": hung (killed after 60 s)";
      EXPECT_EQ(r.status, 0) << spec << ": see the child's stderr above";
      ++runs;
    }
  std::printf("%d faulty runs: %llu allocations, %llu submissions, %llu waits (twice), %llu "
              "pipelines\n",
              runs, allocs, submits, waits, pipelines);
}

int main(int argc, char **argv) {
  self_path = argv[0];
  if (argc > 1 && std::strcmp(argv[1], "--program") == 0)
    return fault_program();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
