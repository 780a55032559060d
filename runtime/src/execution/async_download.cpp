#include "execution/async_download.h"

#include <algorithm>
#include <string>

#include <ampvk/runtime.h>

#include "device.h"
#include "diagnostics/kernel_failures.h"
#include "diagnostics/profiler.h"
#include "execution/buffer_transfers.h"
#include "execution/queue.h"
#include "execution/submission.h"
#include "memory/buffer.h"
#include "memory/residency.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

// The most chunks one download takes (larger ones take larger chunks): each
// is a batch in flight, and the queue waits for the GPU beyond 64 of them.
constexpr std::size_t max_chunks = 16;

} // namespace

async_download::async_download(buffer &b, queue &q, byte_ranges part)
    : buffer_(b), queue_(q), part_(std::move(part)) {
  hold_queue(&q); // a create_view queue b stops naming is not reaped under us
}

async_download::~async_download() { drop_queue(&queue_); }

std::unique_ptr<async_download> async_download::begin(buffer &b, const byte_ranges &part) {
  queue &q = queue_of(b);
  if (b.host_mapped) {
    // One copy, nothing to move: the end only waits for the writers so far.
    std::unique_ptr<async_download> d(new async_download(b, q, byte_ranges()));
    d->serial_ = b.last_write;
    q.submit_through(d->serial_);
    return d;
  }
  b.host_pointer();
  byte_ranges stale = b.host_stale.intersection(part);
  if (stale.empty() || b.bytes == 0 || !b.storage)
    return nullptr;
  b.owner().check_usable();
  ++debug_counters().downloads;
  note_transfer(q, transfer_direction::device_to_host, stale.bytes());
  debug_counters().bytes_downloaded += stale.bytes();
  std::unique_ptr<async_download> d(new async_download(b, q, std::move(stale)));
  // The first chunk's copy joins the batch with the kernels that wrote b,
  // and every chunk goes to the GPU now, each in a submission of its own:
  // later launches start a new batch. A device copy the host maps is copied
  // too: the kernels launched next may overwrite it before the end reads it.
  const std::size_t chunk_bytes =
      std::max(bulk_chunk_bytes, (d->part_.bytes() + max_chunks - 1) / max_chunks);
  try {
    for (byte_ranges &piece : chunks_of(d->part_, chunk_bytes)) {
      d->chunks_.push_back(std::make_unique<chunk>());
      chunk &c = *d->chunks_.back();
      c.part = std::move(piece);
      c.recorded.reset(new submission(q));
      c.copy.reset(new buffer_download(b, c.part));
      c.recorded->add(*c.copy);
      c.serial = c.recorded->serial();
      c.recorded->end();
      q.flush();
    }
  } catch (...) {
    d->release_chunks(); // the chunks submitted may still write their staging memory
    throw;
  }
  residency::async_download_started(b, *d);
  d->registered_ = true;
  return d;
}

void async_download::overtake(const byte_ranges *written) {
  if (written)
    overtaken_.add(written->intersection(part_));
  else
    overtaken_ = part_;
}

void async_download::release_chunks() noexcept {
  for (; chunks_waited_ < chunks_.size(); ++chunks_waited_)
    try {
      queue_.wait_for(chunks_[chunks_waited_]->serial);
    } catch (...) {
      // The device is lost or timed out: the submissions keep their staging
      // memory with the queue's batches in flight (submission.cpp).
    }
  chunks_.clear();
}

void async_download::end() {
  device &home = queue_.owner();
  std::unique_lock<std::mutex> lock(home.mutex());
  struct release {
    async_download &d;
    std::unique_lock<std::mutex> &lock;
    ~release() {
      // With the mutex: the staging memory goes back to the pool, and the
      // buffer forgets the download, also when a wait threw.
      if (!lock.owns_lock())
        lock.lock();
      if (d.registered_ && !d.detached_)
        residency::async_download_ended(d.buffer_, d, byte_ranges());
      d.registered_ = false;
      d.release_chunks();
    }
  } cleanup{*this, lock};
  home.check_not_lost();
  if (chunks_.empty()) {
    queue_.wait_for(serial_, lock); // host-mapped: the writers so far
    return;
  }
  buffer &b = buffer_;
  for (; chunks_waited_ < chunks_.size(); ++chunks_waited_) {
    const chunk &c = *chunks_[chunks_waited_];
    queue_.wait_for(c.serial, lock);
    if (!registered_ || detached_)
      continue; // the host copy was made current another way: only wait
    // Every byte of the chunk still stale on the host gets the data as of
    // the call (what the host wrote, refreshed or read meanwhile is not
    // stale); those a later kernel overwrote stay stale. Marked current at
    // once: the next chunk's wait releases the mutex, and a synchronize then
    // need not copy them again.
    byte_ranges copied = c.part.intersection(b.host_stale);
    if (!copied.empty())
      c.copy->finish(*c.recorded, copied);
    copied.remove(overtaken_);
    residency::host_copied(b, copied);
  }
}

async_download *buffer_synchronize_begin(buffer *b, const section *s) {
  if (!b)
    throw concurrency::runtime_exception(
        "ampvk: buffer_synchronize_begin called with a null buffer", concurrency::E_INVALIDARG_AMP);
  if (b->state.load(std::memory_order_acquire) & residency::host_current)
    return nullptr;
  auto lock = lock_owner(*b);
  b->owner().check_not_lost();
  const byte_ranges part = s ? section_ranges(*s, b->bytes) : byte_ranges(0, b->bytes);
  download_reason why("synchronize_async");
  return async_download::begin(*b, part).release();
}

void buffer_synchronize_end(async_download *d) {
  std::unique_ptr<async_download> owned(d);
  if (owned)
    owned->end();
  throw_kernel_failure();
}

} // namespace rt
} // namespace ampvk
