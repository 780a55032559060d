#include "diagnostics/profiler.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <thread>

#include "device.h"
#include "diagnostics/profiler_state.h"
#include "execution/queue.h"
#include "memory/host_copy.h"
#include "vulkan/env.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

// The timestamps of one batch: two queries per span, reset when the frame
// starts a new batch, read when it retires.
struct frame_profile {
  struct span {
    profiled_kernel *kernel; // null: a copy
    transfer_direction direction;
    std::uint64_t bytes;
    std::uint32_t query;
    unsigned view;
  };
  unique_query_pool pool;
  std::uint64_t serial = 0; // the batch the queries belong to; 0: none
  std::uint32_t used = 0;
  double submitted_ns = 0;
  std::vector<span> spans;
};

namespace {

// A batch holds at most 256 commands (queue.cpp); a launch's uploads are spans
// too. Past this many spans a batch's further commands go untimed.
constexpr std::uint32_t queries_per_frame = 1024;
// Past this many events a trace keeps counting but stops recording.
constexpr std::size_t max_trace_events = 1000000;

tool_settings read_settings() {
  tool_settings s;
  const char *profile_value = env_value("AMPVK_PROFILE");
  if (profile_value && std::strcmp(profile_value, "0") != 0) {
    s.profile = s.table = true;
    if (std::strcmp(profile_value, "1") != 0)
      s.trace_path = profile_value;
  }
  if (const char *trace = env_value("AMPVK_PROFILE_TRACE")) {
    s.profile = s.table = true;
    s.trace_path = trace;
  }
  if (const char *log = env_value("AMPVK_LOG")) {
    std::string text = log;
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find(',', start);
      if (end == std::string::npos)
        end = text.size();
      const std::string word = text.substr(start, end - start);
      if (word == "launches" || word == "all" || word == "1")
        s.log_launches = true;
      if (word == "transfers" || word == "all" || word == "1")
        s.log_transfers = true;
      if (word == "pipelines" || word == "all" || word == "1")
        s.log_pipelines = true;
      if (word != "launches" && word != "transfers" && word != "pipelines" && word != "all" &&
          word != "1" && word != "0" && word != "none")
        std::fprintf(stderr,
                     "ampvk: AMPVK_LOG=%s: \"%s\" is not a log; use launches, transfers, "
                     "pipelines or all (comma-separated)\n",
                     log, word.c_str());
      start = end + 1;
    }
  }
  return s;
}

tool_settings &settings() noexcept {
  static tool_settings *s = new tool_settings(read_settings());
  return *s;
}

thread_local const char *current_download_reason = nullptr;

device_clock &clock_of(profile_state &s, device &d) {
  auto it = s.clocks.find(&d);
  if (it != s.clocks.end())
    return it->second;
  device_clock c;
  const physical_device &p = d.physical();
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(p.handle, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(p.handle, &count, families.data());
  if (p.queue_family < count && !env_flag("AMPVK_DEBUG_NO_TIMESTAMPS"))
    c.valid_bits = families[p.queue_family].timestampValidBits;
  c.period_ns = p.limits().timestampPeriod;
  c.description = d.describe();
  c.index = p.index;
  return s.clocks.emplace(&d, c).first->second;
}

std::string where_of(const kernel_image &image, bool &has_source, std::string &function) {
  const kernel_source src = source_of(image);
  function = src.function;
  has_source = !src.file.empty();
  if (has_source)
    return src.file + ":" + std::to_string(src.line) + ":" + std::to_string(src.column);
  char text[64];
  std::snprintf(text, sizeof text, "kernel@%p", static_cast<const void *>(image.bytes));
  return text;
}

profiled_kernel &kernel_of(profile_state &s, const kernel_image &image) {
  auto it = s.by_image.find(image.bytes);
  if (it != s.by_image.end())
    return *it->second;
  bool has_source = false;
  std::string function;
  std::string where = where_of(image, has_source, function);
  profiled_kernel &k = s.kernels[where + '\t' + function];
  k.where = where;
  k.function = function;
  k.tiled = image.header.tiled != 0;
  s.by_image.emplace(image.bytes, &k);
  return k;
}

void add_event(profile_state &s, trace_event e) {
  if (s.events.size() >= max_trace_events) {
    ++s.dropped_events;
    return;
  }
  s.events.push_back(std::move(e));
}

} // namespace

const tool_settings &tools() noexcept { return settings(); }

void enable_gpu_timing(bool on) noexcept {
  tool_settings &s = settings();
  s.profile = on || s.table; // AMPVK_PROFILE keeps it on
}

profile_state &profile() noexcept {
  static profile_state *s = new profile_state;
  return *s;
}

