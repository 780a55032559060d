// The threads asynchronous operations run on (synchronize_async, copy_async:
// detail::run_async in completion_future.h). std::async starts a thread per
// operation, and the caller pays for it before its next launch: 37-71 us per
// start and join on the development machine, and two per iteration of the MPI
// sample's halo exchange. Here a finished operation's thread waits for the
// next one; a thread is started only when every existing one is busy (an
// operation may block on the GPU for long), so operations still start at once
// and finish on their own, whether anyone waits for them or not.
//
// At exit the runtime's teardown first lets every queued and running
// operation finish (drain_async_tasks), so none touches a device being
// destroyed; an operation started after that runs on the caller's thread, as
// does one started in a process forked from this one (which has none of its
// threads). Large host copies hand parts to the same threads
// (memory/host_copy.h).
#ifndef AMPVK_RUNTIME_EXECUTION_ASYNC_TASKS_H
#define AMPVK_RUNTIME_EXECUTION_ASYNC_TASKS_H

namespace ampvk {
namespace rt {

// Runs task(context) on one of the threads (runtime.h).
void run_async_task(void (*task)(void *), void *context);

// Waits until no operation is queued or running; later ones run inline.
void drain_async_tasks() noexcept;

} // namespace rt
} // namespace ampvk

#endif
