#include "queue.h"

#include <cstdio>

#include "buffer.h"
#include "device.h"
#include "internal_counters.h"
#include "runtime_state.h"
#include "vk_error.h"

namespace ampvk {
namespace rt {
namespace {

// Beyond this many unfinished submissions launch() waits for the oldest, so a
// loop of launches without a host access cannot grow memory without bound.
constexpr std::size_t max_in_flight = 64;

} // namespace

void queue::attach(VkQueue handle, std::uint32_t family) {
  VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  info.queueFamilyIndex = family;
  VkCommandPool pool = VK_NULL_HANDLE;
  vk_check(vkCreateCommandPool(device_.vk(), &info, nullptr, &pool),
           "creating a command pool on " + device_.describe());
  pool_ = unique_command_pool(device_.vk(), pool);
  queue_ = handle;
}

void queue::detach() noexcept {
  // Frames own fences and descriptor pools; their command buffers go with the pool.
  recording_.reset();
  in_flight_.clear();
  free_.clear();
  pool_.reset();
  queue_ = VK_NULL_HANDLE;
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
    vk_check(vkCreateFence(device_.vk(), &fence_info, nullptr, &fence),
             "creating a fence on " + device_.describe());
    f->fence = unique_fence(device_.vk(), fence);
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool_.get();
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    vk_check(vkAllocateCommandBuffers(device_.vk(), &alloc, &f->cmd),
             "allocating a command buffer on " + device_.describe());
    ++debug_counters().command_buffers_created;
  }
  if (f->descriptors_dirty) {
    vkResetDescriptorPool(device_.vk(), f->descriptors.get(), 0);
    f->descriptors_dirty = false;
  }
  VkCommandBufferBeginInfo begin_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin_info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VkResult r = vkBeginCommandBuffer(f->cmd, &begin_info); // implicitly resets it
  if (r < 0) {
    free_.push_back(std::move(f));
    throw_vk_error(r, "beginning a command buffer on " + device_.describe());
  }
  recording_ = std::move(f);
  return *recording_;
}

std::uint64_t queue::submit(frame &f) {
  VkResult r = vkEndCommandBuffer(f.cmd);
  if (r < 0) {
    abandon(f);
    throw_vk_error(r, "recording a command buffer on " + device_.describe());
  }
  VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  info.commandBufferCount = 1;
  info.pCommandBuffers = &f.cmd;
  r = vkQueueSubmit(queue_, 1, &info, f.fence.get());
  if (r < 0) {
    abandon(f);
    if (r == VK_ERROR_DEVICE_LOST)
      on_device_lost(r, "submitting work");
    throw_vk_error(r, "submitting work to " + device_.describe());
  }
  f.serial = next_serial_++;
  in_flight_.push_back(std::move(recording_));
  ++debug_counters().submissions;
  note_first_use(submitted_before_);
  return f.serial;
}

void queue::abandon(frame &f) noexcept {
  if (recording_.get() != &f)
    return;
  // The command buffer is reset by the next vkBeginCommandBuffer; the fence
  // was never submitted, so it is still unsignaled.
  for (buffer *b : f.held)
    drop_hold(*b);
  f.held.clear();
  for (auto &s : f.staging)
    device_.staging().give_back(std::move(s));
  f.staging.clear();
  free_.push_back(std::move(recording_));
}

void queue::hold(frame &f, buffer &b) {
  f.held.reserve(f.held.size() + 1);
  add_hold(b);
  f.held.push_back(&b);
}

void queue::recycle(std::unique_ptr<frame> f) noexcept {
  for (buffer *b : f->held)
    drop_hold(*b);
  f->held.clear();
  for (auto &s : f->staging)
    device_.staging().give_back(std::move(s));
  f->staging.clear();
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
      throw_vk_error(r, "checking for finished work on " + device_.describe());
    retire_through(in_flight_.front()->serial);
  }
}

void queue::wait_for(std::uint64_t serial) {
  if (serial <= completed_)
    return;
  // A fence signaled by vkQueueSubmit covers every earlier submission on the
  // queue too, so one wait retires everything up to it.
  for (auto &f : in_flight_) {
    if (f->serial < serial)
      continue;
    VkFence fence = f->fence.get();
    VkResult r = vkWaitForFences(device_.vk(), 1, &fence, VK_TRUE, UINT64_MAX);
    if (r == VK_ERROR_DEVICE_LOST)
      on_device_lost(r, "waiting for a kernel");
    if (r < 0)
      throw_vk_error(r, "waiting for a kernel on " + device_.describe());
    retire_through(f->serial);
    note_first_use(waited_before_);
    return;
  }
}

void queue::note_first_use(bool &flag) noexcept {
  if (flag)
    return;
  flag = true;
  runtime_state::register_teardown();
}

void queue::wait_idle() {
  if (!in_flight_.empty())
    wait_for(in_flight_.back()->serial);
}

void queue::on_device_lost(VkResult result, const char *what) {
  device_.lost = true;
  // Nothing will ever signal now: let go of everything the GPU held.
  retire_through(next_serial_ - 1);
  throw_vk_error(result, std::string(what) + " on " + device_.describe());
}

} // namespace rt
} // namespace ampvk
