// The one encoder and decoder of kernel images (<ampvk/kernel_image.h>), used by
// the plugin (plugin/embed/KernelImageWriter.cpp), the runtime
// (runtime/src/kernels/kernel_image_reader.cpp) and the runtime tests. Header-only,
// standard library only: no Clang, no Vulkan, and no exceptions (the decoder
// returns its message), so every side can include it.
//
//   kernel_image_parts      what an image holds, as the encoder takes it
//   encoded_header          the header the encoder writes for some parts
//   encode_kernel_image     parts -> bytes
//   decoded_kernel_image    what the decoder gives: header, bindings, and
//                           pointers to the SPIR-V words inside the bytes
//   decode_kernel_image     bytes -> decoded image, or an error that says the remedy
//   copy_spirv              a decoded image's words, copied to aligned storage
//   source_of               a decoded image's source location, file and function
//   decode_check_sites      a decoded image's check-site table (read only
//                           when a bounds check failed)
//   decode_print_sites      a decoded image's print-site table (read when a
//                           launch that prints retires)
//   dump_kernel_image       text: one line per header field and per binding
//
// The bytes come from a string literal and need not be aligned: everything is
// read with memcpy, never through a cast pointer. Words are written in host
// order, which the format assumes is little-endian.
#ifndef AMPVK_KERNEL_IMAGE_CODEC_H
#define AMPVK_KERNEL_IMAGE_CODEC_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <ampvk/kernel_image.h>

