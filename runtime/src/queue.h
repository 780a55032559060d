// rt::queue: a VkQueue with in-order submissions. Each submission is a frame
// (command buffer + fence + descriptor pool + capture buffer) recycled once its
// fence signals, and it keeps the buffers and staging memory it uses alive
// until then.
// Every member function requires the owning device's mutex.
#ifndef AMPVK_RUNTIME_QUEUE_H
#define AMPVK_RUNTIME_QUEUE_H

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <vulkan/vulkan.h>

#include "staging.h"
#include "vk_handle.h"

namespace ampvk {
namespace rt {

class device;
class buffer;

struct frame {
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  unique_fence fence;
  unique_descriptor_pool descriptors; // only without VK_KHR_push_descriptor
  std::uint32_t descriptor_capacity = 0;
  bool descriptors_dirty = false;
  std::vector<buffer *> held;
  std::vector<staging_buffer> staging;
  device_allocation captures; // kept across reuses (capture_buffer.h)
  std::uint64_t serial = 0;
};

class queue {
public:
  // The object lives as long as its device (accelerator_view handles stay
  // valid); the Vulkan side is attached when the device opens and detached
  // at teardown.
  explicit queue(device &owner) : device_(owner) {}
  ~queue() { detach(); }
  void attach(VkQueue handle, std::uint32_t family);
  void detach() noexcept; // the queue must be idle
  queue(const queue &) = delete;
  queue &operator=(const queue &) = delete;

  device &owner() const noexcept { return device_; }

  // Starts recording a frame; one frame records at a time.
  frame &begin();
  // Ends and submits the recording frame; returns its serial. The frame is
  // abandoned (recycled unsubmitted) if this throws.
  std::uint64_t submit(frame &f);
  // Drops an unsubmitted frame after a failure while recording.
  void abandon(frame &f) noexcept;
  // Keeps b alive until f retires.
  void hold(frame &f, buffer &b);

  // Recycles the frames whose fences have signaled.
  void retire();
  // Blocks until the submission with this serial (and all before it) is done.
  void wait_for(std::uint64_t serial);
  void wait_idle();
  bool done(std::uint64_t serial) const noexcept { return serial <= completed_; }
  std::uint64_t last_submitted() const noexcept { return next_serial_ - 1; }

private:
  void recycle(std::unique_ptr<frame> f) noexcept;
  void retire_through(std::uint64_t serial) noexcept;
  [[noreturn]] void on_device_lost(VkResult result, const char *what);
  // Keeps the exit teardown ahead of driver state first set up by this work.
  void note_first_use(bool &flag) noexcept;

  device &device_;
  VkQueue queue_ = VK_NULL_HANDLE;
  unique_command_pool pool_;
  std::deque<std::unique_ptr<frame>> in_flight_;
  std::vector<std::unique_ptr<frame>> free_;
  std::unique_ptr<frame> recording_;
  std::uint64_t next_serial_ = 1;
  std::uint64_t completed_ = 0;
  bool submitted_before_ = false;
  bool waited_before_ = false;
};

} // namespace rt
} // namespace ampvk

#endif
