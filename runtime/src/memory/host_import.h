// Host memory a device's copy commands read and write directly, imported with
// VK_EXT_external_memory_host. A copy between two accelerators goes through
// one such allocation imported into both (execution/buffer_copies.h): the
// source device writes it, the destination device reads it, and the host
// copies nothing. A large bulk copy between the caller's memory and an array
// imports the caller's pages (execution/buffer_transfers.cpp), and a view of
// the caller's memory that moves large data again and again keeps its pages
// imported (memory/view_pages.h).
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

// Host bytes [p, p + bytes) imported with the whole pages around them (an
// import starts and ends at the device's alignment; the bytes around are
// never copied to or from): `at` is where p lies in the import.
struct imported_range {
  imported_host_buffer memory;
  VkDeviceSize at = 0;
};
// False when the driver refuses these pages (read-only memory, for one); d
// must import host memory.
bool import_host_range(device &d, const void *p, std::size_t bytes, imported_range &out);

} // namespace rt
} // namespace ampvk

#endif
