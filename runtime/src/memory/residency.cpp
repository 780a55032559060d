#include "memory/residency.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>

#include "device.h"
#include "diagnostics/profiler.h"
#include "execution/async_download.h"
#include "execution/buffer_transfers.h"
#include "execution/queue.h"

namespace ampvk {
namespace rt {
namespace residency {
namespace {

byte_ranges whole(const buffer &b) { return byte_ranges(0, b.bytes); }

// The bits of a buffer that is not host-mapped, from its ranges.
unsigned summary(const buffer &b) {
  unsigned s = 0;
  if (b.host_stale.empty())
    s |= host_current;
  if (b.device_stale.empty())
    s |= device_current;
  if (b.host_stale.empty() && b.device_stale.covers(0, b.bytes))
    s |= host_only;
  return s;
}

void publish(buffer &b) { b.state.store(summary(b), std::memory_order_release); }

// Host-mapped: host_only unless a kernel still uses the memory.
unsigned mapped_bits(unsigned s) {
  s &= ~unsigned(host_only);
  if ((s & host_current) && !(s & device_in_use))
    s |= host_only;
  return s;
}

// A transition after which a section's host data may need work again.
void bump(buffer &b) { b.epoch.fetch_add(1, std::memory_order_release); }

// Brings the host copy of `part` up to date; with for_write, also waits for
// readers of host-mapped memory and makes the host copy of `part` the only
// current one. Waits release `lock`, so every wait is followed by a fresh
// look at b: other threads may have launched kernels on it, read it, or moved
// it to another device meanwhile.
void make_host_current(buffer &b, std::unique_lock<std::mutex> &lock, bool for_write,
                       old_contents old, const byte_ranges *part) {
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
      b.state.store(mapped_bits(next), std::memory_order_release);
      return;
    }
    b.host_pointer();
    const byte_ranges range = part ? *part : whole(b);
    if (old == old_contents::kept) {
      const byte_ranges stale = b.host_stale.intersection(range);
      if (!stale.empty()) {
        b.owner().check_usable();
        if (!download(queue_of(b), b, stale, &lock)) {
          relock_owner(b, lock); // b changed while we waited: look again
          continue;
        }
      }
    }
    b.host_stale.remove(range);
    if (for_write)
      b.device_stale.add(range);
    publish(b);
    return;
  }
}

} // namespace

void created_wrapped(buffer &b) noexcept {
  b.host_stale.clear();
  b.device_stale.assign(0, b.bytes); // the device copy is made before a kernel reads it
  publish(b);
}

void created_owned(buffer &b) noexcept {
  if (b.storage.mapped) {
    b.host_mapped = true;
    b.host.store(b.storage.mapped, std::memory_order_relaxed);
    b.state.store(mapped_bits(host_current), std::memory_order_release);
    return;
  }
  // Undefined contents are current everywhere: nothing to copy either way.
  b.host_stale.clear();
  b.device_stale.clear();
  publish(b);
}

void host_read(buffer &b, std::unique_lock<std::mutex> &lock, const byte_ranges *part) {
  make_host_current(b, lock, false, old_contents::kept, part);
}

void host_write(buffer &b, std::unique_lock<std::mutex> &lock, old_contents old,
                const byte_ranges *part) {
  make_host_current(b, lock, true, old, part);
}

void host_discard(buffer &b, const byte_ranges *part) noexcept {
  if (b.host_mapped || b.owner().closed())
    return; // one copy: there is no transfer to skip
  if (part) {
    b.host_stale.remove(*part);
    b.device_stale.remove(*part);
  } else {
    b.host_stale.clear();
    b.device_stale.clear();
  }
  publish(b);
  bump(b);
}

bool needs_upload(const buffer &b, const byte_ranges *shows) {
  if (b.host_mapped || (b.state.load(std::memory_order_relaxed) & device_current))
    return false;
  return !shows || b.device_stale.intersects(*shows);
}

void device_submitted(buffer &b, std::uint64_t serial, bool writes, const byte_ranges *shows,
                      const byte_ranges *written) {
  b.last_use = serial;
  if (writes)
    b.last_write = serial;
  if (b.host_mapped) {
    const unsigned s = b.state.load(std::memory_order_relaxed);
    const unsigned next = (writes ? 0u : (s & host_current)) | device_in_use;
    b.state.store(mapped_bits(next), std::memory_order_release);
  } else {
    // The launch uploaded the device_stale ranges it shows (buffer_upload).
    if (shows)
      b.device_stale.remove(*shows);
    else
      b.device_stale.clear();
    if (writes)
      for (async_download *d : b.downloads_in_flight)
        d->overtake(written);
    if (writes && written)
      b.host_stale.add(*written);
    else if (writes)
      b.host_stale.assign(0, b.bytes);
    publish(b);
  }
  bump(b);
}

void async_download_started(buffer &b, async_download &d) {
  b.downloads_in_flight.push_back(&d);
}

void host_copied(buffer &b, const byte_ranges &copied) noexcept {
  if (copied.empty())
    return;
  b.host_stale.remove(copied);
  publish(b);
}

void async_download_ended(buffer &b, async_download &d, const byte_ranges &copied) noexcept {
  auto &list = b.downloads_in_flight;
  list.erase(std::remove(list.begin(), list.end(), &d), list.end());
  if (copied.empty())
    return;
  b.host_stale.remove(copied);
  publish(b);
}

namespace {

// The host copy became current by other means: downloads in flight have
// nothing left to copy.
void detach_downloads(buffer &b) noexcept {
  for (async_download *d : b.downloads_in_flight)
    d->detach();
  b.downloads_in_flight.clear();
}

} // namespace

void evict_to_host(buffer &b) noexcept {
  detach_downloads(b);
  try {
    if (b.host_mapped) {
      // The mapping dies with the memory: give the host pointer a copy.
      auto *copy = new unsigned char[b.bytes ? b.bytes : 1];
      if (b.bytes)
        std::memcpy(copy, b.storage.mapped, b.bytes);
      b.shadow.reset(copy);
      b.host.store(copy, std::memory_order_release);
      b.host_mapped = false;
    } else if (!b.host_stale.empty() && !b.owner().lost()) {
      // (A lost device's copy is gone: the host keeps what it had.)
      b.host_pointer();
      download_reason why("download at exit");
      download(queue_of(b), b, b.host_stale);
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ampvk: at exit, data of a live array could not be copied to the host: %s\n",
                 e.what());
  }
  b.host_stale.clear();
  b.device_stale.assign(0, b.bytes);
  publish(b);
  bump(b);
  b.release_storage();
}

void moved_to_host(buffer &b) noexcept {
  detach_downloads(b);
  b.release_storage();
  b.last_use = b.last_write = 0;
  drop_queue(b.last_queue);
  b.last_queue = nullptr; // the serials start over on the new device's default queue
  b.host_stale.clear();
  b.device_stale.assign(0, b.bytes); // the next device uploads all of it
  publish(b);
  bump(b);
}

} // namespace residency
} // namespace rt
} // namespace ampvk
