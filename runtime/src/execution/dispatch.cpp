#include "execution/dispatch.h"

#include <cstring>

#include "device.h"
#include "execution/barriers.h"
#include "execution/buffer_transfers.h"
#include "memory/buffer.h"
#include "memory/residency.h"

namespace ampvk {
namespace rt {

void dispatch::record(submission &s) {
  const arguments &a = args_;
  queue &q = s.target();
  frame &f = s.batch();
  device &d = q.owner();
  for (const auto &u : a.uses)
    q.hold(f, *u.b);
  // Earlier commands' shader and transfer writes (in this batch or an earlier
  // one) must be visible to this one's copies and shaders, and their reads
  // done before we overwrite.
  memory_barrier(f.cmd, gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                 gpu_stages, gpu_accesses);
  bool copied = false;
  for (const auto &u : a.uses)
    if (residency::needs_upload(*u.b, u.shown())) {
      buffer_upload upload(*u.b, u.shown());
      s.add(upload);
      copied |= upload.copied();
    }
  if (copied)
    memory_barrier(f.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);

  // What the previous launch of the batch left bound stays bound (frame::bound_*).
  const kernel_pipeline &pipeline = a.pipeline;
  if (f.bound_pipeline != pipeline.pipeline.get()) {
    vkCmdBindPipeline(f.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.pipeline.get());
    f.bound_pipeline = pipeline.pipeline.get();
  }
  bind_buffers(d, f, pipeline, a.bound, a.reports);
  bind_images(d, q, f, pipeline, a.images);
  if (pipeline.push_size) {
    f.use_layout(pipeline.layout.get());
    if (f.bound_push.size() != a.push.size() ||
        std::memcmp(f.bound_push.data(), a.push.data(), a.push.size()) != 0) {
      f.bound_push.clear();
      vkCmdPushConstants(f.cmd, pipeline.layout.get(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                         pipeline.push_size, a.push.data());
      f.bound_push.assign(a.push.begin(), a.push.end());
    }
  }
  const gpu_span span = begin_gpu_span(q, f, a.profiled);
  vkCmdDispatch(f.cmd, a.shape.groups[0], a.shape.groups[1], a.shape.groups[2]);
  end_gpu_span(f, span);
}

} // namespace rt
} // namespace ampvk
