#include "residency.h"

#include <cstdio>
#include <cstring>
#include <exception>

#include "device.h"
#include "profiler.h"
#include "queue.h"
#include "transfer.h"

namespace ampvk {
namespace rt {
namespace residency {
namespace {

// Brings the host copy up to date; with for_write, also waits for readers of
// host-mapped memory and makes the host copy the only current one.
void make_host_current(buffer &b, bool for_write, old_contents old) {
  // Only GPU work opened the device, and only GPU work leaves anything to
  // wait for or copy; host-only buffers (and all of them after teardown)
  // never reach the queue.
  unsigned s = b.state.load(std::memory_order_relaxed);
  if (b.host_mapped) {
    // One copy: only wait until the GPU is done with the memory.
    queue &q = queue_of(b);
    if (!(s & host_current))
      q.wait_for(b.last_write);
    if (for_write && (s & device_in_use))
      q.wait_for(b.last_use);
    unsigned next = for_write ? unsigned(host_current) : (s | host_current);
    if (q.done(b.last_use))
      next &= ~unsigned(device_in_use); // retired: no kernel reads it any more
    b.state.store(next, std::memory_order_release);
    return;
  }
  b.host_pointer();
  if (!(s & host_current) && old == old_contents::kept) {
    b.owner().check_usable();
    download(queue_of(b), b);
  }
  b.state.store(for_write ? unsigned(host_current) : (s | host_current),
                std::memory_order_release);
}

} // namespace

void created_wrapped(buffer &b) noexcept {
  b.state.store(host_current, std::memory_order_release);
}

void created_owned(buffer &b) noexcept {
  if (b.storage.mapped) {
    b.host_mapped = true;
    b.host.store(b.storage.mapped, std::memory_order_relaxed);
  }
  // Undefined contents are current everywhere: nothing to copy either way.
  b.state.store(b.host_mapped ? unsigned(host_current) : unsigned(host_current | device_current),
                std::memory_order_release);
}

void host_read(buffer &b) { make_host_current(b, false, old_contents::kept); }

void host_write(buffer &b, old_contents old) { make_host_current(b, true, old); }

void host_discard(buffer &b) noexcept {
  if (b.host_mapped || b.owner().closed())
    return; // one copy: there is no transfer to skip
  b.state.store(host_current | device_current, std::memory_order_release);
}

bool needs_upload(const buffer &b) noexcept {
  return !b.host_mapped && !(b.state.load(std::memory_order_relaxed) & device_current);
}

void device_submitted(buffer &b, std::uint64_t serial, bool writes) noexcept {
  b.last_use = serial;
  if (writes)
    b.last_write = serial;
  unsigned s = b.state.load(std::memory_order_relaxed);
  unsigned next;
  if (b.host_mapped)
    next = (writes ? 0u : (s & host_current)) | device_in_use;
  else
    next = writes ? unsigned(device_current) : (s | device_current);
  b.state.store(next, std::memory_order_release);
}

void evict_to_host(buffer &b) noexcept {
  try {
    if (b.host_mapped) {
      // The mapping dies with the memory: give the host pointer a copy.
      auto *copy = new unsigned char[b.bytes ? b.bytes : 1];
      if (b.bytes)
        std::memcpy(copy, b.storage.mapped, b.bytes);
      b.shadow.reset(copy);
      b.host.store(copy, std::memory_order_release);
      b.host_mapped = false;
    } else if (!(b.state.load(std::memory_order_relaxed) & host_current)) {
      b.host_pointer();
      download_reason why("download at exit");
      download(queue_of(b), b);
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ampvk: at exit, data of a live array could not be copied to the host: %s\n",
                 e.what());
  }
  b.state.store(host_current, std::memory_order_release);
  b.release_storage();
}

void moved_to_host(buffer &b) noexcept {
  b.release_storage();
  b.last_use = b.last_write = 0;
  drop_queue(b.last_queue);
  b.last_queue = nullptr; // the serials start over on the new device's default queue
  b.state.store(host_current, std::memory_order_release);
}

} // namespace residency
} // namespace rt
} // namespace ampvk