namespace ampvk {

static_assert(sizeof(kernel_image_header) == 24 * 4, "kernel_image_header is 24 words");
static_assert(sizeof(kernel_print_site) == 8 * 4, "kernel_print_site is 8 words");
static_assert(sizeof(kernel_check_site) == 8 * 4, "kernel_check_site is 8 words");
static_assert(sizeof(kernel_binding) == 8 * 4, "kernel_binding is 8 words");
static_assert(sizeof(texture_object) == sizeof(void *) + 8, "texture_object has no padding");
static_assert(sizeof(sampler_object) == 6 * 4, "sampler_object is 6 words");

constexpr std::uint32_t spirv_magic = 0x07230203u;
constexpr std::uint32_t spirv_header_words = 5;

// A check site with its strings (kernel_check_site's file_bytes and
// view_bytes are the encoder's to fill).
struct check_site {
  kernel_check_site entry{};
  std::string file;
  std::string view;
};

// A print site with its argument kinds and strings (kernel_print_site's
// num_args, record_words and byte counts are the encoder's to fill).
struct print_site {
  kernel_print_site entry{};
  std::vector<std::uint32_t> args; // print_arg of each argument
  std::string format;
  std::string file;
  std::vector<std::string> strings; // the string arguments, in order
};

struct kernel_image_parts {
  // magic, version, num_bindings, num_image_bindings, the four modules'
  // words, check_site_bytes and print_site_bytes are ignored: the encoder
  // writes them from the constants and the vectors.
  kernel_image_header header{};
  std::vector<kernel_binding> bindings;
  std::vector<std::uint32_t> spirv;
  std::vector<std::uint32_t> aliased_spirv; // empty: no Aliased variant
  // The same two with the loop witness on; empty: no loop witness.
  std::vector<std::uint32_t> witness_spirv;
  std::vector<std::uint32_t> witness_aliased_spirv;
  // header.source_line and source_column say where; source_bytes is written
  // from these (both empty: no source text).
  std::string source_file;
  std::string source_function;
  std::vector<check_site> check_sites;      // empty: no bounds checks
  std::vector<kernel_binding> image_bindings; // set image_binding_set
  std::vector<print_site> print_sites;        // empty: the kernel prints nothing
};

namespace kernel_image_codec_detail {
inline std::string source_text(const kernel_image_parts &parts) {
  if (parts.source_file.empty() && parts.source_function.empty())
    return {};
  std::string text = parts.source_file + '\0' + parts.source_function + '\0';
  text.resize((text.size() + 3) / 4 * 4, '\0');
  return text;
}

inline std::size_t padded(std::size_t bytes) { return (bytes + 3) & ~std::size_t(3); }

inline std::string encode_check_sites(const std::vector<check_site> &sites) {
  std::string out;
  for (const check_site &site : sites) {
    kernel_check_site e = site.entry;
    e.file_bytes = static_cast<std::uint32_t>(site.file.size());
    e.view_bytes = static_cast<std::uint32_t>(site.view.size());
    out.append(reinterpret_cast<const char *>(&e), sizeof e);
    out += site.file;
    out += site.view;
    out.resize(padded(out.size()), '\0');
  }
  return out;
}
inline std::string encode_print_sites(const std::vector<print_site> &sites) {
  std::string out;
  for (const print_site &site : sites) {
    kernel_print_site e = site.entry;
    std::string strings;
    for (const std::string &text : site.strings)
      strings += text + '\0';
    e.num_args = static_cast<std::uint32_t>(site.args.size());
    e.record_words = 0;
    for (std::uint32_t kind : site.args)
      e.record_words += print_arg_words(kind);
    e.format_bytes = static_cast<std::uint32_t>(site.format.size());
    e.file_bytes = static_cast<std::uint32_t>(site.file.size());
    e.strings_bytes = static_cast<std::uint32_t>(strings.size());
    out.append(reinterpret_cast<const char *>(&e), sizeof e);
    out.append(reinterpret_cast<const char *>(site.args.data()), site.args.size() * 4);
    out += site.format;
    out += site.file;
    out += strings;
    out.resize(padded(out.size()), '\0');
  }
  return out;
}
} // namespace kernel_image_codec_detail

inline kernel_image_header encoded_header(const kernel_image_parts &parts) {
  kernel_image_header h = parts.header;
  h.magic = kernel_image_magic;
  h.version = kernel_image_version;
  h.num_bindings = static_cast<std::uint32_t>(parts.bindings.size());
  h.num_image_bindings = static_cast<std::uint32_t>(parts.image_bindings.size());
  h.spirv_words = static_cast<std::uint32_t>(parts.spirv.size());
  h.aliased_spirv_words = static_cast<std::uint32_t>(parts.aliased_spirv.size());
  h.witness_spirv_words = static_cast<std::uint32_t>(parts.witness_spirv.size());
  h.witness_aliased_spirv_words =
      static_cast<std::uint32_t>(parts.witness_aliased_spirv.size());
  h.source_bytes = static_cast<std::uint32_t>(kernel_image_codec_detail::source_text(parts).size());
  h.check_site_bytes = static_cast<std::uint32_t>(
      kernel_image_codec_detail::encode_check_sites(parts.check_sites).size());
  h.print_site_bytes = static_cast<std::uint32_t>(
      kernel_image_codec_detail::encode_print_sites(parts.print_sites).size());
  return h;
}

// Writes what it is given; decode_kernel_image is the one that checks.
inline std::string encode_kernel_image(const kernel_image_parts &parts) {
  const kernel_image_header h = encoded_header(parts);
  std::string out;
  out.reserve(sizeof h + (parts.bindings.size() + parts.image_bindings.size()) * sizeof(kernel_binding) +
              spirv_modules_bytes(h));
  out.append(reinterpret_cast<const char *>(&h), sizeof h);
  out.append(reinterpret_cast<const char *>(parts.bindings.data()),
             parts.bindings.size() * sizeof(kernel_binding));
  out.append(reinterpret_cast<const char *>(parts.image_bindings.data()),
             parts.image_bindings.size() * sizeof(kernel_binding));
  for (const std::vector<std::uint32_t> *module :
       {&parts.spirv, &parts.aliased_spirv, &parts.witness_spirv, &parts.witness_aliased_spirv})
    out.append(reinterpret_cast<const char *>(module->data()), module->size() * 4);
  out += kernel_image_codec_detail::source_text(parts);
  out += kernel_image_codec_detail::encode_check_sites(parts.check_sites);
  out += kernel_image_codec_detail::encode_print_sites(parts.print_sites);
  return out;
}

struct decoded_kernel_image {
  const char *bytes = nullptr; // the image itself (the runtime's pipeline cache key)
  std::size_t size = 0;
  kernel_image_header header{};
  std::vector<kernel_binding> bindings;
  std::vector<kernel_binding> image_bindings; // set image_binding_set
  const char *spirv = nullptr; // header.spirv_words unaligned little-endian words
  // header.aliased_spirv_words words of the Aliased variant, or null.
  const char *aliased_spirv = nullptr;
  // The same two with the loop witness on, or null.
  const char *witness_spirv = nullptr;
  const char *witness_aliased_spirv = nullptr;
  // header.source_bytes of source text (file NUL function NUL padding), or null.
  const char *source = nullptr;
  // header.check_site_bytes bytes of check sites (decode_check_sites), or null.
  const char *check_sites = nullptr;
  // header.print_site_bytes bytes of print sites (decode_print_sites), or null.
  const char *print_sites = nullptr;
};

namespace kernel_image_codec_detail {

inline std::string invalid(const std::string &why) {
  return "ampvk: invalid kernel image: " + why +
         ". The kernel was not compiled by a matching ampvk plugin, or the binary is corrupt; "
         "rebuild it with the ampvk that provides this runtime.";
}

inline std::string hex(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", value);
  return text;
}

inline std::string check_header(const kernel_image_header &h) {
  using std::to_string;
  if (h.magic != kernel_image_magic)
    return invalid("bad magic " + hex(h.magic) + " (expected " + hex(kernel_image_magic) +
                   ", \"AMPK\")");
  if (h.version != kernel_image_version)
    return invalid("format version " + to_string(h.version) + ", this runtime reads version " +
                   to_string(kernel_image_version));
  if (h.rank < 1 || h.rank > max_compute_rank || (h.tiled && h.rank > 3))
    return invalid("rank " + to_string(h.rank));
  if (h.push_size && h.capture_buffer_size)
    return invalid("it has both a " + to_string(h.push_size) + "-byte push block and a " +
                   to_string(h.capture_buffer_size) + "-byte capture buffer");
  const std::string block = h.push_size ? "push_size" : "capture_buffer_size";
  const std::uint32_t size = capture_block_size(h);
  if (size % 4 != 0)
    return invalid(block + " " + to_string(size) + " is not a multiple of 4");
  if (size != 0 &&
      size < launch_header_bytes + std::uint64_t(h.closure_size) + 4 * folded_extent_words(h.rank))
    return invalid(block + " " + to_string(size) + " cannot hold the launch header and a " +
                   to_string(h.closure_size) + "-byte kernel object" +
                   (h.rank > 3 ? " and the folded extents" : ""));
  for (int d = 0; d < 3; ++d)
    if (h.local_size[d] == 0)
      return invalid("local_size[" + to_string(d) + "] is 0");
  return {};
}

inline std::string check_bindings(const kernel_image_header &h,
                                  const std::vector<kernel_binding> &bindings) {
  using std::to_string;
  std::vector<bool> seen(h.num_bindings, false);
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    const kernel_binding &b = bindings[i];
    const std::string which = "binding entry " + to_string(i);
    if (b.binding >= h.num_bindings || seen[b.binding])
      return invalid(which + " uses descriptor binding " + to_string(b.binding) +
                     "; bindings must be 0.." + to_string(h.num_bindings) + "-1, each once");
    seen[b.binding] = true;
    if (std::uint64_t(b.host_offset) + sizeof(void *) > h.closure_size)
      return invalid(which + " reads a pointer at offset " + to_string(b.host_offset) +
                     " of a " + to_string(h.closure_size) + "-byte kernel object");
    if (b.kind == static_cast<std::uint32_t>(binding_kind::array_reference)) {
      if (std::uint64_t(b.image_offset) + b.object_size > capture_block_size(h))
        return invalid(which + " copies " + to_string(b.object_size) + " bytes to offset " +
                       to_string(b.image_offset) + " of a " + to_string(capture_block_size(h)) +
                       "-byte " + (h.push_size ? "push block" : "capture buffer"));
    } else if (b.kind != static_cast<std::uint32_t>(binding_kind::array_view)) {
      return invalid(which + " has unknown kind " + to_string(b.kind));
    } else if (b.element_size != 0 &&
               (b.view_rank == 0 || b.view_rank > max_view_rank ||
                std::uint64_t(b.host_offset) + array_view_object_bytes(b.view_rank) >
                    h.closure_size)) {
      return invalid(which + " reads a view of rank " + to_string(b.view_rank) +
                     " at offset " + to_string(b.host_offset) + " of a " +
                     to_string(h.closure_size) + "-byte kernel object");
    }
  }
  return {};
}

inline std::string check_image_bindings(const kernel_image_header &h,
                                        const std::vector<kernel_binding> &bindings) {
  using std::to_string;
  std::vector<bool> seen(h.num_image_bindings, false);
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    const kernel_binding &b = bindings[i];
    const std::string which = "image binding entry " + to_string(i);
    if (b.binding >= h.num_image_bindings || seen[b.binding])
      return invalid(which + " uses descriptor binding " + to_string(b.binding) +
                     " of set 1; bindings must be 0.." + to_string(h.num_image_bindings) +
                     "-1, each once");
    seen[b.binding] = true;
    const auto kind = static_cast<binding_kind>(b.kind);
    if (kind == binding_kind::fixed_sampler) {
      if ((b.image_offset != 0 && b.image_offset != 0x15) || b.object_size < 1 ||
          b.object_size > 4)
        return invalid(which + " is a sampler with filter " + to_string(b.image_offset) +
                       " and address mode " + to_string(b.object_size));
      continue;
    }
    if (kind != binding_kind::texture_reference && kind != binding_kind::texture_view &&
        kind != binding_kind::sampler)
      return invalid(which + " has unknown kind " + to_string(b.kind));
    const std::uint64_t object =
        kind == binding_kind::sampler ? sizeof(sampler_object)
        : kind == binding_kind::texture_view ? sizeof(texture_object) : sizeof(void *);
    if (std::uint64_t(b.host_offset) + object > h.closure_size)
      return invalid(which + " reads " + to_string(object) + " bytes at offset " +
                     to_string(b.host_offset) + " of a " + to_string(h.closure_size) +
                     "-byte kernel object");
    if (kind == binding_kind::texture_reference &&
        std::uint64_t(b.image_offset) + b.object_size > capture_block_size(h))
      return invalid(which + " copies " + to_string(b.object_size) + " bytes to offset " +
                     to_string(b.image_offset) + " of a " + to_string(capture_block_size(h)) +
                     "-byte " + (h.push_size ? "push block" : "capture buffer"));
  }
  return {};
}

} // namespace kernel_image_codec_detail

