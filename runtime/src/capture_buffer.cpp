#include "capture_buffer.h"

#include "device.h"
#include "internal_counters.h"
#include "memory.h"
#include "queue.h"

namespace ampvk {
namespace rt {
namespace {

// Sizes grow in powers of two so that a frame rarely needs a second buffer.
constexpr std::uint64_t min_capture_bytes = 1024;

std::uint64_t round_up(std::uint64_t bytes) {
  std::uint64_t size = min_capture_bytes;
  while (size < bytes)
    size <<= 1;
  return size;
}

} // namespace

unsigned char *capture_memory(device &d, frame &f, std::uint32_t bytes) {
  if (!f.captures || f.captures.capacity < bytes) {
    // The frame's previous buffer is no longer in use: its fence signaled.
    f.captures = device_allocation();
    f.captures = allocate_buffer(d, round_up(bytes), memory_use::captures);
    ++debug_counters().capture_buffers_created;
  }
  return static_cast<unsigned char *>(f.captures.mapped);
}

} // namespace rt
} // namespace ampvk
