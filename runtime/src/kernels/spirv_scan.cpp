#include "kernels/spirv_scan.h"

#include <unordered_map>
#include <unordered_set>

#include <ampvk/exceptions.h>

#include "vulkan/physical_device.h"

namespace ampvk {
namespace rt {
namespace {

constexpr std::uint32_t op_entry_point = 15;
constexpr std::uint32_t op_capability = 17;
constexpr std::uint32_t op_type_float = 22;
constexpr std::uint32_t op_type_pointer = 32;
constexpr std::uint32_t op_variable = 59;
constexpr std::uint32_t op_access_chain = 65;
constexpr std::uint32_t op_in_bounds_access_chain = 66;
constexpr std::uint32_t op_atomic_exchange = 229;
constexpr std::uint32_t storage_class_workgroup = 4;
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
    {56, "StorageImageWriteWithoutFormat", "writes to a texture_view of any format",
     "shaderStorageImageWriteWithoutFormat", &kernel_features::storage_image_write_without_format},
    {5345, "VulkanMemoryModel", "the Vulkan memory model", "vulkanMemoryModel",
     &kernel_features::vulkan_memory_model},
    {5346, "VulkanMemoryModelDeviceScope", "device-scope memory fences",
     "vulkanMemoryModelDeviceScope", &kernel_features::vulkan_memory_model_device_scope},
};

} // namespace

spirv_summary scan_spirv(const std::vector<std::uint32_t> &words) {
  spirv_summary summary;
  // For the float atomics: float types, pointer types' storage classes and
  // the pointer type of every pointer an atomic can use.
  std::unordered_set<std::uint32_t> float_types;
  std::unordered_map<std::uint32_t, std::uint32_t> pointer_class, type_of;
  for (std::size_t at = 5; at < words.size();) {
    std::uint32_t count = words[at] >> 16;
    std::uint32_t opcode = words[at] & 0xFFFFu;
    if (count == 0 || at + count > words.size())
      break; // malformed: the driver reports it
    if (opcode == op_capability && count >= 2)
      summary.capabilities.push_back(words[at + 1]);
    if (opcode == op_type_float && count >= 2)
      float_types.insert(words[at + 1]);
    if (opcode == op_type_pointer && count >= 3)
      pointer_class[words[at + 1]] = words[at + 2];
    if ((opcode == op_variable || opcode == op_access_chain ||
         opcode == op_in_bounds_access_chain) &&
        count >= 3)
      type_of[words[at + 2]] = words[at + 1];
    if (opcode == op_atomic_exchange && count >= 4 && float_types.count(words[at + 1])) {
      auto type = type_of.find(words[at + 3]);
      auto storage = type == type_of.end() ? pointer_class.end() : pointer_class.find(type->second);
      if (storage != pointer_class.end() && storage->second == storage_class_workgroup)
        summary.float_atomics_shared = true;
      else
        summary.float_atomics_buffer = true;
    }
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
  const struct {
    bool used, supported;
    const char *memory, *feature;
  } float_atomics[] = {
      {summary.float_atomics_buffer, enabled.float32_atomics_buffer, "array or array_view",
       "shaderBufferFloat32Atomics"},
      {summary.float_atomics_shared, enabled.float32_atomics_shared, "tile_static",
       "shaderSharedFloat32Atomics"},
  };
  for (const auto &need : float_atomics)
    if (need.used && !need.supported)
      throw concurrency::unsupported_feature(
          std::string("ampvk: the kernel calls atomic_exchange on a float in ") + need.memory +
          " memory, which " + device_name + " does not support (VK_EXT_shader_atomic_float's " +
          need.feature +
          "); run it on another accelerator, or keep the float's bits in an "
          "unsigned int and exchange those");
}

} // namespace rt
} // namespace ampvk
