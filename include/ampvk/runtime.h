// The ampvk runtime's C++ API. <amp.h> is written on top of it; user code never
// includes this file directly. Every function reports failure by throwing one of
// the exceptions in <ampvk/exceptions.h>, with a message a user can act on.
#ifndef AMPVK_RUNTIME_H
#define AMPVK_RUNTIME_H

#include <cstddef>
#include <string>
#include <vector>

#include <ampvk/exceptions.h>
#include <ampvk/kernel_image.h>

namespace ampvk {
namespace rt {

class device; // one Vulkan physical + logical device; lives until process exit
class queue;  // an accelerator_view: a Vulkan queue with its own submissions
class buffer; // reference-counted storage shared by array / array_view objects
class image;  // a texture's Vulkan image, reference-counted by texture objects

struct device_info {
  std::wstring description;  // VkPhysicalDeviceProperties::deviceName
  std::wstring device_path;  // stable identifier, e.g. L"vulkan:0:<deviceName>"
  std::size_t dedicated_memory_kb = 0; // largest DEVICE_LOCAL heap
  unsigned version = 0;      // Vulkan API version as (major << 16) | minor
  bool is_emulated = false;  // CPU implementation (lavapipe/llvmpipe)
  bool has_display = false;
  bool supports_double_precision = false;      // shaderFloat64
  bool supports_limited_double_precision = false;
  bool supports_cpu_shared_memory = false;     // a DEVICE_LOCAL|HOST_VISIBLE heap
  unsigned max_tile_invocations = 0;           // maxComputeWorkGroupInvocations
  unsigned max_tile_static_bytes = 0;          // maxComputeSharedMemorySize
  unsigned max_push_constant_bytes = 0;
};

// All Vulkan devices in enumeration order. Throws runtime_exception if the Vulkan
// loader or an instance is unavailable (the message says how to install one).
const std::vector<device *> &devices();
// AMPVK_DEVICE (an index into devices() or a case-insensitive substring of the
// name) if set; otherwise the first discrete GPU, then integrated, then virtual,
// then CPU. Throws runtime_exception when there is none or AMPVK_DEVICE matches none.
device *default_device();
const device_info &info(const device *d);

// accelerator::set_default: true when d is now the default device; false
// once default_device() has been used (even when it is d), as in C++ AMP.
// Before that, a later call replaces an earlier one.
bool set_default_device(device *d);
// C++ AMP's access_type values (none 0, read 1, write 2, read_write 3,
// auto 4). The device's default for new arrays; reading it fixes it, after
// which set_default_cpu_access fails (returns false), as does a second set.
int default_cpu_access(device *d);
bool set_default_cpu_access(device *d, int access);
// What access_type_auto means for new arrays on d: read_write (3) where all of
// its memory is the host's too (integrated GPUs, CPU drivers), none (0)
// elsewhere, even with resizable BAR: host reads of mapped VRAM are slow, so
// sharing it is the program's choice (set_default_cpu_access or the array's
// access_type).
int auto_cpu_access(const device *d);

// The device's default queue: automatic mode (launches are batched).
queue *default_queue(device *d);
// A new queue of d (accelerator::create_view). It submits to the device's one
// VkQueue, as the default queue does, but keeps its own batch and fences:
// wait() on it waits for its own work. immediate: every launch is submitted at
// once (queuing_mode_immediate); otherwise launches are batched until a
// synchronization point (queuing_mode_automatic). The caller holds its one
// handle: the queue is destroyed, once its work is done, after the last
// handle (accelerator_view objects, and arrays made on it) is released.
queue *create_queue(device *d, bool immediate);
// Handles on a queue from create_queue; the default queue lives as long as its
// device and ignores them. Null is allowed (the CPU accelerator's view).
void queue_retain(queue *q) noexcept;
void queue_release(queue *q) noexcept;
device *queue_device(const queue *q);
bool queue_immediate(const queue *q);
// Submits the launches and copies q has batched up, without waiting.
void flush(queue *q);
// Submits what q has batched up and blocks until all of q's work has
// completed. Other threads may use the device meanwhile.
void wait(queue *q);

enum class access { read, write, read_write };

// A buffer over host memory the caller keeps alive (array_view over a vector or
// pointer). The host copy starts current; the device copy is made before a
// kernel reads it.
buffer *buffer_wrap_host(device *d, void *host, std::size_t bytes);
// A buffer owned by the runtime (array<T,N>). Its host shadow is allocated when
// first needed. Contents start undefined. cpu_access (an access_type value, see
// default_cpu_access) other than none lets it live in device memory the host
// maps where the device has some to spare, so host access copies nothing.
buffer *buffer_create(device *d, std::size_t bytes, int cpu_access = 3);
// Where C++ AMP places an array: on its accelerator, on the CPU accelerator,
// or a staging array (on the CPU, associated with the buffer's device). Arrays
// on the CPU cannot be used by kernels (launch throws). cpu_access is an
// access_type value (see default_cpu_access).
enum class placement { device, cpu, staging };
void buffer_set_placement(buffer *b, placement p, int cpu_access);
placement buffer_placement(const buffer *b);
// The accelerator_view an array was created on (a staging array: its
// associated view); kernels that capture the array run there when no view is
// given. Null: the default view of the buffer's device.
void buffer_set_view(buffer *b, queue *q);
queue *buffer_view(const buffer *b);
int buffer_cpu_access(const buffer *b);
// True for buffers over the caller's host memory (array_view of a container).
bool buffer_wraps_host(const buffer *b);
// The buffer of an array_view made from an extent alone, which has no data
// source (C++ AMP: its get_source_accelerator_view throws) and belongs to no
// accelerator: it starts on d, its device memory is allocated at its first
// kernel, and it moves to the accelerator of each kernel that uses it, as a
// view of host data does. Its host copy is memory of its own, never a
// mapping, so pointers into it survive moves. Contents undefined until written.
buffer *buffer_create_without_source(device *d, std::size_t bytes);
bool buffer_has_source(const buffer *b);
// True for the buffers kernels and synchronize_to take to their accelerator:
// those of views of host data and of views without a data source.
bool buffer_moves_with_kernels(const buffer *b);
void buffer_retain(buffer *b) noexcept;
// Dropping the last reference to a wrapped buffer first copies device data
// back into the host memory (C++ AMP: the last view's destructor synchronizes).
void buffer_release(buffer *b) noexcept;
device *buffer_device(const buffer *b);
// Moves the buffer of an array_view of host data or without a data source to
// device d (its data goes through the host; kernels using it on its old
// device are waited for). Nothing to do
// when it is on d already; runtime_exception for arrays, which never move.
// Kernels do this themselves for the views they use.
void buffer_move_to(buffer *b, device *d);
std::size_t buffer_size(const buffer *b);

// The bytes of its buffer a section of an array_view shows: rows of
// row_bytes bytes (the view's last dimension), the first at byte `offset`,
// along `outer` outer dimensions (the first slowest) of count[d] rows that lie
// pitch[d] bytes apart. A view of more than max_section_outer + 1 dimensions
// passes its first to its last byte as one row. The functions below take a
// section, or null for the whole buffer, and act on the section's bytes only:
// what they download, mark stale or discard.
constexpr int max_section_outer = 3;
struct section {
  std::size_t offset = 0;
  std::size_t row_bytes = 0;
  int outer = 0;
  std::size_t count[max_section_outer] = {};
  std::size_t pitch[max_section_outer] = {};
  bool operator==(const section &o) const noexcept {
    if (offset != o.offset || row_bytes != o.row_bytes || outer != o.outer)
      return false;
    for (int d = 0; d < outer; ++d)
      if (count[d] != o.count[d] || pitch[d] != o.pitch[d])
        return false;
    return true;
  }
};

// Host pointer to the buffer's data, valid until the next kernel launch that
// uses the buffer. Waits for kernels that write the buffer and copies the data
// of the section back when the device copy is newer. access::write and
// read_write make the host copy of the section the only current one.
void *buffer_host_data(buffer *b, access a, const section *s = nullptr);
// Copy device results of the section back to the host memory now
// (array_view::synchronize).
void buffer_synchronize(buffer *b, const section *s = nullptr);
// array_view::synchronize_async in two halves. The first records the
// download of the section's stale bytes after the kernels launched so far and
// submits it now: kernels launched afterwards run after it and never delay
// it. Null when nothing is to be copied. The second waits for that download
// only and copies home the bytes that no later kernel wrote and the host did
// not write, refresh or read meanwhile; it deletes the handle, also when it
// throws. Call it exactly once for every handle.
class async_download;
async_download *buffer_synchronize_begin(buffer *b, const section *s = nullptr);
void buffer_synchronize_end(async_download *d);
// Runs task(context) on a thread of the runtime's own, at once: a waiting
// one, or a new one when all are busy (completion_future.h's run_async).
// Throws std::system_error when no thread can be started.
void run_async_task(void (*task)(void *), void *context);
// The caller changed the section's host memory directly: it is now the only
// current copy there, and pending device results in it are dropped, not
// downloaded over it (array_view::refresh).
void buffer_host_modified(buffer *b, const section *s = nullptr);
// The section's current contents need not be preserved
// (array_view::discard_data).
void buffer_discard(buffer *b, const section *s = nullptr);
// Bulk copies between host memory and bytes [offset, offset + bytes) of a
// buffer (array constructors, copy()); only those bytes move.
void buffer_write(buffer *b, std::size_t offset, const void *src, std::size_t bytes);
void buffer_read(buffer *b, std::size_t offset, void *dst, std::size_t bytes);
// concurrency::copy between arrays and array_views: the bytes section `from`
// of src shows into those section `to` of dst shows, which must show the same
// number of bytes; they pair in row-major order. On one device a copy
// command joins the queue's batch; between two devices that import host
// memory the data moves through it without host copies; otherwise, or when
// the data is current in host memory only, or dst is a view of host data, the
// host copies it. The data is in place for every later use when this returns.
void buffer_copy(buffer *src, const section &from, buffer *dst, const section &to);

// A texture's texel format: C++ AMP's scalar type, number of components
// (1, 2 or 4) and bits per scalar element (8, 16, 32; 64 for double).
enum class texel_scalar : unsigned { int32, uint32, float32, norm, unorm, float64 };
struct texel_format {
  texel_scalar scalar = texel_scalar::float32;
  unsigned components = 1;
  unsigned bits = 32;
};
// Bytes of one texel as the device stores it (and as texture copies of raw
// memory read and write it).
std::size_t texel_bytes(const texel_format &f);
// The Vulkan format's name (for messages), e.g. "R8G8B8A8_UNORM"; empty for
// a combination C++ AMP does not allow.
std::string texel_format_name(const texel_format &f);
// Converts count texels between C++ AMP's value_type (components scalars of
// 4 bytes; 8 for double) and the stored format, as a kernel's reads and
// writes would: norm and unorm clamp and round as Vulkan converts them.
void texels_pack(const texel_format &f, const void *values, void *texels, std::size_t count);
void texels_unpack(const texel_format &f, const void *texels, void *values, std::size_t count);

// A texture: a Vulkan image in the device's optimal tiling, on the device
// of q (null: the default device's default queue). extent[0] is the width
// (C++ AMP's last dimension), then height and depth; rank 1..3. mip_levels 0
// means the full chain. Throws runtime_exception for a format C++ AMP does
// not allow, a bad extent or mipmap count, unsupported_feature for a format
// the device cannot store, out_of_memory.
image *image_create(queue *q, const texel_format &f, int rank, const unsigned extent[3],
                    unsigned mip_levels);
void image_retain(image *i) noexcept;
void image_release(image *i) noexcept;
queue *image_queue(const image *i);
unsigned image_mip_levels(const image *i);
texel_format image_format(const image *i);
// Texels move as the device stores them, row after row, tightly packed.
// offset and extent in texels of the mipmap level, width first. Uploads join
// the queue's batch (before the kernels launched after them); downloads wait
// for the kernels that write the image.
void image_write(image *i, unsigned mip, const unsigned offset[3], const unsigned extent[3],
                 const void *texels);
void image_read(image *i, unsigned mip, const unsigned offset[3], const unsigned extent[3],
                void *texels);
// Device-side copy between images of the same format.
void image_copy(image *src, unsigned src_mip, const unsigned src_offset[3], image *dst,
                unsigned dst_mip, const unsigned dst_offset[3], const unsigned extent[3]);

struct launch_desc {
  const char *image = nullptr;     // kernel image bytes (see kernel_image.h)
  std::size_t image_size = 0;
  const void *kernel_object = nullptr; // the lambda/functor, kernel_image_header::closure_size bytes
  int rank = 1;
  int extent[max_compute_rank] = {1, 1, 1}; // compute domain, C++ AMP dimension order
  queue *q = nullptr;               // null: the device of a captured array, else the default
};

// Validates the compute domain (positive extents, divisible by the tile,
// within device limits: invalid_compute_domain), makes every bound buffer's
// device copy current, records and submits the dispatch, and returns without
// waiting. The pipeline for (image, device) is created on first use and reused.
void launch(const launch_desc &desc);

} // namespace rt
} // namespace ampvk

#endif
