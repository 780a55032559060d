// rt::device: one physical device and, once first used, its logical device with
// everything hanging off it (the queue, staging buffers, cached pipelines).
// Device objects live until process exit; only their Vulkan objects are
// destroyed at teardown, so late callers get an exception, not a crash.
#ifndef AMPVK_RUNTIME_DEVICE_H
#define AMPVK_RUNTIME_DEVICE_H

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>

#include <vulkan/vulkan.h>

#include "physical_device.h"
#include "vk_handle.h"

namespace ampvk {
namespace rt {

class staging_pool;
class pipeline_cache;

class device {
public:
  explicit device(physical_device description);
  ~device();
  device(const device &) = delete;
  device &operator=(const device &) = delete;

  const physical_device &physical() const noexcept { return physical_; }
  const VkPhysicalDeviceLimits &limits() const noexcept { return physical_.limits(); }
  const char *name() const noexcept { return physical_.name(); }
  // "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan device 0)": for messages.
  std::string describe() const;

  // Opens the logical device on first use; cheap afterwards. Throws
  // runtime_exception (or out_of_memory) when Vulkan refuses, or after teardown.
  void open();
  VkDevice vk() const noexcept { return device_.get(); }

  // Guards all mutable state of this device and of the buffers on it: the
  // queue's submissions, buffer residency, staging and pipeline caches.
  std::mutex &mutex() noexcept { return mutex_; }

  // These require open() and, except queue(), the mutex.
  rt::queue &queue() noexcept { return *queue_; }
  staging_pool &staging() noexcept { return *staging_; }
  pipeline_cache &pipelines() noexcept { return *pipelines_; }
  PFN_vkCmdPushDescriptorSetKHR push_descriptor_fn() const noexcept { return push_descriptor_; }

  // Buffers not yet destroyed; a device with live buffers is left open at exit.
  std::atomic<std::size_t> live_buffers{0};

  // Set once VK_ERROR_DEVICE_LOST was seen (under the mutex).
  bool lost = false;
  // Throws accelerator_view_removed when lost; call with the mutex held.
  void check_not_lost() const;

  // Process exit: waits for the GPU, then destroys every Vulkan object of this
  // device unless buffers are still alive. Returns whether it was destroyed.
  bool teardown() noexcept;

private:
  void create_logical_device();

  physical_device physical_;
  std::mutex mutex_;
  std::atomic<bool> open_{false};
  bool closed_ = false; // torn down
  unique_device device_;
  PFN_vkCmdPushDescriptorSetKHR push_descriptor_ = nullptr;
  std::unique_ptr<rt::queue> queue_;
  std::unique_ptr<staging_pool> staging_;
  std::unique_ptr<pipeline_cache> pipelines_;
};

} // namespace rt
} // namespace ampvk

#endif
