// The user's toolbox inside the runtime (docs/user-guide.md, "Profiling" and
// "Logging"):
//   AMPVK_PROFILE=1               per-kernel GPU time (timestamp queries around
//                                 each dispatch), launch counts and bytes
//                                 transferred: a table on stderr at exit
//   AMPVK_PROFILE=PATH            the same, and a Chrome-trace JSON timeline in
//   AMPVK_PROFILE_TRACE=PATH      PATH (chrome://tracing, ui.perfetto.dev)
//   AMPVK_LOG=launches,transfers  one stderr line per launch / per transfer
//            (or all)             (activity_log.cpp)
// The variables are read once. With none of them set every hook below is one
// test of a flag: no query pool exists, no timestamp is written, nothing is
// counted.
//
// Hooks: execution/dispatch.cpp (the kernel's GPU span), execution/launch.cpp
// (note_launch), execution/submission.h and the transfer operations
// (note_transfer, traced_memcpy, copy spans), queue.cpp (profile_submitted,
// profile_retired: the batch's timestamps are read when its fence signaled),
// runtime_state.cpp (report_tools_at_exit, after the exit teardown).
#ifndef AMPVK_RUNTIME_DIAGNOSTICS_PROFILER_H
#define AMPVK_RUNTIME_DIAGNOSTICS_PROFILER_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "kernels/kernel_image_reader.h"

namespace ampvk {
namespace rt {

class device;
class queue;
struct frame;

struct tool_settings {
  bool profile = false; // count launches and bytes, time on the GPU
  bool table = false;   // print the table at exit (AMPVK_PROFILE)
  std::string trace_path;
  bool log_launches = false;
  bool log_transfers = false;
  bool log_pipelines = false;
};
const tool_settings &tools() noexcept;

// One kernel as the profile shows it: its source location and function (from
// the kernel image), whichever images carry it.
struct profiled_kernel;

// A launch of image with this compute domain is being recorded on q (device
// mutex held): logged and counted. Returns the kernel's record for its GPU
// span; null when profiling is off.
profiled_kernel *note_launch(queue &q, const kernel_image &image, int rank, const int *extent);

// device_to_device: concurrency::copy between arrays, by copy commands
// (execution/buffer_copies.h).
enum class transfer_direction { host_to_device, device_to_host, device_to_device };

// A kernel's pipeline was created on d in ms milliseconds: logged
// (AMPVK_LOG=pipelines) with what the driver reported of it (statistics, from
// pipeline_statistics.h; empty when it reports nothing). Only called while
// tools().log_pipelines is on: the caller asks for statistics only then.
void note_pipeline(const device &d, const kernel_image &image, double ms,
                   const std::string &statistics);

// Data moves between a buffer's host copy and its device copy (device mutex
// held): logged and counted. The reason is "upload before kernel" for
// uploads, and for downloads the innermost download_reason in this thread,
// else "download for host access".
void note_transfer(queue &q, transfer_direction direction, std::uint64_t bytes);
struct download_reason {
  explicit download_reason(const char *why) noexcept;
  ~download_reason();
  download_reason(const download_reason &) = delete;
  download_reason &operator=(const download_reason &) = delete;
  const char *previous;
};
// std::memcpy, a host event of the trace when one is written.
void traced_memcpy(queue &q, transfer_direction direction, void *dst, const void *src,
                   std::size_t bytes) noexcept;

// Timestamps around one command recorded into f (a dispatch or a copy); read
// when f's batch retires. Nothing is written when profiling is off, the
// queue family has no timestamps, or the batch used all its queries.
struct gpu_span {
  std::int32_t query = -1;
};
gpu_span begin_gpu_span(queue &q, frame &f, profiled_kernel *kernel);
gpu_span begin_copy_span(queue &q, frame &f, transfer_direction direction, std::uint64_t bytes);
void end_gpu_span(frame &f, gpu_span span) noexcept;

// A stretch of the runtime's own set-up, a host event of the trace (category
// "setup", on a track per thread; "(failed)" when it ends by an exception)
// when one is written: the Vulkan instance
// and the devices described (runtime_state.cpp), a device opened and its
// pipeline cache loaded (device.cpp, pipeline_cache.cpp), a kernel's pipeline
// created (pipeline_cache.cpp, naming the kernel). Where a program's time
// goes before its first kernel.
class setup_phase {
public:
  explicit setup_phase(const char *what) noexcept;
  setup_phase(const char *what, const kernel_image &kernel) noexcept;
  ~setup_phase();
  setup_phase(const setup_phase &) = delete;
  setup_phase &operator=(const setup_phase &) = delete;

private:
  const char *what_;
  const kernel_image *kernel_ = nullptr;
  double start_ns_ = -1; // -1: no trace
  int exceptions_;       // in flight when it began
};

// queue.cpp: f's batch was submitted / its fence signaled (or it was given up).
void profile_submitted(frame &f) noexcept;
void profile_retired(queue &q, frame &f) noexcept;

// The table and the trace; after the exit teardown retired every batch.
void report_tools_at_exit() noexcept;

// For the benchmarks and tests, not the public API: GPU timing without the
// table, switched on and off by the thread that launches; and the GPU time of
// the kernel dispatches whose batches retired so far.
void enable_gpu_timing(bool on) noexcept;
struct gpu_time_total {
  std::uint64_t dispatches = 0; // timed ones
  double ns = 0;
};
gpu_time_total kernel_gpu_time();

} // namespace rt
} // namespace ampvk

#endif
