// Kernel output at run time: the print buffers of launches that print, and
// the text and failures their records hold (kernel_print.h).
#include "diagnostics/kernel_print.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include <ampvk/exceptions.h>

#include "device.h"
#include "diagnostics/kernel_failures.h"
#include "execution/queue.h"
#include "memory/memory.h"
#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

std::string location(const std::string &file, std::uint32_t line) {
  return (file.empty() ? std::string("<unknown file>") : file) + ":" + std::to_string(line);
}

std::uint64_t two_words(const std::uint32_t *words) {
  return words[0] | (std::uint64_t(words[1]) << 32); // low word first
}

// One argument of a record; `words` is where its words start.
format::arg_value argument(print_arg kind, const std::uint32_t *words, const std::string &text) {
  switch (kind) {
  case print_arg::int32:
    return format::signed_arg(words[0], 32); // only the low 32 bits count
  case print_arg::uint32:
    return format::unsigned_arg(words[0], 32);
  case print_arg::int64:
    return format::signed_arg(static_cast<long long>(two_words(words)), 64);
  case print_arg::uint64:
    return format::unsigned_arg(two_words(words), 64);
  case print_arg::float32: {
    float value;
    std::memcpy(&value, words, sizeof value);
    return format::floating_arg(value);
  }
  case print_arg::float64: {
    const std::uint64_t bits = two_words(words);
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return format::floating_arg(value);
  }
  case print_arg::boolean:
    return format::signed_arg(words[0] != 0, 32);
  case print_arg::string:
    return format::string_arg(text);
  }
  return {}; // decode_print_sites accepts no other kind
}

// The arguments of one record of `site`, read from its record_words words.
std::vector<format::arg_value> record_arguments(const print_site &site,
                                                const std::uint32_t *words) {
  std::vector<format::arg_value> args;
  args.reserve(site.args.size());
  std::size_t strings = 0;
  static const std::string no_text;
  for (std::uint32_t kind : site.args) {
    const bool is_string = kind == static_cast<std::uint32_t>(print_arg::string);
    const std::string &text =
        is_string && strings < site.strings.size() ? site.strings[strings++] : no_text;
    args.push_back(argument(static_cast<print_arg>(kind), words, text));
    words += print_arg_words(kind);
  }
  return args;
}

std::string errorf_failure(std::string text, const print_site &site) {
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text + " (direct3d_errorf at " + location(site.file, site.entry.line) + ")";
}

std::string loop_cut_failure(const print_site &site) {
  return "ampvk: the loop at " + location(site.file, site.entry.line) +
         " was cut short by the device's driver, which ends a kernel thread's loops after "
         "65535 iterations in all (Mesa's lavapipe); the kernel launch failed rather than "
         "give wrong results. Run it on another device, or give each thread fewer iterations";
}

std::string abort_failure(const print_site &site) {
  return "ampvk: direct3d_abort() called at " + location(site.file, site.entry.line) +
         "; the kernel launch failed";
}

// One record of site number k, whose argument words start at `words`.
void add_record(const print_table &table, std::size_t k, const std::uint32_t *words,
                print_report &report) {
  const print_site &site = table.sites[k];
  const auto action = static_cast<print_action>(site.entry.action);
  if (action == print_action::abort || action == print_action::loop_cut) {
    if (report.failure.empty())
      report.failure =
          action == print_action::abort ? abort_failure(site) : loop_cut_failure(site);
    return;
  }
  std::string text = format::format_all(table.formats[k], record_arguments(site, words));
  if (action == print_action::error && report.failure.empty())
    report.failure = errorf_failure(text, site);
  if (!text.empty())
    report.out.push_back(std::move(text));
}

