#include "device.h"
#include "diagnostics/bounds_report.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <ampvk/exceptions.h>

#include "diagnostics/kernel_failures.h"
#include "diagnostics/kernel_print.h"
#include "diagnostics/profiler.h"
#include "execution/queue.h"
#include "kernels/pipeline_cache.h"
#include "memory/buffer.h"
#include "memory/host_import.h"
#include "memory/image.h"
#include "memory/memory_pool.h"
#include "memory/residency.h"
#include "memory/staging.h"
#include "runtime_state.h"
#include "vulkan/env.h"
#include "vulkan/internal_counters.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {
namespace {

// GPUs keep more loads in flight with several work items per thread (a copy
// kernel on the H100 went from 0.73x to 0.96x of its copy rate in issue 11's
// measurement); a CPU device gains nothing. AMPVK_ITEMS_PER_THREAD=N (1..64)
// takes N for every untiled launch, however small: the tests' way to run the
// item loop on lavapipe.
item_policy choose_item_policy(const physical_device &p) {
  item_policy policy;
  if (const char *forced = env_value("AMPVK_ITEMS_PER_THREAD")) {
    long n = std::strtol(forced, nullptr, 10);
    if (n >= 1 && n <= 64) {
      policy.items = static_cast<std::uint32_t>(n);
      policy.always = true;
      return policy;
    }
  }
  policy.items = p.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 1 : 4;
  return policy;
}

} // namespace

device::device(physical_device description)
    : physical_(std::move(description)), items_(choose_item_policy(physical_)),
      queue_(std::make_unique<rt::queue>(*this)) {}

// Runs only if a runtime_state is deleted, which happens when its creation
// failed part-way, before any logical device existed.
device::~device() = default;

std::string device::describe() const {
  return std::string(physical_.name()) + " (Vulkan device " + std::to_string(physical_.index) + ")";
}

