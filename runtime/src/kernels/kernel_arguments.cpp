#include "kernels/kernel_arguments.h"

#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {
namespace {

const void *read_pointer(const void *object, std::uint32_t offset) {
  const void *p = nullptr;
  std::memcpy(&p, static_cast<const unsigned char *>(object) + offset, sizeof p);
  return p;
}

[[noreturn]] void no_storage(std::size_t entry, const char *why) {
  throw concurrency::runtime_exception("ampvk: kernel binding entry " + std::to_string(entry) +
                                           ": " + why,
                                       concurrency::E_INVALIDARG_AMP);
}

// The section the captured view at `view` shows, from its offset, extent and
// strides (as array_view::_M_section makes it on the host); false when its
// numbers make none (negative ones), and the launch takes the whole buffer.
bool view_section(const unsigned char *view, const kernel_binding &kb, section &out) {
  auto read_int = [&](std::uint32_t at) {
    int v = 0;
    std::memcpy(&v, view + at, sizeof v);
    return v;
  };
  const std::uint32_t rank = kb.view_rank;
  const std::size_t size = kb.element_size;
  const int offset = read_int(array_view_offset_at);
  std::size_t extent[max_view_rank], stride[max_view_rank];
  for (std::uint32_t d = 0; d < rank; ++d) {
    const int e = read_int(array_view_extent_at + 4 * d);
    const int s = read_int(array_view_stride_at(rank) + 4 * d);
    if (e < 0 || s < 0)
      return false;
    extent[d] = std::size_t(e);
    stride[d] = std::size_t(s);
  }
  if (offset < 0)
    return false;
  out = section{};
  out.offset = std::size_t(offset) * size;
  if (rank - 1 <= std::uint32_t(max_section_outer)) {
    out.row_bytes = extent[rank - 1] * size;
    out.outer = static_cast<int>(rank - 1);
    for (std::uint32_t d = 0; d + 1 < rank; ++d) {
      out.count[d] = extent[d];
      out.pitch[d] = stride[d] * size;
    }
    return true;
  }
  // More dimensions: from the first element to the last.
  std::size_t last = extent[rank - 1];
  for (std::uint32_t d = 0; d + 1 < rank; ++d) {
    if (extent[d] == 0)
      return true; // shows nothing
    last += (extent[d] - 1) * stride[d];
  }
  out.row_bytes = extent[rank - 1] == 0 ? 0 : last * size;
  return true;
}

} // namespace

void resolve_bindings(const kernel_image &image, const void *kernel_object,
                      std::vector<bound_buffer> &bound) {
  bound.clear();
  bound.reserve(image.bindings.size());
  for (std::size_t i = 0; i < image.bindings.size(); ++i) {
    const kernel_binding &kb = image.bindings[i];
    const bool by_reference = kb.kind == static_cast<std::uint32_t>(binding_kind::array_reference);
    const void *holder = kernel_object; // the object whose first member is the buffer*
    std::uint32_t offset = kb.host_offset;
    if (by_reference) {
      holder = read_pointer(kernel_object, kb.host_offset);
      offset = 0;
      if (!holder)
        no_storage(i, "the captured array reference is null");
    }
    auto *b = static_cast<buffer *>(const_cast<void *>(read_pointer(holder, offset)));
    if (!b)
      no_storage(i, by_reference ? "the captured array has no storage"
                                 : "the captured array_view has no storage");
    int offset_elements = -1;
    if (!by_reference)
      std::memcpy(&offset_elements,
                  static_cast<const unsigned char *>(holder) + offset + array_view_offset_at,
                  sizeof offset_elements);
    bound_buffer bb{b, kb.binding, kb.access, by_reference, offset_elements == 0, true, {}};
    if (!by_reference && kb.element_size && kb.view_rank)
      bb.whole = !view_section(static_cast<const unsigned char *>(holder) + offset, kb, bb.shows);
    bound.push_back(bb);
  }
}

std::uint32_t views_at_origin(const std::vector<bound_buffer> &bound) {
  std::uint32_t mask = 0;
  // A view the kernel never accesses has no constant: its bit would only
  // make another, identical pipeline.
  for (const bound_buffer &bb : bound)
    if (bb.at_origin && bb.access != 0 && bb.binding < max_view_origin_bindings)
      mask |= 1u << bb.binding;
  return mask;
}

void fill_capture_block(const kernel_image &image, const void *kernel_object,
                        const dispatch_shape &shape, unsigned char *out) {
  const std::uint32_t size = capture_block_size(image.header);
  if (size == 0)
    return;
  const kernel_image_header &h = image.header;
  std::memset(out, 0, size);
  launch_header header{{shape.threads[0], shape.threads[1], shape.threads[2]}, shape.grid_folded};
  std::memcpy(out, &header, sizeof header);
  if (h.closure_size)
    std::memcpy(out + launch_header_bytes, kernel_object, h.closure_size);
  // Arrays and textures captured by reference: their objects, for their extents.
  auto copy_referenced = [&](const kernel_binding &kb, binding_kind kind) {
    if (kb.kind != static_cast<std::uint32_t>(kind) || !kb.object_size)
      return;
    const void *object = read_pointer(kernel_object, kb.host_offset);
    std::memcpy(out + kb.image_offset, object, kb.object_size);
  };
  for (const kernel_binding &kb : image.bindings)
    copy_referenced(kb, binding_kind::array_reference);
  for (const kernel_binding &kb : image.image_bindings)
    copy_referenced(kb, binding_kind::texture_reference);
  const std::uint32_t folded_bytes = 4 * shape.folded_count;
  if (folded_bytes)
    std::memcpy(out + size - folded_bytes, shape.folded, folded_bytes);
}

} // namespace rt
} // namespace ampvk
