#include "memory/residency.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>

#include "device.h"
#include "diagnostics/profiler.h"
#include "execution/buffer_transfers.h"
#include "execution/queue.h"

namespace ampvk {
namespace rt {
namespace residency {
namespace {

// Brings the host copy up to date; with for_write, also waits for readers of
// host-mapped memory and makes the host copy the only current one. Waits
// release `lock`, so every wait is followed by a fresh look at b: other
// threads may have launched kernels on it, read it, or moved it to another
// device meanwhile.
void make_host_current(buffer &b, std::unique_lock<std::mutex> &lock, bool for_write,
                       old_contents old) {
  for (;;) {
    // Only GPU work opened the device, and only GPU work leaves anything to
    // wait for or copy; host-only buffers (and all of them after teardown)
    // never reach the queue.
    unsigned s = b.state.load(std::memory_order_relaxed);
    if (b.host_mapped) {
      // One copy: only wait until the GPU is done with the memory.
      queue &q = queue_of(b);
      std::uint64_t need = 0;
      if (!(s & host_current))
        need = b.last_write;
      if (for_write && (s & device_in_use))
        need = std::max(need, b.last_use);
      if (need && !q.done(need)) {
        b.owner().check_not_lost();
        q.wait_for(need, lock);
        relock_owner(b, lock);
        continue;
      }
      unsigned next = for_write ? unsigned(host_current) : (s | host_current);
      if (q.done(b.last_use))
        next &= ~unsigned(device_in_use); // retired: no kernel reads it any more
      b.state.store(next, std::memory_order_release);
      return;
    }
    b.host_pointer();
    if (!(s & host_current) && old == old_contents::kept) {
      b.owner().check_usable();
      if (!download(queue_of(b), b, &lock)) {
        relock_owner(b, lock); // b changed while we waited: look again
        continue;
      }
      s = b.state.load(std::memory_order_relaxed);
    }
    b.state.store(for_write ? unsigned(host_current) : (s | host_current),
                  std::memory_order_release);
    return;
  }
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

void host_read(buffer &b, std::unique_lock<std::mutex> &lock) {
  make_host_current(b, lock, false, old_contents::kept);
}

void host_write(buffer &b, std::unique_lock<std::mutex> &lock, old_contents old) {
  make_host_current(b, lock, true, old);
}

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
    } else if (!(b.state.load(std::memory_order_relaxed) & host_current) && !b.owner().lost()) {
      // (A lost device's copy is gone: the host keeps what it had.)
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
