// One parallel_for_each as recorded into its batch (launch.cpp decides
// everything before): the uploads its buffers need, the barriers around
// them, its pipeline, descriptors and push constants, and vkCmdDispatch in
// the profiler's span. Results read through a mapping after the fence need
// a host-visible barrier: queue::submit records one at the end of the batch.
#ifndef AMPVK_RUNTIME_EXECUTION_DISPATCH_H
#define AMPVK_RUNTIME_EXECUTION_DISPATCH_H

#include <cstdint>
#include <vector>

#include "execution/descriptors.h"
#include "execution/image_bindings.h"
#include "execution/submission.h"
#include "kernels/compute_domain.h"
#include "kernels/kernel_arguments.h"
#include "kernels/pipeline_cache.h"
#include "memory/byte_ranges.h"

namespace ampvk {
namespace rt {

class buffer;

// A buffer the kernel uses, with the union of its bindings' access bits (the
// same buffer may be bound more than once: two views of one vector) and of
// the bytes they show: those the launch uploads where stale, and those a
// kernel that writes makes stale on the host.
struct buffer_use {
  buffer *b;
  std::uint32_t access = 0;
  bool whole = false;        // a binding shows the whole buffer
  bool writes_whole = false; // ... and writes it
  byte_ranges shows;         // otherwise, what the bindings show
  byte_ranges written;       // and what the writing ones show
  const byte_ranges *shown() const noexcept { return whole ? nullptr : &shows; }
  const byte_ranges *writes() const noexcept { return writes_whole ? nullptr : &written; }
};

class dispatch final : public operation {
public:
  struct arguments {
    const kernel_pipeline &pipeline;
    const std::vector<bound_buffer> &bound;
    const std::vector<buffer_use> &uses;
    const std::vector<bound_image> &images;
    const std::vector<unsigned char> &push;
    const dispatch_shape &shape;
    profiled_kernel *profiled;
    const report_slots &reports;
  };
  explicit dispatch(const arguments &args) noexcept : args_(args) {}
  // Before anything that can fail, the batch holds the buffers: a dispatch
  // recorded must keep them alive.
  void record(submission &s) override;

private:
  arguments args_;
};

} // namespace rt
} // namespace ampvk

#endif
