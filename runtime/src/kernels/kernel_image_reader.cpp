#include "kernels/kernel_image_reader.h"

#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {

kernel_image read_kernel_image(const char *bytes, std::size_t size) {
  kernel_image image;
  std::string error = decode_kernel_image(bytes, size, image);
  if (!error.empty())
    throw concurrency::runtime_exception(error, concurrency::E_FAIL_AMP);
  return image;
}

namespace {

struct kept_image {
  std::string prefix; // the header and bindings bytes the image was decoded from
  kernel_image image;
};

// Bytes of the image that decode_kernel_image copies (the rest is pointed at).
std::size_t decoded_prefix(const char *bytes, std::size_t size) noexcept {
  if (size < sizeof(kernel_image_header))
    return 0;
  kernel_image_header h;
  std::memcpy(&h, bytes, sizeof h);
  const std::uint64_t prefix = sizeof h + std::uint64_t(h.num_bindings) * sizeof(kernel_binding);
  return prefix <= size ? static_cast<std::size_t>(prefix) : 0;
}

} // namespace

const kernel_image &read_kernel_image_cached(const char *bytes, std::size_t size) {
  // Per thread: no lock, and the reference stays valid during the launch.
  constexpr std::size_t ways = 4;
  thread_local kept_image kept[ways];
  thread_local std::size_t next = 0;
  const std::size_t prefix = bytes ? decoded_prefix(bytes, size) : 0;
  if (prefix)
    for (kept_image &k : kept)
      if (k.image.bytes == bytes && k.image.size == size && k.prefix.size() == prefix &&
          std::memcmp(k.prefix.data(), bytes, prefix) == 0)
        return k.image;
  kernel_image image = read_kernel_image(bytes, size);
  kept_image &slot = kept[next];
  next = (next + 1) % ways;
  slot.prefix.assign(bytes, prefix);
  slot.image = std::move(image);
  return slot.image;
}

} // namespace rt
} // namespace ampvk
