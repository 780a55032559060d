#include "execution/buffer_transfers.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <vector>

#include "device.h"
#include "execution/barriers.h"
#include "memory/buffer.h"
#include "memory/host_copy.h"
#include "memory/host_import.h"
#include "memory/residency.h"
#include "memory/view_pages.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

namespace {

// vkCmdUpdateBuffer's limit (dataSize, a multiple of 4).
constexpr std::size_t max_inline_upload_bytes = 65536;

// vkCmdUpdateBuffer takes 4-byte aligned offsets and sizes.
bool inline_upload(const byte_ranges &part) {
  if (part.bytes() > max_inline_upload_bytes)
    return false;
  for (const byte_range &r : part.ranges())
    if (r.begin % 4 || r.end % 4)
      return false;
  return true;
}

// One region per range, packed one after the other on the staging side.
std::vector<VkBufferCopy> regions(const byte_ranges &part, bool to_staging) {
  std::vector<VkBufferCopy> out;
  out.reserve(part.ranges().size());
  VkDeviceSize packed = 0;
  for (const byte_range &r : part.ranges()) {
    const VkDeviceSize size = r.end - r.begin;
    out.push_back(to_staging ? VkBufferCopy{r.begin, packed, size}
                             : VkBufferCopy{packed, r.begin, size});
    packed += size;
  }
  return out;
}

} // namespace

std::vector<byte_ranges> chunks_of(const byte_ranges &part, std::size_t bytes) {
  std::vector<byte_ranges> out(1);
  std::size_t filled = 0;
  for (const byte_range &r : part.ranges())
    for (std::size_t at = r.begin; at < r.end;) {
      if (filled == bytes) {
        out.emplace_back();
        filled = 0;
      }
      const std::size_t take = std::min(r.end - at, bytes - filled);
      out.back().add(at, at + take);
      filled += take;
      at += take;
    }
  return out;
}

void buffer_upload::record(submission &s) {
  buffer &b = buffer_;
  queue &q = s.target();
  ++debug_counters().uploads;
  auto *host = static_cast<const unsigned char *>(b.host.load(std::memory_order_relaxed));
  const byte_ranges part = part_ ? b.device_stale.intersection(*part_) : b.device_stale;
  if (b.bytes == 0 || !host || part.empty())
    return;
  const std::size_t bytes = part.bytes();
  note_transfer(q, transfer_direction::host_to_device, bytes);
  debug_counters().bytes_uploaded += bytes;
  if (b.storage.mapped) {
    // Earlier kernels may still read or write this memory (launch waited
    // already, before it took the batch, which this wait could submit).
    queue_of(b).wait_for(b.last_use);
    auto *device_copy = static_cast<unsigned char *>(b.storage.mapped);
    for (const byte_range &r : part.ranges())
      traced_memcpy(q, transfer_direction::host_to_device, device_copy + r.begin, host + r.begin,
                    r.end - r.begin);
    return; // host writes are visible to work submitted afterwards
  }
  const VkBuffer device_copy = b.storage.buffer.get();
  if (inline_upload(part)) {
    // Small data travels in the command buffer itself: no staging memory,
    // which the first launch of a process would otherwise allocate and map.
    s.transfer(
        transfer_direction::host_to_device, bytes,
        [&](VkCommandBuffer cmd) {
          for (const byte_range &r : part.ranges())
            vkCmdUpdateBuffer(cmd, device_copy, r.begin, r.end - r.begin, host + r.begin);
        },
        static_cast<unsigned>(part.ranges().size()));
  } else {
    note_staged(b, bytes);
    const submission::staged staging = s.stage_upload(bytes);
    std::size_t packed = 0;
    for (const byte_range &r : part.ranges()) {
      traced_memcpy(q, transfer_direction::host_to_device, staging.mapped + packed,
                    host + r.begin, r.end - r.begin);
      packed += r.end - r.begin;
    }
    const std::vector<VkBufferCopy> copies = regions(part, false);
    s.transfer(transfer_direction::host_to_device, bytes, [&](VkCommandBuffer cmd) {
      vkCmdCopyBuffer(cmd, staging.buffer, device_copy, static_cast<std::uint32_t>(copies.size()),
                      copies.data());
    });
  }
  copied_ = true;
}

