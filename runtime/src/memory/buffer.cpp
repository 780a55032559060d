#include "memory/buffer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include <ampvk/runtime.h>

#include "device.h"
#include "diagnostics/kernel_failures.h"
#include "diagnostics/profiler.h"
#include "execution/buffer_transfers.h"
#include "execution/queue.h"
#include "memory/host_import.h"
#include "memory/residency.h"
#include "memory/view_pages.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {
namespace {

// Device mutex held.
void destroy(buffer *b) noexcept {
  drop_queue(b->view.load(std::memory_order_relaxed));
  drop_queue(b->last_queue);
  b->owner().buffers.erase(b);
  b->release_storage();
  delete b;
}

// Device memory the host maps, so host access needs no copies: every buffer
// on unified-memory devices; elsewhere arrays with CPU access while the
// shared (BAR) memory budget lasts. The device copy of a buffer that moves
// with its kernels (a view of host data, or without a data source) is only a
// cache of its host copy and is not worth the budget.
memory_use storage_use(const buffer &b) {
  const physical_device &p = b.owner().physical();
  if (p.unified_memory)
    return memory_use::mapped_storage;
  if (!b.moves_with_kernels() && b.cpu_access.load(std::memory_order_relaxed) != 0 &&
      b.bytes <= p.shared_memory_budget - std::min(p.shared_memory_budget, b.owner().shared_bytes))
    return memory_use::mapped_storage;
  return memory_use::storage;
}

buffer &checked(buffer *b, const char *function) {
  if (!b)
    throw concurrency::runtime_exception(std::string("ampvk: ") + function +
                                             " called with a null buffer",
                                         concurrency::E_INVALIDARG_AMP);
  return *b;
}

void check_range(const buffer &b, std::size_t offset, std::size_t bytes, const char *what) {
  if (offset > b.bytes || bytes > b.bytes - offset)
    throw concurrency::runtime_exception(
        std::string("ampvk: ") + what + " of " + std::to_string(bytes) + " bytes at offset " +
            std::to_string(offset) + " is outside a buffer of " + std::to_string(b.bytes) +
            " bytes",
        concurrency::E_INVALIDARG_AMP);
}

} // namespace

namespace {
std::atomic<std::uint64_t> next_buffer_id{1};
} // namespace

buffer::buffer(device &d, std::size_t size, bool is_wrapped, void *host_memory, int access)
    : home(&d), bytes(size), wrapped(is_wrapped),
      id(next_buffer_id.fetch_add(1, std::memory_order_relaxed)) {
  host.store(host_memory, std::memory_order_relaxed);
  cpu_access.store(access, std::memory_order_relaxed);
  ++debug_counters().buffers_created;
}

buffer::~buffer() { ++debug_counters().buffers_destroyed; }

void buffer::ensure_storage() {
  if (storage)
    return;
  const memory_use use = storage_use(*this);
  device &d = owner();
  storage = allocate_buffer(d, bytes, use);
  if (use == memory_use::mapped_storage && storage.mapped && !d.physical().unified_memory) {
    d.shared_bytes += storage.capacity;
    shared_charged = true;
  }
}

void buffer::release_storage() noexcept {
  if (shared_charged)
    owner().shared_bytes -= storage.capacity;
  shared_charged = false;
  drop_view_pages(*this); // imported for this device
  storage = device_allocation{};
}

void *buffer::host_pointer() {
  void *h = host.load(std::memory_order_relaxed);
  if (h || wrapped)
    return h;
  // Contents are undefined until written, so the shadow need not be cleared.
  shadow.reset(new unsigned char[bytes ? bytes : 1]);
  host.store(shadow.get(), std::memory_order_release);
  return shadow.get();
}

std::unique_lock<std::mutex> lock_owner(buffer &b) {
  for (;;) {
    device *d = b.home.load(std::memory_order_acquire);
    std::unique_lock<std::mutex> lock(d->mutex());
    if (b.home.load(std::memory_order_acquire) == d)
      return lock;
  }
}

void relock_owner(buffer &b, std::unique_lock<std::mutex> &lock) {
  // b's home changes only with its device's mutex held, so holding the
  // mutex of its home means it stays there.
  if (lock.owns_lock() && lock.mutex() == &b.owner().mutex())
    return;
  if (lock.owns_lock())
    lock.unlock();
  lock = lock_owner(b);
}

