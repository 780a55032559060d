// Choosing the default device: AMPVK_DEVICE if set, else by device type.
// Separated from the Vulkan objects so the rules can be tested on any machine.
#ifndef AMPVK_RUNTIME_DEVICE_SELECTION_H
#define AMPVK_RUNTIME_DEVICE_SELECTION_H

#include <cstddef>
#include <string>
#include <vector>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

struct device_candidate {
  std::string name;
  VkPhysicalDeviceType type;
};

// `spec` is AMPVK_DEVICE's value or null: an index into candidates or a
// case-insensitive substring of a name (first match). Without it: the first
// discrete GPU, then integrated, virtual, CPU, other. Returns an index into
// candidates; throws runtime_exception when there is none or spec matches none.
std::size_t choose_device(const std::vector<device_candidate> &candidates, const char *spec);

} // namespace rt
} // namespace ampvk

#endif