// Fills `image` and returns an empty string when the bytes are a well-formed
// image of this version; otherwise returns the message to report (a bad image
// means a mismatched or corrupt build, and the message says so).
inline std::string decode_kernel_image(const char *bytes, std::size_t size,
                                       decoded_kernel_image &image) {
  using namespace kernel_image_codec_detail;
  using std::to_string;
  image = decoded_kernel_image{};
  image.bytes = bytes;
  image.size = size;
  if (!bytes || size < sizeof(kernel_image_header))
    return invalid("it is " + to_string(bytes ? size : 0) + " bytes, shorter than its header");
  std::memcpy(&image.header, bytes, sizeof image.header);
  const kernel_image_header &h = image.header;
  std::string error = check_header(h);
  if (!error.empty())
    return error;

  const std::uint64_t buffer_bindings_bytes =
      std::uint64_t(h.num_bindings) * sizeof(kernel_binding);
  const std::uint64_t bindings_bytes =
      buffer_bindings_bytes + std::uint64_t(h.num_image_bindings) * sizeof(kernel_binding);
  const std::uint64_t expected = kernel_image_size(h);
  if (expected > size)
    return invalid("it is " + to_string(size) + " bytes but its header describes " +
                   to_string(expected));
  if (h.spirv_words < spirv_header_words)
    return invalid("it holds no SPIR-V module");

  image.bindings.resize(h.num_bindings);
  if (buffer_bindings_bytes)
    std::memcpy(image.bindings.data(), bytes + sizeof(kernel_image_header),
                buffer_bindings_bytes);
  image.image_bindings.resize(h.num_image_bindings);
  if (h.num_image_bindings)
    std::memcpy(image.image_bindings.data(),
              bytes + sizeof(kernel_image_header) + buffer_bindings_bytes,
              bindings_bytes - buffer_bindings_bytes);
  image.spirv = bytes + sizeof(kernel_image_header) + bindings_bytes;
  // The variants after the first: none, or each at least a module header.
  const char *next = image.spirv + std::size_t(h.spirv_words) * 4;
  auto variant = [&](std::uint32_t words, const char *&at, const char *what) {
    if (!words)
      return std::string();
    if (words < spirv_header_words)
      return invalid("its " + std::string(what) + " has " + to_string(words) +
                     " SPIR-V words, fewer than a module header");
    at = next;
    next += std::size_t(words) * 4;
    return std::string();
  };
  for (std::string e : {variant(h.aliased_spirv_words, image.aliased_spirv, "Aliased variant"),
                        variant(h.witness_spirv_words, image.witness_spirv,
                                "loop witness variant"),
                        variant(h.witness_aliased_spirv_words, image.witness_aliased_spirv,
                                "Aliased loop witness variant")})
    if (!e.empty())
      return e;
  if (h.witness_aliased_spirv_words && (!h.witness_spirv_words || !h.aliased_spirv_words))
    return invalid("it has an Aliased loop witness variant without an Aliased variant and a "
                   "loop witness variant");
  if (h.witness_spirv_words && h.aliased_spirv_words && !h.witness_aliased_spirv_words)
    return invalid("it has an Aliased variant and a loop witness variant but no Aliased loop "
                   "witness variant");
  const char *const after_modules = image.spirv + spirv_modules_bytes(h);
  if (h.source_bytes) {
    image.source = after_modules;
    const void *nul = std::memchr(image.source, 0, h.source_bytes);
    const std::size_t file_end = nul ? static_cast<const char *>(nul) - image.source : 0;
    if (h.source_bytes % 4 != 0 || !nul || file_end + 1 >= h.source_bytes ||
        image.source[h.source_bytes - 1] != 0)
      return invalid("its " + to_string(h.source_bytes) +
                     "-byte source text is not a file name and a function name, each "
                     "NUL-terminated, padded to a multiple of 4 bytes");
  }
  if (h.check_site_bytes % 4 != 0)
    return invalid("check_site_bytes " + to_string(h.check_site_bytes) +
                   " is not a multiple of 4");
  if (h.check_site_bytes)
    image.check_sites = after_modules + h.source_bytes;
  if (h.print_site_bytes % 4 != 0)
    return invalid("print_site_bytes " + to_string(h.print_site_bytes) +
                   " is not a multiple of 4");
  if (has_loop_witness(h) && !h.print_site_bytes)
    return invalid("it has a loop witness variant without the print sites of its loops");
  if (h.race_slots && (!h.tiled || !h.check_site_bytes))
    return invalid("it has " + to_string(h.race_slots) +
                   " race-check slots but is not a tiled kernel with check sites");
  if (h.print_site_bytes)
    image.print_sites = after_modules + h.source_bytes + h.check_site_bytes;
  error = check_bindings(h, image.bindings);
  if (error.empty())
    error = check_image_bindings(h, image.image_bindings);
  if (!error.empty())
    return error;
  std::uint32_t magic = 0;
  std::memcpy(&magic, image.spirv, 4);
  if (magic != spirv_magic)
    return invalid("the SPIR-V module starts with " + hex(magic) +
                   ", not the SPIR-V magic number");
  return {};
}

