// The kernel image codec (<ampvk/kernel_image_codec.h>) on its own: encode ->
// decode gives back what was encoded, and truncated or corrupt images give the
// documented errors, each with its remedy. No Vulkan, no runtime.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/kernel_image_codec.h>

using namespace ampvk;

namespace {

const char *const remedy =
    ". The kernel was not compiled by a matching ampvk plugin, or the binary is corrupt; "
    "rebuild it with the ampvk that provides this runtime.";

// A SPIR-V module header followed by `extra` words; the codec checks only the magic.
std::vector<std::uint32_t> module_words(std::uint32_t extra, std::uint32_t tag) {
  std::vector<std::uint32_t> words = {spirv_magic, 0x00010300u, 0, 100, 0};
  for (std::uint32_t i = 0; i < extra; ++i)
    words.push_back(tag + i);
  return words;
}

kernel_image_parts tiled_parts() {
  kernel_image_parts p;
  p.header.local_size[0] = 2;
  p.header.local_size[1] = 3;
  p.header.local_size[2] = 1;
  p.header.rank = 2;
  p.header.tiled = 1;
  p.header.push_size = 64;
  p.header.closure_size = 32;
  p.header.tile_static_bytes = 24;
  p.header.magic = 1; // ignored by the encoder, as are the counts
  p.header.num_bindings = 9;
  p.bindings = {
      {static_cast<std::uint32_t>(binding_kind::array_view), 0, 0, 0, 0, binding_reads},
      {static_cast<std::uint32_t>(binding_kind::array_reference), 16, 1, 48, 16,
       binding_reads | binding_writes},
  };
  p.spirv = module_words(2, 0x100);
  p.aliased_spirv = module_words(1, 0x200);
  return p;
}

// The runtime decodes string literals in place: decode from an odd address.
struct unaligned {
  std::vector<char> storage;
  explicit unaligned(const std::string &bytes) : storage(bytes.size() + 1) {
    std::memcpy(storage.data() + 1, bytes.data(), bytes.size());
  }
  const char *data() const { return storage.data() + 1; }
};

std::string error_of(const std::string &bytes, std::size_t size) {
  unaligned copy(bytes);
  decoded_kernel_image image;
  return decode_kernel_image(copy.data(), size, image);
}
std::string error_of(const std::string &bytes) { return error_of(bytes, bytes.size()); }

// The message for `why`, exactly as the runtime reports it.
std::string invalid(const std::string &why) {
  return "ampvk: invalid kernel image: " + why + remedy;
}

std::string with_header(kernel_image_parts p, void (*edit)(kernel_image_header &)) {
  std::string bytes = encode_kernel_image(p);
  kernel_image_header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  edit(h);
  std::memcpy(&bytes[0], &h, sizeof h);
  return bytes;
}

std::string with_binding(kernel_image_parts p, std::size_t i, void (*edit)(kernel_binding &)) {
  edit(p.bindings[i]);
  return encode_kernel_image(p);
}

} // namespace

TEST(KernelImageCodec, RoundTrip) {
  const kernel_image_parts parts = tiled_parts();
  const std::string bytes = encode_kernel_image(parts);
  ASSERT_EQ(bytes.size(), sizeof(kernel_image_header) + 2 * sizeof(kernel_binding) + (7 + 6) * 4);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");

  EXPECT_EQ(image.bytes, copy.data());
  EXPECT_EQ(image.size, bytes.size());
  const kernel_image_header expected = encoded_header(parts);
  EXPECT_EQ(std::memcmp(&image.header, &expected, sizeof expected), 0);
  EXPECT_EQ(image.header.magic, kernel_image_magic);
  EXPECT_EQ(image.header.version, kernel_image_version);
  EXPECT_EQ(image.header.num_bindings, 2u);
  EXPECT_EQ(image.header.spirv_words, 7u);
  EXPECT_EQ(image.header.aliased_spirv_words, 6u);
  ASSERT_EQ(image.bindings.size(), parts.bindings.size());
  for (std::size_t i = 0; i < parts.bindings.size(); ++i)
    EXPECT_EQ(std::memcmp(&image.bindings[i], &parts.bindings[i], sizeof(kernel_binding)), 0) << i;
  EXPECT_EQ(copy_spirv(image), parts.spirv);
  EXPECT_EQ(copy_spirv(image, /*aliased=*/true), parts.aliased_spirv);

  // What was decoded encodes to the same bytes.
  kernel_image_parts again{image.header, image.bindings, copy_spirv(image), copy_spirv(image, true)};
  EXPECT_EQ(encode_kernel_image(again), bytes);
}

