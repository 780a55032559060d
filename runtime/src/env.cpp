#include "env.h"

#include <cstdlib>
#include <cstring>

namespace ampvk {
namespace rt {

const char *env_value(const char *name) noexcept {
  const char *value = std::getenv(name);
  return value && *value ? value : nullptr;
}

bool env_flag(const char *name) noexcept {
  const char *value = env_value(name);
  return value && std::strcmp(value, "0") != 0;
}

} // namespace rt
} // namespace ampvk
