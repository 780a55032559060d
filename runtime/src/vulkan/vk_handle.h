// Move-only owners for Vulkan handles, so every early return and exception
// path destroys what it created and teardown order is the member order.
#ifndef AMPVK_RUNTIME_VULKAN_VK_HANDLE_H
#define AMPVK_RUNTIME_VULKAN_VK_HANDLE_H

#include <utility>

#include <vulkan/vulkan.h>

namespace ampvk {
namespace rt {

// A handle created from a VkDevice and destroyed with vkDestroyX(device, x, nullptr).
template <typename Handle,
          void(VKAPI_PTR *Destroy)(VkDevice, Handle, const VkAllocationCallbacks *)>
class device_child {
public:
  device_child() noexcept = default;
  device_child(VkDevice device, Handle handle) noexcept : device_(device), handle_(handle) {}
  device_child(const device_child &) = delete;
  device_child &operator=(const device_child &) = delete;
  device_child(device_child &&other) noexcept
      : device_(other.device_), handle_(std::exchange(other.handle_, VK_NULL_HANDLE)) {}
  device_child &operator=(device_child &&other) noexcept {
    if (this != &other) {
      reset();
      device_ = other.device_;
      handle_ = std::exchange(other.handle_, VK_NULL_HANDLE);
    }
    return *this;
  }
  ~device_child() { reset(); }

  void reset() noexcept {
    if (handle_ != VK_NULL_HANDLE)
      Destroy(device_, handle_, nullptr);
    handle_ = VK_NULL_HANDLE;
  }
  Handle get() const noexcept { return handle_; }
  explicit operator bool() const noexcept { return handle_ != VK_NULL_HANDLE; }

private:
  VkDevice device_ = VK_NULL_HANDLE;
  Handle handle_ = VK_NULL_HANDLE;
};

using unique_buffer = device_child<VkBuffer, vkDestroyBuffer>;
using unique_memory = device_child<VkDeviceMemory, vkFreeMemory>;
using unique_fence = device_child<VkFence, vkDestroyFence>;
using unique_command_pool = device_child<VkCommandPool, vkDestroyCommandPool>;
using unique_descriptor_pool = device_child<VkDescriptorPool, vkDestroyDescriptorPool>;
using unique_descriptor_set_layout =
    device_child<VkDescriptorSetLayout, vkDestroyDescriptorSetLayout>;
using unique_pipeline_layout = device_child<VkPipelineLayout, vkDestroyPipelineLayout>;
using unique_shader_module = device_child<VkShaderModule, vkDestroyShaderModule>;
using unique_pipeline = device_child<VkPipeline, vkDestroyPipeline>;
using unique_pipeline_cache = device_child<VkPipelineCache, vkDestroyPipelineCache>;
using unique_query_pool = device_child<VkQueryPool, vkDestroyQueryPool>;
using unique_image = device_child<VkImage, vkDestroyImage>;
using unique_image_view = device_child<VkImageView, vkDestroyImageView>;
using unique_sampler = device_child<VkSampler, vkDestroySampler>;

// The logical device itself; destroyed last among a device's objects.
class unique_device {
public:
  unique_device() noexcept = default;
  explicit unique_device(VkDevice device) noexcept : handle_(device) {}
  unique_device(const unique_device &) = delete;
  unique_device &operator=(const unique_device &) = delete;
  ~unique_device() { reset(); }
  void reset(VkDevice device = VK_NULL_HANDLE) noexcept {
    if (handle_ != VK_NULL_HANDLE)
      vkDestroyDevice(handle_, nullptr);
    handle_ = device;
  }
  VkDevice get() const noexcept { return handle_; }

private:
  VkDevice handle_ = VK_NULL_HANDLE;
};

} // namespace rt
} // namespace ampvk

#endif
