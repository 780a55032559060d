// rt::device: one physical device and, once first used, its logical device with
// everything hanging off it (the queue, staging buffers, cached pipelines).
// Device objects are never deleted; only their Vulkan objects are destroyed at
// teardown, so late callers get an exception or host-only service, not a crash.
#ifndef AMPVK_RUNTIME_DEVICE_H
#define AMPVK_RUNTIME_DEVICE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include <vulkan/vulkan.h>

#include "kernels/compute_domain.h"
#include "vulkan/physical_device.h"
#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class buffer;
struct imported_range;
struct image_storage;
class staging_pool;
class memory_pool;
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

  // The queue object always exists; the rest require open(). All but queue()
  // require the mutex.
  rt::queue &queue() noexcept { return *queue_; }
  // accelerator::create_view: a queue of its own (its batch and fences) on
  // the device's one VkQueue. Opens the device. Not under the mutex (takes
  // it). The caller holds one handle.
  rt::queue &create_view(bool immediate);
  // With the mutex held: destroys the create_view queues no handle names any
  // more, once their work is done.
  void reap_views() noexcept;
  // With the mutex held: a view (the default one or a create_view one) with a
  // batch that holds b, and in `serial` the last such batch; null when none.
  rt::queue *view_holding(const buffer &b, std::uint64_t &serial) noexcept;
  staging_pool &staging() noexcept { return *staging_; }
  // Thread-safe on its own: leases are returned from any thread.
  memory_pool &memory() noexcept { return *memory_; }
  pipeline_cache &pipelines() noexcept { return *pipelines_; }
  PFN_vkCmdPushDescriptorSetKHR push_descriptor_fn() const noexcept { return push_descriptor_; }
  // VK_EXT_external_memory_host's query; null unless physical().imports_host_memory.
  PFN_vkGetMemoryHostPointerPropertiesEXT host_pointer_properties_fn() const noexcept {
    return host_pointer_properties_;
  }
  // VK_KHR_pipeline_executable_properties' queries; null unless
  // AMPVK_LOG=pipelines asked for them and the driver has them.
  PFN_vkGetPipelineExecutablePropertiesKHR pipeline_executable_properties_fn() const noexcept {
    return pipeline_executable_properties_;
  }
  PFN_vkGetPipelineExecutableStatisticsKHR pipeline_executable_statistics_fn() const noexcept {
    return pipeline_executable_statistics_;
  }
  // Work items per thread of untiled kernels (compute_domain.h).
  item_policy items_policy() const noexcept { return items_; }

  // Buffers not yet destroyed (under the mutex): teardown moves their data to
  // the host before it destroys their device memory.
  std::unordered_set<buffer *> buffers;
  // The Vulkan objects of textures not yet destroyed, and the samplers made
  // so far (image.h), both under the mutex: teardown destroys them.
  std::unordered_set<image_storage *> images;
  std::map<std::vector<std::uint32_t>, unique_sampler> samplers;
  // Host pages a view had imported (memory/view_pages.h) when this device was
  // lost, which a copy that timed out may still use (under the mutex):
  // teardown frees them once the GPU is done, or leaves them to the operating
  // system with the rest.
  std::vector<std::unique_ptr<imported_range>> pages_of_lost_views;

  // Bytes of shared (BAR) memory arrays hold, against
  // physical_device::shared_memory_budget (under the mutex).
  VkDeviceSize shared_bytes = 0;

  // accelerator::default_cpu_access_type (an access_type value, auto at
  // first); fixed by its first read or set (device_selection.cpp).
  std::atomic<int> cpu_access{4};
  std::atomic<bool> cpu_access_fixed{false};

  // The device is given up for good: VK_ERROR_DEVICE_LOST from any call, a
  // wait for the GPU past the time limit (AMPVK_KERNEL_TIMEOUT_MS), or a failed
  // submission (its kernels never ran). The first reason is kept; every later
  // use throws accelerator_view_removed naming it. Any thread, with or
  // without the mutex.
  void mark_lost(const std::string &reason, long code) noexcept;
  bool lost() const noexcept { return lost_.load(std::memory_order_acquire); }
  // Throws accelerator_view_removed when the device was lost.
  void check_not_lost() const;
  // Also throws runtime_exception after teardown: for work that needs Vulkan.
  void check_usable() const;
  bool closed() const noexcept { return closed_.load(std::memory_order_acquire); }

  // Process exit: waits for the GPU, copies every live buffer's data to host
  // memory, and destroys every Vulkan object of this device. Afterwards the
  // device makes no Vulkan call, so buffers released by later static
  // destructors (when the driver may already be unloaded) are safe.
  void teardown() noexcept;
  // Teardown left this device's Vulkan objects alive (its GPU did not finish).
  bool abandoned() const noexcept { return abandoned_.load(std::memory_order_acquire); }

private:
  void create_logical_device();
  // Teardown, mutex held: submits and waits (within the time limit) for every
  // view's work; false when some of it may still run on the GPU.
  bool finish_work() noexcept;

  physical_device physical_;
  item_policy items_;
  std::mutex mutex_;
  std::atomic<bool> open_{false};
  std::atomic<bool> closed_{false}; // torn down: no Vulkan call from here on
  std::atomic<bool> lost_{false};
  mutable std::mutex lost_mutex_; // guards the two below
  std::string lost_reason_;
  long lost_code_ = 0;            // the VkResult behind it
  // Teardown could not confirm the GPU finished (hung): its objects are left
  // to the operating system, and the instance is not destroyed.
  std::atomic<bool> abandoned_{false};
  unique_device device_;
  PFN_vkCmdPushDescriptorSetKHR push_descriptor_ = nullptr;
  PFN_vkGetMemoryHostPointerPropertiesEXT host_pointer_properties_ = nullptr;
  PFN_vkGetPipelineExecutablePropertiesKHR pipeline_executable_properties_ = nullptr;
  PFN_vkGetPipelineExecutableStatisticsKHR pipeline_executable_statistics_ = nullptr;
  std::unique_ptr<rt::queue> queue_;
  std::vector<std::unique_ptr<rt::queue>> views_; // create_view's
  VkQueue vk_queue_ = VK_NULL_HANDLE;             // every view's (device.cpp)
  std::unique_ptr<memory_pool> memory_; // outlives every buffer's storage
  std::unique_ptr<staging_pool> staging_;
  std::unique_ptr<pipeline_cache> pipelines_;
};

} // namespace rt
} // namespace ampvk

#endif
