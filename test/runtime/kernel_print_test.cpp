// The host side of direct3d_printf, direct3d_errorf and direct3d_abort
// (runtime/src/diagnostics/kernel_print.h) without a kernel: records written by hand into
// a print buffer's words give exactly the text, the damage line and the
// failure the runtime reports. No device is used.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/exceptions.h>
#include <ampvk/kernel_image_codec.h>

#include "diagnostics/kernel_print.h"

using namespace ampvk;

namespace {

print_site site(print_action action, std::uint32_t line, std::vector<print_arg> args,
                const char *format, std::vector<std::string> strings = {}) {
  print_site s;
  s.entry.action = static_cast<std::uint32_t>(action);
  s.entry.line = line;
  s.entry.column = 5;
  for (print_arg kind : args)
    s.args.push_back(static_cast<std::uint32_t>(kind));
  s.format = format;
  s.file = "main.cpp";
  s.strings = std::move(strings);
  return s;
}

// The kernel at main.cpp:12 with these print sites, through the encoder and
// the runtime's reader, as a launch reads it.
rt::print_table table_of(std::vector<print_site> sites) {
  kernel_image_parts parts;
  parts.header.local_size[0] = parts.header.local_size[1] = parts.header.local_size[2] = 1;
  parts.header.rank = 1;
  parts.header.source_line = 12;
  parts.header.source_column = 3;
  parts.spirv = {spirv_magic, 0x00010300u, 0, 100, 0};
  parts.source_file = "main.cpp";
  parts.source_function = "kernel";
  parts.print_sites = std::move(sites);
  const std::string bytes = encode_kernel_image(parts);
  // The table holds no pointer into the image: it may go once read.
  return rt::read_print_table(rt::read_kernel_image(bytes.data(), bytes.size()));
}

// Site numbers as table_of(every_site()) has them.
enum : std::uint32_t { integers_site, others_site, errorf_site, abort_site, percent_site };

std::vector<print_site> every_site() {
  return {
      site(print_action::print, 14,
           {print_arg::int32, print_arg::uint32, print_arg::int64, print_arg::uint64},
           "i=%d u=%u ll=%lld ull=%llu\n"),
      site(print_action::print, 15,
           {print_arg::float32, print_arg::float64, print_arg::boolean, print_arg::string,
            print_arg::string},
           "f=%.2f d=%.3f b=%d s=%s|%s\n", {"hello", "w"}),
      site(print_action::error, 16, {print_arg::int32}, "bad value %d\n\n"),
      site(print_action::abort, 17, {}, ""),
      site(print_action::print, 18, {}, "100%%"),
  };
}

std::uint32_t bits(float value) {
  std::uint32_t word;
  std::memcpy(&word, &value, sizeof word);
  return word;
}

// Appends a record: the site's number + 1, then its argument words.
void add(std::vector<std::uint32_t> &records, std::uint32_t site_number,
         std::vector<std::uint32_t> words = {}) {
  records.push_back(site_number + 1);
  records.insert(records.end(), words.begin(), words.end());
}

void add_wide(std::vector<std::uint32_t> &words, std::uint64_t value) {
  words.push_back(static_cast<std::uint32_t>(value)); // low word first
  words.push_back(static_cast<std::uint32_t>(value >> 32));
}

std::vector<std::uint32_t> integer_words() {
  std::vector<std::uint32_t> words = {static_cast<std::uint32_t>(-5), 4000000000u};
  add_wide(words, static_cast<std::uint64_t>(-3000000000LL));
  add_wide(words, 18000000000000000000ULL);
  return words;
}

std::vector<std::uint32_t> other_words() {
  std::vector<std::uint32_t> words = {bits(1.5f)};
  double d = 2.25;
  std::uint64_t wide;
  std::memcpy(&wide, &d, sizeof wide);
  add_wide(words, wide);
  words.push_back(7); // a bool word that is not 0 is true
  return words;
}

const char *const integers_text = "i=-5 u=4000000000 ll=-3000000000 ull=18000000000000000000\n";
const char *const others_text = "f=1.50 d=2.250 b=1 s=hello|w\n";

rt::print_report report_of(const std::vector<std::uint32_t> &records, std::uint32_t dropped = 0,
                           std::uint32_t buffer_bytes = 1048576,
                           std::uint32_t dropped_failure = 0) {
  static const rt::print_table table = table_of(every_site());
  return rt::format_print_records(table, records.data(), records.size(), dropped, buffer_bytes,
                                  dropped_failure);
}

using texts = std::vector<std::string>;

} // namespace