namespace {

// `lock` holds the mutex of b's device, some of whose views have batches that
// hold b. Waits, with the mutex released, for the last such batch of one of
// them (submitting it first if it is still being recorded); that retires it and
// everything before it on that view. On return `lock` holds the mutex of b's
// device again, which another thread may have changed meanwhile.
void wait_for_holds(buffer &b, std::unique_lock<std::mutex> &lock) {
  device &d = b.owner();
  d.check_usable(); // after teardown nothing retires the batches any more
  std::uint64_t serial = 0;
  queue *q = d.view_holding(b, serial);
  if (!q)
    throw concurrency::runtime_exception(
        "ampvk: internal error: an array_view counts " + std::to_string(b.gpu_holds) +
            " unfinished uses on " + d.describe() + " that no accelerator_view has",
        concurrency::E_FAIL_AMP);
  q->wait_for(serial, lock); // holds q while it waits unlocked (queue::wait_frame)
  relock_owner(b, lock);
}

// Buffers whose device memory waits for their first kernel: no Vulkan work
// yet (the device is opened by the first launch that uses the buffer), so a
// view used only on the host costs nothing, and works even during exit,
// after teardown.
buffer *registered_without_vulkan(device &d, std::unique_ptr<buffer> b) {
  std::lock_guard<std::mutex> lock(d.mutex());
  d.check_not_lost();
  d.buffers.insert(b.get());
  return b.release();
}

} // namespace

void move_to_device(buffer &b, device &to) {
  for (;;) {
    std::unique_lock<std::mutex> lock = lock_owner(b);
    device *from = &b.owner();
    if (from == &to)
      return;
    if (!b.moves_with_kernels())
      throw concurrency::runtime_exception(
          "ampvk: mismatched accelerators: the data lives in an array on " + from->describe() +
              ", and arrays stay on their accelerator; copy it to an array on " + to.describe() +
              " first",
          concurrency::E_INVALIDARG_AMP);
    from->check_not_lost();
    to.check_usable();
    // Through the host: the two devices share no memory. Every wait for the
    // GPU releases the mutex (and is bounded by the kernel time limit), so
    // other threads keep using both devices; afterwards we look at b afresh.
    if (!(b.state.load(std::memory_order_relaxed) & residency::host_current)) {
      residency::host_read(b, lock);
      continue;
    }
    // Batches of from's views that used b, on whichever views ran them, even
    // finished ones not yet retired: b's holds may only ever be changed
    // under the mutex of the device it lives on.
    if (b.gpu_holds) {
      wait_for_holds(b, lock);
      continue;
    }
    // Nothing left to wait for: both mutexes, taken together, only to hand b over.
    lock.unlock();
    std::unique_lock<std::mutex> from_lock(from->mutex(), std::defer_lock);
    std::unique_lock<std::mutex> to_lock(to.mutex(), std::defer_lock);
    std::lock(from_lock, to_lock);
    if (b.home.load(std::memory_order_acquire) != from || b.gpu_holds ||
        !(b.state.load(std::memory_order_relaxed) & residency::host_current))
      continue; // used or moved meanwhile
    to.check_usable();
    to.buffers.insert(&b); // first: it may throw, leaving b where it was
    from->buffers.erase(&b);
    residency::moved_to_host(b);
    b.home.store(&to, std::memory_order_release);
    return;
  }
}

void add_hold(buffer &b) noexcept { ++b.gpu_holds; }

void drop_hold(buffer &b) noexcept {
  if (--b.gpu_holds == 0 && b.orphaned)
    destroy(&b);
}

buffer *buffer_wrap_host(device *d, void *host, std::size_t bytes) {
  if (!d)
    throw concurrency::runtime_exception("ampvk: buffer_wrap_host called with a null device",
                                         concurrency::E_INVALIDARG_AMP);
  if (!host && bytes)
    throw concurrency::runtime_exception("ampvk: cannot view " + std::to_string(bytes) +
                                             " bytes at a null host pointer",
                                         concurrency::E_INVALIDARG_AMP);
  auto b = std::make_unique<buffer>(*d, bytes, true, host);
  residency::created_wrapped(*b);
  return registered_without_vulkan(*d, std::move(b));
}

buffer *buffer_create(device *d, std::size_t bytes, int cpu_access) {
  if (!d)
    throw concurrency::runtime_exception("ampvk: buffer_create called with a null device",
                                         concurrency::E_INVALIDARG_AMP);
  d->open();
  std::lock_guard<std::mutex> lock(d->mutex());
  d->check_usable();
  auto b = std::make_unique<buffer>(*d, bytes, false, nullptr, cpu_access);
  b->ensure_storage(); // array<T,N> lives on the device: fail here, not at first launch
  residency::created_owned(*b);
  d->buffers.insert(b.get());
  return b.release();
}

void buffer_set_placement(buffer *b, placement p, int cpu_access) {
  buffer &buf = checked(b, "buffer_set_placement");
  buf.where.store(p, std::memory_order_relaxed);
  buf.cpu_access.store(cpu_access, std::memory_order_relaxed);
}

