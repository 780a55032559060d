#include "spirv_scan.h"

#include <ampvk/exceptions.h>

#include "physical_device.h"

namespace ampvk {
namespace rt {
namespace {

constexpr std::uint32_t op_entry_point = 15;
constexpr std::uint32_t op_capability = 17;
constexpr std::uint32_t op_function = 54;
constexpr std::uint32_t execution_model_glcompute = 5;

struct capability_need {
  std::uint32_t capability;
  const char *capability_name;
  const char *what;         // in the user's terms
  const char *feature_name; // the Vulkan feature
  bool kernel_features::*feature;
};

const capability_need needs[] = {
    {10, "Float64", "double-precision arithmetic", "shaderFloat64", &kernel_features::float64},
    {11, "Int64", "64-bit integers", "shaderInt64", &kernel_features::int64},
    {22, "Int16", "16-bit integers", "shaderInt16", &kernel_features::int16},
    {9, "Float16", "half-precision arithmetic", "shaderFloat16", &kernel_features::float16},
    {39, "Int8", "8-bit integers", "shaderInt8", &kernel_features::int8},
    {4433, "StorageBuffer16BitAccess", "16-bit values in arrays", "storageBuffer16BitAccess",
     &kernel_features::storage_buffer_16bit},
    {4448, "StorageBuffer8BitAccess", "8-bit values in arrays", "storageBuffer8BitAccess",
     &kernel_features::storage_buffer_8bit},
    {5345, "VulkanMemoryModel", "the Vulkan memory model", "vulkanMemoryModel",
     &kernel_features::vulkan_memory_model},
    {5346, "VulkanMemoryModelDeviceScope", "device-scope memory fences",
     "vulkanMemoryModelDeviceScope", &kernel_features::vulkan_memory_model_device_scope},
};

} // namespace

spirv_summary scan_spirv(const std::vector<std::uint32_t> &words) {
  spirv_summary summary;
  for (std::size_t at = 5; at < words.size();) {
    std::uint32_t count = words[at] >> 16;
    std::uint32_t opcode = words[at] & 0xFFFFu;
    if (count == 0 || at + count > words.size() || opcode == op_function)
      break; // malformed (the driver reports it) or past the declarations
    if (opcode == op_capability && count >= 2)
      summary.capabilities.push_back(words[at + 1]);
    if (opcode == op_entry_point && count >= 4 && words[at + 1] == execution_model_glcompute &&
        summary.entry_point.empty()) {
      // A nul-terminated UTF-8 literal packed little-endian into words.
      for (std::size_t w = at + 3; w < at + count; ++w) {
        bool end = false;
        for (int byte = 0; byte < 4; ++byte) {
          char c = static_cast<char>((words[w] >> (8 * byte)) & 0xFFu);
          if (c == '\0') {
            end = true;
            break;
          }
          summary.entry_point.push_back(c);
        }
        if (end)
          break;
      }
    }
    at += count;
  }
  if (summary.entry_point.empty())
    summary.entry_point = "main";
  return summary;
}

void check_capabilities(const spirv_summary &summary, const kernel_features &enabled,
                        const std::string &device_name) {
  for (std::uint32_t capability : summary.capabilities)
    for (const auto &need : needs)
      if (need.capability == capability && !(enabled.*need.feature))
        throw concurrency::unsupported_feature(
            std::string("ampvk: the kernel uses ") + need.what + " (SPIR-V capability " +
            need.capability_name + "), which " + device_name + " does not support (" +
            need.feature_name + "); run it on another accelerator or avoid that type");
}

} // namespace rt
} // namespace ampvk
