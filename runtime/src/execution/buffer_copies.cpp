#include "execution/buffer_copies.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <cstring>
#include <mutex>
#include <string>

#include <ampvk/exceptions.h>
#include <ampvk/runtime.h>

#include "device.h"
#include "diagnostics/kernel_failures.h"
#include "execution/barriers.h"
#include "execution/queue.h"
#include "memory/buffer.h"
#include "memory/byte_ranges.h"
#include "memory/host_import.h"
#include "memory/residency.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

void device_copy::record(submission &s) {
  if (held_from_)
    s.target().hold(s.batch(), *held_from_);
  if (held_to_)
    s.target().hold(s.batch(), *held_to_);
  memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
  std::uint64_t bytes = 0;
  for (const VkBufferCopy &r : regions_)
    bytes += r.size;
  s.transfer(transfer_direction::device_to_device, bytes, [&](VkCommandBuffer cmd) {
    vkCmdCopyBuffer(cmd, from_, to_, static_cast<std::uint32_t>(regions_.size()),
                    regions_.data());
  });
}

namespace {

// A copy between devices moves through two slots of this many bytes: while
// the destination device copies one out, the source device fills the other.
constexpr std::size_t bridge_slot_bytes = std::size_t(32) << 20;
// Smaller copies between devices go through the host, which moves them for
// less than two devices' submissions and the wait between them cost.
constexpr std::size_t bridge_min_bytes = std::size_t(1) << 20;

// The bytes a copy moves: runs of the two sections, paired in row-major
// order.
struct copy_plan {
  std::vector<VkBufferCopy> regions;
  byte_ranges from; // of the source
  byte_ranges to;   // of the destination
  std::size_t bytes = 0;
};

std::string shape_text(const section &s) {
  std::string out;
  for (int d = 0; d < s.outer; ++d)
    out += std::to_string(s.count[d]) + " x ";
  return out + std::to_string(s.row_bytes) + " bytes";
}

// The byte past the section's last row, or 0 when it shows no byte.
std::size_t section_end(const section &s) {
  if (s.row_bytes == 0)
    return 0;
  std::size_t end = s.offset + s.row_bytes;
  for (int d = 0; d < s.outer; ++d) {
    if (s.count[d] == 0)
      return 0;
    end += (s.count[d] - 1) * s.pitch[d];
  }
  return end;
}

// The runs of bytes a section shows, in row-major order, neighbours merged.
std::vector<VkBufferCopy> runs_of(const section &s) {
  std::vector<VkBufferCopy> runs; // srcOffset and size only
  std::size_t rows = 1;
  for (int d = 0; d < s.outer; ++d)
    rows *= s.count[d];
  std::size_t at[max_section_outer] = {};
  for (std::size_t row = 0; row < rows; ++row) {
    VkDeviceSize offset = s.offset;
    for (int d = 0; d < s.outer; ++d)
      offset += at[d] * s.pitch[d];
    if (!runs.empty() && runs.back().srcOffset + runs.back().size == offset)
      runs.back().size += s.row_bytes;
    else
      runs.push_back({offset, 0, s.row_bytes});
    for (int d = s.outer - 1; d >= 0; --d) {
      if (++at[d] < s.count[d])
        break;
      at[d] = 0;
    }
  }
  return runs;
}

std::size_t section_bytes(const section &s) {
  std::size_t bytes = s.row_bytes;
  for (int d = 0; d < s.outer; ++d)
    bytes *= s.count[d];
  return bytes;
}

// The two sections' runs paired: the elements of both in row-major order
// (an array's bytes are one run; a view's, a run per row unless contiguous).
copy_plan plan_copy(const buffer &src, const section &from, const buffer &dst,
                    const section &to) {
  if (from.outer < 0 || from.outer > max_section_outer || to.outer < 0 ||
      to.outer > max_section_outer || section_bytes(from) != section_bytes(to))
    throw concurrency::runtime_exception("ampvk: buffer_copy between sections of different "
                                         "sizes (" +
                                             shape_text(from) + " and " + shape_text(to) + ")",
                                         concurrency::E_INVALIDARG_AMP);
  if (section_end(from) > src.bytes || section_end(to) > dst.bytes)
    throw concurrency::runtime_exception(
        "ampvk: buffer_copy of a section outside its buffer (" + shape_text(from) +
            " at byte " + std::to_string(from.offset) + " of " + std::to_string(src.bytes) +
            ", " + shape_text(to) + " at byte " + std::to_string(to.offset) + " of " +
            std::to_string(dst.bytes) + ")",
        concurrency::E_INVALIDARG_AMP);
  copy_plan p;
  if (section_end(from) == 0)
    return p;
  const std::vector<VkBufferCopy> in = runs_of(from), out = runs_of(to);
  std::size_t i = 0, o = 0;
  VkDeviceSize in_done = 0, out_done = 0;
  while (i < in.size() && o < out.size()) {
    const VkDeviceSize size = std::min(in[i].size - in_done, out[o].size - out_done);
    p.regions.push_back({in[i].srcOffset + in_done, out[o].srcOffset + out_done, size});
    p.from.add(in[i].srcOffset + in_done, in[i].srcOffset + in_done + size);
    p.to.add(out[o].srcOffset + out_done, out[o].srcOffset + out_done + size);
    p.bytes += size;
    if ((in_done += size) == in[i].size) {
      ++i;
      in_done = 0;
    }
    if ((out_done += size) == out[o].size) {
      ++o;
      out_done = 0;
    }
  }
  return p;
}

// One device: a copy command in the destination's queue. False when the
// source's device copy is not current (a host write since), so the data must
// come from the host.
bool copy_on_device(buffer &src, buffer &dst, const copy_plan &p) {
  auto lock = lock_owner(dst);
  device &d = dst.owner();
  if (&src.owner() != &d)
    return false; // moved meanwhile
  d.check_not_lost();
  if (!src.storage || residency::needs_upload(src, &p.from))
    return false;
  dst.ensure_storage();
  queue &q = view_queue(dst);
  order_after_other_queue(q, src);
  order_after_other_queue(q, dst);
  submission s(q);
  device_copy copy(src.storage.buffer.get(), dst.storage.buffer.get(), p.regions, &src, &dst);
  s.add(copy);
  const std::uint64_t serial = s.serial();
  note_queue_use(q, src, serial);
  note_queue_use(q, dst, serial);
  residency::device_submitted(src, serial, false, &p.from);
  residency::device_submitted(dst, serial, true, &p.to, &p.to);
  s.end();
  note_transfer(q, transfer_direction::device_to_device, p.bytes);
  debug_counters().bytes_copied_on_device += p.bytes;
  return true;
}

// The part of a copy between devices that fits one slot.
struct bridge_chunk {
  std::vector<VkBufferCopy> out; // source device: buffer -> slot
  std::vector<VkBufferCopy> in;  // destination device: slot -> buffer
  byte_ranges from, to;
};

std::vector<bridge_chunk> split_into_chunks(const copy_plan &p, std::size_t slot_bytes) {
  std::vector<bridge_chunk> chunks(1);
  std::size_t used = 0;
  for (const VkBufferCopy &r : p.regions) {
    VkDeviceSize done = 0;
    while (done < r.size) {
      if (used == slot_bytes) {
        chunks.emplace_back();
        used = 0;
      }
      const VkDeviceSize size = std::min<VkDeviceSize>(r.size - done, slot_bytes - used);
      bridge_chunk &c = chunks.back();
      c.out.push_back({r.srcOffset + done, used, size});
      c.in.push_back({used, r.dstOffset + done, size});
      c.from.add(r.srcOffset + done, r.srcOffset + done + size);
      c.to.add(r.dstOffset + done, r.dstOffset + done + size);
      used += size;
      done += size;
    }
  }
  return chunks;
}

// Host memory imported into both devices of a pair, two slots of
// bridge_slot_bytes, made by the pair's first copy and kept (allocating,
// pinning and importing it costs more than a copy of a few dozen megabytes).
// A copy uses it with `busy` held. If a wait fails (a lost device), it may
// still be under a running copy: it is then never freed.
class bridge {
public:
  bridge(device &from, device &to) {
    const std::size_t alignment = std::max<std::size_t>(
        {from.physical().host_import_alignment, to.physical().host_import_alignment, 64});
    slot_bytes_ = (bridge_slot_bytes + alignment - 1) / alignment * alignment;
    memory_ = allocate_aligned_host_memory(2 * slot_bytes_, alignment);
    out_ = import_host_memory(from, memory_.get(), 2 * slot_bytes_);
    in_ = import_host_memory(to, memory_.get(), 2 * slot_bytes_);
  }
  ~bridge() {
    if (!idle_)
      (void)memory_.release();
  }
  bridge(const bridge &) = delete;
  bridge &operator=(const bridge &) = delete;

