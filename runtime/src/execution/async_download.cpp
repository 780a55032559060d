#include "execution/async_download.h"

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
  // The copy joins the batch with the kernels that wrote b, and that batch
  // goes to the GPU now: later launches start a new one. A device copy the
  // host maps is copied too: the kernels launched next may overwrite it
  // before the end reads it.
  d->submission_.reset(new submission(q));
  d->copy_.reset(new buffer_download(b, d->part_));
  d->submission_->add(*d->copy_);
  d->serial_ = d->submission_->serial();
  d->submission_->end();
  q.flush();
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

void async_download::end() {
  device &home = queue_.owner();
  std::unique_lock<std::mutex> lock(home.mutex());
  struct release {
    async_download &d;
    std::unique_lock<std::mutex> &lock;
    ~release() {
      // With the mutex: the staging memory goes back to the pool, and the
      // buffer forgets the download, also when the wait threw.
      if (!lock.owns_lock())
        lock.lock();
      if (d.registered_ && !d.detached_)
        residency::async_download_ended(d.buffer_, d, byte_ranges());
      d.registered_ = false;
      d.copy_.reset();
      d.submission_.reset();
    }
  } cleanup{*this, lock};
  home.check_not_lost();
  queue_.wait_for(serial_, lock);
  if (!registered_ || detached_)
    return; // host-mapped, or the host copy was made current another way
  buffer &b = buffer_;
  // Every byte still stale on the host gets the data as of the call (what
  // the host wrote, refreshed or read meanwhile is not stale); those a later
  // kernel overwrote stay stale.
  byte_ranges copied = part_.intersection(b.host_stale);
  if (!copied.empty())
    copy_->finish(*submission_, copied);
  copied.remove(overtaken_);
  residency::async_download_ended(b, *this, copied);
  registered_ = false;
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