TEST(KernelImageCodec, WithoutAliasedVariant) {
  kernel_image_parts parts = tiled_parts();
  parts.aliased_spirv.clear();
  const std::string bytes = encode_kernel_image(parts);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.aliased_spirv_words, 0u);
  EXPECT_EQ(image.aliased_spirv, nullptr);
  // Asked for the Aliased variant, an image without one gives the plain module.
  EXPECT_EQ(copy_spirv(image, true), parts.spirv);
}

TEST(KernelImageCodec, Dump) {
  kernel_image_parts parts = tiled_parts();
  // A texture_view read through a sampled image at host offset 8, and the
  // fixed linear clamp sampler.
  parts.image_bindings.push_back({static_cast<std::uint32_t>(binding_kind::texture_view), 8, 0,
                                  24, 0, binding_reads | binding_sampled | binding_filters});
  parts.image_bindings.push_back(
      {static_cast<std::uint32_t>(binding_kind::fixed_sampler), 0, 1, 0x15, 3, binding_reads});
  const std::string bytes = encode_kernel_image(parts);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  // One line per header field below, local_size's three words in one.
  EXPECT_EQ(sizeof(kernel_image_header), 24u * 4);
  EXPECT_EQ(
      dump_kernel_image(image),
      "magic 0x4B504D41\n"
      "version " +
          std::to_string(kernel_image_version) +
          "\n"
          "local_size 2 3 1\n"
          "rank 2\n"
          "tiled 1\n"
          "item_loop 0\n"
          "push_size 64\n"
          "closure_size 32\n"
          "num_bindings 2\n"
          "spirv_words 7\n"
          "tile_static_bytes 24\n"
          "aliased_spirv_words 6\n"
          "capture_buffer_size 0\n"
          "source_line 0\n"
          "source_column 0\n"
          "source_bytes 0\n"
          "check_site_bytes 0\n"
          "num_image_bindings 2\n"
          "print_site_bytes 0\n"
          "witness_spirv_words 0\n"
          "race_slots 0\n"
          "witness_aliased_spirv_words 0\n"
          "binding 0: kind array_view, host_offset 0, binding 0, image_offset 0, object_size 0, "
          "access reads\n"
          "binding 1: kind array_reference, host_offset 16, binding 1, image_offset 48, "
          "object_size 16, access reads|writes\n"
          "image binding 0: kind texture_view, host_offset 8, binding 0, image_offset 24, "
          "object_size 0, access reads|sampled|filters\n"
          "image binding 1: kind fixed_sampler, host_offset 0, binding 1, image_offset 21, "
          "object_size 3, access reads\n");
}

// The source location travels after the SPIR-V, for profiles and logs.
TEST(KernelImageCodec, SourceText) {
  kernel_image_parts parts = tiled_parts();
  parts.header.source_line = 42;
  parts.header.source_column = 7;
  parts.source_file = "dir/main.cpp";
  parts.source_function = "scale<float>";
  const std::string bytes = encode_kernel_image(parts);
  // "dir/main.cpp\0scale<float>\0" is 26 bytes, padded to 28.
  ASSERT_EQ(bytes.size(), sizeof(kernel_image_header) + 2 * sizeof(kernel_binding) + (7 + 6) * 4 + 28);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.source_bytes, 28u);
  const kernel_source s = source_of(image);
  EXPECT_EQ(s.file, "dir/main.cpp");
  EXPECT_EQ(s.function, "scale<float>");
  EXPECT_EQ(s.line, 42u);
  EXPECT_EQ(s.column, 7u);
  const std::string dump = dump_kernel_image(image);
  EXPECT_NE(dump.find("source_line 42\nsource_column 7\nsource_bytes 28\n"
                      "source_file dir/main.cpp\nsource_function scale<float>\n"),
            std::string::npos)
      << dump;

  // Without a NUL between file and function the text is corrupt.
  std::string broken = bytes;
  broken[broken.size() - 28 + 12] = 'x';
  broken[broken.size() - 28 + 25] = 'x';
  broken[broken.size() - 28 + 26] = 'x';
  EXPECT_EQ(error_of(broken), invalid("its 28-byte source text is not a file name and a function "
                                      "name, each NUL-terminated, padded to a multiple of 4 bytes"));

  // No source text: source_of says nothing.
  const std::string plain = encode_kernel_image(tiled_parts());
  unaligned plain_copy(plain);
  ASSERT_EQ(decode_kernel_image(plain_copy.data(), plain.size(), image), "");
  EXPECT_EQ(image.source, nullptr);
  EXPECT_EQ(source_of(image).file, "");
}

