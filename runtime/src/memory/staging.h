// Reusable host-visible buffers for uploads and downloads on devices whose
// kernel memory the host cannot map. A lease is held by a submission until it
// retires, then returns to the pool instead of being freed.
#ifndef AMPVK_RUNTIME_MEMORY_STAGING_H
#define AMPVK_RUNTIME_MEMORY_STAGING_H

#include <cstddef>
#include <memory>
#include <vector>

#include "memory/memory.h"

namespace ampvk {
namespace rt {

class device;

using staging_buffer = std::unique_ptr<device_allocation>;

class staging_pool {
public:
  explicit staging_pool(device &d) : device_(d) {}
  // A mapped buffer of at least `bytes`. Call with the device mutex held.
  staging_buffer acquire(std::size_t bytes);
  void give_back(staging_buffer buffer) noexcept;
  void clear() noexcept { free_.clear(); free_bytes_ = 0; }

private:
  device &device_;
  std::vector<staging_buffer> free_;
  std::size_t free_bytes_ = 0;
};

} // namespace rt
} // namespace ampvk

#endif
