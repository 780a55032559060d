// What the fault tests (fault_test.cpp) and the view-move tests
// (view_move_test.cpp) share: data, host references of the scale_offset
// kernel, the accelerators of AMPVK_DEVICE_REPLICAS=2, and spin kernels long
// enough to keep a host wait busy.
#ifndef AMPVK_TEST_FAULT_TEST_SUPPORT_H
#define AMPVK_TEST_FAULT_TEST_SUPPORT_H

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
// = 1000) run: long enough to be cut, short enough that they end before the
// test's next wait on another accelerator runs out, as on lavapipe two
// devices share the CPU's cores and the other device's work waits behind it.
constexpr double past_the_limit_seconds = 1.6;

// The spin kernel's loop count: llvmpipe ends loops after 65535 iterations.
constexpr int spin_count = 60000;
// How many threads of the spin kernel take about `seconds` on d, measured.
int slow_threads_for(double seconds, ampvk::rt::device *d);

} // namespace ampvk_test

#endif