namespace {
check_site site(std::uint32_t line, std::uint32_t access, std::uint32_t rank, const char *file,
                const char *view) {
  check_site s;
  s.entry.line = line;
  s.entry.column = 7;
  s.entry.access = access;
  s.entry.view_kind = static_cast<std::uint32_t>(binding_kind::array_view);
  s.entry.index_rank = access == static_cast<std::uint32_t>(check_access::projection) ? 1 : rank;
  s.entry.extent_rank = rank;
  s.file = file;
  s.view = view;
  return s;
}
} // namespace

// Checked mode: the site table follows the SPIR-V, each entry padded to words.
TEST(KernelImageCodec, CheckSites) {
  kernel_image_parts p = tiled_parts();
  const std::uint32_t element = static_cast<std::uint32_t>(check_access::element);
  const std::uint32_t projection = static_cast<std::uint32_t>(check_access::projection);
  p.check_sites = {site(12, element, 2, "src/a.cpp", "in"), site(40, projection, 3, "b.cpp", ""),
                   site(41, element, 1, "/abs/path/c.cpp", "out_view")};
  const std::string bytes = encode_kernel_image(p);
  // 32-byte entries; 9 + 2 -> 12, 5 + 0 -> 8, 15 + 8 -> 24 bytes of names.
  const std::uint32_t table = 3 * 32 + 12 + 8 + 24;
  ASSERT_EQ(bytes.size(), sizeof(kernel_image_header) + 2 * sizeof(kernel_binding) +
                              (7 + 6) * 4 + table);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.check_site_bytes, table);
  EXPECT_EQ(copy_spirv(image, true), p.aliased_spirv); // the table comes after it
  std::vector<check_site> sites;
  ASSERT_EQ(decode_check_sites(image, sites), "");
  ASSERT_EQ(sites.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(sites[i].file, p.check_sites[i].file) << i;
    EXPECT_EQ(sites[i].view, p.check_sites[i].view) << i;
    EXPECT_EQ(sites[i].entry.line, p.check_sites[i].entry.line) << i;
    EXPECT_EQ(sites[i].entry.column, 7u) << i;
    EXPECT_EQ(sites[i].entry.access, p.check_sites[i].entry.access) << i;
    EXPECT_EQ(sites[i].entry.index_rank, p.check_sites[i].entry.index_rank) << i;
    EXPECT_EQ(sites[i].entry.extent_rank, p.check_sites[i].entry.extent_rank) << i;
  }
  EXPECT_EQ(sites[1].entry.file_bytes, 5u);
  EXPECT_EQ(sites[1].entry.view_bytes, 0u);

  // check_report_binding: after the views and the capture buffer.
  EXPECT_EQ(check_report_binding(image.header), 2u);
  kernel_image_header in_buffer = image.header;
  in_buffer.push_size = 0;
  in_buffer.capture_buffer_size = 4112;
  EXPECT_EQ(check_report_binding(in_buffer), 3u);
}

TEST(KernelImageCodec, CorruptCheckSites) {
  kernel_image_parts p = tiled_parts();
  p.check_sites = {site(12, static_cast<std::uint32_t>(check_access::element), 2, "a.cpp", "v")};
  std::string bytes = encode_kernel_image(p);
  const std::size_t table_at = bytes.size() - 40;
  auto sites_of = [](const std::string &b) {
    unaligned copy(b);
    decoded_kernel_image image;
    std::string error = decode_kernel_image(copy.data(), b.size(), image);
    std::vector<check_site> sites;
    return error.empty() ? decode_check_sites(image, sites) : error;
  };
  EXPECT_EQ(sites_of(bytes), "");
  std::string long_name = bytes;
  std::uint32_t file_bytes = 100;
  std::memcpy(&long_name[table_at + 24], &file_bytes, 4);
  EXPECT_EQ(sites_of(long_name),
            invalid("check site 0 names more bytes than the table holds"));
  std::string rank = bytes;
  std::uint32_t rank17 = 17;
  std::memcpy(&rank[table_at + 20], &rank17, 4);
  EXPECT_EQ(sites_of(rank), invalid("check site 0 has an index of rank 2 and an extent of rank 17"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.check_site_bytes = 38; })),
            invalid("check_site_bytes 38 is not a multiple of 4"));
  std::string short_table = with_header(p, [](kernel_image_header &h) { h.check_site_bytes = 28; });
  short_table.resize(short_table.size() - 12);
  EXPECT_EQ(sites_of(short_table), invalid("check site 0 is cut short"));
}

