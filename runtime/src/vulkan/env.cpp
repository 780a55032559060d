#include "vulkan/env.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {
namespace {

// Long enough for any kernel a desktop driver would let run (Windows resets a
// GPU after 2 s), short enough that a hung GPU is reported instead of hanging
// the program for good.
constexpr std::uint64_t default_kernel_timeout_ms = 60000;

std::uint64_t read_kernel_timeout_ms() {
  const char *text = env_value("AMPVK_KERNEL_TIMEOUT_MS");
  if (!text)
    return default_kernel_timeout_ms;
  char *end = nullptr;
  errno = 0;
  unsigned long long ms = std::strtoull(text, &end, 10);
  if (*end || errno || *text == '-')
    throw concurrency::runtime_exception(
        std::string("ampvk: AMPVK_KERNEL_TIMEOUT_MS=") + text +
            " is not a number of milliseconds (how long to wait for the GPU before giving it up "
            "as hung; 0: no limit)",
        concurrency::E_INVALIDARG_AMP);
  return ms;
}

std::uint32_t read_printf_buffer_bytes() {
  const char *text = env_value("AMPVK_PRINTF_BUFFER");
  if (!text)
    return default_printf_buffer_bytes;
  char *end = nullptr;
  errno = 0;
  unsigned long long bytes = std::strtoull(text, &end, 10);
  if (*end || *text == '-' || (errno && errno != ERANGE))
    throw concurrency::runtime_exception(
        std::string("ampvk: AMPVK_PRINTF_BUFFER=") + text +
            " is not a number of bytes (the size of each launch's direct3d_printf buffer)",
        concurrency::E_INVALIDARG_AMP);
  // Out of range is not an error: a size too large for the runtime's limit
  // asks for the largest buffer, as does a number too large to read.
  if (errno == ERANGE || bytes > max_printf_buffer_bytes)
    bytes = max_printf_buffer_bytes;
  if (bytes < min_printf_buffer_bytes)
    bytes = min_printf_buffer_bytes;
  return static_cast<std::uint32_t>(bytes) & ~3u;
}

} // namespace

const char *env_value(const char *name) noexcept {
  const char *value = std::getenv(name);
  return value && *value ? value : nullptr;
}

bool env_flag(const char *name) noexcept {
  const char *value = env_value(name);
  return value && std::strcmp(value, "0") != 0;
}

std::uint64_t kernel_timeout_ms() {
  static const std::uint64_t ms = read_kernel_timeout_ms();
  return ms;
}

std::uint64_t kernel_timeout_ns() {
  const std::uint64_t ms = kernel_timeout_ms();
  if (ms == 0 || ms > UINT64_MAX / 1000000u)
    return UINT64_MAX;
  return ms * 1000000u;
}

std::uint32_t printf_buffer_bytes() {
  static const std::uint32_t bytes = read_printf_buffer_bytes();
  return bytes;
}

} // namespace rt
} // namespace ampvk
