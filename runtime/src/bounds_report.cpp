// Checked mode at run time: the report buffers of checked launches and the
// failures they record (bounds_report.h).
#include "bounds_report.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "device.h"
#include "env.h"
#include "kernel_failures.h"
#include "memory.h"
#include "queue.h"

namespace ampvk {
namespace rt {
namespace {

constexpr VkDeviceSize report_bytes = check_report_words * 4;

struct pending_report {
  const device *d;
  const queue *q;
  std::uint64_t serial;
  device_allocation memory;
  const char *image; // a string literal: lives as long as the program
  std::size_t image_size;
};

// Device mutexes are taken before this one, never after.
std::mutex reports_mutex;
std::vector<pending_report> pending;
// Per device, bound where checks are off: never read or written.
std::map<const device *, device_allocation> idle_buffers;

std::string join(const std::uint32_t *words, std::uint32_t n, const char *separator) {
  std::string s;
  for (std::uint32_t i = 0; i < n; ++i)
    s += (i ? separator : "") + std::to_string(static_cast<std::int32_t>(words[i]));
  return s;
}

std::string describe_failure(const char *bytes, std::size_t size, const std::uint32_t *report) {
  kernel_image image = read_kernel_image(bytes, size);
  std::vector<check_site> sites;
  std::string error = decode_check_sites(image, sites);
  if (!error.empty())
    return error;
  if (report[1] >= sites.size())
    return "ampvk: a bounds check failed at check site " + std::to_string(report[1]) +
           ", which the kernel image does not list";
  const check_site &site = sites[report[1]];
  const kernel_check_site &e = site.entry;
  const bool is_array = e.view_kind == static_cast<std::uint32_t>(binding_kind::array_reference);
  std::string view = is_array ? "array" : "array_view";
  if (!site.view.empty())
    view += " '" + site.view + "'";
  std::string where = site.file + ":" + std::to_string(e.line);
  std::string extent = join(report + 2 + max_check_rank, e.extent_rank, " x ");
  if (e.access == static_cast<std::uint32_t>(check_access::projection))
    return "ampvk: out-of-bounds access at " + where + ": row " + join(report + 2, 1, "") + " of " +
           view + " is outside its extent " + extent +
           "; the accesses through that row were skipped";
  return "ampvk: out-of-bounds access at " + where + ": index (" +
         join(report + 2, e.index_rank, ", ") + ") of " + view + " is outside its extent " +
         extent + "; the access was skipped";
}

device_allocation zeroed_report(device &d) {
  device_allocation a = allocate_buffer(d, report_bytes, memory_use::captures);
  std::memset(a.mapped, 0, report_bytes);
  return a;
}

} // namespace

bool checks_enabled() noexcept {
  static const bool enabled = env_flag("AMPVK_CHECK");
  return enabled;
}

check_report_slot check_report_for_launch(device &d, queue &q, std::uint64_t serial,
                                          const kernel_image &image) {
  std::lock_guard<std::mutex> lock(reports_mutex);
  if (!checks_enabled()) {
    device_allocation &idle = idle_buffers[&d];
    if (!idle)
      idle = allocate_buffer(d, report_bytes, memory_use::captures);
    return {idle.buffer.get(), report_bytes};
  }
  pending.push_back({&d, &q, serial, zeroed_report(d), image.bytes, image.size});
  return {pending.back().memory.buffer.get(), report_bytes};
}

void check_reports_retired(const queue &q, std::uint64_t serial) noexcept {
  if (!checks_enabled())
    return; // nothing is pending; every retire of every device comes here
  std::lock_guard<std::mutex> lock(reports_mutex);
  auto done = [&](const pending_report &r) { return r.q == &q && r.serial <= serial; };
  for (const pending_report &r : pending) {
    // Only the first failure is thrown: a later one is not worth describing.
    if (!done(r) || kernel_failure_waiting())
      continue;
    std::uint32_t words[check_report_words];
    std::memcpy(words, r.memory.mapped, sizeof words);
    if (!words[0])
      continue;
    std::string message;
    try {
      message = describe_failure(r.image, r.image_size, words);
    } catch (const std::exception &e) {
      message = e.what();
    }
    note_kernel_failure(kernel_failure_kind::out_of_bounds, std::move(message));
  }
  pending.erase(std::remove_if(pending.begin(), pending.end(), done), pending.end());
}

void release_check_reports(const device &d) noexcept {
  std::lock_guard<std::mutex> lock(reports_mutex);
  pending.erase(std::remove_if(pending.begin(), pending.end(),
                               [&](const pending_report &r) { return r.d == &d; }),
                pending.end());
  idle_buffers.erase(&d);
}

} // namespace rt
} // namespace ampvk
