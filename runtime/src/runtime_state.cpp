#include "runtime_state.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>

#include <ampvk/exceptions.h>

#include "diagnostics/profiler.h"
#include "execution/async_tasks.h"
#include "execution/buffer_copies.h"
#include "vulkan/env.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {
namespace {

std::atomic<runtime_state *> the_state{nullptr};
std::atomic<bool> torn_down{false};

std::mutex &init_mutex() {
  static std::mutex *m = new std::mutex; // usable during static destruction
  return *m;
}

// AMPVK_DEVICE_REPLICAS=N: every Vulkan device is offered N times, each
// replica an accelerator of its own with its own VkDevice, queue and memory, as if
// the machine had N such GPUs. Lets programs and tests written for several
// accelerators run (and really cross devices) on a machine with one.
unsigned device_replicas() {
  const char *text = env_value("AMPVK_DEVICE_REPLICAS");
  if (!text)
    return 1;
  char *end = nullptr;
  unsigned long n = std::strtoul(text, &end, 10);
  if (*end || n < 1 || n > 16)
    throw concurrency::runtime_exception(
        std::string("ampvk: AMPVK_DEVICE_REPLICAS=") + text +
            " is not a number from 1 to 16 (how many accelerators each Vulkan device appears as)",
        concurrency::E_INVALIDARG_AMP);
  return static_cast<unsigned>(n);
}

} // namespace

runtime_state &runtime_state::get() {
  if (runtime_state *s = the_state.load(std::memory_order_acquire))
    return *s;
  std::lock_guard<std::mutex> lock(init_mutex());
  if (runtime_state *s = the_state.load(std::memory_order_acquire))
    return *s;

  setup_phase phase("Vulkan instance created, devices described");
  std::unique_ptr<runtime_state> state(new runtime_state);
  create_instance(state->instance_);
  std::uint32_t count = 0;
  vk_check(vkEnumeratePhysicalDevices(state->instance_.handle, &count, nullptr),
           "enumerating Vulkan devices");
  std::vector<VkPhysicalDevice> handles(count);
  VkResult r = vkEnumeratePhysicalDevices(state->instance_.handle, &count, handles.data());
  vk_check(r, "enumerating Vulkan devices");
  handles.resize(count);
  // Replicas come after every real device, so the first accelerators are
  // distinct hardware wherever the machine has several.
  const unsigned replicas = device_replicas();
  for (unsigned round = 0; round < replicas; ++round)
    for (VkPhysicalDevice handle : handles) {
      auto description = describe_physical_device(
          handle, static_cast<unsigned>(state->devices_.size()), state->instance_.api_version);
      if (!description)
        continue;
      state->owned_.push_back(std::make_unique<device>(std::move(*description)));
      state->devices_.push_back(state->owned_.back().get());
    }
  register_teardown();
  runtime_state *s = state.release();
  the_state.store(s, std::memory_order_release);
  return *s;
}

void runtime_state::register_teardown() noexcept {
  if (!torn_down.load(std::memory_order_acquire))
    std::atexit(teardown_at_exit); // a failure only loses the earlier ordering
}

void runtime_state::teardown_at_exit() noexcept {
  runtime_state *s = the_state.load(std::memory_order_acquire);
  if (!s || torn_down.exchange(true))
    return;
  // Asynchronous operations still running end first, on live devices.
  drain_async_tasks();
  drop_copy_bridges();
  bool abandoned = false;
  for (device *d : s->devices_) {
    d->teardown();
    abandoned |= d->abandoned();
  }
  // A device whose GPU may still run keeps its VkDevice, and destroying the
  // instance under it is invalid.
  if (!abandoned)
    s->instance_.destroy();
  report_tools_at_exit();
}

} // namespace rt
} // namespace ampvk
