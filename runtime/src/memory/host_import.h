// Host memory a device's copy commands read and write directly, imported with
// VK_EXT_external_memory_host. A copy between two accelerators goes through
// one such allocation imported into both (execution/buffer_copies.h): the
// source device writes it, the destination device reads it, and the host
// copies nothing. A large bulk copy between the caller's memory and an array
// imports the caller's pages (execution/buffer_transfers.cpp).
#ifndef AMPVK_RUNTIME_MEMORY_HOST_IMPORT_H
#define AMPVK_RUNTIME_MEMORY_HOST_IMPORT_H

#include <cstddef>
#include <memory>

#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class device;

// Page-aligned host memory, freed with std::free.
struct host_allocation_deleter {
  void operator()(void *p) const noexcept;
};
using aligned_host_memory = std::unique_ptr<unsigned char, host_allocation_deleter>;
// `bytes` (a multiple of `alignment`, a power of two) at an `alignment`
// boundary. Throws out_of_memory.
aligned_host_memory allocate_aligned_host_memory(std::size_t bytes, std::size_t alignment);

struct imported_host_buffer {
  unique_memory memory; // declared first: the buffer is destroyed before its memory
  unique_buffer buffer;
};

// The `bytes` at `host` as a transfer source and destination of d, which must
// import host memory (physical_device::imports_host_memory); host and bytes
// aligned to its host_import_alignment. The memory must outlive the import and
// every command using it. Throws out_of_memory or runtime_exception when the
// driver refuses.
imported_host_buffer import_host_memory(device &d, void *host, std::size_t bytes);

} // namespace rt
} // namespace ampvk

#endif