// The SPIR-V words of the plain or (when there is one) the Aliased variant,
// with the loop witness when asked and the image has one, copied to aligned
// storage (for vkCreateShaderModule).
inline std::vector<std::uint32_t> copy_spirv(const decoded_kernel_image &image,
                                             bool aliased = false, bool witnessed = false) {
  const kernel_image_header &h = image.header;
  witnessed = witnessed && image.witness_spirv;
  aliased = aliased && image.aliased_spirv;
  const char *from = witnessed ? (aliased ? image.witness_aliased_spirv : image.witness_spirv)
                               : (aliased ? image.aliased_spirv : image.spirv);
  std::vector<std::uint32_t> words(witnessed ? (aliased ? h.witness_aliased_spirv_words
                                                        : h.witness_spirv_words)
                                             : (aliased ? h.aliased_spirv_words : h.spirv_words));
  std::memcpy(words.data(), from, words.size() * 4);
  return words;
}

struct kernel_source {
  std::string file;     // as the compiler spelled it; empty when unknown
  std::string function; // the function that launches it (lambda) or the functor's class
  std::uint32_t line = 0, column = 0;
};

// Where a decoded image's kernel comes from (empty when the image does not say).
inline kernel_source source_of(const decoded_kernel_image &image) {
  kernel_source s;
  s.line = image.header.source_line;
  s.column = image.header.source_column;
  if (image.source) {
    s.file = image.source; // NUL-terminated: the decoder checked
    s.function = image.source + s.file.size() + 1;
  }
  return s;
}