TEST(KernelImageCodec, Truncated) {
  const std::string bytes = encode_kernel_image(tiled_parts());
  decoded_kernel_image image;
  EXPECT_EQ(decode_kernel_image(nullptr, 100, image),
            invalid("it is 0 bytes, shorter than its header"));
  EXPECT_EQ(error_of(bytes, 10), invalid("it is 10 bytes, shorter than its header"));
  const std::string n = std::to_string(bytes.size());
  const std::string n_less = std::to_string(bytes.size() - 4);
  EXPECT_EQ(error_of(bytes, bytes.size() - 4),
            invalid("it is " + n_less + " bytes but its header describes " + n));
  EXPECT_EQ(error_of(bytes, sizeof(kernel_image_header)),
            invalid("it is " + std::to_string(sizeof(kernel_image_header)) +
                    " bytes but its header describes " + n));
}

TEST(KernelImageCodec, CorruptHeader) {
  const kernel_image_parts p = tiled_parts();
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.magic = 0x12345678; })),
            invalid("bad magic 0x12345678 (expected 0x4B504D41, \"AMPK\")"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.version = 99; })),
            invalid("format version 99, this runtime reads version " +
                    std::to_string(kernel_image_version)));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.rank = 0; })),
            invalid("rank 0"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.rank = 4; })),
            invalid("rank 4")); // tiled
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.tiled = 0, h.rank = 17; })),
            invalid("rank 17"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.push_size = 62; })),
            invalid("push_size 62 is not a multiple of 4"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.push_size = 44; })),
            invalid("push_size 44 cannot hold the launch header and a 32-byte kernel object"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) {
              h.tiled = 0, h.rank = 5, h.push_size = 52;
            })),
            invalid("push_size 52 cannot hold the launch header and a 32-byte kernel object and "
                    "the folded extents"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.local_size[1] = 0; })),
            invalid("local_size[1] is 0"));
}

// A capture block too large for push constants lives in a capture buffer.
TEST(KernelImageCodec, CaptureBuffer) {
  kernel_image_parts p = tiled_parts();
  p.header.push_size = 0;
  p.header.capture_buffer_size = 4112;
  p.header.closure_size = 4000;
  p.bindings[0].host_offset = 3000;
  p.bindings[1].image_offset = 4096;
  const std::string bytes = encode_kernel_image(p);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.capture_buffer_size, 4112u);
  EXPECT_EQ(capture_block_size(image.header), 4112u);
  EXPECT_NE(dump_kernel_image(image).find("push_size 0\n"), std::string::npos);
  EXPECT_NE(dump_kernel_image(image).find("capture_buffer_size 4112\n"), std::string::npos);

  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.push_size = 64; })),
            invalid("it has both a 64-byte push block and a 4112-byte capture buffer"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.capture_buffer_size = 4114; })),
            invalid("capture_buffer_size 4114 is not a multiple of 4"));
  EXPECT_EQ(error_of(with_header(p, [](kernel_image_header &h) { h.capture_buffer_size = 4012; })),
            invalid("capture_buffer_size 4012 cannot hold the launch header and a 4000-byte "
                    "kernel object"));
  EXPECT_EQ(error_of(with_binding(p, 1, [](kernel_binding &b) { b.image_offset = 4100; })),
            invalid("binding entry 1 copies 16 bytes to offset 4100 of a 4112-byte capture "
                    "buffer"));
}

TEST(KernelImageCodec, CorruptModules) {
  kernel_image_parts p = tiled_parts();
  p.spirv.resize(4);
  EXPECT_EQ(error_of(encode_kernel_image(p)), invalid("it holds no SPIR-V module"));
  p = tiled_parts();
  p.aliased_spirv.resize(3);
  EXPECT_EQ(error_of(encode_kernel_image(p)),
            invalid("its Aliased variant has 3 SPIR-V words, fewer than a module header"));
  p = tiled_parts();
  p.spirv[0] = 0x03022307u; // byte-swapped
  EXPECT_EQ(error_of(encode_kernel_image(p)),
            invalid("the SPIR-V module starts with 0x03022307, not the SPIR-V magic number"));
}

