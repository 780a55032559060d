// What the profiler (profiler.cpp) gathers and profile_report.cpp and
// activity_log.cpp print; one mutex guards it all. Internal to the three.
#ifndef AMPVK_RUNTIME_DIAGNOSTICS_PROFILER_STATE_H
#define AMPVK_RUNTIME_DIAGNOSTICS_PROFILER_STATE_H

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "diagnostics/profiler.h"

namespace ampvk {
namespace rt {

class device;

struct profiled_kernel {
  std::string where;    // "file:line:column", or the image's address when it has no source
  std::string function; // may be empty
  bool tiled = false;
  std::uint64_t launches = 0;
  std::uint64_t timed = 0; // launches with GPU timestamps
  double total_ns = 0, min_ns = 0, max_ns = 0;
};

// A device's timestamps: the queue family's valid bits (0: none), the
// nanoseconds per tick, and host_ns - gpu_ns as bounded by submissions (the
// GPU cannot start a batch before it was submitted).
struct device_clock {
  std::uint32_t valid_bits = 0;
  double period_ns = 1;
  bool offset_known = false;
  double offset_ns = 0;
  std::string description;
  unsigned index = 0;
};

struct trace_event {
  std::string name;
  const char *category; // "kernel", "copy"
  double start_ns;      // host clock; GPU events: GPU clock until the report maps them
  double duration_ns;
  const device *on_gpu;  // null: a host event
  unsigned device_index; // GPU events
  unsigned view;     // GPU events; set-up events: the thread's number (setup_threads)
  std::string args; // JSON object members, e.g. "\"bytes\":4096"
};

struct profile_state {
  std::mutex mutex;
  std::map<std::string, profiled_kernel> kernels; // by where + '\t' + function
  std::unordered_map<const char *, profiled_kernel *> by_image;
  std::uint64_t transfers[3] = {0, 0, 0}; // by transfer_direction
  std::uint64_t bytes[3] = {0, 0, 0};
  std::unordered_map<const queue *, unsigned> view_numbers;
  std::unordered_map<const device *, unsigned> views_seen;
  std::unordered_map<const device *, device_clock> clocks;
  std::vector<trace_event> events;
  std::unordered_map<std::thread::id, unsigned> setup_threads; // in order of their first phase
  std::uint64_t dropped_events = 0;
  gpu_time_total kernel_time;
};

profile_state &profile() noexcept; // never destroyed: usable from atexit handlers
double host_now_ns() noexcept;     // since the profiler's first use

// Under profile().mutex: 0 for a device's default view, then 1, 2... in the
// order views are first seen; "view N of DEVICE".
unsigned view_number(profile_state &s, queue &q);
std::string view_label(profile_state &s, queue &q);

const char *direction_name(transfer_direction d) noexcept; // "host->device"
// activity_log.cpp: the AMPVK_LOG lines.
void log_launch(const std::string &view, const profiled_kernel &k, const kernel_image &image,
                int rank, const int *extent);
void log_pipeline(const std::string &device, const profiled_kernel &k, double ms,
                  const std::string &statistics);
void log_transfer(const std::string &view, transfer_direction d, std::uint64_t bytes,
                  const char *reason);
// The kernel's name in tables, logs and traces: "where function".
std::string kernel_label(const profiled_kernel &k);
// text as a JSON string literal, quoted and escaped (profile_report.cpp).
std::string json_string(const std::string &text);

} // namespace rt
} // namespace ampvk

#endif
