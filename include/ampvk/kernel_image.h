// The binary contract between the ampvk plugin (which writes a kernel image into
// the host object) and the ampvk runtime (which reads it at launch time).
//
// A kernel image is a byte string of little-endian 32-bit words:
//   kernel_image_header
//   kernel_binding[num_bindings]
//   SPIR-V words[spirv_words]
//   SPIR-V words[aliased_spirv_words]   the same kernel with every storage
//       buffer decorated Aliased; present when the kernel has two or more
//       bindings and writes one. The runtime uses it when two bindings of a
//       launch are the same buffer (two array_views of one vector).
// The bytes come from a string literal and need not be aligned: read them with
// memcpy, never by casting the pointer. <ampvk/kernel_image_codec.h> is the one
// encoder and decoder of this format.
#ifndef AMPVK_KERNEL_IMAGE_H
#define AMPVK_KERNEL_IMAGE_H

#include <cstdint>

namespace ampvk {

constexpr std::uint32_t kernel_image_magic = 0x4B504D41u; // "AMPK"
constexpr std::uint32_t kernel_image_version = 2;

// Byte layout of the push-constant block every kernel receives:
//   [0, 16)   launch_header
//   [16, ...) the kernel object (lambda closure or functor) copied byte for byte,
//             followed by the objects captured by reference (see kernel_binding),
//   and, for a compute domain of rank > 3, its last folded_extent_words(rank)
//   words: extent[1] ... extent[rank-3], with which the kernel unfolds z.
constexpr std::uint32_t launch_header_bytes = 16;

// parallel_for_each takes extents of any rank; ampvk launches up to this one.
constexpr int max_compute_rank = 16;

// Dimensions 0 .. rank-3 of a domain of rank > 3 share the z axis.
constexpr std::uint32_t folded_extent_words(std::uint32_t rank) {
  return rank > 3 ? rank - 3 : 0;
}

struct launch_header {
  // Number of threads along x, y, z. C++ AMP dimension rank-1 maps to x,
  // rank-2 to y and rank-3 to z (for rank > 3: dimensions 0 .. rank-3 together,
  // the product of their extents); unused dimensions are 1. Non-tiled kernels
  // use it to skip the threads that pad the last workgroup.
  std::uint32_t threads[3];
  std::uint32_t reserved;
};

struct kernel_image_header {
  std::uint32_t magic;
  std::uint32_t version;
  std::uint32_t local_size[3]; // workgroup size x, y, z (tile extents for tiled kernels)
  std::uint32_t rank;          // rank of the compute domain (1..max_compute_rank; tiled: 1..3)
  std::uint32_t tiled;         // 1 for tiled parallel_for_each
  std::uint32_t push_size;     // bytes of the push-constant block (multiple of 4)
  std::uint32_t closure_size;  // sizeof the kernel object
  std::uint32_t num_bindings;  // storage buffers, bindings 0..num_bindings-1 of set 0
  std::uint32_t spirv_words;
  std::uint32_t tile_static_bytes; // Workgroup memory the kernel declares
  std::uint32_t aliased_spirv_words; // 0 when there is no Aliased variant
};

enum class binding_kind : std::uint32_t {
  // An array_view<T,N> lives inside the kernel object at host_offset; its first
  // member is the ampvk::rt::buffer* that backs it.
  array_view = 1,
  // A reference (or pointer) to an array<T,N> lives in the kernel object at
  // host_offset. The array's first member is its ampvk::rt::buffer*. The runtime
  // copies object_size bytes of the array object into the push-constant block at
  // image_offset so the kernel can read its extent.
  array_reference = 2,
};

enum binding_access : std::uint32_t {
  binding_reads = 1,
  binding_writes = 2,
};

struct kernel_binding {
  std::uint32_t kind;         // binding_kind
  std::uint32_t host_offset;  // byte offset in the kernel object
  std::uint32_t binding;      // descriptor binding in set 0
  std::uint32_t image_offset; // array_reference: offset of the copied object in the push block
  std::uint32_t object_size;  // array_reference: bytes to copy
  std::uint32_t access;       // binding_access bits the kernel performs
};

} // namespace ampvk

#endif
