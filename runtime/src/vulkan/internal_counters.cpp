#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

counters &debug_counters() noexcept {
  // Never destroyed: counted operations may run during static destruction.
  static counters *instance = new counters;
  return *instance;
}

} // namespace rt
} // namespace ampvk