void buffer_download::record(submission &s) {
  buffer &b = buffer_;
  const std::size_t bytes = part_.bytes();
  const submission::staged staging = s.stage_download(bytes);
  memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
  const std::vector<VkBufferCopy> copies = regions(part_, true);
  s.transfer(transfer_direction::device_to_host, bytes, [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, b.storage.buffer.get(), staging.buffer,
                    static_cast<std::uint32_t>(copies.size()), copies.data());
  });
  // The host read waits for the submission, whose last barrier makes the
  // copy visible.
  s.target().hold(s.batch(), b);
}

void buffer_download::finish(const submission &s, const byte_ranges &wanted) const {
  auto *host = static_cast<unsigned char *>(buffer_.host.load(std::memory_order_relaxed));
  // Each wanted byte lies in one recorded range, at its packed place.
  std::size_t packed = 0;
  auto w = wanted.ranges().begin();
  for (const byte_range &r : part_.ranges()) {
    for (; w != wanted.ranges().end() && w->begin < r.end; ++w)
      s.read_back(host + w->begin, packed + (w->begin - r.begin), w->end - w->begin);
    packed += r.end - r.begin;
  }
}

namespace {

// What a download started from. After a wait that released the device mutex,
// a different record means another thread changed b meanwhile (a kernel wrote
// it, it moved to another device or was evicted at exit), and the data copied
// is not the data wanted.
struct download_start {
  device *home;
  queue *last_queue;
  std::uint64_t last_write;
};

download_start start_of(const buffer &b) {
  return {b.home.load(std::memory_order_acquire), b.last_queue, b.last_write};
}

bool same_device_data(const buffer &b, const download_start &start) {
  // Read home first: if b moved, the rest is another device's to change.
  return b.home.load(std::memory_order_acquire) == start.home &&
         b.last_queue == start.last_queue && b.last_write == start.last_write;
}

// Downloads `chunks` of b's device copy into staging memory, each by a
// submission of its own, the next one in flight while arrived(k, s, copy)
// takes chunk k home after its wait (with `lock`, the mutex is released
// meanwhile); false from it stops there. Chunks still in flight are waited for
// before their staging memory goes back to the pool, also when stopped or
// when a wait threw.
template <typename Arrived>
bool download_chunks(queue &q, buffer &b, const std::vector<byte_ranges> &chunks,
                     std::unique_lock<std::mutex> *lock, Arrived arrived) {
  struct chunk {
    std::unique_ptr<submission> s;
    std::unique_ptr<buffer_download> copy;
    std::uint64_t serial = 0;
  };
  std::deque<chunk> in_flight;
  std::size_t next = 0;
  auto start_next = [&] {
    // In the list before anything is recorded, so that the guard below waits
    // for whatever of it reached the GPU.
    in_flight.emplace_back();
    chunk &c = in_flight.back();
    c.s = std::make_unique<submission>(q);
    c.copy = std::make_unique<buffer_download>(b, chunks[next++]);
    c.s->add(*c.copy);
    c.serial = c.s->serial();
    c.s->end();
    q.flush();
  };
  struct drain {
    queue &q;
    std::deque<chunk> &in_flight;
    ~drain() {
      for (const chunk &c : in_flight)
        try {
          if (c.serial)
            q.wait_for(c.serial);
        } catch (...) {
        }
    }
  } drained{q, in_flight};
  while (next < chunks.size() && in_flight.size() < 2)
    start_next();
  while (!in_flight.empty()) {
    chunk &c = in_flight.front();
    if (lock)
      q.wait_for(c.serial, *lock);
    else
      q.wait_for(c.serial);
    if (!arrived(next - in_flight.size(), *c.s, *c.copy))
      return false;
    in_flight.pop_front();
    if (next < chunks.size()) {
      b.owner().check_usable(); // the exit teardown may have come while we waited
      start_next();
    }
  }
  return true;
}

// Before an upload's copy command into b: b lives until the batch retires,
// and earlier kernels of the queue may still read or write those bytes.
void order_upload(submission &s, buffer &b) {
  s.target().hold(s.batch(), b);
  memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
}

// The ranges of `part` between b's device copy and the caller's imported
// pages (view_pages.h), at the same offsets on both sides.
std::vector<VkBufferCopy> page_regions(const byte_ranges &part, const imported_range &pages,
                                       bool to_pages) {
  std::vector<VkBufferCopy> out;
  out.reserve(part.ranges().size());
  for (const byte_range &r : part.ranges())
    out.push_back(to_pages ? VkBufferCopy{r.begin, pages.at + r.begin, r.end - r.begin}
                           : VkBufferCopy{pages.at + r.begin, r.begin, r.end - r.begin});
  return out;
}

// download() into a view's imported pages: one copy command of the bytes of
// `part` stale on the host, which the device writes into the caller's memory
// itself. With `lock`, the work recorded so far (b's writers among it) is
// waited for with the mutex released first; the copy itself is waited for
// holding it, since every host write (through a view, a copy into it, the end
// of a synchronize_async) takes the mutex and must not meet the device's.
bool download_to_pages(queue &q, buffer &b, const byte_ranges &part, const imported_range &pages,
                       std::unique_lock<std::mutex> *lock, const download_start &start) {
  if (lock) {
    q.wait_idle_unlocked(*lock);
    if (!same_device_data(b, start))
      return false;
  }
  const byte_ranges stale = part.intersection(b.host_stale);
  if (stale.empty())
    return true;
  const std::vector<VkBufferCopy> copies = page_regions(stale, pages, true);
  submission s(q);
  q.hold(s.batch(), b);
  memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
  s.transfer(transfer_direction::device_to_host, stale.bytes(), [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, b.storage.buffer.get(), pages.memory.buffer.get(),
                    static_cast<std::uint32_t>(copies.size()), copies.data());
  });
  debug_counters().bytes_through_view_pages += stale.bytes();
  // The batch's last barrier makes the copy visible to the host.
  s.end_and_wait();
  residency::host_copied(b, stale);
  return true;
}