TEST(KernelImageCodec, CorruptBindings) {
  const kernel_image_parts p = tiled_parts();
  EXPECT_EQ(error_of(with_binding(p, 1, [](kernel_binding &b) { b.binding = 0; })),
            invalid("binding entry 1 uses descriptor binding 0; bindings must be 0..2-1, each once"));
  EXPECT_EQ(error_of(with_binding(p, 0, [](kernel_binding &b) { b.binding = 2; })),
            invalid("binding entry 0 uses descriptor binding 2; bindings must be 0..2-1, each once"));
  EXPECT_EQ(error_of(with_binding(p, 0, [](kernel_binding &b) { b.host_offset = 28; })),
            invalid("binding entry 0 reads a pointer at offset 28 of a 32-byte kernel object"));
  EXPECT_EQ(error_of(with_binding(p, 1, [](kernel_binding &b) { b.image_offset = 52; })),
            invalid("binding entry 1 copies 16 bytes to offset 52 of a 64-byte push block"));
  EXPECT_EQ(error_of(with_binding(p, 0, [](kernel_binding &b) { b.kind = 7; })),
            invalid("binding entry 0 has unknown kind 7"));
  // A view's rank and element size: its extent and strides must lie in the object.
  EXPECT_EQ(error_of(with_binding(p, 0, [](kernel_binding &b) {
              b.view_rank = 3;
              b.element_size = 4;
            })),
            invalid("binding entry 0 reads a view of rank 3 at offset 0 of a 32-byte kernel "
                    "object"));
  EXPECT_EQ(error_of(with_binding(p, 0, [](kernel_binding &b) { b.element_size = 4; })),
            invalid("binding entry 0 reads a view of rank 0 at offset 0 of a 32-byte kernel "
                    "object"));
  EXPECT_EQ(error_of(with_binding(p, 0, [](kernel_binding &b) {
              b.view_rank = 2;
              b.element_size = 4;
            })),
            "");
}

// Textures, views and samplers: their own table, for descriptor set 1.
TEST(KernelImageCodec, CorruptImageBindings) {
  auto with_image = [](kernel_binding b) {
    kernel_image_parts p = tiled_parts();
    p.image_bindings.push_back(b);
    return encode_kernel_image(p);
  };
  const auto view = static_cast<std::uint32_t>(binding_kind::texture_view);
  const auto reference = static_cast<std::uint32_t>(binding_kind::texture_reference);
  const auto fixed = static_cast<std::uint32_t>(binding_kind::fixed_sampler);
  EXPECT_EQ(error_of(with_image({view, 0, 1, 16, 0, binding_reads})),
            invalid("image binding entry 0 uses descriptor binding 1 of set 1; bindings must be "
                    "0..1-1, each once"));
  EXPECT_EQ(error_of(with_image({view, 24, 0, 40, 0, binding_reads})),
            invalid("image binding entry 0 reads 16 bytes at offset 24 of a 32-byte kernel "
                    "object"));
  EXPECT_EQ(error_of(with_image({reference, 0, 0, 56, 16, binding_reads})),
            invalid("image binding entry 0 copies 16 bytes to offset 56 of a 64-byte push block"));
  EXPECT_EQ(error_of(with_image({fixed, 0, 0, 1, 3, binding_reads})),
            invalid("image binding entry 0 is a sampler with filter 1 and address mode 3"));
  EXPECT_EQ(error_of(with_image({1, 0, 0, 0, 0, binding_reads})),
            invalid("image binding entry 0 has unknown kind 1"));
}

namespace {
print_site print(print_action action, std::uint32_t line, std::vector<print_arg> args,
                 const char *format, const char *file, std::vector<std::string> strings = {}) {
  print_site s;
  s.entry.action = static_cast<std::uint32_t>(action);
  s.entry.line = line;
  s.entry.column = 3;
  for (print_arg kind : args)
    s.args.push_back(static_cast<std::uint32_t>(kind));
  s.format = format;
  s.file = file;
  s.strings = std::move(strings);
  return s;
}

std::string print_sites_error(const std::string &bytes) {
  unaligned copy(bytes);
  decoded_kernel_image image;
  std::string error = decode_kernel_image(copy.data(), bytes.size(), image);
  std::vector<print_site> sites;
  return error.empty() ? decode_print_sites(image, sites) : error;
}

template <class T> void put(std::string &bytes, std::size_t at, T value) {
  std::memcpy(&bytes[at], &value, sizeof value);
}
} // namespace

