// The process-wide runtime: the instance and the devices. Created on first use
// and deliberately never deleted, so a user's global array_view destroyed
// after our teardown finds valid objects.
//
// Its Vulkan objects are destroyed by an atexit handler. Exit handlers run in
// reverse order of registration, and drivers and layers register destructors
// for function-local statics the first time a code path runs (the validation
// layer's synchronization tables, for one); a Vulkan call after those ran
// crashes. So the handler is registered again (it runs once) after each kind
// of Vulkan work is first done: it then runs before those destructors, moves
// every live buffer's data to the host and closes the devices, and later exit
// code (a user's static array_view) never reaches the driver.
#ifndef AMPVK_RUNTIME_RUNTIME_STATE_H
#define AMPVK_RUNTIME_RUNTIME_STATE_H

#include <memory>
#include <vector>

#include "device.h"
#include "vulkan/instance.h"

namespace ampvk {
namespace rt {

class runtime_state {
public:
  // Throws runtime_exception when Vulkan is unavailable; a later call retries.
  static runtime_state &get();

  const std::vector<device *> &devices() const noexcept { return devices_; }

  // Call after Vulkan work that may have run driver code for the first time.
  static void register_teardown() noexcept;

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