// upload_ahead from a view's imported pages: one copy command, waited for,
// since C++ AMP lets the caller change its memory once the launch returns
// (the staged chunks are the host's copy of it at the launch). Only when q
// has nothing else to run, so that the wait is the copy's (and that of any
// work another view of the device submitted before it).
void upload_from_pages(queue &q, buffer &b, const byte_ranges &stale,
                       const imported_range &pages) {
  const std::size_t bytes = stale.bytes();
  ++debug_counters().uploads;
  note_transfer(q, transfer_direction::host_to_device, bytes);
  debug_counters().bytes_uploaded += bytes;
  debug_counters().bytes_through_view_pages += bytes;
  const std::vector<VkBufferCopy> copies = page_regions(stale, pages, false);
  submission s(q);
  order_upload(s, b);
  s.transfer(transfer_direction::host_to_device, bytes, [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, pages.memory.buffer.get(), b.storage.buffer.get(),
                    static_cast<std::uint32_t>(copies.size()), copies.data());
  });
  note_queue_use(q, b, s.serial());
  // The device copy of them is current; the host's stays current.
  residency::device_submitted(b, s.serial(), false, &stale, nullptr);
  s.end_and_wait();
}

} // namespace

bool download(queue &q, buffer &b, const byte_ranges &part, std::unique_lock<std::mutex> *lock) {
  ++debug_counters().downloads;
  if (b.bytes == 0 || !b.host.load(std::memory_order_relaxed) || !b.storage || part.empty())
    return true;
  const std::size_t bytes = part.bytes();
  note_transfer(q, transfer_direction::device_to_host, bytes);
  debug_counters().bytes_downloaded += bytes;
  const download_start start = start_of(b);
  if (b.storage.mapped) {
    if (lock) {
      q.wait_for(b.last_write, *lock);
      if (!same_device_data(b, start))
        return false;
    } else {
      q.wait_for(b.last_write);
    }
    // The host writes and reads of other threads while the mutex was free
    // decided what is still stale.
    auto *host = static_cast<unsigned char *>(b.host.load(std::memory_order_relaxed));
    auto *device_copy = static_cast<const unsigned char *>(b.storage.mapped);
    const byte_ranges wanted = part.intersection(b.host_stale);
    for (const byte_range &r : wanted.ranges())
      traced_memcpy(q, transfer_direction::device_to_host, host + r.begin, device_copy + r.begin,
                    r.end - r.begin);
    return true;
  }
  // The copy joins the batch being recorded (with the launches that wrote b),
  // which is submitted now: straight into a view's imported pages, or else
  // through staging memory.
  if (const imported_range *pages = view_pages(b))
    return download_to_pages(q, b, part, *pages, lock, start);
  note_staged(b, bytes);
  // A large part goes in chunks through pooled
  // staging memory, the next chunk's copy in flight while the host copies one
  // home: one staging buffer of the whole part would be allocated and pinned
  // anew each time (a 256 MiB view took 80-140 ms on the H100 that way).
  const std::vector<byte_ranges> chunks = chunks_of(part, bulk_chunk_bytes);
  return download_chunks(q, b, chunks, lock, [&](std::size_t k, submission &s,
                                                 const buffer_download &copy) {
    if (lock && !same_device_data(b, start))
      return false;
    // Of this chunk, the bytes still stale on the host, now current there: an
    // asynchronous download that ends while the next chunk's wait releases
    // the mutex must not copy its older data over them.
    const byte_ranges copied = chunks[k].intersection(b.host_stale);
    copy.finish(s, copied);
    residency::host_copied(b, copied);
    return true;
  });
}

