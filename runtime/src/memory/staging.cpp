#include "memory/staging.h"

#include <algorithm>

#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

// Small transfers share 1 MiB buffers; sizes grow in powers of two so a
// buffer fits many later requests. Free buffers beyond the cap are released
// so one huge copy does not pin its staging memory forever. The cap keeps the
// four 32 MiB chunks of a program that uploads and downloads large data in
// turn (buffer_transfers.cpp: two chunks in flight each way): with 64 MiB,
// every round trip dropped two and allocated and pinned them again.
constexpr std::size_t min_staging_bytes = std::size_t(1) << 20;
constexpr std::size_t max_pooled_bytes = std::size_t(128) << 20;

std::size_t round_up(std::size_t bytes) {
  std::size_t size = min_staging_bytes;
  while (size < bytes && size <= (static_cast<std::size_t>(-1) >> 1))
    size <<= 1;
  return size < bytes ? bytes : size;
}

} // namespace

staging_buffer staging_pool::acquire(std::size_t bytes) {
  auto best = free_.end();
  for (auto it = free_.begin(); it != free_.end(); ++it)
    if ((*it)->capacity >= bytes && (best == free_.end() || (*it)->capacity < (*best)->capacity))
      best = it;
  if (best != free_.end()) {
    staging_buffer buffer = std::move(*best);
    free_.erase(best);
    free_bytes_ -= buffer->capacity;
    return buffer;
  }
  auto buffer = std::make_unique<device_allocation>(
      allocate_buffer(device_, round_up(bytes), memory_use::staging));
  ++debug_counters().staging_buffers_created;
  return buffer;
}

void staging_pool::give_back(staging_buffer buffer) noexcept {
  if (!buffer)
    return;
  if (buffer->capacity > max_pooled_bytes)
    return; // freed here: too large to keep around
  free_bytes_ += buffer->capacity;
  free_.push_back(std::move(buffer));
  // Drop the smallest buffers first: the large ones are the expensive ones to
  // recreate.
  while (free_bytes_ > max_pooled_bytes && !free_.empty()) {
    auto smallest = std::min_element(free_.begin(), free_.end(), [](auto &a, auto &b) {
      return a->capacity < b->capacity;
    });
    free_bytes_ -= (*smallest)->capacity;
    free_.erase(smallest);
  }
}

} // namespace rt
} // namespace ampvk