// The check sites of a decoded image, in site-number order; an empty string,
// or the message when the table is malformed.
inline std::string decode_check_sites(const decoded_kernel_image &image,
                                      std::vector<check_site> &sites) {
  using namespace kernel_image_codec_detail;
  using std::to_string;
  sites.clear();
  const std::size_t size = image.header.check_site_bytes;
  std::size_t at = 0;
  while (at < size) {
    check_site site;
    if (size - at < sizeof site.entry)
      return invalid("check site " + to_string(sites.size()) + " is cut short");
    std::memcpy(&site.entry, image.check_sites + at, sizeof site.entry);
    at += sizeof site.entry;
    const kernel_check_site &e = site.entry;
    if (std::uint64_t(e.file_bytes) + e.view_bytes > size - at)
      return invalid("check site " + to_string(sites.size()) + " names more bytes than the table holds");
    const bool shared_memory_site = e.access >= static_cast<std::uint32_t>(check_access::tile_static_read);
    if (e.access < static_cast<std::uint32_t>(check_access::element) ||
        e.access > static_cast<std::uint32_t>(check_access::tile_static_atomic))
      return invalid("check site " + to_string(sites.size()) + " has access kind " +
                     to_string(e.access));
    if (shared_memory_site ? e.index_rank || e.extent_rank
                    : e.index_rank < 1 || e.index_rank > max_check_rank || e.extent_rank < 1 ||
                          e.extent_rank > max_check_rank)
      return invalid("check site " + to_string(sites.size()) + " has an index of rank " +
                     to_string(e.index_rank) + " and an extent of rank " +
                     to_string(e.extent_rank));
    site.file.assign(image.check_sites + at, e.file_bytes);
    site.view.assign(image.check_sites + at + e.file_bytes, e.view_bytes);
    at = padded(at + e.file_bytes + e.view_bytes);
    sites.push_back(site);
  }
  return {};
}