double host_now_ns() noexcept {
  using clock = std::chrono::steady_clock;
  static const clock::time_point epoch = clock::now();
  return std::chrono::duration<double, std::nano>(clock::now() - epoch).count();
}

unsigned view_number(profile_state &s, queue &q) {
  if (&q == &q.owner().queue())
    return 0;
  auto it = s.view_numbers.find(&q);
  if (it != s.view_numbers.end())
    return it->second;
  const unsigned n = ++s.views_seen[&q.owner()];
  s.view_numbers.emplace(&q, n);
  return n;
}

std::string view_label(profile_state &s, queue &q) {
  return "view " + std::to_string(view_number(s, q)) + " of " + q.owner().describe();
}

const char *direction_name(transfer_direction d) noexcept {
  switch (d) {
  case transfer_direction::host_to_device:
    return "host->device";
  case transfer_direction::device_to_host:
    return "device->host";
  case transfer_direction::device_to_device:
  default:
    return "device->device";
  }
}

std::string kernel_label(const profiled_kernel &k) {
  return k.function.empty() ? k.where : k.where + " " + k.function;
}

profiled_kernel *note_launch(queue &q, const kernel_image &image, int rank, const int *extent) {
  const tool_settings &t = settings();
  if (!t.profile && !t.log_launches)
    return nullptr;
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  profiled_kernel &k = kernel_of(s, image);
  if (t.log_launches)
    log_launch(view_label(s, q), k, image, rank, extent);
  if (!t.profile)
    return nullptr;
  ++k.launches;
  return &k;
}

void note_pipeline(const device &d, const kernel_image &image, double ms,
                   const std::string &statistics) {
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  log_pipeline(d.describe(), kernel_of(s, image), ms, statistics);
}

void note_transfer(queue &q, transfer_direction direction, std::uint64_t bytes) {
  const tool_settings &t = settings();
  if (!t.profile && !t.log_transfers)
    return;
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (t.log_transfers)
    log_transfer(view_label(s, q), direction, bytes,
                 direction == transfer_direction::host_to_device     ? "upload before kernel"
                 : direction == transfer_direction::device_to_device ? "copy between arrays"
                 : current_download_reason                           ? current_download_reason
                                                                     : "download for host access");
  if (t.profile) {
    ++s.transfers[static_cast<int>(direction)];
    s.bytes[static_cast<int>(direction)] += bytes;
  }
}

download_reason::download_reason(const char *why) noexcept : previous(current_download_reason) {
  current_download_reason = why;
}
download_reason::~download_reason() { current_download_reason = previous; }

void traced_memcpy(queue &q, transfer_direction direction, void *dst, const void *src,
                   std::size_t bytes) noexcept {
  if (settings().trace_path.empty()) {
    copy_host_bytes(dst, src, bytes);
    return;
  }
  const double start = host_now_ns();
  copy_host_bytes(dst, src, bytes);
  const double end = host_now_ns();
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  try {
    add_event(s, {std::string(direction_name(direction)) + " memcpy", "copy", start, end - start,
                  nullptr, 0, view_number(s, q), "\"bytes\":" + std::to_string(bytes)});
  } catch (...) {
    ++s.dropped_events; // out of memory: the trace loses this event, nothing else
  }
}

setup_phase::setup_phase(const char *what) noexcept
    : what_(what), exceptions_(std::uncaught_exceptions()) {
  if (!settings().trace_path.empty())
    start_ns_ = host_now_ns();
}

setup_phase::setup_phase(const char *what, const kernel_image &kernel) noexcept
    : setup_phase(what) {
  kernel_ = &kernel;
}

setup_phase::~setup_phase() {
  if (start_ns_ < 0)
    return;
  const double end = host_now_ns();
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  try {
    std::string args;
    if (kernel_)
      args = "\"kernel\":" + json_string(kernel_label(kernel_of(s, *kernel_)));
    // One track per thread: phases of two threads may overlap.
    const unsigned thread = s.setup_threads
                                .emplace(std::this_thread::get_id(),
                                         static_cast<unsigned>(s.setup_threads.size()))
                                .first->second;
    std::string name = what_;
    if (std::uncaught_exceptions() > exceptions_)
      name += " (failed)";
    add_event(s, {name, "setup", start_ns_, end - start_ns_, nullptr, 0, thread, args});
  } catch (...) {
    ++s.dropped_events;
  }
}

