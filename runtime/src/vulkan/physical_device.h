// What the runtime learns about a VkPhysicalDevice before opening it: the
// limits a launch is checked against, the features it may enable, the queue
// family it will use and the memory strategy that suits it.
#ifndef AMPVK_RUNTIME_VULKAN_PHYSICAL_DEVICE_H
#define AMPVK_RUNTIME_VULKAN_PHYSICAL_DEVICE_H

#include <cstdint>
#include <optional>
#include <string>

#include <vulkan/vulkan.h>

#include <ampvk/runtime.h>

namespace ampvk {
namespace rt {

// Optional device features the runtime turns on when supported, because
// kernels compiled from C++ may need them (double, 64-bit and small integers,
// C++ struct layout in push constants, the Vulkan memory model).
struct kernel_features {
  bool float64 = false;
  // Out-of-range buffer accesses stay inside the buffer (or read 0): an
  // unchecked kernel cannot corrupt other memory. Enabled where offered.
  bool robust_buffer_access = false;
  bool int64 = false;
  bool int16 = false;
  bool float16 = false;
  bool int8 = false;
  bool storage_buffer_16bit = false;
  bool storage_buffer_8bit = false;
  bool scalar_block_layout = false;
  bool vulkan_memory_model = false;
  bool vulkan_memory_model_device_scope = false;
  // VK_EXT_shader_atomic_float: atomic exchange of floats (atomic_exchange(float*)).
  bool atomic_float_extension = false;
  bool float32_atomics_buffer = false; // shaderBufferFloat32Atomics
  bool float32_atomics_shared = false; // shaderSharedFloat32Atomics
  // Texture views whose format the kernel cannot know (any bits per scalar
  // element) are written through storage images of Unknown format.
  bool storage_image_write_without_format = false;
};

// The Vulkan 1.2 features kernels may need, each beside its kernel_features
// member: queried (physical_device.cpp) and enabled (device.cpp) from this
// one list.
struct vulkan12_feature {
  bool kernel_features::*ours;
  VkBool32 VkPhysicalDeviceVulkan12Features::*vulkan;
};
constexpr vulkan12_feature vulkan12_features[] = {
    {&kernel_features::float16, &VkPhysicalDeviceVulkan12Features::shaderFloat16},
    {&kernel_features::int8, &VkPhysicalDeviceVulkan12Features::shaderInt8},
    {&kernel_features::storage_buffer_8bit,
     &VkPhysicalDeviceVulkan12Features::storageBuffer8BitAccess},
    {&kernel_features::scalar_block_layout, &VkPhysicalDeviceVulkan12Features::scalarBlockLayout},
    {&kernel_features::vulkan_memory_model, &VkPhysicalDeviceVulkan12Features::vulkanMemoryModel},
    {&kernel_features::vulkan_memory_model_device_scope,
     &VkPhysicalDeviceVulkan12Features::vulkanMemoryModelDeviceScope},
};

struct physical_device {
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  unsigned index = 0; // position in rt::devices()
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memory{};
  std::uint64_t max_allocation_size = 0; // maxMemoryAllocationSize (Vulkan 1.1)
  std::uint32_t api_version = 0; // min(device, instance): what may be used
  std::uint32_t queue_family = 0;
  kernel_features features;
  // The driver ends a shader invocation's loops after a fixed count (Mesa's
  // lavapipe), or AMPVK_DEBUG_LOOP_WITNESS=1 acts so: kernels then catch a
  // loop it cuts short (kernel_image.h, witness_spirv_words).
  bool cuts_loops = false;
  bool has_push_descriptor = false; // VK_KHR_push_descriptor, and not disabled for tests
  // VK_KHR_pipeline_executable_properties: the driver reports what it made of
  // a pipeline (registers, shared memory...), for AMPVK_LOG=pipelines.
  bool reports_pipeline_statistics = false;
  std::uint32_t max_push_descriptors = 0;
  // Device memory the host can map and that is as fast as any other device
  // memory (integrated GPUs, CPU drivers): kernels' buffers are then mapped and
  // copied with memcpy instead of staging buffers and transfer commands.
  bool unified_memory = false;
  // On other devices, arrays the host may access (cpu access_type other than
  // none) are put in DEVICE_LOCAL|HOST_VISIBLE memory (resizable BAR, or the
  // classic 256 MiB BAR window) up to this many bytes in all, so host access
  // needs no copies; 0 when there is no such memory. A small BAR heap gets a
  // quarter of its size: the driver and our capture buffers need the rest.
  VkDeviceSize shared_memory_budget = 0;
  // The budget covers the whole heap (resizable BAR): every array can be
  // shared, so supports_cpu_shared_memory is true.
  bool resizable_bar = false;
  // VK_EXT_external_memory_host: host memory the device's copy commands reach
  // directly once imported (copies between accelerators, memory/host_import.h);
  // the alignment of an imported pointer and size. Not on unified-memory
  // devices, where the host copies the device's memory itself.
  bool imports_host_memory = false;
  VkDeviceSize host_import_alignment = 0;
  device_info info;

  const VkPhysicalDeviceLimits &limits() const noexcept { return properties.limits; }
  const char *name() const noexcept { return properties.deviceName; }
};

// Null when the device cannot run ampvk kernels (no compute queue, Vulkan < 1.1).
// instance_api caps the features used: a device never exceeds its instance's version.
std::optional<physical_device> describe_physical_device(VkPhysicalDevice handle, unsigned index,
                                                        std::uint32_t instance_api);

std::wstring widen_utf8(const std::string &text);

} // namespace rt
} // namespace ampvk

#endif
