// One piece of GPU work recorded into a queue's open batch, and the
// operations that record themselves into it (Kompute's model: a sequence of
// operation objects over one command buffer):
//   buffer_upload, buffer_download   buffer_transfers.h
//   image_upload, image_download,
//   image_copy                       image_transfers.h
//   dispatch                         dispatch.h
// The submission owns what each of them would otherwise do by hand:
//   - taking the batch (queue::record) and handing it back (queue::recorded),
//     or submitting it and waiting for the GPU;
//   - staging memory: an upload's lease is kept by the batch until the batch
//     retires (the GPU reads it after submission); a download's is kept here
//     and read after the wait, then given back to the pool, and on a failure
//     before the batch was handed back the batch keeps it (a copy into it may
//     be recorded already);
//   - the profiler: each transfer command in its GPU span, each host copy of
//     staging memory traced.
// The device mutex is held from construction to destruction, except while
// end_and_wait releases the lock it is given, or, once a submission has
// ended, while its owner waits for its serial with the lock released (a
// chunked download keeps the next chunk's submission meanwhile).
#ifndef AMPVK_RUNTIME_EXECUTION_SUBMISSION_H
#define AMPVK_RUNTIME_EXECUTION_SUBMISSION_H

#include <cstddef>
#include <cstdint>
#include <mutex>

#include <vulkan/vulkan.h>

#include "diagnostics/profiler.h"
#include "execution/queue.h"
#include "memory/staging.h"

namespace ampvk {
namespace rt {

class submission;

// Something recorded into a submission: commands, and the buffers and
// images the batch must keep alive.
class operation {
public:
  virtual ~operation() = default;
  virtual void record(submission &s) = 0;
};

class submission {
public:
  // Records into q's open batch, begun if there is none.
  explicit submission(queue &q) : submission(q, q.record()) {}
  // Records into f, a batch of q already taken (a launch chooses one with
  // room for its descriptors).
  submission(queue &q, frame &f) : queue_(q), frame_(f) {}
  ~submission();
  submission(const submission &) = delete;
  submission &operator=(const submission &) = delete;

  queue &target() const noexcept { return queue_; }
  frame &batch() const noexcept { return frame_; }
  VkCommandBuffer cmd() const noexcept { return frame_.cmd; }
  std::uint64_t serial() const noexcept { return frame_.serial; }

  void add(operation &op) { op.record(*this); }

  // Mapped staging memory.
  struct staged {
    VkBuffer buffer;
    unsigned char *mapped;
  };
  // Staging memory of `bytes` for a command that reads what the host writes
  // into it now: the batch keeps it until it retires.
  staged stage_upload(std::size_t bytes);
  // Staging memory of `bytes` a command writes into, for the host to read
  // after end_and_wait (read_back). One per submission.
  staged stage_download(std::size_t bytes);
  // Copies `bytes` at `from` of what the GPU wrote into the download staging
  // to dst (after end_and_wait), traced as a device-to-host copy.
  void read_back(void *dst, std::size_t from, std::size_t bytes) const;

  // Records transfer commands (record(cmd)) moving `bytes` in all inside the
  // profiler's GPU span; `commands`: how many record() makes (counted for the
  // tests, vulkan/internal_counters.h).
  template <class Record>
  void transfer(transfer_direction direction, std::uint64_t bytes, Record &&record,
                unsigned commands = 1) {
    const gpu_span span = begin_copy_span(queue_, frame_, direction, bytes);
    record(frame_.cmd);
    end_gpu_span(frame_, span);
    count_commands(commands);
  }

  // The work is recorded: the queue submits the batch at its next
  // synchronization point (at once in immediate mode or when it is full).
  void end();
  // The work is recorded, submitted now, and done on the GPU when this
  // returns. With `lock` (on the device mutex) the mutex is released while
  // blocked, and the caller must look again at what other threads may have
  // changed meanwhile.
  void end_and_wait(std::unique_lock<std::mutex> *lock = nullptr);

private:
  static void count_commands(unsigned commands) noexcept;

  queue &queue_;
  frame &frame_;
  bool ended_ = false;
  staging_buffer download_;
};

} // namespace rt
} // namespace ampvk

#endif
