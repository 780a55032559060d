// The process-wide runtime: the instance and the devices. Created on first use
// and deliberately never deleted, so a user's global array_view destroyed
// after our teardown finds valid objects. Its Vulkan objects are destroyed by
// an atexit handler registered on creation, which therefore runs before the
// destructors of globals that were constructed after the runtime.
#ifndef AMPVK_RUNTIME_RUNTIME_STATE_H
#define AMPVK_RUNTIME_RUNTIME_STATE_H

#include <memory>
#include <vector>

#include "device.h"
#include "instance.h"

namespace ampvk {
namespace rt {

class runtime_state {
public:
  // Throws runtime_exception when Vulkan is unavailable; a later call retries.
  static runtime_state &get();

  const std::vector<device *> &devices() const noexcept { return devices_; }

private:
  runtime_state() = default;
  static void teardown_at_exit() noexcept;

  vulkan_instance instance_;
  std::vector<std::unique_ptr<device>> owned_;
  std::vector<device *> devices_;
};

} // namespace rt
} // namespace ampvk

#endif