// An errorf or abort call whose record did not fit: the launch fails without
// its text.
std::string dropped_failure_message(const print_site &site, std::uint32_t buffer_bytes) {
  if (static_cast<print_action>(site.entry.action) == print_action::abort)
    return abort_failure(site);
  if (static_cast<print_action>(site.entry.action) == print_action::loop_cut)
    return loop_cut_failure(site);
  return "ampvk: direct3d_errorf at " + location(site.file, site.entry.line) +
         " failed the kernel launch; its text was dropped: the print buffer "
         "(AMPVK_PRINTF_BUFFER=" +
         std::to_string(buffer_bytes) + " bytes) was full";
}

std::string dropped_line(const print_table &table, std::uint32_t dropped,
                         std::uint32_t buffer_bytes) {
  return "ampvk: " + std::to_string(dropped) + " direct3d_printf calls of the kernel at " +
         table.kernel +
         " were dropped: its print buffer (AMPVK_PRINTF_BUFFER=" + std::to_string(buffer_bytes) +
         " bytes) was full\n";
}

// Print memory one queue may have in flight (64 launches at the default
// size): beyond it a launch waits for the oldest one that prints, so a loop
// of printing launches without a synchronization cannot take the device's
// memory. A buffer larger than this is one launch at a time.
constexpr VkDeviceSize max_bytes_in_flight = 64u << 20;
// Retired buffers kept per device for reuse; more are freed.
constexpr std::size_t max_free_buffers = 8;

// The counters before the records (kernel_image.h).
constexpr std::size_t counter_words = print_counter_words;

struct pending_print {
  const device *d;
  const queue *q;
  std::uint64_t serial;
  device_allocation memory;
  VkDeviceSize range; // bytes bound
  std::shared_ptr<const print_table> table;
  // The loop witness words, where the device cuts loops; released at retire.
  device_allocation witness;
  VkDeviceSize witness_bytes;
};

struct kept_table {
  std::size_t size;
  kernel_image_header header; // detects a different image at a reused address
  std::shared_ptr<const print_table> table;
};

// Device mutexes are taken before this one, never after; the failure mutex
// (kernel_failures.h) after it.
std::mutex prints_mutex;
std::vector<pending_print> pending; // in launch order
// pending.size(), read without the mutex by every retire of every device.
std::atomic<std::size_t> pending_count{0};
// Retired buffers, their records zeroed: a buffer's words past what its
// launch wrote must hold zeros (format_print_records), and writing the
// counters alone at each launch keeps that true.
std::map<const device *, std::vector<device_allocation>> free_buffers;
std::map<const char *, kept_table> tables; // by image address, as the pipeline cache
// Per device, bound to kernels whose only sites are loop witnesses where the
// device does not cut loops.
std::map<const device *, device_allocation> idle_buffers;
constexpr VkDeviceSize idle_buffer_bytes = 64;

// The bytes a launch on d binds: the device may bind less than asked.
VkDeviceSize buffer_range(const device &d) {
  const VkDeviceSize limit = d.limits().maxStorageBufferRange & ~VkDeviceSize(3);
  return std::min<VkDeviceSize>(printf_buffer_bytes(), limit);
}

// prints_mutex held.
std::shared_ptr<const print_table> table_for(const kernel_image &image) {
  auto it = tables.find(image.bytes);
  if (it != tables.end() && it->second.size == image.size &&
      std::memcmp(&it->second.header, &image.header, sizeof image.header) == 0)
    return it->second.table;
  auto table = std::make_shared<const print_table>(read_print_table(image));
  tables[image.bytes] = {image.size, image.header, table};
  return table;
}

// prints_mutex held.
device_allocation zeroed_buffer(device &d, VkDeviceSize range) {
  std::vector<device_allocation> &reusable = free_buffers[&d];
  reusable.reserve(max_free_buffers); // finish, which must not throw, never allocates
  if (!reusable.empty()) {
    device_allocation a = std::move(reusable.back());
    reusable.pop_back();
    return a;
  }
  device_allocation a = allocate_buffer(d, range, memory_use::captures);
  std::memset(a.mapped, 0, range);
  return a;
}