bool uploads_ahead(const buffer &b, const byte_ranges *part) {
  if (b.storage.mapped || !b.host.load(std::memory_order_relaxed))
    return false;
  const std::size_t stale =
      (part ? b.device_stale.intersection(*part) : b.device_stale).bytes();
  // Else the launch's own buffer_upload.
  return stale > bulk_chunk_bytes || (b.pages && stale >= view_pages_min_bytes);
}

void upload_ahead(queue &q, buffer &b, const byte_ranges *part) {
  if (!uploads_ahead(b, part))
    return;
  const byte_ranges stale = part ? b.device_stale.intersection(*part) : b.device_stale;
  if (q.idle())
    if (const imported_range *pages = view_pages(b))
      return upload_from_pages(q, b, stale, *pages);
  if (stale.bytes() <= bulk_chunk_bytes)
    return; // the launch's own buffer_upload
  // The launch does not wait for the GPU: a chunk takes the staging memory of
  // one that is done (back in the pool when its batch retired), else new.
  const std::vector<byte_ranges> chunks = chunks_of(stale, bulk_chunk_bytes);
  for (std::size_t k = 0; k < chunks.size(); ++k) {
    submission s(q);
    order_upload(s, b);
    buffer_upload upload(b, &chunks[k]);
    s.add(upload);
    note_queue_use(q, b, s.serial());
    // The device copy of the chunk is current; the host's stays current.
    residency::device_submitted(b, s.serial(), false, &chunks[k], nullptr);
    s.end();
    q.flush(); // runs while the host copies the next chunk
  }
}

