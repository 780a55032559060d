// rt::launch: one parallel_for_each is recorded into its queue's batch (the
// uploads its buffers need, the dispatch and the barriers around it), which the
// queue submits at the next synchronization point, at once in immediate mode.
// Stale data of more than 32 MiB goes up first, in chunks each submitted with
// the batch before it (upload_ahead). It never waits for the GPU except to
// reuse mapped memory a previous kernel still uses, and for an upload of 8 MiB
// or more straight from a view's imported pages (memory/view_pages.h), which
// is taken only when the view has nothing else to run.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include <ampvk/runtime.h>

#include "device.h"
#include "diagnostics/bounds_report.h"
#include "diagnostics/kernel_print.h"
#include "diagnostics/profiler.h"
#include "execution/buffer_transfers.h"
#include "execution/capture_buffer.h"
#include "execution/descriptors.h"
#include "execution/dispatch.h"
#include "execution/foreign_array_views.h"
#include "execution/image_bindings.h"
#include "execution/queue.h"
#include "kernels/compute_domain.h"
#include "kernels/kernel_arguments.h"
#include "kernels/kernel_image_reader.h"
#include "kernels/pipeline_cache.h"
#include "memory/buffer.h"
#include "memory/residency.h"

namespace ampvk {
namespace rt {
namespace {

// No view named: a captured array's view, else a texture's, else that of an
// array a captured array_view shows (the data need not move), else the
// default accelerator's.
queue &choose_queue(const launch_desc &desc, const std::vector<bound_buffer> &bound,
                    const std::vector<bound_image> &images) {
  if (desc.q)
    return *desc.q;
  for (const auto &bb : bound)
    if (bb.array_reference)
      return view_queue(*bb.b);
  if (queue *q = image_queue_of(images))
    return *q;
  for (const auto &bb : bound)
    if (!bb.b->wrapped && bb.b->has_source.load(std::memory_order_relaxed))
      return view_queue(*bb.b);
  return *default_queue(default_device());
}

// The same buffer may be bound more than once (two views of one vector).
void distinct_buffers(const std::vector<bound_buffer> &bound, std::vector<buffer_use> &uses) {
  uses.clear();
  for (const auto &bb : bound) {
    auto it = std::find_if(uses.begin(), uses.end(), [&](const buffer_use &u) { return u.b == bb.b; });
    if (it == uses.end()) {
      uses.emplace_back();
      uses.back().b = bb.b;
      it = uses.end() - 1;
    }
    buffer_use &u = *it;
    u.access |= bb.access;
    const bool writes = (bb.access & binding_writes) != 0;
    if (bb.whole || section_is_whole(bb.shows, bb.b->bytes)) {
      u.whole = true;
      u.writes_whole |= writes;
      continue;
    }
    const byte_ranges shows = section_ranges(bb.shows, bb.b->bytes);
    u.shows.add(shows);
    if (writes)
      u.written.add(shows);
  }
}

// A launch's lists, kept per thread so that a launch allocates nothing once
// the thread has launched a kernel with as many bindings (launch is never
// re-entered on a thread).
struct launch_lists {
  std::vector<bound_buffer> bound;
  std::vector<buffer_use> uses;
  std::vector<unsigned char> push;
  std::vector<bound_image> images;
};

// Arrays stay on their accelerator (views of them used elsewhere have stand-ins
// by then: foreign_array_views.h); an array_view of host data or without a
// data source goes to the accelerator of the kernel that uses it (through the
// host: move_to_device).
void bring_to_device(device &d, const std::vector<bound_buffer> &bound) {
  for (const auto &bb : bound)
    if (bb.b->where.load(std::memory_order_relaxed) != placement::device)
      throw concurrency::runtime_exception(
          "ampvk: binding " + std::to_string(bb.binding) +
              " of the kernel is an array on the CPU accelerator (or a staging array), which "
              "kernels cannot use; copy it to an array on an accelerator first",
          concurrency::E_INVALIDARG_AMP);
  for (const auto &bb : bound) {
    if (&bb.b->owner() == &d)
      continue;
    if (!bb.b->moves_with_kernels())
      throw concurrency::runtime_exception(
          "ampvk: mismatched accelerators: the kernel runs on " + d.describe() + " but binding " +
              std::to_string(bb.binding) + " uses an array that lives on " +
              bb.b->owner().describe() + "; copy it to an array on the kernel's accelerator first",
          concurrency::E_INVALIDARG_AMP);
    move_to_device(*bb.b, d);
  }
}

// Device mutex held: another thread may have taken a view to its own
// accelerator between bring_to_device and the lock.
void check_still_on(const device &d, const std::vector<buffer_use> &uses) {
  for (const auto &u : uses)
    if (&u.b->owner() != &d)
      throw concurrency::runtime_exception(
          "ampvk: an array_view is used by kernels on two accelerators at the same time (" +
              d.describe() + " and " + u.b->owner().describe() +
              "); wait for one kernel before launching the other",
          concurrency::E_INVALIDARG_AMP);
}

void check_binding_size(const device &d, const buffer &b) {
  if (b.bytes > d.limits().maxStorageBufferRange)
    throw concurrency::unsupported_feature(
        "ampvk: a kernel cannot use " + std::to_string(b.bytes) + " bytes of data in one array on " +
        d.describe() + ": its limit is " + std::to_string(d.limits().maxStorageBufferRange) +
        " bytes (maxStorageBufferRange)");
}

void check_capture_buffer_size(const device &d, const kernel_image_header &h) {
  const std::uint32_t limit =
      std::min<std::uint32_t>(d.limits().maxStorageBufferRange, max_capture_block_bytes);
  if (h.capture_buffer_size > limit)
    throw concurrency::unsupported_feature(
        "ampvk: a kernel cannot capture " + std::to_string(h.capture_buffer_size) +
        " bytes of data (with the launch header) on " + d.describe() + ": its limit is " +
        std::to_string(limit) + " bytes (maxStorageBufferRange, and at most " +
        std::to_string(max_capture_block_bytes) +
        " for ampvk's 32-bit offsets); capture fewer or smaller objects");
}

// Host-side waits that recording could need, done before the batch is taken:
// they may submit it.
void prepare_buffers(queue &q, const std::vector<buffer_use> &uses) {
  for (const auto &u : uses)
    order_after_other_queue(q, *u.b);
  // Mapped memory is written once the kernels still using it are done; large
  // stale data goes up in chunks before the batch is taken.
  for (const auto &u : uses) {
    if (!residency::needs_upload(*u.b, u.shown()))
      continue;
    if (u.b->storage.mapped)
      queue_of(*u.b).wait_for(u.b->last_use);
    else
      upload_ahead(q, *u.b, u.shown());
  }
}

// Whether the launch does enough before it records its dispatch to hide its
// pipeline's creation behind: device memory for a buffer's first use on a GPU
// (the driver's allocation, perhaps of a new block), or an upload ahead of
// the batch (more than one bulk chunk, buffer_transfers.h). The launch's
// other uploads are recorded after the pipeline is needed, and a CPU device's
// allocation is over before another thread has started (lavapipe's 256-byte
// first launch took 0.2 ms longer that way).
bool worth_overlapping(const device &d, const std::vector<buffer_use> &uses) {
  const bool gpu = d.physical().properties.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU;
  for (const auto &u : uses)
    if (u.b->storage ? uploads_ahead(*u.b, u.shown()) : gpu)
      return true;
  return false;
}

// The batch to record the launch into: a new one when the current one has no
// descriptors or capture memory left.
frame &batch_with_room(device &d, queue &q, const kernel_pipeline &pipeline) {
  frame *f = &q.record();
  if (!descriptor_room(*f, pipeline) || !image_descriptor_room(*f, pipeline) ||
      (pipeline.capture_buffer_size && !capture_room(d, *f, pipeline.capture_buffer_size))) {
    q.flush();
    f = &q.record();
  }
  return *f;
}

} // namespace

void launch(const launch_desc &desc) {
  const kernel_image &image = read_kernel_image_cached(desc.image, desc.image_size);
  if (image.header.closure_size && !desc.kernel_object)
    throw concurrency::runtime_exception("ampvk: launch without a kernel object",
                                         concurrency::E_INVALIDARG_AMP);
  thread_local launch_lists lists;
  std::vector<bound_buffer> &bound = lists.bound;
  resolve_bindings(image, desc.kernel_object, bound);
  std::vector<bound_image> &images = lists.images;
  resolve_image_bindings(image, desc.kernel_object, images);
  queue &q = choose_queue(desc, bound, images);
  device &d = q.owner();
  foreign_array_views foreign;
  foreign.stand_in(d, bound);
  bring_to_device(d, bound);
  dispatch_shape shape =
      plan_dispatch(image.header, desc.rank, desc.extent, d.limits(), d.name(), d.items_policy());
  // A block too large for push constants is written into the frame's capture
  // buffer once the frame is known.
  std::vector<unsigned char> &push = lists.push;
  push.resize(image.header.push_size);
  if (!push.empty())
    fill_capture_block(image, desc.kernel_object, shape, push.data());
  std::vector<buffer_use> &uses = lists.uses;
  distinct_buffers(bound, uses);

  std::unique_lock<std::mutex> lock(d.mutex());
  d.check_usable();
  check_still_on(d, uses);
  // Fewer distinct buffers than bindings: two views of the same data, which
  // only the Aliased variant may access without undefined behaviour.
  pipeline_variant variant;
  variant.aliased = uses.size() < bound.size();
  variant.items_per_thread = shape.items_per_thread;
  variant.grid_folded = shape.grid_folded != 0;
  variant.views_at_origin = views_at_origin(bound);
  // A pipeline still to be made is made on another thread while this one
  // allocates and uploads the buffers, where that is worth it (a first
  // launch); either way the kernel's capabilities are checked before
  // anything is allocated.
  const kernel_pipeline *made = nullptr;
  if (worth_overlapping(d, uses))
    d.pipelines().prepare(image, variant);
  else
    made = &d.pipelines().get(image, variant);
  // Check before allocating: a buffer that cannot be bound is not allocated.
  for (const auto &u : uses)
    check_binding_size(d, *u.b);
  check_capture_buffer_size(d, image.header);
  for (const auto &u : uses)
    u.b->ensure_storage();
  prepare_buffers(q, uses);
  const kernel_pipeline &pipeline = made ? *made : d.pipelines().get(image, variant);
  if (pipeline.prints)
    make_print_room(q); // may submit the batch: before it is chosen
  frame &f = batch_with_room(d, q, pipeline);
  if (image.header.capture_buffer_size)
    fill_capture_block(image, desc.kernel_object, shape,
                       capture_memory(d, f, image.header.capture_buffer_size));
  report_slots reports;
  if (pipeline.checked)
    reports.check = check_report_for_launch(d, q, f.serial, image);
  if (pipeline.prints) {
    const std::uint64_t invocations = std::uint64_t(shape.groups[0]) * shape.groups[1] *
                                      shape.groups[2] * shape.local_size[0] *
                                      shape.local_size[1] * shape.local_size[2];
    print_slots slots = print_buffer_for_launch(d, q, f.serial, image, invocations);
    reports.print = slots.print;
    reports.witness = slots.witness;
  }
  // A failure while recording leaves harmless commands (uploads, bindings)
  // in the batch; the buffers' records change only once the dispatch is in
  // (those of upload_ahead's chunks before, which make device copies current
  // and leave the host's so).
  profiled_kernel *profiled = note_launch(q, image, desc.rank, desc.extent);
  submission s(q, f);
  dispatch kernel({pipeline, bound, uses, images, push, shape, profiled, reports});
  s.add(kernel);
  const std::uint64_t serial = s.serial();
  for (const auto &u : uses) {
    note_queue_use(q, *u.b, serial);
    residency::device_submitted(*u.b, serial, (u.access & binding_writes) != 0, u.shown(),
                                u.writes());
  }
  s.end();
  lock.unlock();
  foreign.copy_back();
}

} // namespace rt
} // namespace ampvk
