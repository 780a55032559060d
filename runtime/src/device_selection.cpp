#include "device_selection.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <mutex>

#include <ampvk/runtime.h>

#include "device.h"
#include "diagnostics/kernel_failures.h"
#include "execution/queue.h"
#include "runtime_state.h"
#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

const char *type_name(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return "discrete GPU";
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return "integrated GPU";
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return "virtual GPU";
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return "CPU";
  default:
    return "other";
  }
}

int type_rank(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return 3;
  default:
    return 4;
  }
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string listing(const std::vector<device_candidate> &candidates) {
  std::string text;
  for (std::size_t i = 0; i < candidates.size(); ++i)
    text += (i ? "; " : "") + std::to_string(i) + ": " + candidates[i].name + " (" +
            type_name(candidates[i].type) + ")";
  return text;
}

[[noreturn]] void fail(const std::string &message) {
  throw concurrency::runtime_exception(message, concurrency::E_FAIL_AMP);
}

bool all_digits(const std::string &text) {
  return !text.empty() && std::all_of(text.begin(), text.end(),
                                      [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::atomic<device *> chosen_default{nullptr};
// Set by the first default_device(): from then on set_default_device fails.
std::atomic<bool> default_used{false};

} // namespace

std::size_t choose_device(const std::vector<device_candidate> &candidates, const char *spec) {
  if (candidates.empty())
    fail("ampvk: no Vulkan device found that can run compute kernels (Vulkan 1.1 with a compute "
         "queue). Install a Vulkan driver (on Debian: apt-get install mesa-vulkan-drivers for "
         "the lavapipe CPU driver, or your GPU vendor's driver); `vulkaninfo --summary` shows "
         "what Vulkan sees.");
  if (spec && *spec) {
    std::string wanted(spec);
    if (all_digits(wanted)) {
      errno = 0;
      unsigned long long index = std::strtoull(wanted.c_str(), nullptr, 10);
      if (errno == 0 && index < candidates.size())
        return static_cast<std::size_t>(index);
      fail("ampvk: AMPVK_DEVICE=" + wanted + " is not a valid device index; there " +
           (candidates.size() == 1 ? "is 1 Vulkan device" :
                                     "are " + std::to_string(candidates.size()) + " Vulkan devices") +
           ": " + listing(candidates) + ". Set AMPVK_DEVICE to an index or part of a name.");
    }
    std::string needle = lower(wanted);
    for (std::size_t i = 0; i < candidates.size(); ++i)
      if (lower(candidates[i].name).find(needle) != std::string::npos)
        return i;
    fail("ampvk: AMPVK_DEVICE=\"" + wanted + "\" matches no Vulkan device name; available: " +
         listing(candidates) + ". Set AMPVK_DEVICE to an index or part of a name, or unset it.");
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < candidates.size(); ++i)
    if (type_rank(candidates[i].type) < type_rank(candidates[best].type))
      best = i;
  return best;
}

const std::vector<device *> &devices() { return runtime_state::get().devices(); }

device *default_device() {
  if (!default_used.load(std::memory_order_relaxed))
    default_used.store(true, std::memory_order_release);
  if (device *d = chosen_default.load(std::memory_order_acquire))
    return d;
  const auto &all = devices();
  std::vector<device_candidate> candidates;
  candidates.reserve(all.size());
  for (device *d : all)
    candidates.push_back({d->name(), d->physical().properties.deviceType});
  // Only a successful choice is remembered: an error is reported on every call.
  device *d = all[choose_device(candidates, env_value("AMPVK_DEVICE"))];
  chosen_default.store(d, std::memory_order_release);
  return d;
}

bool set_default_device(device *d) {
  if (!d)
    fail("ampvk: set_default_device() called with a null device");
  // C++ AMP: set_default "only succeeds if the runtime selected default
  // accelerator has not already been used", whichever device is asked for.
  if (default_used.load(std::memory_order_acquire))
    return false;
  chosen_default.store(d, std::memory_order_release);
  return true;
}

int default_cpu_access(device *d) {
  if (!d)
    fail("ampvk: default_cpu_access() called with a null device");
  d->cpu_access_fixed.store(true, std::memory_order_release);
  return d->cpu_access.load(std::memory_order_acquire);
}

bool set_default_cpu_access(device *d, int access) {
  if (!d)
    fail("ampvk: set_default_cpu_access() called with a null device");
  if (d->cpu_access_fixed.exchange(true, std::memory_order_acq_rel))
    return false;
  d->cpu_access.store(access, std::memory_order_release);
  return true;
}

int auto_cpu_access(const device *d) {
  if (!d)
    fail("ampvk: auto_cpu_access() called with a null device");
  return d->physical().unified_memory ? 3 : 0;
}

const device_info &info(const device *d) {
  if (!d)
    fail("ampvk: info() called with a null device");
  return d->physical().info;
}

queue *default_queue(device *d) {
  if (!d)
    fail("ampvk: default_queue() called with a null device");
  if (!d->closed())
    d->open(); // report a device that cannot be opened here, not at first launch
  return &d->queue();
}

queue *create_queue(device *d, bool immediate) {
  if (!d)
    fail("ampvk: create_queue() called with a null device");
  return &d->create_view(immediate);
}

void queue_retain(queue *q) noexcept { hold_queue(q); }

void queue_release(queue *q) noexcept {
  if (!q || q->handles.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  device &d = q->owner();
  if (q == &d.queue() || d.closed())
    return; // the default queue lives with its device; at exit teardown has them all
  std::lock_guard<std::mutex> lock(d.mutex());
  d.reap_views();
}

bool queue_immediate(const queue *q) {
  if (!q)
    fail("ampvk: queue_immediate() called with a null queue");
  return q->immediate();
}

void flush(queue *q) {
  if (!q)
    fail("ampvk: flush() called with a null queue");
  device &d = q->owner();
  std::lock_guard<std::mutex> lock(d.mutex());
  d.check_not_lost();
  if (!d.closed())
    q->flush();
}

device *queue_device(const queue *q) {
  if (!q)
    fail("ampvk: queue_device() called with a null queue");
  return &q->owner();
}

void wait(queue *q) {
  if (!q)
    fail("ampvk: wait() called with a null queue");
  device &d = q->owner();
  std::unique_lock<std::mutex> lock(d.mutex());
  d.check_not_lost();
  if (!d.closed()) // after teardown nothing is in flight
    q->wait_idle_unlocked(lock);
  throw_kernel_failure();
}

} // namespace rt
} // namespace ampvk
