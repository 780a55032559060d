// Lists the matrix multiply-add shapes and component types each Vulkan device
// offers through VK_NV_cooperative_matrix (the types VK_KHR_cooperative_matrix
// enumerates too), for docs/performance.md's note on tensor cores: whether a
// shape with 32-bit float inputs exists, which a plain C++ AMP float kernel
// would need. Prints one line per shape, or why a device has none.
#include "vulkan_probe.h"

#include <cstdio>
#include <string_view>
#include <vector>

namespace {

const char *name(VkComponentTypeNV t) {
  switch (t) {
  case VK_COMPONENT_TYPE_FLOAT16_NV:
    return "f16";
  case VK_COMPONENT_TYPE_FLOAT32_NV:
    return "f32";
  case VK_COMPONENT_TYPE_FLOAT64_NV:
    return "f64";
  case VK_COMPONENT_TYPE_SINT8_NV:
    return "s8";
  case VK_COMPONENT_TYPE_SINT16_NV:
    return "s16";
  case VK_COMPONENT_TYPE_SINT32_NV:
    return "s32";
  case VK_COMPONENT_TYPE_SINT64_NV:
    return "s64";
  case VK_COMPONENT_TYPE_UINT8_NV:
    return "u8";
  case VK_COMPONENT_TYPE_UINT16_NV:
    return "u16";
  case VK_COMPONENT_TYPE_UINT32_NV:
    return "u32";
  case VK_COMPONENT_TYPE_UINT64_NV:
    return "u64";
  default:
    return "other";
  }
}

} // namespace

int main() {
  std::vector<VkPhysicalDevice> devices;
  VkInstance instance = probe_instance(VK_API_VERSION_1_1, devices);
  if (!instance)
    return 1;
  auto list = reinterpret_cast<PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV>(
      vkGetInstanceProcAddr(instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesNV"));
  for (VkPhysicalDevice d : devices) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(d, &p);
    std::uint32_t n = 0;
    std::vector<VkExtensionProperties> extensions;
    vkEnumerateDeviceExtensionProperties(d, nullptr, &n, nullptr);
    extensions.resize(n);
    vkEnumerateDeviceExtensionProperties(d, nullptr, &n, extensions.data());
    bool nv = false, khr = false;
    for (const VkExtensionProperties &e : extensions) {
      nv = nv || std::string_view(e.extensionName) == "VK_NV_cooperative_matrix";
      khr = khr || std::string_view(e.extensionName) == "VK_KHR_cooperative_matrix";
    }
    std::printf("%s: VK_NV_cooperative_matrix %s, VK_KHR_cooperative_matrix %s\n", p.deviceName,
                nv ? "yes" : "no", khr ? "yes" : "no");
    if (!nv || !list)
      continue;
    std::uint32_t shapes = 0;
    list(d, &shapes, nullptr);
    std::vector<VkCooperativeMatrixPropertiesNV> all(
        shapes, {VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV});
    list(d, &shapes, all.data());
    bool f32_inputs = false;
    for (const VkCooperativeMatrixPropertiesNV &s : all) {
      std::printf("  %ux%ux%u  A %s  B %s  C %s  D %s\n", s.MSize, s.NSize, s.KSize, name(s.AType),
                  name(s.BType), name(s.CType), name(s.DType));
      f32_inputs = f32_inputs || (s.AType == VK_COMPONENT_TYPE_FLOAT32_NV &&
                                  s.BType == VK_COMPONENT_TYPE_FLOAT32_NV);
    }
    std::printf("  a shape with f32 inputs: %s\n", f32_inputs ? "yes" : "no");
  }
  vkDestroyInstance(instance, nullptr);
  return 0;
}
