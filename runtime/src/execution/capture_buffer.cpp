#include "execution/capture_buffer.h"

#include "device.h"
#include "execution/queue.h"
#include "memory/memory.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

// Sizes grow in powers of two so that a frame rarely needs a second buffer,
// and start large enough for a batch of launches with small blocks.
constexpr std::uint64_t min_capture_bytes = 64 * 1024;

std::uint64_t round_up(std::uint64_t bytes) {
  std::uint64_t size = min_capture_bytes;
  while (size < bytes)
    size <<= 1;
  return size;
}

std::uint64_t next_offset(const device &d, const frame &f) noexcept {
  const std::uint64_t align = d.limits().minStorageBufferOffsetAlignment;
  return (f.captures_used + align - 1) / align * align;
}

} // namespace

bool capture_room(const device &d, const frame &f, std::uint32_t bytes) noexcept {
  return f.captures_used == 0 || next_offset(d, f) + bytes <= f.captures.capacity;
}

unsigned char *capture_memory(device &d, frame &f, std::uint32_t bytes) {
  std::uint64_t offset = f.captures_used == 0 ? 0 : next_offset(d, f);
  if (!f.captures || f.captures.capacity < offset + bytes) {
    // Only in a batch that took no block yet: the frame's previous buffer is
    // no longer in use, its fence signaled.
    f.captures = device_allocation();
    f.captures = allocate_buffer(d, round_up(bytes), memory_use::captures);
    ++debug_counters().capture_buffers_created;
    offset = 0;
  }
  f.capture_offset = static_cast<std::uint32_t>(offset);
  f.captures_used = static_cast<std::uint32_t>(offset + bytes);
  return static_cast<unsigned char *>(f.captures.mapped) + offset;
}

} // namespace rt
} // namespace ampvk