// The print sites of a decoded image, in site-number order; an empty string,
// or the message when the table is malformed.
inline std::string decode_print_sites(const decoded_kernel_image &image,
                                      std::vector<print_site> &sites) {
  using namespace kernel_image_codec_detail;
  using std::to_string;
  sites.clear();
  const std::size_t size = image.header.print_site_bytes;
  std::size_t at = 0;
  while (at < size) {
    print_site site;
    const std::string which = "print site " + to_string(sites.size());
    if (size - at < sizeof site.entry)
      return invalid(which + " is cut short");
    std::memcpy(&site.entry, image.print_sites + at, sizeof site.entry);
    at += sizeof site.entry;
    const kernel_print_site &e = site.entry;
    if (e.action > static_cast<std::uint32_t>(print_action::loop_cut))
      return invalid(which + " has the unknown action " + to_string(e.action));
    if (std::uint64_t(e.num_args) * 4 + e.format_bytes + e.file_bytes + e.strings_bytes >
        size - at)
      return invalid(which + " names more bytes than the table holds");
    site.args.resize(e.num_args);
    if (e.num_args)
      std::memcpy(site.args.data(), image.print_sites + at, std::size_t(e.num_args) * 4);
    at += std::size_t(e.num_args) * 4;
    std::uint32_t words = 0, strings = 0;
    for (std::uint32_t kind : site.args) {
      if (kind < static_cast<std::uint32_t>(print_arg::int32) ||
          kind > static_cast<std::uint32_t>(print_arg::string))
        return invalid(which + " has an argument of the unknown kind " + to_string(kind));
      words += print_arg_words(kind);
      strings += kind == static_cast<std::uint32_t>(print_arg::string);
    }
    if (words != e.record_words)
      return invalid(which + " says its records hold " + to_string(e.record_words) +
                     " words, its arguments " + to_string(words));
    site.format.assign(image.print_sites + at, e.format_bytes);
    site.file.assign(image.print_sites + at + e.format_bytes, e.file_bytes);
    const char *text = image.print_sites + at + e.format_bytes + e.file_bytes;
    std::size_t left = e.strings_bytes;
    for (std::uint32_t k = 0; k < strings; ++k) {
      const void *nul = std::memchr(text, 0, left);
      if (!nul)
        return invalid(which + " has fewer strings than string arguments");
      const std::size_t n = static_cast<const char *>(nul) - text;
      site.strings.emplace_back(text, n);
      text += n + 1;
      left -= n + 1;
    }
    at = padded(at + e.format_bytes + e.file_bytes + e.strings_bytes);
    sites.push_back(std::move(site));
  }
  return {};
}

