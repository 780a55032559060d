// rt::queue: an accelerator_view. Commands (launches, transfers) are recorded
// into a batch, a frame (command buffer + fence + descriptor pool + capture
// buffer); in automatic mode the batch is submitted at the next
// synchronization point (a wait for one of its serials, flush, wait_idle) or
// when it is full, in immediate mode after every command. A frame is recycled
// once its fence signals, and keeps the buffers and staging memory it uses
// alive until then.
//
// Serials number the batches in recording order; the batch being recorded
// already has its serial, so a buffer used by it can name the batch, and
// waiting for that serial submits it first.
//
// Every queue of a device submits to its one VkQueue; each keeps its own
// batch, fences and serials, so waiting on one waits for its own work.
// Every member function requires the owning device's mutex, except where said.
//
// Waits for the GPU are bounded by AMPVK_KERNEL_TIMEOUT_MS: past it the device
// is marked lost (device::mark_lost) and accelerator_view_removed thrown; the
// frames still in flight then stay as they are (the GPU may still use their
// memory) until the exit teardown sees them finish. Host accesses wait with
// the device mutex released (the waits that take a std::unique_lock).
#ifndef AMPVK_RUNTIME_EXECUTION_QUEUE_H
#define AMPVK_RUNTIME_EXECUTION_QUEUE_H

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include <vulkan/vulkan.h>

#include "memory/staging.h"
#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class device;
class buffer;
struct image_storage; // image.h
struct frame_profile; // profiler.cpp

struct frame {
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  unique_fence fence;
  unique_descriptor_pool descriptors; // only without VK_KHR_push_descriptor
  std::uint32_t descriptor_capacity = 0; // descriptors in the pool
  std::uint32_t descriptors_used = 0;
  std::uint32_t descriptor_sets_used = 0;
  bool descriptors_dirty = false;
  std::vector<buffer *> held;
  // The images (textures) the batch uses, kept alive until it retires.
  std::vector<std::shared_ptr<image_storage>> images;
  // Descriptor set image_binding_set of each launch that binds images, from
  // a pool of the frame's own, reset when the frame is reused.
  unique_descriptor_pool image_descriptors;
  std::uint32_t image_sets_used = 0;
  std::vector<staging_buffer> staging;
  device_allocation captures; // kept across reuses (capture_buffer.h)
  std::uint32_t captures_used = 0;  // bytes of captures taken by this batch
  std::uint32_t capture_offset = 0; // where the launch being recorded has its block
  std::uint32_t commands = 0;       // launches and transfers recorded in this batch
  unsigned waiters = 0;             // threads waiting for the fence without the mutex
  std::uint64_t serial = 0;
  std::shared_ptr<frame_profile> profile; // timestamps, only while profiling
  // What the commands recorded so far left bound, so that a launch of the
  // kernel just launched, with the same buffers and push constants, records
  // only its barrier and dispatch (launch.cpp, descriptors.cpp). Forgotten
  // when the command buffer begins.
  VkPipeline bound_pipeline = VK_NULL_HANDLE;
  VkPipelineLayout bound_layout = VK_NULL_HANDLE; // that of the two below
  std::vector<VkDescriptorBufferInfo> bound_descriptors; // set 0, by binding
  std::vector<unsigned char> bound_push;
  // Before binding anything with `layout`: what another layout bound may be
  // disturbed by it (Vulkan's pipeline layout compatibility), so it is forgotten.
  void use_layout(VkPipelineLayout layout) noexcept {
    if (layout == bound_layout)
      return;
    bound_layout = layout;
    bound_descriptors.clear();
    bound_push.clear();
  }
  void forget_bindings() noexcept {
    bound_pipeline = VK_NULL_HANDLE;
    bound_layout = VK_NULL_HANDLE;
    bound_descriptors.clear();
    bound_push.clear();
  }
};

class queue {
public:
  // The default queue lives as long as its device, a create_view queue while
  // it has handles (device::reap_views); the Vulkan side is attached when the
  // device opens (or the view is created) and detached at teardown.
  explicit queue(device &owner, bool immediate = false) : device_(owner), immediate_(immediate) {}
  ~queue() { detach(); }
  void attach(VkQueue handle, std::uint32_t family);
  void detach() noexcept; // the queue must be idle
  queue(const queue &) = delete;
  queue &operator=(const queue &) = delete;

  device &owner() const noexcept { return device_; }
  bool immediate() const noexcept { return immediate_; }

  // The batch being recorded, started if there is none.
  frame &record();
  // One command was recorded into the batch f: submits it in immediate mode
  // or when the batch is full.
  void recorded(frame &f);
  // Submits the batch being recorded, if any (accelerator_view::flush).
  void flush();
  // Keeps b alive until f retires.
  void hold(frame &f, buffer &b);
  // Keeps staging memory a submitted copy may still write until every batch
  // in flight is done (with the newest; the pool gets it back if none is).
  void keep_until_done(staging_buffer staging) noexcept;

