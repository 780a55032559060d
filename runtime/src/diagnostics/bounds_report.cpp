// Checked mode at run time: the report buffers of checked launches and the
// failures they record (bounds_report.h).
#include "diagnostics/bounds_report.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "device.h"
#include "diagnostics/kernel_failures.h"
#include "execution/queue.h"
#include "memory/memory.h"
#include "vulkan/env.h"

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

std::string local_index(const kernel_image_header &h, std::uint32_t linear) {
  // Row-major over the tile's extents; local_size[0] is the last dimension's.
  std::uint32_t component[3] = {};
  for (std::uint32_t axis = 0; axis < h.rank && axis < 3; ++axis) {
    const std::uint32_t extent = h.local_size[axis] ? h.local_size[axis] : 1;
    component[h.rank - 1 - axis] = linear % extent;
    linear /= extent;
  }
  return "(" + join(component, h.rank, ", ") + ")";
}

std::string describe_race(const char *bytes, std::size_t size, const std::uint32_t *report) {
  kernel_image image = read_kernel_image(bytes, size);
  std::vector<check_site> sites;
  std::string error = decode_check_sites(image, sites);
  if (!error.empty())
    return error;
  if (report[1] >= sites.size() || report[2] >= sites.size())
    return "ampvk: a tile_static race between check sites " + std::to_string(report[1]) +
           " and " + std::to_string(report[2]) + ", which the kernel image does not list";
  auto access = [&](const check_site &site, std::uint32_t thread) {
    const auto kind = static_cast<check_access>(site.entry.access);
    const char *what = kind == check_access::tile_static_write    ? "a write"
                       : kind == check_access::tile_static_atomic ? "an atomic"
                                                                  : "a read";
    return std::string(what) + " at " + site.file + ":" + std::to_string(site.entry.line) + ":" +
           std::to_string(site.entry.column) + " by thread " +
           local_index(image.header, thread);
  };
  const check_site &mine = sites[report[1]], &other = sites[report[2]];
  std::string variable = mine.view.empty() ? other.view : mine.view;
  // The earlier access first: the other thread's record was there before.
  return "ampvk: tile_static race on " +
         (variable.empty() ? std::string("tile_static memory") : "'" + variable + "'") +
         " in tile " + "(" + join(report + 5, image.header.rank, ", ") + "): " +
         access(other, report[4]) + " and " + access(mine, report[3]) +
         " with no tile_barrier wait between them";
}

device_allocation zeroed_report(device &d) {
  device_allocation a = allocate_buffer(d, report_bytes, memory_use::captures);
  std::memset(a.mapped, 0, report_bytes);
  return a;
}

} // namespace

const check_modes &check_mode() noexcept {
  static const check_modes modes = [] {
    check_modes m;
    const char *value = env_value("AMPVK_CHECK");
    if (!value || !std::strcmp(value, "0") || !*value)
      return m;
    const std::string v = value;
    m.races = v == "races" || v == "all";
    m.bounds = v != "races";
    if (v != "1" && v != "bounds" && v != "races" && v != "all")
      std::fprintf(stderr,
                   "ampvk: AMPVK_CHECK=%s is not 1, bounds, races or all; bounds checks on\n",
                   value);
    return m;
  }();
  return modes;
}

bool checks_enabled() noexcept { return check_mode().bounds || check_mode().races; }

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
    const bool race = words[0] == race_report_kind;
    std::string message;
    try {
      message = race ? describe_race(r.image, r.image_size, words)
                     : describe_failure(r.image, r.image_size, words);
    } catch (const std::exception &e) {
      message = e.what();
    }
    note_kernel_failure(race ? kernel_failure_kind::tile_static_race
                             : kernel_failure_kind::out_of_bounds,
                        std::move(message));
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