// direct3d_printf and friends: the print-site table follows the check sites,
// each entry padded to words; the encoder counts the record words and bytes.
TEST(KernelImageCodec, PrintSites) {
  kernel_image_parts p = tiled_parts();
  p.check_sites = {site(12, static_cast<std::uint32_t>(check_access::element), 1, "a.cpp", "")};
  p.print_sites = {
      print(print_action::print, 10,
            {print_arg::int32, print_arg::uint32, print_arg::int64, print_arg::uint64},
            "%d %u %lld %llu!\n", "a.cpp"),
      print(print_action::error, 20,
            {print_arg::float32, print_arg::float64, print_arg::boolean, print_arg::string,
             print_arg::string},
            "%f %g %d %s%s", "dir/b.cpp", {"x", ""}),
      print(print_action::abort, 30, {}, "", "c.cpp"),
  };
  const std::string bytes = encode_kernel_image(p);
  // 32-byte entries, then the argument kinds, then the texts:
  // 17 + 5 -> 72 in all, 13 + 9 + 3 ("x\0" "\0") -> 80, 0 + 5 -> 40.
  const std::uint32_t checks = 32 + 8;
  const std::uint32_t table = (32 + 16 + 24) + (32 + 20 + 28) + (32 + 8);
  ASSERT_EQ(table, 192u);
  ASSERT_EQ(bytes.size(), sizeof(kernel_image_header) + 2 * sizeof(kernel_binding) + (7 + 6) * 4 +
                              checks + table);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.check_site_bytes, checks);
  EXPECT_EQ(image.header.print_site_bytes, table);
  EXPECT_NE(dump_kernel_image(image).find("print_site_bytes 192\n"), std::string::npos);
  std::vector<check_site> checked;
  ASSERT_EQ(decode_check_sites(image, checked), ""); // the print sites come after them
  ASSERT_EQ(checked.size(), 1u);

  std::vector<print_site> sites;
  ASSERT_EQ(decode_print_sites(image, sites), "");
  ASSERT_EQ(sites.size(), 3u);
  const std::uint32_t record_words[] = {6, 4, 0};
  const std::uint32_t format_bytes[] = {17, 13, 0};
  const std::uint32_t strings_bytes[] = {0, 3, 0};
  for (std::size_t i = 0; i < 3; ++i) {
    const kernel_print_site &e = sites[i].entry;
    EXPECT_EQ(e.action, p.print_sites[i].entry.action) << i;
    EXPECT_EQ(e.line, p.print_sites[i].entry.line) << i;
    EXPECT_EQ(e.column, 3u) << i;
    EXPECT_EQ(e.num_args, p.print_sites[i].args.size()) << i;
    EXPECT_EQ(e.record_words, record_words[i]) << i;
    EXPECT_EQ(e.format_bytes, format_bytes[i]) << i;
    EXPECT_EQ(e.file_bytes, p.print_sites[i].file.size()) << i;
    EXPECT_EQ(e.strings_bytes, strings_bytes[i]) << i;
    EXPECT_EQ(sites[i].args, p.print_sites[i].args) << i;
    EXPECT_EQ(sites[i].format, p.print_sites[i].format) << i;
    EXPECT_EQ(sites[i].file, p.print_sites[i].file) << i;
    EXPECT_EQ(sites[i].strings, p.print_sites[i].strings) << i;
  }

  // What was decoded encodes to the same table.
  kernel_image_parts again = p;
  again.print_sites = sites;
  EXPECT_EQ(encode_kernel_image(again), bytes);

  // print_buffer_binding: after the views, the capture buffer and the check report.
  EXPECT_EQ(print_buffer_binding(image.header), 3u);
  kernel_image_header unchecked = image.header;
  unchecked.check_site_bytes = 0;
  EXPECT_EQ(print_buffer_binding(unchecked), 2u);
  unchecked.push_size = 0;
  unchecked.capture_buffer_size = 4112;
  EXPECT_EQ(print_buffer_binding(unchecked), 3u);
}

TEST(KernelImageCodec, NoPrintSites) {
  const std::string bytes = encode_kernel_image(tiled_parts());
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.print_site_bytes, 0u);
  EXPECT_EQ(image.print_sites, nullptr);
  std::vector<print_site> sites(1);
  EXPECT_EQ(decode_print_sites(image, sites), "");
  EXPECT_TRUE(sites.empty());
}

