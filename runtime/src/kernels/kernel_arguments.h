// Reading a launch's arguments out of the kernel object with the layout the
// plugin recorded: which rt::buffer each descriptor binding gets, and the
// bytes of the capture block (push constants or capture buffer).
#ifndef AMPVK_RUNTIME_KERNELS_KERNEL_ARGUMENTS_H
#define AMPVK_RUNTIME_KERNELS_KERNEL_ARGUMENTS_H

#include <cstdint>
#include <vector>

#include <ampvk/runtime.h>

#include "kernels/compute_domain.h"
#include "kernels/kernel_image_reader.h"

namespace ampvk {
namespace rt {

class buffer;

struct bound_buffer {
  buffer *b;
  std::uint32_t binding;
  std::uint32_t access; // binding_access bits
  bool array_reference;
  bool at_origin; // an array_view whose offset is 0 (view_origin_spec_id)
  // The bytes of the buffer the captured view shows (a kernel reaches no
  // others); whole: an array, or a view whose rank and element size the
  // image does not give.
  bool whole;
  section shows;
};

// The bindings below max_view_origin_bindings whose views are at_origin and
// accessed, one bit each (the pipeline's view_origin_spec_id constants). A
// view the kernel reaches only through copies it makes has no constant and
// may still set a bit: a pipeline more, never a wrong one.
std::uint32_t views_at_origin(const std::vector<bound_buffer> &bound);

// Fills `bound` (cleared first). Throws runtime_exception for a binding
// whose object holds no buffer.
void resolve_bindings(const kernel_image &image, const void *kernel_object,
                      std::vector<bound_buffer> &bound);

// Fills capture_block_size(header) bytes: the launch header, the kernel
// object, the objects captured by reference at their image offsets, and the
// folded extents of a domain of rank > 3.
void fill_capture_block(const kernel_image &image, const void *kernel_object,
                        const dispatch_shape &shape, unsigned char *out);

} // namespace rt
} // namespace ampvk

#endif