void write_report(const print_report &report) {
  for (const std::string &text : report.out)
    std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
  if (!report.damage.empty())
    std::fputs(report.damage.c_str(), stderr);
}

// The launch is done: its records are printed, its failure noted. Returns the
// record words it wrote, which reuse must zero.
std::size_t print_launch(const pending_print &p) {
  const auto *mapped = static_cast<const unsigned char *>(p.memory.mapped);
  std::uint32_t counters[counter_words];
  std::memcpy(counters, mapped, sizeof counters);
  const std::size_t used = std::min<std::size_t>(counters[0], p.range / 4 - counter_words);
  if (used == 0 && counters[1] == 0)
    return 0;
  try {
    // One read of the mapping, which may be uncached device memory.
    std::vector<std::uint32_t> records(used);
    std::memcpy(records.data(), mapped + sizeof counters, used * 4);
    print_report report = format_print_records(*p.table, records.data(), used, counters[1],
                                               static_cast<std::uint32_t>(p.range), counters[2]);
    write_report(report);
    if (!report.failure.empty())
      note_kernel_failure(kernel_failure_kind::kernel_error, std::move(report.failure));
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ampvk: the output of the kernel at %s was lost: %s\n",
                 p.table->kernel.c_str(), e.what());
  }
  return used;
}

// prints_mutex held: prints p's records and keeps its buffer for reuse.
void finish(pending_print &p) noexcept {
  const std::size_t used = print_launch(p);
  std::memset(static_cast<unsigned char *>(p.memory.mapped) + counter_words * 4, 0, used * 4);
  auto reusable = free_buffers.find(p.d); // zeroed_buffer made room for it
  if (reusable != free_buffers.end() && reusable->second.size() < max_free_buffers)
    reusable->second.push_back(std::move(p.memory));
}

// prints_mutex held.
template <class Done> void finish_and_erase(Done done) noexcept {
  for (pending_print &p : pending)
    if (done(p))
      finish(p);
  pending.erase(std::remove_if(pending.begin(), pending.end(), done), pending.end());
  pending_count.store(pending.size(), std::memory_order_relaxed);
}

} // namespace

print_table read_print_table(const kernel_image &image) {
  print_table table;
  const kernel_source source = source_of(image);
  table.kernel = location(source.file, source.line);
  std::string error = decode_print_sites(image, table.sites);
  if (!error.empty())
    throw concurrency::runtime_exception(error, concurrency::E_FAIL_AMP);
  table.formats.resize(table.sites.size());
  for (const print_site &site : table.sites)
    table.calls |= static_cast<print_action>(site.entry.action) != print_action::loop_cut;
  for (std::size_t k = 0; k < table.sites.size(); ++k) {
    format::parse_error problem;
    if (!format::parse(table.sites[k].format, table.formats[k], problem))
      throw concurrency::runtime_exception(
          kernel_image_codec_detail::invalid(
              "print site " + std::to_string(k) +
              " has a format direct3d_printf cannot print: " + problem.message),
          concurrency::E_FAIL_AMP);
  }
  return table;
}

print_report format_print_records(const print_table &table, const std::uint32_t *records,
                                  std::size_t used, std::uint32_t dropped,
                                  std::uint32_t buffer_bytes, std::uint32_t dropped_failure) {
  print_report report;
  std::size_t at = 0;
  while (at < used) {
    const std::uint32_t tag = records[at]; // the site's number + 1
    if (tag == 0 && dropped)
      break; // the reservation of the first call that did not fit
    const bool known = tag != 0 && tag <= table.sites.size();
    if (!known || table.sites[tag - 1].entry.record_words > used - at - 1) {
      report.damage = "ampvk: the print buffer of kernel " + table.kernel + " is damaged at word " +
                      std::to_string(counter_words + at) + "\n";
      break;
    }
    add_record(table, tag - 1, records + at + 1, report);
    at += 1 + table.sites[tag - 1].entry.record_words;
  }
  if (dropped)
    report.out.push_back(dropped_line(table, dropped, buffer_bytes));
  if (report.failure.empty() && dropped_failure && dropped_failure <= table.sites.size())
    report.failure = dropped_failure_message(table.sites[dropped_failure - 1], buffer_bytes);
  return report;
}

