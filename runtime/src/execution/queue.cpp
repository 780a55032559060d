#include "execution/queue.h"

#include <algorithm>
#include <cstdio>

#include "device.h"
#include "diagnostics/bounds_report.h"
#include "diagnostics/kernel_print.h"
#include "diagnostics/profiler.h"
#include "execution/barriers.h"
#include "memory/buffer.h"
#include "memory/image.h"
#include "runtime_state.h"
#include "vulkan/env.h"
#include "vulkan/fault_injection.h"
#include "vulkan/internal_counters.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {
namespace {

// Beyond this many unfinished submissions launch() waits for the oldest, so a
// loop of launches without a host access cannot grow memory without bound.
constexpr std::size_t max_in_flight = 64;
// A batch this long is submitted without waiting for a synchronization point,
// so the GPU starts on long streams of launches while more are recorded.
constexpr std::uint32_t max_batch_commands = 256;

} // namespace

void queue::attach(VkQueue handle, std::uint32_t family) {
  VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  info.queueFamilyIndex = family;
  VkCommandPool pool = VK_NULL_HANDLE;
  vk_check(device_, vkCreateCommandPool(device_.vk(), &info, nullptr, &pool),
           "creating a command pool on " + device_.describe());
  pool_ = unique_command_pool(device_.vk(), pool);
  queue_ = handle;
}

void queue::detach() noexcept {
  // Frames own fences and descriptor pools; their command buffers go with the pool.
  recording_.reset();
  in_flight_.clear();
  free_.clear();
  parked_.clear();
  pool_.reset();
  queue_ = VK_NULL_HANDLE;
}

frame &queue::record() {
  if (recording_)
    return *recording_;
  return begin();
}

frame &queue::begin() {
  device_.check_usable();
  retire();
  if (in_flight_.size() >= max_in_flight)
    wait_for(in_flight_.front()->serial);

  std::unique_ptr<frame> f;
  if (!free_.empty()) {
    f = std::move(free_.back());
    free_.pop_back();
  } else {
    f = std::make_unique<frame>();
    VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    vk_check(device_, vkCreateFence(device_.vk(), &fence_info, nullptr, &fence),
             "creating a fence on " + device_.describe());
    f->fence = unique_fence(device_.vk(), fence);
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool_.get();
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    vk_check(device_, vkAllocateCommandBuffers(device_.vk(), &alloc, &f->cmd),
             "allocating a command buffer on " + device_.describe());
    ++debug_counters().command_buffers_created;
  }
  if (f->descriptors_dirty) {
    vkResetDescriptorPool(device_.vk(), f->descriptors.get(), 0);
    f->descriptors_dirty = false;
  }
  f->descriptors_used = 0;
  f->descriptor_sets_used = 0;
  if (f->image_sets_used) {
    vkResetDescriptorPool(device_.vk(), f->image_descriptors.get(), 0);
    f->image_sets_used = 0;
  }
  f->captures_used = 0;
  f->capture_offset = 0;
  f->commands = 0;
  f->forget_bindings();
  VkCommandBufferBeginInfo begin_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin_info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VkResult r = vkBeginCommandBuffer(f->cmd, &begin_info); // implicitly resets it
  if (r < 0) {
    free_.push_back(std::move(f));
    throw_vk_error(device_, r, "beginning a command buffer on " + device_.describe());
  }
  f->serial = next_serial_++;
  recording_ = std::move(f);
  return *recording_;
}

void queue::recorded(frame &f) {
  ++f.commands;
  // The layers and the driver may set up state of their own on the first
  // recorded command (the validation layer does, with function-local statics
  // destroyed at exit): the teardown must run before that is gone, and an
  // exit with unsubmitted work still records and submits.
  note_first_use(recorded_before_);
  if (immediate_ || f.commands >= max_batch_commands)
    submit();
}

void queue::flush() {
  if (recording_)
    submit();
}

void queue::submit_through(std::uint64_t serial) {
  if (recording_ && serial >= recording_->serial)
    submit();
}