  std::size_t slot_bytes() const noexcept { return slot_bytes_; }
  VkBuffer out() const noexcept { return out_.buffer.get(); }
  VkBuffer in() const noexcept { return in_.buffer.get(); }
  void in_use() noexcept { idle_ = false; }
  void idle() noexcept { idle_ = true; }
  bool is_idle() const noexcept { return idle_; }

  std::mutex busy;

private:
  std::size_t slot_bytes_ = 0;
  aligned_host_memory memory_;
  imported_host_buffer out_;
  imported_host_buffer in_;
  bool idle_ = true;
};

// The bridges of the process by (source, destination) device; dropped at
// exit before the devices close (drop_copy_bridges). Never destroyed itself:
// a copy on another thread at exit may still find it.
struct bridge_registry {
  std::mutex mutex;
  std::map<std::pair<const device *, const device *>, std::unique_ptr<bridge>> pairs;
  // Pairs whose drivers refused the import (out of pinnable memory, say):
  // their copies go through the host.
  std::set<std::pair<const device *, const device *>> refused;
  bool closed = false;
};

bridge_registry &bridges() {
  static bridge_registry *registry = new bridge_registry;
  return *registry;
}

// The pair's bridge, made on first use; null after drop_copy_bridges, or
// when the drivers refuse it.
bridge *bridge_between(device &from, device &to) {
  bridge_registry &r = bridges();
  std::lock_guard<std::mutex> lock(r.mutex);
  const std::pair<const device *, const device *> key{&from, &to};
  if (r.closed || r.refused.count(key))
    return nullptr;
  std::unique_ptr<bridge> &b = r.pairs[key];
  if (!b) {
    try {
      b = std::make_unique<bridge>(from, to);
    } catch (const std::exception &) {
      r.pairs.erase(key);
      r.refused.insert(key);
      return nullptr;
    }
  }
  return b.get();
}

// Offsets of a chunk's regions moved to its slot.
std::vector<VkBufferCopy> in_slot(std::vector<VkBufferCopy> regions, VkDeviceSize slot_offset,
                                  bool slot_is_destination) {
  for (VkBufferCopy &r : regions)
    (slot_is_destination ? r.dstOffset : r.srcOffset) += slot_offset;
  return regions;
}

// Two devices that import host memory: the source device copies each chunk
// into a slot and is waited for; the destination device copies it out while
// the source fills the other slot. False when the source's device copy is not
// current, so the data must come from the host.
bool copy_between_devices(buffer &src, buffer &dst, const copy_plan &p) {
  device &from = src.owner();
  device &to = dst.owner();
  {
    auto lock = lock_owner(src);
    from.check_not_lost();
    if (!src.storage || residency::needs_upload(src, &p.from))
      return false;
  }
  bridge *pair = bridge_between(from, to);
  if (!pair)
    return false;
  bridge &shared = *pair;
  std::lock_guard<std::mutex> one_copy_at_a_time(shared.busy);
  const std::vector<bridge_chunk> chunks = split_into_chunks(p, shared.slot_bytes());
  const unsigned slots = 2;
  std::uint64_t slot_serial[2] = {0, 0};
  queue *in_queue = nullptr;
  shared.in_use();
  for (std::size_t k = 0; k < chunks.size(); ++k) {
    const unsigned slot = static_cast<unsigned>(k % slots);
    const VkDeviceSize slot_offset = VkDeviceSize(slot) * shared.slot_bytes();
    if (slot_serial[slot]) {
      auto lock = lock_owner(dst);
      in_queue->wait_for(slot_serial[slot], lock);
    }
    {
      auto lock = lock_owner(src);
      from.check_not_lost();
      queue &q = view_queue(src);
      order_after_other_queue(q, src);
      submission s(q);
      const std::vector<VkBufferCopy> out = in_slot(chunks[k].out, slot_offset, true);
      device_copy copy(src.storage.buffer.get(), shared.out(), out, &src, nullptr);
      s.add(copy);
      note_queue_use(q, src, s.serial());
      residency::device_submitted(src, s.serial(), false, &chunks[k].from);
      s.end_and_wait(&lock);
    }
    {
      auto lock = lock_owner(dst);
      to.check_not_lost();
      dst.ensure_storage();
      queue &q = view_queue(dst);
      order_after_other_queue(q, dst);
      submission s(q);
      const std::vector<VkBufferCopy> in = in_slot(chunks[k].in, slot_offset, false);
      device_copy copy(shared.in(), dst.storage.buffer.get(), in, nullptr, &dst);
      s.add(copy);
      const std::uint64_t serial = s.serial();
      note_queue_use(q, dst, serial);
      residency::device_submitted(dst, serial, true, &chunks[k].to, &chunks[k].to);
      s.end();
      q.flush(); // runs while the source device fills the other slot
      slot_serial[slot] = serial;
      in_queue = &q;
    }
  }
  {
    auto lock = lock_owner(dst);
    in_queue->wait_for(std::max(slot_serial[0], slot_serial[1]), lock);
    note_transfer(*in_queue, transfer_direction::device_to_device, p.bytes);
  }
  shared.idle();
  debug_counters().bytes_copied_between_devices += p.bytes;
  return true;
}

// Between the host copies: the source's stale bytes are downloaded first,
// the destination's bytes become its only current copy (the next kernel
// uploads them).
void copy_on_host(buffer &src, buffer &dst, const copy_plan &p) {
  const unsigned char *in;
  {
    auto lock = lock_owner(src);
    src.owner().check_not_lost();
    residency::host_read(src, lock, &p.from);
    in = static_cast<const unsigned char *>(src.host_pointer());
  }
  // Within one buffer a later row may read what an earlier one wrote.
  std::vector<unsigned char> copied;
  if (&src == &dst && p.from.intersects(p.to)) {
    copied.reserve(p.bytes);
    for (const VkBufferCopy &r : p.regions)
      copied.insert(copied.end(), in + r.srcOffset, in + r.srcOffset + r.size);
  }
  auto lock = lock_owner(dst);
  dst.owner().check_not_lost();
  residency::host_write(dst, lock, residency::old_contents::replaced, &p.to);
  auto *out = static_cast<unsigned char *>(dst.host_pointer());
  std::size_t packed = 0;
  for (const VkBufferCopy &r : p.regions) {
    std::memcpy(out + r.dstOffset, copied.empty() ? in + r.srcOffset : copied.data() + packed,
                r.size);
    packed += r.size;
  }
  debug_counters().bytes_copied_on_host += p.bytes;
}

bool on_accelerator(const buffer &b) {
  return b.where.load(std::memory_order_relaxed) == placement::device;
}

} // namespace

