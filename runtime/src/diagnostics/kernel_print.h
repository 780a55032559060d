// Kernel output at run time: direct3d_printf, direct3d_errorf and
// direct3d_abort (kernel_image.h, "Kernel output"). A kernel that calls them
// has a print-site table and a print buffer binding. Each launch of it gets a
// host-visible buffer of AMPVK_PRINTF_BUFFER bytes (env.h) with its
// counters zeroed, into which the kernel's calls append records; when the
// launch's batch retires the records are formatted on the host
// (<ampvk/format_string.h>) and written to stdout in buffer order, and the
// first errorf or abort record makes the launch fail: it is kept
// (kernel_failures.h) and thrown, as concurrency::runtime_exception, by the
// next synchronization. The exit teardown retires every batch first, so a
// program that prints and exits without waiting still shows its output.
// Buffers are reused rather than allocated per launch, and a queue has a
// bounded amount of them in flight (make_print_room).
#ifndef AMPVK_RUNTIME_DIAGNOSTICS_KERNEL_PRINT_H
#define AMPVK_RUNTIME_DIAGNOSTICS_KERNEL_PRINT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <vulkan/vulkan.h>

#include <ampvk/format_string.h>

#include "kernels/kernel_image_reader.h"

namespace ampvk {
namespace rt {

class device;
class queue;

// A kernel's print sites, decoded and their formats parsed: once per image.
struct print_table {
  std::string kernel;                              // "file:line" of the kernel, for messages
  std::vector<print_site> sites;                   // by site number
  std::vector<std::vector<format::piece>> formats; // each site's format, parsed
  // Whether the kernel calls direct3d_printf, errorf or abort; otherwise its
  // sites are loops (print_action::loop_cut), which only a device that cuts
  // loops short can record.
  bool calls = false;
};

// Throws runtime_exception when the image's print-site table is malformed or
// holds a format direct3d_printf cannot print: a mismatched or corrupt build,
// as for the rest of the image.
print_table read_print_table(const kernel_image &image);

// What one launch's print buffer said.
struct print_report {
  // For stdout, one write each so that no call's text is split: the text of
  // each print and errorf record in buffer order, then a line counting the
  // dropped calls, if any.
  std::vector<std::string> out;
  // For stderr: the line saying where the records stopped making sense, or "".
  std::string damage;
  // The message of the first errorf or abort record, or "".
  std::string failure;
};

// The records of a print buffer: `records` are its words from word
// print_counter_words on, `used` of them written (word 0, at most the
// buffer's words less the counters); `dropped` is word 1, `dropped_failure`
// word 2 (the site number + 1 of an errorf or abort call that did not fit,
// which fails the launch all the same), `buffer_bytes` the buffer's size. A record with a site
// number the table does not have, or that runs past `used`, ends the walk as
// damage at its word of the buffer; a zero word where a record starts ends it
// quietly when calls were dropped (the part of the buffer reserved by the
// first call that did not fit is never written, and held zeros).
print_report format_print_records(const print_table &table, const std::uint32_t *records,
                                  std::size_t used, std::uint32_t dropped,
                                  std::uint32_t buffer_bytes, std::uint32_t dropped_failure = 0);

// What the print binding of one launch is bound to.
struct print_buffer_slot {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize range = 0;
};

// Device mutex held, before the launch's batch is chosen: when q's launches
// in flight hold as much print memory as a queue may, waits (submitting
// first if need be) until the oldest of them is done.
void make_print_room(queue &q);

// Device mutex held. The print buffer for a launch of an image with print
// sites that records into q's batch with this serial; it is read when that
// serial retires (print_buffers_retired). Throws runtime_exception for a
// malformed print-site table, out_of_memory when no buffer can be allocated.
// The launch's loop witness buffer (kernel_image.h, witness_spirv_words):
// a word per invocation where the device cuts loops, else a small idle
// buffer the kernel never touches.
struct print_slots {
  print_buffer_slot print;
  print_buffer_slot witness;
};
print_slots print_buffer_for_launch(device &d, queue &q, std::uint64_t serial,
                                    const kernel_image &image, std::uint64_t invocations);

// Device mutex held: q's batches up to `serial` are done; their launches'
// records are printed, a failure kept for throw_kernel_failure, and their
// buffers kept for reuse.
void print_buffers_retired(const queue &q, std::uint64_t serial) noexcept;

// At teardown, once d's work is retired and before its memory goes: prints
// what launches left unread (batches dropped by a lost device) and releases
// d's print buffers.
void release_print_buffers(const device &d) noexcept;

} // namespace rt
} // namespace ampvk

#endif