void queue::submit() {
  frame &f = *recording_;
  // The host reads what the batch's kernels and copies wrote (through a
  // mapping, a staging buffer or a check report) once the fence signaled: one
  // barrier for the whole batch rather than one per launch.
  memory_barrier(f.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
  VkResult r = vkEndCommandBuffer(f.cmd);
  if (r < 0)
    submit_failed(r, "recording a command buffer");
  VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  info.commandBufferCount = 1;
  info.pCommandBuffers = &f.cmd;
  r = injected_fault(fault_site::submit);
  if (r == VK_SUCCESS)
    r = vkQueueSubmit(queue_, 1, &info, f.fence.get());
  if (r < 0)
    submit_failed(r, "submitting work");
  profile_submitted(f);
  in_flight_.push_back(std::move(recording_));
  ++debug_counters().submissions;
  note_first_use(submitted_before_);
}

void queue::submit_failed(VkResult result, const char *what) {
  if (result == VK_ERROR_DEVICE_LOST)
    on_device_lost(result, what);
  // The batch's launches already count in their buffers' residency (the
  // device copy is current, the host waits for this serial), and their
  // kernels will never run: nothing on this device can be trusted any more.
  abandon();
  device_.mark_lost(std::string(what) + " failed with " + vk_result_name(result) +
                        ", so the kernels and copies of that batch never ran",
                    result);
  throw_vk_error(result, std::string(what) + " on " + device_.describe() +
                             " (the accelerator can no longer be used)");
}

void queue::abandon() noexcept {
  // The batch's commands are lost; the error reaches whoever submitted it.
  // The command buffer is reset by the next vkBeginCommandBuffer; the fence
  // was never submitted, so it is still unsignaled.
  frame &f = *recording_;
  for (buffer *b : f.held)
    drop_hold(*b);
  f.held.clear();
  f.images.clear();
  for (auto &s : f.staging)
    device_.staging().give_back(std::move(s));
  f.staging.clear();
  free_.push_back(std::move(recording_));
}

void queue::keep_until_done(staging_buffer staging) noexcept {
  if (!in_flight_.empty())
    try {
      in_flight_.back()->staging.push_back(std::move(staging));
      return;
    } catch (const std::bad_alloc &) {
      // (push_back leaves it as it was)
    }
  device_.staging().give_back(std::move(staging));
}

void queue::hold(frame &f, buffer &b) {
  // One hold per batch is enough; a loop of launches uses the same few
  // buffers over and over, found among the last ones held.
  constexpr std::size_t recent = 8;
  const std::size_t n = f.held.size();
  for (std::size_t i = n > recent ? n - recent : 0; i < n; ++i)
    if (f.held[i] == &b)
      return;
  // Room first: push_back must not throw once the hold is counted.
  if (n == f.held.capacity())
    f.held.reserve(std::max<std::size_t>(16, 2 * n));
  add_hold(b);
  f.held.push_back(&b);
}

std::uint64_t queue::last_holding(const buffer &b) const noexcept {
  auto holds = [&b](const frame &f) {
    return std::find(f.held.begin(), f.held.end(), &b) != f.held.end();
  };
  if (recording_ && holds(*recording_))
    return recording_->serial;
  for (auto it = in_flight_.rbegin(); it != in_flight_.rend(); ++it)
    if (holds(**it))
      return (*it)->serial;
  return 0;
}

void queue::recycle(std::unique_ptr<frame> f) noexcept {
  profile_retired(*this, *f);
  for (buffer *b : f->held)
    drop_hold(*b);
  f->held.clear();
  f->images.clear();
  for (auto &s : f->staging)
    device_.staging().give_back(std::move(s));
  f->staging.clear();
  if (f->waiters) {
    // Resetting the fence now could leave that thread waiting for good.
    parked_.push_back(std::move(f));
    return;
  }
  VkFence fence = f->fence.get();
  if (vkResetFences(device_.vk(), 1, &fence) < 0) {
    std::fprintf(stderr, "ampvk: could not reset a fence on %s; dropping it\n",
                 device_.describe().c_str());
    return; // the frame is destroyed instead of reused
  }
  free_.push_back(std::move(f));
}

void queue::retire_through(std::uint64_t serial) noexcept {
  while (!in_flight_.empty() && in_flight_.front()->serial <= serial) {
    std::unique_ptr<frame> f = std::move(in_flight_.front());
    in_flight_.pop_front();
    recycle(std::move(f));
  }
  check_reports_retired(*this, serial);
  print_buffers_retired(*this, serial);
  if (serial > completed_)
    completed_ = serial;
}

void queue::retire() {
  // Oldest first, stopping at the first unfinished one: one fence query when
  // nothing has finished, which is the common case right after a launch.
  while (!in_flight_.empty()) {
    VkResult r = vkGetFenceStatus(device_.vk(), in_flight_.front()->fence.get());
    if (r == VK_NOT_READY)
      return;
    if (r == VK_ERROR_DEVICE_LOST)
      on_device_lost(r, "checking for finished work");
    if (r < 0)
      throw_vk_error(device_, r, "checking for finished work on " + device_.describe());
    retire_through(in_flight_.front()->serial);
  }
}

bool queue::idle() {
  retire();
  return in_flight_.empty() && (!recording_ || recording_->commands == 0);
}

void queue::wait_for(std::uint64_t serial) { wait_through(serial, nullptr); }

void queue::wait_for(std::uint64_t serial, std::unique_lock<std::mutex> &lock) {
  wait_through(serial, &lock);
}

void queue::wait_through(std::uint64_t serial, std::unique_lock<std::mutex> *unlock) {
  if (serial <= completed_)
    return;
  device_.check_not_lost();
  submit_through(serial);
  // A fence signaled by vkQueueSubmit covers every earlier submission on the
  // queue too, so one wait retires everything up to it.
  for (auto &f : in_flight_)
    if (f->serial >= serial)
      return wait_frame(*f, unlock);
}

void queue::wait_frame(frame &f, std::unique_lock<std::mutex> *unlock) {
  const std::uint64_t serial = f.serial;
  VkFence fence = f.fence.get();
  // The fault hook reports its result only after the real wait: the GPU is
  // then done with the batch, as it may be after a real loss.
  const VkResult injected = injected_fault(fault_site::wait);
  VkResult r;
  if (unlock) {
    // The frame is parked rather than recycled while we wait (recycle()), so
    // its fence stays valid and unsignaled-by-reset.
    // A handle keeps a created view that has no other left from being reaped
    // (device::reap_views, under the mutex) while we wait without it.
    ++f.waiters;
    hold_queue(this);
    unlock->unlock();
    r = vkWaitForFences(device_.vk(), 1, &fence, VK_TRUE, kernel_timeout_ns());
    unlock->lock();
    drop_queue(this);
    if (--f.waiters == 0)
      for (auto it = parked_.begin(); it != parked_.end(); ++it)
        if (it->get() == &f) {
          std::unique_ptr<frame> retired = std::move(*it);
          parked_.erase(it);
          recycle(std::move(retired));
          break;
        }
  } else {
    r = vkWaitForFences(device_.vk(), 1, &fence, VK_TRUE, kernel_timeout_ns());
  }
  if (r == VK_SUCCESS && injected != VK_SUCCESS)
    r = injected;
  if (r != VK_SUCCESS)
    fence_failed(r);
  retire_through(serial);
  note_first_use(waited_before_);
}

void queue::fence_failed(VkResult result) {
  if (result == VK_ERROR_DEVICE_LOST)
    on_device_lost(result, "waiting for a kernel");
  if (result != VK_TIMEOUT)
    throw_vk_error(result, "waiting for a kernel on " + device_.describe());
  // The GPU may still be running the batches in flight: they keep their
  // memory until the exit teardown sees them finish.
  const std::string reason =
      "waiting for its kernels took longer than the limit of " +
      std::to_string(kernel_timeout_ms()) +
      " ms (AMPVK_KERNEL_TIMEOUT_MS; a kernel ran too long or the GPU hung)";
  device_.mark_lost(reason, result);
  if (recording_)
    abandon();
  throw concurrency::accelerator_view_removed("ampvk: " + device_.describe() + ": " + reason,
                                              static_cast<concurrency::HRESULT>(result));
}

void queue::note_first_use(bool &flag) noexcept {
  if (flag)
    return;
  flag = true;
  runtime_state::register_teardown();
}

void queue::wait_idle() {
  flush();
  if (!in_flight_.empty())
    wait_for(in_flight_.back()->serial);
}

void queue::wait_idle_unlocked(std::unique_lock<std::mutex> &lock) {
  flush();
  if (!in_flight_.empty())
    wait_frame(*in_flight_.back(), &lock);
}

bool queue::finish_at_exit() noexcept {
  try {
    if (recording_) {
      if (device_.lost())
        abandon();
      else
        submit();
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ampvk: at exit: %s\n", e.what());
  }
  while (!in_flight_.empty()) {
    frame &f = *in_flight_.back();
    VkFence fence = f.fence.get();
    VkResult r = VK_TIMEOUT;
    try {
      r = vkWaitForFences(device_.vk(), 1, &fence, VK_TRUE, kernel_timeout_ns());
    } catch (const std::exception &) {
      // A malformed time limit was reported at the first wait already.
    }
    // A lost device's objects may be destroyed (Vulkan's rules on device loss).
    if (r != VK_SUCCESS && r != VK_ERROR_DEVICE_LOST)
      return false;
    retire_through(f.serial);
  }
  return true;
}

queue &queue_of(buffer &b) noexcept { return b.last_queue ? *b.last_queue : b.owner().queue(); }

queue &view_queue(buffer &b) {
  queue *created_on = b.view.load(std::memory_order_relaxed);
  return created_on ? *created_on : *default_queue(&b.owner());
}

void order_after_other_queue(queue &q, buffer &b) {
  // No last_queue means the default queue's serials, not "no queue": a kernel
  // on the default view followed by one on a created view must run in order.
  queue &previous = queue_of(b);
  if (&previous == &q || previous.done(b.last_use))
    return;
  // Every view of a device submits to its one VkQueue (device.cpp): submitted
  // first, the previous work is ordered before this launch by its barrier.
  previous.submit_through(b.last_use);
}

void hold_queue(queue *q) noexcept {
  if (q)
    q->handles.fetch_add(1, std::memory_order_relaxed);
}

void drop_queue(queue *q) noexcept {
  if (q)
    q->handles.fetch_sub(1, std::memory_order_acq_rel);
}

void note_queue_use(queue &q, buffer &b, std::uint64_t serial) noexcept {
  if (b.last_queue == &q)
    return;
  if (!b.last_queue && &q == &b.owner().queue())
    return; // the default queue's serials already
  hold_queue(&q);
  drop_queue(b.last_queue);
  b.last_queue = &q;
  // A wait for this serial covers the previous queue's work on b too (the
  // same VkQueue, submitted before).
  b.last_write = serial;
  b.last_use = serial;
}

void queue::on_device_lost(VkResult result, const char *what) {
  device_.mark_lost(std::string(what) + " reported " + vk_result_name(result) +
                        " (the driver reset the GPU, or it faulted)",
                    result);
  if (recording_)
    abandon();
  // Vulkan lets a lost device's objects be destroyed; a device reported lost
  // while still running (a test's injected fault) finishes its work first.
  std::vector<VkFence> fences;
  for (auto &f : in_flight_)
    fences.push_back(f->fence.get());
  VkResult r = VK_SUCCESS;
  if (!fences.empty())
    r = vkWaitForFences(device_.vk(), static_cast<std::uint32_t>(fences.size()), fences.data(),
                        VK_TRUE, kernel_timeout_ns());
  if (r == VK_SUCCESS || r == VK_ERROR_DEVICE_LOST)
    retire_through(next_serial_ - 1);
  throw_vk_error(result, std::string(what) + " on " + device_.describe());
}

} // namespace rt
} // namespace ampvk