void make_print_room(queue &q) {
  const VkDeviceSize need = buffer_range(q.owner());
  const VkDeviceSize most = std::max(max_bytes_in_flight, need);
  std::uint64_t waited = 0;
  for (;;) {
    std::uint64_t oldest = 0;
    {
      std::lock_guard<std::mutex> lock(prints_mutex);
      VkDeviceSize held = 0;
      for (const pending_print &p : pending)
        if (p.q == &q) {
          if (held == 0)
            oldest = p.serial;
          held += p.range + p.witness_bytes;
        }
      // A serial waited for and still pending would only wait again.
      if (held + need <= most || oldest == waited)
        return;
    }
    q.wait_for(oldest); // its retire comes back here: print_buffers_retired
    waited = oldest;
  }
}

print_slots print_buffer_for_launch(device &d, queue &q, std::uint64_t serial,
                                    const kernel_image &image, std::uint64_t invocations) {
  const VkDeviceSize range = buffer_range(d);
  std::lock_guard<std::mutex> lock(prints_mutex);
  std::shared_ptr<const print_table> table = table_for(image);
  device_allocation &idle = idle_buffers[&d];
  if (!idle)
    idle = allocate_buffer(d, idle_buffer_bytes, memory_use::captures);
  const print_buffer_slot idle_slot{idle.buffer.get(), idle_buffer_bytes};
  const bool witnessed = has_loop_witness(image.header) && d.physical().cuts_loops;
  if (!table->calls && !witnessed)
    return {idle_slot, idle_slot}; // only loop witnesses, off here: bound, never touched
  device_allocation memory = zeroed_buffer(d, range);
  std::memset(memory.mapped, 0, counter_words * 4);
  // Every word is written before it is read: an iteration's start, or a way
  // out, comes before any check.
  const VkDeviceSize witness_bytes =
      witnessed ? std::max<VkDeviceSize>(invocations * 4, idle_buffer_bytes) : 0;
  if (witness_bytes > d.limits().maxStorageBufferRange)
    throw concurrency::runtime_exception(
        "ampvk: a launch of " + std::to_string(invocations) + " threads of the kernel at " +
            table->kernel + " needs " + std::to_string(witness_bytes) +
            " bytes of loop witness words on " + std::string(d.name()) +
            ", more than its largest storage buffer binding (" +
            std::to_string(d.limits().maxStorageBufferRange) +
            "); launch fewer threads at a time",
        concurrency::E_FAIL_AMP);
  device_allocation witness =
      witnessed ? allocate_buffer(d, witness_bytes, memory_use::captures) : device_allocation();
  pending.push_back({&d, &q, serial, std::move(memory), range, std::move(table),
                     std::move(witness), witness_bytes});
  pending_count.store(pending.size(), std::memory_order_relaxed);
  const pending_print &p = pending.back();
  return {{p.memory.buffer.get(), range},
          witnessed ? print_buffer_slot{p.witness.buffer.get(), witness_bytes} : idle_slot};
}

void print_buffers_retired(const queue &q, std::uint64_t serial) noexcept {
  // Every retire of every device comes here. q's launches were added under
  // the device mutex the caller holds, so they are counted in what it reads.
  if (pending_count.load(std::memory_order_relaxed) == 0)
    return;
  std::lock_guard<std::mutex> lock(prints_mutex);
  finish_and_erase([&](const pending_print &p) { return p.q == &q && p.serial <= serial; });
}

void release_print_buffers(const device &d) noexcept {
  std::lock_guard<std::mutex> lock(prints_mutex);
  finish_and_erase([&](const pending_print &p) { return p.d == &d; });
  free_buffers.erase(&d);
  idle_buffers.erase(&d);
}

} // namespace rt
} // namespace ampvk