TEST(KernelPrint, RecordsOfEveryKind) {
  std::vector<std::uint32_t> records;
  add(records, integers_site, integer_words());
  add(records, others_site, other_words());
  add(records, percent_site);
  add(records, integers_site, integer_words());
  const rt::print_report r = report_of(records);
  EXPECT_EQ(r.out, (texts{integers_text, others_text, "100%", integers_text}));
  EXPECT_EQ(r.damage, "");
  EXPECT_EQ(r.failure, "");
}

TEST(KernelPrint, NothingPrinted) {
  const rt::print_report r = report_of({});
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.damage, "");
  EXPECT_EQ(r.failure, "");
}

// Calls that did not fit are counted after the records that did; the words
// reserved by the first of them were never written and hold zeros.
TEST(KernelPrint, DroppedCalls) {
  std::vector<std::uint32_t> records;
  add(records, others_site, other_words());
  records.insert(records.end(), 3, 0);
  const rt::print_report r = report_of(records, 41, 64);
  EXPECT_EQ(r.out, (texts{others_text, "ampvk: 41 direct3d_printf calls of the kernel at "
                                       "main.cpp:12 were dropped: its print buffer "
                                       "(AMPVK_PRINTF_BUFFER=64 bytes) was full\n"}));
  EXPECT_EQ(r.damage, "");
  EXPECT_EQ(r.failure, "");
}

// The walk stops at the first record it cannot read, with one line naming
// the buffer's word (records start at word 3); what came before is printed.
TEST(KernelPrint, DamagedRecords) {
  std::vector<std::uint32_t> unknown_site;
  add(unknown_site, others_site, other_words());
  add(unknown_site, 9);
  add(unknown_site, percent_site);
  rt::print_report r = report_of(unknown_site);
  EXPECT_EQ(r.out, (texts{others_text}));
  EXPECT_EQ(r.damage, "ampvk: the print buffer of kernel main.cpp:12 is damaged at word 8\n");
  EXPECT_EQ(r.failure, "");

  std::vector<std::uint32_t> cut_short;
  add(cut_short, percent_site);
  add(cut_short, integers_site, {1, 2, 3});
  r = report_of(cut_short);
  EXPECT_EQ(r.out, (texts{"100%"}));
  EXPECT_EQ(r.damage, "ampvk: the print buffer of kernel main.cpp:12 is damaged at word 4\n");

  // A zero where a record starts is damage when no call was dropped.
  r = report_of({0, 1});
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.damage, "ampvk: the print buffer of kernel main.cpp:12 is damaged at word 3\n");

  // Damage and dropped calls: both are reported.
  r = report_of({9}, 2, 4096);
  EXPECT_EQ(r.out,
            (texts{"ampvk: 2 direct3d_printf calls of the kernel at main.cpp:12 were "
                   "dropped: its print buffer (AMPVK_PRINTF_BUFFER=4096 bytes) was full\n"}));
  EXPECT_EQ(r.damage, "ampvk: the print buffer of kernel main.cpp:12 is damaged at word 3\n");
}

// errorf prints its text and fails the launch with it, without the trailing
// newlines; only the first failure of the launch counts.
TEST(KernelPrint, ErrorfRecord) {
  std::vector<std::uint32_t> records;
  add(records, percent_site);
  add(records, errorf_site, {static_cast<std::uint32_t>(-42)});
  add(records, errorf_site, {7});
  const rt::print_report r = report_of(records);
  EXPECT_EQ(r.out, (texts{"100%", "bad value -42\n\n", "bad value 7\n\n"}));
  EXPECT_EQ(r.damage, "");
  EXPECT_EQ(r.failure, "bad value -42 (direct3d_errorf at main.cpp:16)");
}