namespace {

gpu_span begin_span(queue &q, frame &f, const frame_profile::span &what) {
  device &d = q.owner();
  profile_state &s = profile();
  unsigned view = 0;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (clock_of(s, d).valid_bits == 0)
      return {};
    view = view_number(s, q);
  }
  if (!f.profile) {
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = queries_per_frame;
    VkQueryPool pool = VK_NULL_HANDLE;
    if (vkCreateQueryPool(d.vk(), &info, nullptr, &pool) != VK_SUCCESS)
      return {}; // untimed, not an error: profiling must not change what runs
    ++debug_counters().query_pools_created;
    f.profile = std::make_shared<frame_profile>();
    f.profile->pool = unique_query_pool(d.vk(), pool);
  }
  frame_profile &p = *f.profile;
  if (p.serial != f.serial) {
    vkCmdResetQueryPool(f.cmd, p.pool.get(), 0, queries_per_frame);
    p.serial = f.serial;
    p.used = 0;
    p.spans.clear();
  }
  if (p.used + 2 > queries_per_frame)
    return {};
  frame_profile::span span = what;
  span.query = p.used;
  span.view = view;
  p.spans.push_back(span);
  p.used += 2;
  vkCmdWriteTimestamp(f.cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, p.pool.get(), span.query);
  return {static_cast<std::int32_t>(span.query)};
}

} // namespace

gpu_span begin_gpu_span(queue &q, frame &f, profiled_kernel *kernel) {
  if (!kernel)
    return {};
  return begin_span(q, f, {kernel, transfer_direction::host_to_device, 0, 0, 0});
}

gpu_span begin_copy_span(queue &q, frame &f, transfer_direction direction, std::uint64_t bytes) {
  if (!settings().profile)
    return {};
  return begin_span(q, f, {nullptr, direction, bytes, 0, 0});
}

void end_gpu_span(frame &f, gpu_span span) noexcept {
  if (span.query < 0)
    return;
  vkCmdWriteTimestamp(f.cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, f.profile->pool.get(),
                      static_cast<std::uint32_t>(span.query) + 1);
}

void profile_submitted(frame &f) noexcept {
  if (f.profile && f.profile->serial == f.serial)
    f.profile->submitted_ns = host_now_ns();
}

void profile_retired(queue &q, frame &f) noexcept {
  if (!f.profile || f.profile->serial != f.serial || f.profile->used == 0)
    return;
  frame_profile &p = *f.profile;
  p.serial = 0;
  std::vector<std::uint64_t> ticks(p.used);
  // No wait: a batch given up after a lost device never wrote its queries.
  VkResult r = vkGetQueryPoolResults(q.owner().vk(), p.pool.get(), 0, p.used,
                                     ticks.size() * sizeof(std::uint64_t), ticks.data(),
                                     sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT);
  if (r != VK_SUCCESS)
    return;
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  device_clock &clock = clock_of(s, q.owner());
  const std::uint64_t mask =
      clock.valid_bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << clock.valid_bits) - 1;
  const bool tracing = !settings().trace_path.empty();
  if (!p.spans.empty()) {
    const double first_ns = double(ticks[p.spans.front().query] & mask) * clock.period_ns;
    const double offset = p.submitted_ns - first_ns;
    if (!clock.offset_known || offset > clock.offset_ns)
      clock.offset_ns = offset;
    clock.offset_known = true;
  }
  for (const frame_profile::span &span : p.spans) {
    const std::uint64_t begin = ticks[span.query] & mask;
    const std::uint64_t end = ticks[span.query + 1] & mask;
    const double ns = double((end - begin) & mask) * clock.period_ns;
    if (span.kernel) {
      profiled_kernel &k = *span.kernel; // records live as long as the process
      k.min_ns = k.timed == 0 ? ns : std::min(k.min_ns, ns);
      k.max_ns = k.timed == 0 ? ns : std::max(k.max_ns, ns);
      k.total_ns += ns;
      ++k.timed;
      ++s.kernel_time.dispatches;
      s.kernel_time.ns += ns;
    }
    if (!tracing)
      continue;
    try {
      if (span.kernel)
        add_event(s, {kernel_label(*span.kernel), "kernel", double(begin) * clock.period_ns, ns,
                      &q.owner(), clock.index, span.view, ""});
      else
        add_event(s, {std::string(direction_name(span.direction)) + " GPU copy", "copy",
                      double(begin) * clock.period_ns, ns, &q.owner(), clock.index, span.view,
                      "\"bytes\":" + std::to_string(span.bytes)});
    } catch (...) {
      ++s.dropped_events;
    }
  }
  p.spans.clear();
  p.used = 0;
}

gpu_time_total kernel_gpu_time() {
  profile_state &s = profile();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.kernel_time;
}

} // namespace rt
} // namespace ampvk