void buffer_set_view(buffer *b, queue *q) {
  buffer &buf = checked(b, "buffer_set_view");
  hold_queue(q);
  queue_release(buf.view.exchange(q, std::memory_order_relaxed));
}

queue *buffer_view(const buffer *b) {
  return checked(const_cast<buffer *>(b), "buffer_view").view.load(std::memory_order_relaxed);
}

placement buffer_placement(const buffer *b) {
  return checked(const_cast<buffer *>(b), "buffer_placement").where.load(std::memory_order_relaxed);
}

int buffer_cpu_access(const buffer *b) {
  return checked(const_cast<buffer *>(b), "buffer_cpu_access")
      .cpu_access.load(std::memory_order_relaxed);
}

bool buffer_wraps_host(const buffer *b) {
  return checked(const_cast<buffer *>(b), "buffer_wraps_host").wrapped;
}

buffer *buffer_create_without_source(device *d, std::size_t bytes) {
  if (!d)
    throw concurrency::runtime_exception(
        "ampvk: buffer_create_without_source called with a null device",
        concurrency::E_INVALIDARG_AMP);
  auto b = std::make_unique<buffer>(*d, bytes, false, nullptr);
  b->has_source.store(false, std::memory_order_relaxed);
  residency::created_owned(*b); // no storage yet: never host-mapped
  return registered_without_vulkan(*d, std::move(b));
}

bool buffer_moves_with_kernels(const buffer *b) {
  return checked(const_cast<buffer *>(b), "buffer_moves_with_kernels").moves_with_kernels();
}

bool buffer_has_source(const buffer *b) {
  return checked(const_cast<buffer *>(b), "buffer_has_source")
      .has_source.load(std::memory_order_relaxed);
}

void buffer_retain(buffer *b) noexcept {
  if (b)
    b->refs.fetch_add(1, std::memory_order_relaxed);
}