// abort prints nothing and fails the launch; records after it still print.
TEST(KernelPrint, AbortRecord) {
  std::vector<std::uint32_t> records;
  add(records, abort_site);
  add(records, errorf_site, {1});
  add(records, percent_site);
  const rt::print_report r = report_of(records);
  EXPECT_EQ(r.out, (texts{"bad value 1\n\n", "100%"}));
  EXPECT_EQ(r.damage, "");
  EXPECT_EQ(r.failure, "ampvk: direct3d_abort() called at main.cpp:17; the kernel launch failed");
}

// An errorf or abort call that did not fit still fails the launch (word 2
// holds its site number + 1); a failure recorded in the buffer comes first.
TEST(KernelPrint, DroppedErrorfAndAbortStillFail) {
  rt::print_report r = report_of({}, 3, 64, errorf_site + 1);
  EXPECT_EQ(r.failure, "ampvk: direct3d_errorf at main.cpp:16 failed the kernel launch; its text "
                       "was dropped: the print buffer (AMPVK_PRINTF_BUFFER=64 bytes) was full");
  r = report_of({}, 1, 64, abort_site + 1);
  EXPECT_EQ(r.failure, "ampvk: direct3d_abort() called at main.cpp:17; the kernel launch failed");
  std::vector<std::uint32_t> records;
  add(records, errorf_site, {5});
  r = report_of(records, 1, 64, abort_site + 1);
  EXPECT_EQ(r.failure, "bad value 5 (direct3d_errorf at main.cpp:16)");
}

// A site's format is parsed when its image is first launched: one the plugin
// would have rejected means a corrupt image, reported as such.
TEST(KernelPrint, TableWithBadFormat) {
  try {
    table_of({site(print_action::print, 20, {print_arg::int32}, "%d %n")});
    FAIL() << "no exception";
  } catch (const concurrency::runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()),
              "ampvk: invalid kernel image: print site 0 has a format direct3d_printf cannot "
              "print: conversion '%n' is not supported by direct3d_printf. The kernel was not "
              "compiled by a matching ampvk plugin, or the binary is corrupt; rebuild it with "
              "the ampvk that provides this runtime.");
    EXPECT_EQ(e.get_error_code(), concurrency::E_FAIL_AMP);
  }
}

TEST(KernelPrint, TableOfKernel) {
  const rt::print_table table = table_of(every_site());
  EXPECT_EQ(table.kernel, "main.cpp:12");
  ASSERT_EQ(table.sites.size(), 5u);
  ASSERT_EQ(table.formats.size(), 5u);
  EXPECT_EQ(table.sites[others_site].strings, (texts{"hello", "w"}));
  EXPECT_EQ(table.sites[integers_site].entry.record_words, 6u);
}

// A loop the driver cut short (kernel_image.h, loop_witness_spec_id) fails
// the launch naming the loop; a table of loop sites alone makes no calls.
TEST(KernelPrint, LoopCutRecord) {
  const rt::print_table loops = table_of({site(print_action::loop_cut, 31, {}, ""),
                                          site(print_action::loop_cut, 40, {}, "")});
  EXPECT_FALSE(loops.calls);
  EXPECT_TRUE(table_of(every_site()).calls);
  const std::vector<std::uint32_t> records = {2, 1};
  const rt::print_report r =
      rt::format_print_records(loops, records.data(), records.size(), 0, 1048576);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.failure, "ampvk: the loop at main.cpp:40 was cut short by the device's driver, "
                       "which ends a kernel thread's loops after 65535 iterations in all (Mesa's "
                       "lavapipe); the kernel launch failed rather than give wrong results. Run "
                       "it on another device, or give each thread fewer iterations");
}