namespace {

// From this size on, a device that imports host memory
// (VK_EXT_external_memory_host) may copy straight between the caller's pages
// and the device copy: no host copy at all. Below it, pinning the pages costs
// more than the copy into staging memory it saves; so does it above, where
// the host copies into staging memory on host_copy_outruns_import threads or
// more (memory/host_copy.h).
constexpr std::size_t import_min_bytes = std::size_t(8) << 20;

// The caller's bytes [p, p + bytes), imported (host_import.h). False when
// the device imports no host memory, the transfer is small, the host copies
// staged chunks on enough threads, or the driver refuses these pages: staging
// memory instead.
bool import_caller_pages(device &d, const void *p, std::size_t bytes, imported_range &out) {
  if (!d.physical().imports_host_memory || bytes < import_min_bytes ||
      host_copy_threads(bulk_chunk_bytes) >= host_copy_outruns_import ||
      !import_host_range(d, p, bytes, out))
    return false;
  debug_counters().bytes_through_caller_pages += bytes;
  return true;
}

// One copy command from host memory the device reads (staging memory or the
// caller's imported pages) into bytes [to, to + bytes) of b's device copy,
// which becomes the only current copy of them.
void record_upload(submission &s, buffer &b, VkBuffer from, VkDeviceSize at, std::size_t to,
                   std::size_t bytes) {
  queue &q = s.target();
  order_upload(s, b);
  const VkBufferCopy region{at, to, bytes};
  s.transfer(transfer_direction::host_to_device, bytes, [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, from, b.storage.buffer.get(), 1, &region);
  });
  const byte_ranges part(to, to + bytes);
  note_queue_use(q, b, s.serial());
  residency::device_submitted(b, s.serial(), true, &part, &part);
}

} // namespace

void upload_from(queue &q, buffer &b, std::size_t offset, const void *src, std::size_t bytes) {
  ++debug_counters().uploads;
  note_transfer(q, transfer_direction::host_to_device, bytes);
  debug_counters().bytes_uploaded += bytes;
  imported_range pages;
  if (import_caller_pages(q.owner(), src, bytes, pages)) {
    submission s(q);
    record_upload(s, b, pages.memory.buffer.get(), pages.at, offset, bytes);
    // The caller may change its memory once copy returns, and the import
    // goes with this function.
    s.end_and_wait();
    return;
  }
  const auto *from = static_cast<const unsigned char *>(src);
  std::uint64_t in_flight[2] = {0, 0};
  for (std::size_t done = 0, k = 0; done < bytes; done += bulk_chunk_bytes, ++k) {
    const std::size_t size = std::min(bulk_chunk_bytes, bytes - done);
    // The chunk before last is done: its staging memory is back in the pool.
    if (in_flight[k % 2])
      q.wait_for(in_flight[k % 2]);
    submission s(q);
    const submission::staged staging = s.stage_upload(size);
    traced_memcpy(q, transfer_direction::host_to_device, staging.mapped, from + done, size);
    record_upload(s, b, staging.buffer, 0, offset + done, size);
    in_flight[k % 2] = s.serial();
    s.end();
    if (done + size < bytes)
      q.flush(); // runs while the host copies the next chunk
  }
}

void download_into(queue &q, buffer &b, std::size_t offset, void *dst, std::size_t bytes) {
  ++debug_counters().downloads;
  note_transfer(q, transfer_direction::device_to_host, bytes);
  debug_counters().bytes_downloaded += bytes;
  imported_range pages;
  if (import_caller_pages(q.owner(), dst, bytes, pages)) {
    submission s(q);
    q.hold(s.batch(), b);
    memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    const VkBufferCopy region{offset, pages.at, bytes};
    s.transfer(transfer_direction::device_to_host, bytes, [&](VkCommandBuffer cmd) {
      vkCmdCopyBuffer(cmd, b.storage.buffer.get(), pages.memory.buffer.get(), 1, &region);
    });
    // The batch's last barrier makes the copy visible to the host.
    s.end_and_wait();
    return;
  }
  auto *to = static_cast<unsigned char *>(dst);
  const std::vector<byte_ranges> chunks =
      chunks_of(byte_ranges(offset, offset + bytes), bulk_chunk_bytes);
  download_chunks(q, b, chunks, nullptr,
                  [&](std::size_t k, submission &s, const buffer_download &) {
                    const byte_range &r = chunks[k].ranges().front();
                    s.read_back(to + (r.begin - offset), 0, r.end - r.begin);
                    return true;
                  });
}

} // namespace rt
} // namespace ampvk