void buffer_release(buffer *b) noexcept {
  if (!b || b->refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  auto lock = lock_owner(*b);
  if (b->wrapped && !(b->state.load(std::memory_order_relaxed) & residency::host_current) &&
      !b->owner().lost() && !b->owner().closed()) {
    // C++ AMP: destroying the last view synchronizes the data source.
    try {
      download_reason why("download when the last array_view is destroyed");
      residency::host_read(*b, lock);
    } catch (const std::exception &e) {
      std::fprintf(stderr,
                   "ampvk: results could not be copied back to host memory when the last "
                   "array_view of it was destroyed: %s\n",
                   e.what());
    } catch (...) {
      std::fprintf(stderr, "ampvk: results could not be copied back to host memory when the "
                           "last array_view of it was destroyed\n");
    }
  }
  b->host.store(nullptr, std::memory_order_relaxed); // the caller may free it now
  drop_view_pages(*b);
  if (b->gpu_holds == 0)
    destroy(b);
  else
    b->orphaned = true; // the last submission using it destroys it
}

device *buffer_device(const buffer *b) { return &checked(const_cast<buffer *>(b), "buffer_device").owner(); }

void buffer_move_to(buffer *b, device *d) {
  buffer &buf = checked(b, "buffer_move_to");
  if (!d)
    throw concurrency::runtime_exception("ampvk: buffer_move_to called with a null device",
                                         concurrency::E_INVALIDARG_AMP);
  if (&buf.owner() == d)
    return;
  d->open();
  move_to_device(buf, *d);
}

std::size_t buffer_size(const buffer *b) { return checked(const_cast<buffer *>(b), "buffer_size").bytes; }

namespace {

// The section a thread made current last (buffer_host_data,
// buffer_synchronize): its next access of the same section finds it current
// without the mutex, until a residency transition bumps the buffer's epoch.
// Element access of a section that is not the whole buffer takes this path.
struct section_memo {
  std::uint64_t buffer = 0; // buffer::id, never reused
  std::uint64_t epoch = 0;
  bool write = false;
  section part;
};
thread_local section_memo last_section;

bool remembered(const buffer &b, const section &s, bool write) {
  const section_memo &m = last_section;
  return m.buffer == b.id && m.epoch == b.epoch.load(std::memory_order_acquire) &&
         (m.write || !write) && m.part == s;
}

void remember(const buffer &b, const section &s, bool write) {
  last_section = {b.id, b.epoch.load(std::memory_order_relaxed), write, s};
}

// The ranges of section s of b, or null (the whole buffer) without one.
const byte_ranges *part_of(const buffer &b, const section *s, byte_ranges &out) {
  if (!s)
    return nullptr;
  out = section_ranges(*s, b.bytes);
  return &out;
}

} // namespace

void *buffer_host_data(buffer *b, access a, const section *s) {
  buffer &buf = checked(b, "buffer_host_data");
  const bool write = a != access::read;
  const unsigned st = buf.state.load(std::memory_order_acquire);
  bool fast = write ? (st & residency::host_only) != 0 : (st & residency::host_current) != 0;
  if (!fast && s)
    fast = remembered(buf, *s, write);
  if (fast) {
    void *h = buf.host.load(std::memory_order_acquire);
    if (h || buf.wrapped)
      return h;
  }
  auto lock = lock_owner(buf);
  buf.owner().check_not_lost();
  byte_ranges ranges;
  const byte_ranges *part = part_of(buf, s, ranges);
  if (write)
    residency::host_write(buf, lock, residency::old_contents::kept, part);
  else
    residency::host_read(buf, lock, part);
  if (s)
    remember(buf, *s, write);
  throw_kernel_failure();
  return buf.host_pointer();
}

void buffer_synchronize(buffer *b, const section *s) {
  buffer &buf = checked(b, "buffer_synchronize");
  if ((buf.state.load(std::memory_order_acquire) & residency::host_current) ||
      (s && remembered(buf, *s, false)))
    return;
  auto lock = lock_owner(buf);
  buf.owner().check_not_lost();
  byte_ranges ranges;
  residency::host_read(buf, lock, part_of(buf, s, ranges));
  if (s)
    remember(buf, *s, false);
  throw_kernel_failure();
}

void buffer_host_modified(buffer *b, const section *s) {
  buffer &buf = checked(b, "buffer_host_modified");
  auto lock = lock_owner(buf);
  buf.owner().check_not_lost();
  byte_ranges ranges;
  residency::host_write(buf, lock, residency::old_contents::replaced, part_of(buf, s, ranges));
}

void buffer_discard(buffer *b, const section *s) {
  buffer &buf = checked(b, "buffer_discard");
  auto lock = lock_owner(buf);
  byte_ranges ranges;
  residency::host_discard(buf, part_of(buf, s, ranges));
}

namespace {

// Below this a bulk transfer goes through the host copy: a submission of its
// own costs more than the second host copy it saves.
constexpr std::size_t direct_transfer_min_bytes = 64 * 1024;

// Whether bulk transfers between host memory and b skip b's host copy: an
// array on an accelerator whose device copy the host does not map, so that
// data goes through staging memory anyway.
bool transfers_directly(const buffer &b, std::size_t bytes) {
  return !b.wrapped && !b.host_mapped && b.storage && bytes >= direct_transfer_min_bytes &&
         b.where.load(std::memory_order_relaxed) == placement::device;
}


} // namespace

void buffer_write(buffer *b, std::size_t offset, const void *src, std::size_t bytes) {
  buffer &buf = checked(b, "buffer_write");
  check_range(buf, offset, bytes, "buffer_write");
  if (bytes && !src)
    throw concurrency::runtime_exception("ampvk: buffer_write from a null pointer",
                                         concurrency::E_INVALIDARG_AMP);
  auto lock = lock_owner(buf);
  buf.owner().check_not_lost();
  if (transfers_directly(buf, bytes)) {
    // Straight into the device copy: one host copy instead of two.
    queue &q = view_queue(buf);
    order_after_other_queue(q, buf);
    upload_from(q, buf, offset, src, bytes);
    throw_kernel_failure();
    return;
  }
  // The host copy of those bytes becomes the only current one; they are
  // replaced, so nothing is downloaded first.
  const byte_ranges part(offset, offset + bytes);
  residency::host_write(buf, lock, residency::old_contents::replaced, &part);
  throw_kernel_failure();
  if (bytes)
    std::memcpy(static_cast<unsigned char *>(buf.host_pointer()) + offset, src, bytes);
}

void buffer_read(buffer *b, std::size_t offset, void *dst, std::size_t bytes) {
  buffer &buf = checked(b, "buffer_read");
  check_range(buf, offset, bytes, "buffer_read");
  if (bytes && !dst)
    throw concurrency::runtime_exception("ampvk: buffer_read into a null pointer",
                                         concurrency::E_INVALIDARG_AMP);
  auto lock = lock_owner(buf);
  buf.owner().check_not_lost();
  if (transfers_directly(buf, bytes) && buf.host_stale.covers(offset, offset + bytes)) {
    // The device copy is the current one: straight from it, one host copy.
    download_into(queue_of(buf), buf, offset, dst, bytes);
    throw_kernel_failure();
    return;
  }
  const byte_ranges part(offset, offset + bytes);
  residency::host_read(buf, lock, &part);
  throw_kernel_failure();
  if (bytes)
    std::memcpy(dst, static_cast<const unsigned char *>(buf.host_pointer()) + offset, bytes);
}

} // namespace rt
} // namespace ampvk
