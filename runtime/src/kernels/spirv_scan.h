// What the runtime needs from a kernel's SPIR-V before creating its pipeline:
// the compute entry point's name and the capabilities the device must enable.
#ifndef AMPVK_RUNTIME_KERNELS_SPIRV_SCAN_H
#define AMPVK_RUNTIME_KERNELS_SPIRV_SCAN_H

#include <cstdint>
#include <string>
#include <vector>

namespace ampvk {
namespace rt {

struct kernel_features;

struct spirv_summary {
  std::string entry_point; // first GLCompute entry point; "main" if none is found
  std::vector<std::uint32_t> capabilities;
  // OpAtomicExchange of a float (atomic_exchange(float*)): Vulkan needs
  // VK_EXT_shader_atomic_float's feature for the memory it is on.
  bool float_atomics_buffer = false;
  bool float_atomics_shared = false;
};

spirv_summary scan_spirv(const std::vector<std::uint32_t> &words);

// Throws unsupported_feature naming the first capability the device lacks,
// e.g. double precision on a device without shaderFloat64, or float atomics.
void check_capabilities(const spirv_summary &summary, const kernel_features &enabled,
                        const std::string &device_name);

} // namespace rt
} // namespace ampvk

#endif