void drop_copy_bridges() noexcept {
  bridge_registry &r = bridges();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.closed = true;
  for (auto &pair : r.pairs) {
    // One a copy still uses (another thread, at exit), or left in use by a
    // failed wait, is never freed.
    const bool unused = pair.second->busy.try_lock();
    if (unused)
      pair.second->busy.unlock();
    if (unused && pair.second->is_idle())
      pair.second.reset();
    else
      (void)pair.second.release();
  }
}

void buffer_copy(buffer *src, const section &from, buffer *dst, const section &to) {
  if (!src || !dst)
    throw concurrency::runtime_exception("ampvk: buffer_copy called with a null buffer",
                                         concurrency::E_INVALIDARG_AMP);
  const copy_plan p = plan_copy(*src, from, *dst, to);
  if (p.bytes == 0)
    return;
  // A view of host data is written where its owner reads it: in host memory.
  const bool device_side = on_accelerator(*src) && on_accelerator(*dst) && !dst->wrapped;
  const bool overlapping = src == dst && p.from.intersects(p.to);
  if (device_side && !overlapping && &src->owner() == &dst->owner()) {
    if (copy_on_device(*src, *dst, p))
      return;
  } else if (device_side && &src->owner() != &dst->owner() && !src->moves_with_kernels() &&
             !dst->moves_with_kernels() && p.bytes >= bridge_min_bytes &&
             src->owner().physical().imports_host_memory &&
             dst->owner().physical().imports_host_memory) {
    if (copy_between_devices(*src, *dst, p))
      return;
  }
  copy_on_host(*src, *dst, p);
  throw_kernel_failure();
}

} // namespace rt
} // namespace ampvk
