// What the fault tests (fault_test.cpp) and the view-move tests
// (view_move_test.cpp) share: data, host references of the scale_offset
// kernel, the accelerators of AMPVK_DEVICE_REPLICAS=2, and spin kernels long
// enough to keep a host wait busy.
#ifndef AMPVK_TEST_FAULT_TEST_SUPPORT_H
#define AMPVK_TEST_FAULT_TEST_SUPPORT_H

#include <chrono>
#include <cstddef>
#include <vector>

#include <ampvk/runtime.h>

namespace ampvk_test {

// start, start + 7, start + 14, ...
std::vector<int> ramp(int n, int start);
// scale_offset's result for x: 2x + offset, wrapping.
int scale(int x, int offset);
std::vector<int> read_all(ampvk::rt::buffer *b, int n);
// devices()[i], or null when there are fewer.
ampvk::rt::device *device_at(std::size_t i);
// For std::atexit before any runtime work (it then runs after the exit
// teardown): exits with status 4 unless every buffer was destroyed.
void check_no_buffer_left();

// How long the kernels that outlast the tests' 1 s limit (AMPVK_KERNEL_TIMEOUT_MS
// = 1000) run without other load: three times the limit, so that a
// calibration made under load all three times it times still gives a kernel
// that is cut when the load is gone (twice was seen to finish in time on
// lavapipe while another build ran during a one-timing calibration).
constexpr double past_the_limit_seconds = 3.0;
// Before using the other accelerator after a cut: on lavapipe two devices
// share the CPU's cores, and the other device's work would wait behind the
// cut kernel, which still runs, past its own 1 s limit. Sleeps until three
// times the kernel's time after its launch: other processes' load (ctest -j2
// on two cores) was seen to stretch it past one and a half times.
void wait_for_cut_kernel_to_end(std::chrono::steady_clock::time_point launched);

// The spin kernel's loop count: llvmpipe ends loops after 65535 iterations.
constexpr int spin_count = 60000;

// Spin kernels that keep a device busy for about `seconds`: `launches` of them
// one after another over the same `threads` elements. A CPU device needs
// many threads; a GPU runs the most the tests wrap (512 Ki) in milliseconds
// and needs many launches.
struct slow_work {
  int threads = 0;
  int launches = 1;
};
// Measured on d.
slow_work slow_work_for(double seconds, ampvk::rt::device *d);
void launch_slow(ampvk::rt::buffer *b, const slow_work &w, ampvk::rt::queue *q = nullptr);
// The first element of each run of 64, and the last, after w from `before`,
// compared with the host's spin loop: all of them would cost the host what
// the device did.
bool matches_slow_reference(const std::vector<int> &got, const std::vector<int> &before,
                            const slow_work &w);

} // namespace ampvk_test

#endif