TEST(KernelImageCodec, CorruptPrintSites) {
  kernel_image_parts p = tiled_parts();
  p.print_sites = {print(print_action::print, 7, {print_arg::int32, print_arg::string}, "%d%s",
                         "f.cpp", {"ab"})};
  const std::string bytes = encode_kernel_image(p);
  // 32 + 2 kinds (8) + "%d%s" (4) + "f.cpp" (5) + "ab\0" (3): 52 bytes, no padding.
  const std::size_t table_at = bytes.size() - 52;
  ASSERT_EQ(print_sites_error(bytes), "");

  std::string cut = with_header(p, [](kernel_image_header &h) { h.print_site_bytes = 28; });
  cut.resize(cut.size() - 24);
  EXPECT_EQ(print_sites_error(cut), invalid("print site 0 is cut short"));

  std::string action = bytes;
  put<std::uint32_t>(action, table_at + 0, 4);
  EXPECT_EQ(print_sites_error(action), invalid("print site 0 has the unknown action 4"));

  std::string kind = bytes;
  put<std::uint32_t>(kind, table_at + 36, 9);
  EXPECT_EQ(print_sites_error(kind), invalid("print site 0 has an argument of the unknown kind 9"));
  put<std::uint32_t>(kind, table_at + 36, 0);
  EXPECT_EQ(print_sites_error(kind), invalid("print site 0 has an argument of the unknown kind 0"));

  std::string words = bytes;
  put<std::uint32_t>(words, table_at + 16, 5);
  EXPECT_EQ(print_sites_error(words),
            invalid("print site 0 says its records hold 5 words, its arguments 1"));

  std::string strings = bytes; // "ab" without its NUL
  put<std::uint32_t>(strings, table_at + 28, 2);
  EXPECT_EQ(print_sites_error(strings),
            invalid("print site 0 has fewer strings than string arguments"));

  std::string long_file = bytes;
  put<std::uint32_t>(long_file, table_at + 24, 100);
  EXPECT_EQ(print_sites_error(long_file),
            invalid("print site 0 names more bytes than the table holds"));
  std::string many_args = bytes;
  put<std::uint32_t>(many_args, table_at + 12, 0x40000000);
  EXPECT_EQ(print_sites_error(many_args),
            invalid("print site 0 names more bytes than the table holds"));

  EXPECT_EQ(
      print_sites_error(with_header(p, [](kernel_image_header &h) { h.print_site_bytes = 50; })),
      invalid("print_site_bytes 50 is not a multiple of 4"));
}

// A loop witness comes with the print sites of its loops.
TEST(KernelImageCodec, LoopWitnessNeedsPrintSites) {
  kernel_image_parts parts = tiled_parts();
  parts.witness_spirv = module_words(3, 0x300);
  parts.witness_aliased_spirv = module_words(2, 0x400);
  std::string bytes = encode_kernel_image(parts);
  decoded_kernel_image image;
  EXPECT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image),
            kernel_image_codec_detail::invalid(
                "it has a loop witness variant without the print sites of its loops"));
  print_site loop;
  loop.entry.action = static_cast<std::uint32_t>(print_action::loop_cut);
  loop.file = "k.cpp";
  parts.print_sites = {loop};
  bytes = encode_kernel_image(parts);
  EXPECT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image), "");
  EXPECT_TRUE(has_loop_witness(image.header));
  EXPECT_EQ(loop_witness_binding(image.header), print_buffer_binding(image.header) + 1);
  EXPECT_EQ(buffer_descriptor_count(image.header), loop_witness_binding(image.header) + 1);
}