void device::open() {
  if (open_.load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (open_.load(std::memory_order_relaxed))
    return;
  if (closed_)
    throw concurrency::runtime_exception("ampvk: " + describe() +
                                             " was used after the runtime shut down at exit",
                                         concurrency::E_FAIL_AMP);
  {
    setup_phase phase("device opened");
    create_logical_device();
  }
  open_.store(true, std::memory_order_release);
  runtime_state::register_teardown();
}

void device::create_logical_device() {
  const kernel_features &f = physical_.features;
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.features.shaderFloat64 = f.float64;
  features.features.robustBufferAccess = f.robust_buffer_access;
  features.features.shaderInt64 = f.int64;
  features.features.shaderInt16 = f.int16;
  features.features.shaderStorageImageWriteWithoutFormat = f.storage_image_write_without_format;
  VkPhysicalDevice16BitStorageFeatures storage16{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDeviceVulkan11Features v11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  if (physical_.api_version >= VK_API_VERSION_1_2) {
    // The 1.1 feature struct replaces the per-extension ones from 1.2 on.
    v11.storageBuffer16BitAccess = f.storage_buffer_16bit;
    for (const vulkan12_feature &feature : vulkan12_features)
      v12.*feature.vulkan = f.*feature.ours ? VK_TRUE : VK_FALSE;
    features.pNext = &v11;
    v11.pNext = &v12;
  } else {
    storage16.storageBuffer16BitAccess = f.storage_buffer_16bit;
    features.pNext = &storage16;
  }

  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  if (f.atomic_float_extension) {
    atomic_float.shaderBufferFloat32Atomics = f.float32_atomics_buffer;
    atomic_float.shaderSharedFloat32Atomics = f.float32_atomics_shared;
    atomic_float.pNext = features.pNext;
    features.pNext = &atomic_float;
  }

  // Every view of the device, the default one and create_view's, submits to
  // one VkQueue (each view keeps its own batch and fences). On NVIDIA's driver
  // each VkQueue asked for costs vkCreateDevice about 20 ms, which every
  // program pays before its first kernel (H100, 580.159.04: 60-70 ms with one
  // queue, 82-86 with two, 207-224 with eight), and two views on two VkQueues
  // ran their kernels one after the other all the same (1.96-2.10x one
  // kernel's time, as on one queue; docs/performance.md, "Launch costs").
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = physical_.queue_family;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;

  // AMPVK_LOG=pipelines: the driver's statistics of each pipeline.
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executable_info{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
  const bool statistics = tools().log_pipelines && physical_.reports_pipeline_statistics;
  if (statistics) {
    executable_info.pipelineExecutableInfo = VK_TRUE;
    executable_info.pNext = features.pNext;
    features.pNext = &executable_info;
  }

  std::vector<const char *> extensions;
  if (physical_.has_push_descriptor)
    extensions.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  if (f.atomic_float_extension)
    extensions.push_back(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
  if (physical_.imports_host_memory) // needs VK_KHR_external_memory: core in 1.1
    extensions.push_back(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
  if (statistics)
    extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);

  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &features;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue_info;
  info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  VkDevice handle = VK_NULL_HANDLE;
  {
    setup_phase phase("vkCreateDevice");
    vk_check(vkCreateDevice(physical_.handle, &info, nullptr, &handle), "opening " + describe());
  }
  device_.reset(handle);
  try {
    if (physical_.has_push_descriptor)
      push_descriptor_ = reinterpret_cast<PFN_vkCmdPushDescriptorSetKHR>(
          vkGetDeviceProcAddr(handle, "vkCmdPushDescriptorSetKHR"));
    if (physical_.imports_host_memory)
      host_pointer_properties_ = reinterpret_cast<PFN_vkGetMemoryHostPointerPropertiesEXT>(
          vkGetDeviceProcAddr(handle, "vkGetMemoryHostPointerPropertiesEXT"));
    if (statistics) {
      pipeline_executable_properties_ = reinterpret_cast<PFN_vkGetPipelineExecutablePropertiesKHR>(
          vkGetDeviceProcAddr(handle, "vkGetPipelineExecutablePropertiesKHR"));
      pipeline_executable_statistics_ = reinterpret_cast<PFN_vkGetPipelineExecutableStatisticsKHR>(
          vkGetDeviceProcAddr(handle, "vkGetPipelineExecutableStatisticsKHR"));
    }
    vkGetDeviceQueue(handle, physical_.queue_family, 0, &vk_queue_);
    memory_ = std::make_unique<memory_pool>(*this);
    queue_->attach(vk_queue_, physical_.queue_family);
    staging_ = std::make_unique<staging_pool>(*this);
    pipelines_ = std::make_unique<pipeline_cache>(*this);
  } catch (...) {
    // Leave the device unopened so the next call starts from scratch.
    pipelines_.reset();
    staging_.reset();
    queue_->detach();
    vk_queue_ = VK_NULL_HANDLE;
    memory_.reset();
    device_.reset();
    throw;
  }
}

rt::queue &device::create_view(bool immediate) {
  open();
  std::lock_guard<std::mutex> lock(mutex_);
  check_usable();
  reap_views();
  auto view = std::make_unique<rt::queue>(*this, immediate);
  view->attach(vk_queue_, physical_.queue_family);
  view->handles.store(1, std::memory_order_relaxed);
  views_.push_back(std::move(view));
  ++debug_counters().views_created;
  return *views_.back();
}

void device::reap_views() noexcept {
  // Finished batches let go of their buffers first: an orphaned array made on
  // a view holds a handle on it until then.
  for (auto &view : views_)
    if (!closed_)
      try {
        view->retire();
      } catch (const std::exception &) {
      }
  for (auto it = views_.begin(); it != views_.end();) {
    rt::queue &view = **it;
    if (view.handles.load(std::memory_order_acquire) != 0 || closed_) {
      ++it;
      continue;
    }
    try {
      view.wait_idle(); // nothing may still run on it or hold its frames
    } catch (const std::exception &) {
      ++it; // a lost device: teardown lets go of it
      continue;
    }
    view.detach();
    it = views_.erase(it);
    ++debug_counters().views_destroyed;
  }
}

rt::queue *device::view_holding(const buffer &b, std::uint64_t &serial) noexcept {
  serial = queue_->last_holding(b);
  if (serial)
    return queue_.get();
  for (auto &view : views_) {
    serial = view->last_holding(b);
    if (serial)
      return view.get();
  }
  return nullptr;
}

void device::check_usable() const {
  check_not_lost();
  if (closed_)
    throw concurrency::runtime_exception("ampvk: " + describe() +
                                             " was used after the runtime shut down at exit",
                                         concurrency::E_FAIL_AMP);
}

void device::mark_lost(const std::string &reason, long code) noexcept {
  std::lock_guard<std::mutex> lock(lost_mutex_);
  if (lost_.load(std::memory_order_relaxed))
    return;
  try {
    lost_reason_ = reason;
  } catch (...) {
    // Out of memory for the message: the exception still says the device is gone.
  }
  lost_code_ = code;
  lost_.store(true, std::memory_order_release);
}

void device::check_not_lost() const {
  if (!lost())
    return;
  std::string reason;
  long code;
  {
    std::lock_guard<std::mutex> lock(lost_mutex_);
    reason = lost_reason_;
    code = lost_code_;
  }
  throw concurrency::accelerator_view_removed(
      "ampvk: " + describe() + " can no longer be used: " + reason +
          ". Its arrays' device data is gone; other accelerators still work, and a new process "
          "can use this one again",
      static_cast<concurrency::HRESULT>(code));
}

bool device::finish_work() noexcept {
  // The first queue past the time limit decides: waiting the limit again for
  // each of the others would only delay the exit of a hung GPU.
  for (auto &view : views_)
    if (!view->finish_at_exit())
      return false;
  return queue_->finish_at_exit();
}

void device::teardown() noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    return;
  if (!device_.get()) {
    closed_ = true; // never opened
    return;
  }
  // Submits every batch and retires every frame; orphaned buffers are freed
  // here, and what kernels printed is written out (kernel_print.h), so a
  // program that exits without waiting still shows it. Bounded by the kernel
  // time limit: a hung GPU must not hang exit.
  const bool finished = finish_work();
  // Views still alive (globals destroyed after us, or leaked) keep working on
  // the host: their results are copied back now, while the driver still runs.
  for (buffer *b : buffers)
    residency::evict_to_host(*b);
  closed_ = true;
  open_.store(false, std::memory_order_release);
  if (!finished) {
    // Destroying objects the GPU may still use is undefined; the process is
    // ending and the operating system reclaims them.
    abandoned_.store(true, std::memory_order_release);
    for (auto &pages : pages_of_lost_views)
      static_cast<void>(pages.release());
    std::fprintf(stderr,
                 "ampvk: at exit, %s had not finished its work within the time limit; its Vulkan "
                 "objects are left to the operating system\n",
                 describe().c_str());
    print_kernel_failure_left(); // one found before the hang
    return;
  }
  pages_of_lost_views.clear();
  for (auto &view : views_)
    view->detach();
  queue_->detach();
  // Textures still alive (globals destroyed after us) lose their data.
  for (image_storage *s : images)
    s->release();
  samplers.clear();
  vk_queue_ = VK_NULL_HANDLE;
  staging_->clear();
  staging_.reset();
  pipelines_->save(); // the next run of the program starts with these pipelines
  pipelines_.reset();
  release_check_reports(*this);
  release_print_buffers(*this);
  // Found by this teardown or before it, with nobody left to throw to.
  print_kernel_failure_left();
  memory_.reset();
  device_.reset();
}

} // namespace rt
} // namespace ampvk