  // Recycles the frames whose fences have signaled.
  void retire();
  // Blocks until the batch with this serial (and all before it) is done,
  // submitting it first if it is still being recorded. Keeps the mutex: for
  // callers that hold state across the wait (launch).
  void wait_for(std::uint64_t serial);
  // As wait_for, but releases `lock` (on the device mutex) while blocked, so
  // other threads keep launching and reading meanwhile: the caller must read
  // again whatever they may have changed (a buffer may even have moved to
  // another device; lock_owner's relock_owner follows it).
  void wait_for(std::uint64_t serial, std::unique_lock<std::mutex> &lock);
  // Submits pending work and waits for all of it.
  void wait_idle();
  // As wait_idle, releasing `lock` while blocked.
  void wait_idle_unlocked(std::unique_lock<std::mutex> &lock);
  // Exit teardown: submits the open batch (drops it on a lost device) and
  // waits, within the time limit, for everything in flight. False when some
  // work may still run on the GPU. Never throws.
  bool finish_at_exit() noexcept;
  // Makes sure the batch with this serial is submitted (not necessarily done).
  void submit_through(std::uint64_t serial);
  bool done(std::uint64_t serial) const noexcept { return serial <= completed_; }
  // Whether nothing recorded or submitted here is left to run (what is done
  // retired first): a batch submitted now starts at once, unless another
  // queue of the device has work ahead of it.
  bool idle();
  // The serial of the last batch, recorded or in flight, that holds b; 0 when
  // none does (retired batches hold nothing).
  std::uint64_t last_holding(const buffer &b) const noexcept;

  // Handles on a create_view queue (accelerator_view objects, buffers that
  // name it); without the mutex. Once none is left, device::reap_views
  // destroys the queue. The default queue has none and is never reaped.
  std::atomic<unsigned> handles{0};

private:
  frame &begin();
  void submit();
  void abandon() noexcept;
  void recycle(std::unique_ptr<frame> f) noexcept;
  void retire_through(std::uint64_t serial) noexcept;
  [[noreturn]] void on_device_lost(VkResult result, const char *what);
  void wait_through(std::uint64_t serial, std::unique_lock<std::mutex> *unlock);
  // Waits for f's fence within the time limit, releasing *unlock meanwhile
  // when given; retires f and everything before it, or throws.
  void wait_frame(frame &f, std::unique_lock<std::mutex> *unlock);
  // A fence wait failed (timed out, device lost, other error): throws.
  [[noreturn]] void fence_failed(VkResult result);
  // A submission failed: its batch is gone, so is the device.
  [[noreturn]] void submit_failed(VkResult result, const char *what);
  // Keeps the exit teardown ahead of driver state first set up by this work.
  void note_first_use(bool &flag) noexcept;

  device &device_;
  const bool immediate_;
  VkQueue queue_ = VK_NULL_HANDLE;
  unique_command_pool pool_;
  std::deque<std::unique_ptr<frame>> in_flight_;
  std::vector<std::unique_ptr<frame>> free_;
  // Frames retired while a thread waits for their fence without the mutex:
  // recycled (their fence reset) only once that thread is done with it.
  std::vector<std::unique_ptr<frame>> parked_;
  std::unique_ptr<frame> recording_;
  std::uint64_t next_serial_ = 1;
  std::uint64_t completed_ = 0;
  bool recorded_before_ = false;
  bool submitted_before_ = false;
  bool waited_before_ = false;
};

// A handle on q for a buffer that names it (buffer::view, buffer::last_queue).
// Dropping one never destroys q: safe with the device mutex held.
void hold_queue(queue *q) noexcept;
void drop_queue(queue *q) noexcept;

// The queue whose serials b's last_use and last_write count: the one that last
// used it, or its device's default queue.
queue &queue_of(buffer &b) noexcept;
// The queue of the accelerator_view an array was made on (buffer::view), or
// its device's default queue: where work on the array is recorded.
queue &view_queue(buffer &b);

// Before q records a command that uses b: when another queue used b last, its
// work on b is submitted ahead of q's (one VkQueue: submission order and the
// barriers order them) or waited for (separate VkQueues).
void order_after_other_queue(queue &q, buffer &b);
// After q recorded a command using b (with serial): b's serials now count on q.
// Work of the previous queue is only known to finish before this serial.
void note_queue_use(queue &q, buffer &b, std::uint64_t serial) noexcept;

} // namespace rt
} // namespace ampvk

#endif
