// What AMPVK_PROFILE prints at exit (profiler.h): the table on stderr and the
// Chrome-trace JSON file (the "JSON Object Format" of the Trace Event Format:
// "traceEvents" of complete events, ph "X", times in microseconds), which
// chrome://tracing and ui.perfetto.dev open.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "diagnostics/profiler_state.h"

namespace ampvk {
namespace rt {
namespace {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string pad_left(const std::string &text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string pad_right(const std::string &text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

void print_table(profile_state &s) {
  std::vector<const profiled_kernel *> rows;
  for (const auto &entry : s.kernels)
    if (entry.second.launches)
      rows.push_back(&entry.second);
  // The slowest first: that is where a user looks.
  std::stable_sort(
      rows.begin(), rows.end(),
      [](const profiled_kernel *a, const profiled_kernel *b) { return a->total_ns > b->total_ns; });
  std::size_t width = 6;
  for (const profiled_kernel *k : rows)
    width = std::max(width, kernel_label(*k).size());
  std::string out = "ampvk profile: GPU time from Vulkan timestamp queries around each dispatch\n";
  for (const auto &entry : s.clocks)
    if (entry.second.valid_bits == 0)
      out += "ampvk profile: no GPU time on " + entry.second.description +
             ": its compute queue family has no timestamps (timestampValidBits 0)\n";
  out += pad_right("kernel", width) +
         "  launches     timed  GPU total ms   GPU mean us    GPU min us"
         "    GPU max us\n";
  for (const profiled_kernel *k : rows) {
    out += pad_right(kernel_label(*k), width) + pad_left(std::to_string(k->launches), 10) +
           pad_left(std::to_string(k->timed), 10);
    if (k->timed)
      out += pad_left(fixed(k->total_ns / 1e6, 3), 14) +
             pad_left(fixed(k->total_ns / double(k->timed) / 1e3, 3), 14) +
             pad_left(fixed(k->min_ns / 1e3, 3), 14) + pad_left(fixed(k->max_ns / 1e3, 3), 14);
    else
      out += pad_left("-", 14) + pad_left("-", 14) + pad_left("-", 14) + pad_left("-", 14);
    out += "\n";
  }
  out += "transfer        count         bytes\n";
  for (int d = 0; d < 3; ++d)
    out += pad_right(direction_name(static_cast<transfer_direction>(d)), 14) +
           pad_left(std::to_string(s.transfers[d]), 7) + pad_left(std::to_string(s.bytes[d]), 14) +
           "\n";
  std::fputs(out.c_str(), stderr);
}


// Host copies on thread 0, the runtime's set-up on a track per thread after
// every device's; each device's view on a track of its own.
constexpr unsigned setup_track = 1u << 20;
bool is_setup(const trace_event &e) { return !e.on_gpu && std::strcmp(e.category, "setup") == 0; }
unsigned track_of(const trace_event &e) {
  if (e.on_gpu)
    return 1 + e.device_index * 64 + e.view;
  return is_setup(e) ? setup_track + e.view : 0;
}

void write_trace(profile_state &s, const std::string &path) {
  std::FILE *file = std::fopen(path.c_str(), "w");
  if (!file) {
    std::fprintf(stderr, "ampvk profile: cannot write the trace to %s\n", path.c_str());
    return;
  }
  std::string out = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"ampvk\"}"
         "},\n";
  out += "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":"
         "\"host copies\"}}";
  std::vector<unsigned> named;
  for (const trace_event &e : s.events) {
    const unsigned track = track_of(e);
    if (track == 0 || std::find(named.begin(), named.end(), track) != named.end())
      continue;
    named.push_back(track);
    if (is_setup(e)) {
      const std::string name =
          e.view ? "runtime set-up, thread " + std::to_string(e.view + 1) : "runtime set-up";
      out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" +
             std::to_string(track) + ",\"args\":{\"name\":" + json_string(name) + "}}";
      continue;
    }
    const device_clock &clock = s.clocks[e.on_gpu];
    out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" + std::to_string(track) +
           ",\"args\":{\"name\":" +
           json_string("GPU: view " + std::to_string(e.view) + " of " + clock.description) + "}}";
  }
  for (const trace_event &e : s.events) {
    // GPU times onto the host clock: the offset is the tightest bound the
    // submissions give (no batch starts before it was submitted).
    const double start = e.on_gpu ? e.start_ns + s.clocks[e.on_gpu].offset_ns : e.start_ns;
    out += ",\n{\"name\":" + json_string(e.name) + ",\"cat\":\"" + e.category +
           "\",\"ph\":\"X\",\"pid\":1,\"tid\":" + std::to_string(track_of(e)) +
           ",\"ts\":" + fixed(start / 1e3, 3) + ",\"dur\":" + fixed(e.duration_ns / 1e3, 3) +
           ",\"args\":{" + e.args + "}}";
  }
  out += "\n]}\n";
  const bool ok = std::fwrite(out.data(), 1, out.size(), file) == out.size();
  if (std::fclose(file) != 0 || !ok) {
    std::fprintf(stderr, "ampvk profile: cannot write the trace to %s\n", path.c_str());
    return;
  }
  std::fprintf(stderr, "ampvk profile: trace of %zu events written to %s%s\n", s.events.size(),
               path.c_str(), s.dropped_events ? " (later events were dropped: too many)" : "");
}

} // namespace

std::string json_string(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void report_tools_at_exit() noexcept {
  const tool_settings &t = tools();
  if (!t.table && t.trace_path.empty())
    return;
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  try {
    if (t.table)
      print_table(s);
    if (!t.trace_path.empty())
      write_trace(s, t.trace_path);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ampvk profile: %s\n", e.what());
  }
}

} // namespace rt
} // namespace ampvk