// One line per header field, then one per binding entry, e.g.
//   rank 2
//   binding 1: kind array_view, host_offset 16, binding 1, image_offset 0, object_size 0, access writes
inline std::string dump_kernel_image(const decoded_kernel_image &image) {
  using std::to_string;
  const kernel_image_header &h = image.header;
  std::string out;
  auto line = [&out](const std::string &name, const std::string &value) {
    out += name + " " + value + "\n";
  };
  line("magic", kernel_image_codec_detail::hex(h.magic));
  line("version", to_string(h.version));
  line("local_size", to_string(h.local_size[0]) + " " + to_string(h.local_size[1]) + " " +
                         to_string(h.local_size[2]));
  line("rank", to_string(h.rank));
  line("tiled", to_string(h.tiled));
  line("item_loop", to_string(h.item_loop));
  line("push_size", to_string(h.push_size));
  line("closure_size", to_string(h.closure_size));
  line("num_bindings", to_string(h.num_bindings));
  line("spirv_words", to_string(h.spirv_words));
  line("tile_static_bytes", to_string(h.tile_static_bytes));
  line("aliased_spirv_words", to_string(h.aliased_spirv_words));
  line("capture_buffer_size", to_string(h.capture_buffer_size));
  line("source_line", to_string(h.source_line));
  line("source_column", to_string(h.source_column));
  line("source_bytes", to_string(h.source_bytes));
  if (image.source) {
    const kernel_source s = source_of(image);
    line("source_file", s.file);
    line("source_function", s.function);
  }
  line("check_site_bytes", to_string(h.check_site_bytes));
  line("num_image_bindings", to_string(h.num_image_bindings));
  line("print_site_bytes", to_string(h.print_site_bytes));
  line("witness_spirv_words", to_string(h.witness_spirv_words));
  line("race_slots", to_string(h.race_slots));
  line("witness_aliased_spirv_words", to_string(h.witness_aliased_spirv_words));
  static const char *const kinds[] = {"",        "array_view", "array_reference",
                                      "texture_reference", "texture_view", "sampler",
                                      "fixed_sampler"};
  auto entry = [&](const std::string &title, const kernel_binding &b) {
    std::string kind = b.kind < sizeof kinds / sizeof *kinds && b.kind ? kinds[b.kind]
                                                                       : to_string(b.kind);
    std::string access = (b.access & binding_reads) && (b.access & binding_writes) ? "reads|writes"
                         : (b.access & binding_reads)                            ? "reads"
                         : (b.access & binding_writes)                           ? "writes"
                                                                                  : "none";
    if (b.access & binding_sampled)
      access += "|sampled";
    if (b.access & binding_filters)
      access += "|filters";
    line(title,
         "kind " + kind + ", host_offset " + to_string(b.host_offset) + ", binding " +
             to_string(b.binding) + ", image_offset " + to_string(b.image_offset) +
             ", object_size " + to_string(b.object_size) + ", access " + access +
             (b.element_size ? ", view_rank " + to_string(b.view_rank) + ", element_size " +
                                   to_string(b.element_size)
                             : std::string()));
  };
  for (std::size_t i = 0; i < image.bindings.size(); ++i)
    entry("binding " + to_string(i) + ":", image.bindings[i]);
  for (std::size_t i = 0; i < image.image_bindings.size(); ++i)
    entry("image binding " + to_string(i) + ":", image.image_bindings[i]);
  return out;
}

} // namespace ampvk

#endif
