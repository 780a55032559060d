// The first kernel failure waiting to be thrown. A kernel cannot throw: what
// makes a launch fail (a failed bounds check or a race, bounds_report.h; a call of
// direct3d_errorf or direct3d_abort, kernel_print.h) is found on the host when
// the launch's batch retires, under a device mutex, often on another thread
// than the one that launched it. The first failure found is kept here and
// thrown by the next synchronization point on any thread: accelerator_view::
// wait, a host access that waits for a kernel, a copy. Later failures are
// dropped until it has been thrown, so the exception names the first thing
// that went wrong; at exit, with nobody left to throw to, it is printed.
#ifndef AMPVK_RUNTIME_DIAGNOSTICS_KERNEL_FAILURES_H
#define AMPVK_RUNTIME_DIAGNOSTICS_KERNEL_FAILURES_H

#include <string>

namespace ampvk {
namespace rt {

// Which exception a failure is thrown as.
enum class kernel_failure_kind {
  out_of_bounds,    // ampvk::out_of_bounds (checked mode)
  tile_static_race, // ampvk::tile_static_race (checked mode)
  kernel_error,  // concurrency::runtime_exception, E_FAIL (direct3d_errorf, direct3d_abort)
};

// Keeps the failure unless one is already waiting. Takes its own mutex, after
// any device mutex and report mutex the caller holds.
void note_kernel_failure(kernel_failure_kind kind, std::string message) noexcept;

// Whether a failure is waiting: a hint, for skipping work that could only
// find a later one.
bool kernel_failure_waiting() noexcept;

// Throws the failure waiting, if any, and forgets it.
void throw_kernel_failure();

// At exit, with nobody left to throw to: prints the failure waiting, if any,
// to stderr and forgets it.
void print_kernel_failure_left() noexcept;

} // namespace rt
} // namespace ampvk

#endif
