#include "kernel_image_reader.h"

#include <cstdio>
#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {
namespace {

[[noreturn]] void corrupt(const std::string &why) {
  throw concurrency::runtime_exception(
      "ampvk: invalid kernel image: " + why +
          ". The kernel was not compiled by a matching ampvk plugin, or the binary is corrupt; "
          "rebuild it with the ampvk that provides this runtime.",
      concurrency::E_FAIL_AMP);
}

std::string hex(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", value);
  return text;
}

} // namespace

kernel_image read_kernel_image(const char *bytes, std::size_t size) {
  kernel_image image;
  image.bytes = bytes;
  image.size = size;
  if (!bytes || size < sizeof(kernel_image_header))
    corrupt("it is " + std::to_string(bytes ? size : 0) + " bytes, shorter than its header");
  std::memcpy(&image.header, bytes, sizeof image.header);
  const kernel_image_header &h = image.header;
  if (h.magic != kernel_image_magic)
    corrupt("bad magic " + hex(h.magic) + " (expected " + hex(kernel_image_magic) + ", \"AMPK\")");
  if (h.version != kernel_image_version)
    corrupt("format version " + std::to_string(h.version) + ", this runtime reads version " +
            std::to_string(kernel_image_version));
  if (h.rank < 1 || h.rank > max_compute_rank || (h.tiled && h.rank > 3))
    corrupt("rank " + std::to_string(h.rank));
  if (h.push_size % 4 != 0)
    corrupt("push_size " + std::to_string(h.push_size) + " is not a multiple of 4");
  if (h.push_size != 0 && h.push_size < launch_header_bytes + std::uint64_t(h.closure_size) +
                                            4 * folded_extent_words(h.rank))
    corrupt("push_size " + std::to_string(h.push_size) + " cannot hold the launch header and a " +
            std::to_string(h.closure_size) + "-byte kernel object" +
            (h.rank > 3 ? " and the folded extents" : ""));
  for (int d = 0; d < 3; ++d)
    if (h.local_size[d] == 0)
      corrupt("local_size[" + std::to_string(d) + "] is 0");

  const std::uint64_t bindings_bytes = std::uint64_t(h.num_bindings) * sizeof(kernel_binding);
  const std::uint64_t expected =
      sizeof(kernel_image_header) + bindings_bytes +
      (std::uint64_t(h.spirv_words) + h.aliased_spirv_words) * 4;
  if (expected > size)
    corrupt("it is " + std::to_string(size) + " bytes but its header describes " +
            std::to_string(expected));
  if (h.spirv_words < 5)
    corrupt("it holds no SPIR-V module");

  image.bindings.resize(h.num_bindings);
  std::memcpy(image.bindings.data(), bytes + sizeof(kernel_image_header), bindings_bytes);
  image.spirv = bytes + sizeof(kernel_image_header) + bindings_bytes;
  if (h.aliased_spirv_words) {
    if (h.aliased_spirv_words < 5)
      corrupt("its Aliased variant has " + std::to_string(h.aliased_spirv_words) +
              " SPIR-V words, fewer than a module header");
    image.aliased_spirv = image.spirv + std::size_t(h.spirv_words) * 4;
  }

  std::vector<bool> seen(h.num_bindings, false);
  for (std::size_t i = 0; i < image.bindings.size(); ++i) {
    const kernel_binding &b = image.bindings[i];
    const std::string which = "binding entry " + std::to_string(i);
    if (b.binding >= h.num_bindings || seen[b.binding])
      corrupt(which + " uses descriptor binding " + std::to_string(b.binding) +
              "; bindings must be 0.." + std::to_string(h.num_bindings) + "-1, each once");
    seen[b.binding] = true;
    if (std::uint64_t(b.host_offset) + sizeof(void *) > h.closure_size)
      corrupt(which + " reads a pointer at offset " + std::to_string(b.host_offset) +
              " of a " + std::to_string(h.closure_size) + "-byte kernel object");
    if (b.kind == static_cast<std::uint32_t>(binding_kind::array_reference)) {
      if (std::uint64_t(b.image_offset) + b.object_size > h.push_size)
        corrupt(which + " copies " + std::to_string(b.object_size) + " bytes to offset " +
                std::to_string(b.image_offset) + " of a " + std::to_string(h.push_size) +
                "-byte push block");
    } else if (b.kind != static_cast<std::uint32_t>(binding_kind::array_view)) {
      corrupt(which + " has unknown kind " + std::to_string(b.kind));
    }
  }
  std::uint32_t magic = 0;
  std::memcpy(&magic, image.spirv, 4);
  if (magic != 0x07230203u)
    corrupt("the SPIR-V module starts with " + hex(magic) + ", not the SPIR-V magic number");
  return image;
}

std::vector<std::uint32_t> copy_spirv(const kernel_image &image, bool aliased) {
  if (aliased && image.aliased_spirv) {
    std::vector<std::uint32_t> words(image.header.aliased_spirv_words);
    std::memcpy(words.data(), image.aliased_spirv, words.size() * 4);
    return words;
  }
  std::vector<std::uint32_t> words(image.header.spirv_words);
  std::memcpy(words.data(), image.spirv, words.size() * 4);
  return words;
}

} // namespace rt
} // namespace ampvk