// The four modules of a kernel with an Aliased variant and a loop witness,
// each where copy_spirv finds it, and the print sites after them all.
TEST(KernelImageCodec, LoopWitnessVariants) {
  kernel_image_parts parts = tiled_parts();
  parts.witness_spirv = module_words(3, 0x300);
  parts.witness_aliased_spirv = module_words(2, 0x400);
  print_site loop;
  loop.entry.action = static_cast<std::uint32_t>(print_action::loop_cut);
  loop.file = "k.cpp";
  parts.print_sites = {loop};
  const std::string bytes = encode_kernel_image(parts);
  unaligned copy(bytes);
  decoded_kernel_image image;
  ASSERT_EQ(decode_kernel_image(copy.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.witness_spirv_words, 8u);
  EXPECT_EQ(image.header.witness_aliased_spirv_words, 7u);
  EXPECT_EQ(copy_spirv(image), parts.spirv);
  EXPECT_EQ(copy_spirv(image, /*aliased=*/true), parts.aliased_spirv);
  EXPECT_EQ(copy_spirv(image, false, /*witnessed=*/true), parts.witness_spirv);
  EXPECT_EQ(copy_spirv(image, true, true), parts.witness_aliased_spirv);
  std::vector<print_site> sites;
  ASSERT_EQ(decode_print_sites(image, sites), "");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].file, "k.cpp");

  // Asked for a witness, an image without one gives the plain modules.
  parts.witness_spirv.clear();
  parts.witness_aliased_spirv.clear();
  const std::string plain = encode_kernel_image(parts);
  ASSERT_EQ(decode_kernel_image(plain.data(), plain.size(), image), "");
  EXPECT_FALSE(has_loop_witness(image.header));
  EXPECT_EQ(copy_spirv(image, false, true), parts.spirv);
  EXPECT_EQ(copy_spirv(image, true, true), parts.aliased_spirv);
}

// With an Aliased variant, the witness has one too, and only then.
TEST(KernelImageCodec, LoopWitnessVariantsMatchTheAliasedOne) {
  kernel_image_parts parts = tiled_parts();
  print_site loop;
  loop.entry.action = static_cast<std::uint32_t>(print_action::loop_cut);
  loop.file = "k.cpp";
  parts.print_sites = {loop};
  parts.witness_spirv = module_words(3, 0x300);
  std::string bytes = encode_kernel_image(parts);
  decoded_kernel_image image;
  EXPECT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image),
            kernel_image_codec_detail::invalid("it has an Aliased variant and a loop witness "
                                               "variant but no Aliased loop witness variant"));
  parts.aliased_spirv.clear();
  parts.witness_aliased_spirv = module_words(2, 0x400);
  bytes = encode_kernel_image(parts);
  EXPECT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image),
            kernel_image_codec_detail::invalid(
                "it has an Aliased loop witness variant without an Aliased variant and a loop "
                "witness variant"));
  parts.witness_aliased_spirv = {1, 2};
  parts.aliased_spirv = module_words(1, 0x200);
  bytes = encode_kernel_image(parts);
  EXPECT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image),
            kernel_image_codec_detail::invalid("its Aliased loop witness variant has 2 SPIR-V "
                                               "words, fewer than a module header"));
}

// Race-check slots come with a tiled kernel and its check sites; a
// tile_static site has no index or extent ranks.
TEST(KernelImageCodec, RaceSlotsNeedATiledKernelWithCheckSites) {
  kernel_image_parts parts = tiled_parts();
  parts.header.race_slots = 64;
  std::string bytes = encode_kernel_image(parts);
  decoded_kernel_image image;
  EXPECT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image),
            kernel_image_codec_detail::invalid(
                "it has 64 race-check slots but is not a tiled kernel with check sites"));
  check_site write;
  write.entry.line = 12;
  write.entry.column = 5;
  write.entry.access = static_cast<std::uint32_t>(check_access::tile_static_write);
  write.file = "k.cpp";
  write.view = "s";
  parts.check_sites = {write};
  bytes = encode_kernel_image(parts);
  ASSERT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image), "");
  EXPECT_EQ(image.header.race_slots, 64u);
  std::vector<check_site> sites;
  ASSERT_EQ(decode_check_sites(image, sites), "");
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].view, "s");
  EXPECT_EQ(sites[0].entry.access, static_cast<std::uint32_t>(check_access::tile_static_write));

  // A tile_static site with ranks, or an unknown access kind, is malformed.
  parts.check_sites[0].entry.index_rank = 1;
  parts.check_sites[0].entry.extent_rank = 1;
  bytes = encode_kernel_image(parts);
  ASSERT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image), "");
  EXPECT_EQ(decode_check_sites(image, sites),
            kernel_image_codec_detail::invalid(
                "check site 0 has an index of rank 1 and an extent of rank 1"));
  parts.check_sites[0].entry.access = 9;
  bytes = encode_kernel_image(parts);
  ASSERT_EQ(decode_kernel_image(bytes.data(), bytes.size(), image), "");
  EXPECT_EQ(decode_check_sites(image, sites),
            kernel_image_codec_detail::invalid("check site 0 has access kind 9"));
}
