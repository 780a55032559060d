// The binary contract between the ampvk plugin (which writes a kernel image into
// the host object) and the ampvk runtime (which reads it at launch time).
//
// A kernel image is a byte string of little-endian 32-bit words:
//   kernel_image_header
//   kernel_binding[num_bindings]
//   kernel_binding[num_image_bindings]  textures, texture views and samplers:
//       descriptor bindings 0..num_image_bindings-1 of set 1 (image_binding_set)
//   SPIR-V words[spirv_words]
//   SPIR-V words[aliased_spirv_words]   the same kernel with every storage
//       buffer decorated Aliased; present when the kernel has two or more
//       bindings and writes one. The runtime uses it when two bindings of a
//       launch are the same buffer (two array_views of one vector). The
//       capture buffer, when there is one, stays NonWritable and not Aliased.
//   SPIR-V words[witness_spirv_words]   the two above again with the loop
//   SPIR-V words[witness_aliased_spirv_words]   witness (loop_witness_spec_id)
//       on: present when the kernel has loops; the runtime uses them on a
//       device that cuts loops short, the two above everywhere else.
//   source text[source_bytes]           where the kernel comes from, for
//       profiles, logs and messages: the file name, NUL, the function, NUL,
//       then NULs up to a multiple of 4 bytes. Absent (source_bytes 0) in
//       images not made by the plugin.
//   check sites[check_site_bytes]   after the source text; present when the kernel was compiled with
//       bounds checks (-fplugin-arg-ampvk-check): see kernel_check_site.
//   print sites[print_site_bytes]   after the check sites; present when the kernel calls
//       direct3d_printf, direct3d_errorf or direct3d_abort: see kernel_print_site.
// The bytes come from a string literal and need not be aligned: read them with
// memcpy, never by casting the pointer. <ampvk/kernel_image_codec.h> is the one
// encoder and decoder of this format.
#ifndef AMPVK_KERNEL_IMAGE_H
#define AMPVK_KERNEL_IMAGE_H

#include <cstdint>

namespace ampvk {

constexpr std::uint32_t kernel_image_magic = 0x4B504D41u; // "AMPK"
constexpr std::uint32_t kernel_image_version = 14; // 14: each view binding's rank and element size

// Byte layout of the capture block every kernel receives:
//   [0, 16)   launch_header
//   [16, ...) the kernel object (lambda closure or functor) copied byte for byte,
//             followed by the objects captured by reference (see kernel_binding),
//   and, for a compute domain of rank > 3, its last folded_extent_words(rank)
//   words: extent[1] ... extent[rank-3], with which the kernel unfolds z.
// A block of at most max_push_block_bytes is the push-constant block
// (header.push_size). A larger one lives in a read-only storage buffer at
// descriptor binding num_bindings of set 0 (header.capture_buffer_size), which
// the runtime fills per launch from memory no later launch reuses while this
// one is in flight.
constexpr std::uint32_t launch_header_bytes = 16;

// Vulkan guarantees every device 128 bytes of push constants.
constexpr std::uint32_t max_push_block_bytes = 128;

// Kernels address the capture block with 32-bit signed byte offsets (C++ AMP
// indexes with int), so it stays below 2 GiB.
constexpr std::uint32_t max_capture_block_bytes = 0x7FFFFFFCu;

// parallel_for_each takes extents of any rank; ampvk launches up to this one.
constexpr int max_compute_rank = 16;
// The largest rank of a captured array_view whose bytes the runtime reads.
constexpr std::uint32_t max_view_rank = 64;

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
  // 1 when the grid is folded (grid_folded_spec_id), else 0. The kernel reads
  // the specialization constant; the word stays so that captures keep their
  // offsets.
  std::uint32_t grid_folded;
};

// The specialization constant (bool, default false) that says the dispatch
// grid is folded. false: the grid is the domain's grid of workgroups (tiles).
// true: the domain needs more workgroups along some axis than the device
// dispatches, so the runtime spread them over a grid of at least as many;
// each workgroup takes the number x + X * (y + Y * z) of its place (X, Y: the
// dispatched counts), renumbers itself in the domain's grid from it, x
// fastest, and exits when that is past the domain's last workgroup. A
// constant rather than a launch word, so that the driver removes the
// renumbering from the pipelines of ordinary grids.
constexpr std::uint32_t grid_folded_spec_id = 8;

// The workgroup size of a kernel that is not tiled: kernel_image_header's
// local_size is the largest shape (256 threads), and each axis wider than 1
// is the 32-bit specialization constant untiled_local_size_spec_id(axis) with
// that default, the WorkgroupSize builtin's component. The runtime sets them
// on a device that allows fewer threads per workgroup (each at most the
// default, never to a different shape on an axis of 1); the kernel computes
// its ids and renumbers folded grids with the values set. Tiled kernels' sizes
// are their tiles, constants.
constexpr std::uint32_t untiled_local_size_spec_id(std::uint32_t axis) { return 9 + axis; }

// Loops a driver cut short (docs/user-guide.md, "Troubleshooting"): Mesa's
// lavapipe ends an invocation's loops after 65,535 iterations in all and
// goes on with what was computed. A kernel with loops ships its modules twice
// (header.witness_spirv_words): as they are, and with a loop witness. The
// witnessed modules keep a witness word per invocation of the dispatch in a
// storage buffer at loop_witness_binding (word: the workgroup's number in
// the dispatched grid, x fastest, times the workgroup's size, plus
// LocalInvocationIndex), which every loop iteration sets to 0 and every way
// out of a loop to 1; a loop's merge finding 0 was ended by the driver, and
// the kernel appends a print_action::loop_cut record (its site: the loop) to
// its print buffer, which fails the launch. The runtime runs them on devices
// that cut loops, binding a buffer of a word per invocation; elsewhere it
// runs the plain modules and binds a small idle buffer they never touch.
// (Workgroup memory would take from the kernel's own tile_static room, and a
// private variable is folded away by the driver.) The witness is behind the
// boolean specialization constant with this SpecId, default false, which the
// runtime sets true where it runs the witnessed modules; in the plain ones
// the plugin has made it the constant false (plugin/spirv/LoopWitnessVariant.h).
constexpr std::uint32_t loop_witness_spec_id = 12;

// A kernel that is not tiled runs each thread over this many work items (the
// specialization constant with this SpecId, 1 unless the runtime says more):
// the thread of local id l in workgroup g takes, for k = 0 .. K-1, the global
// x id (g.x * K + k) * size.x + l.x (size: the workgroup size the runtime
// set), so each pass over k touches neighbouring elements across the
// workgroup. The runtime then dispatches ceil(threads.x / (size.x * K))
// workgroups along x, and never sets K above 1 for a folded grid or an image
// without kernel_image_header::item_loop.
constexpr std::uint32_t items_per_thread_spec_id = 7;

// A captured array_view whose offset (the int member after its buffer
// pointer, array_view_offset_at bytes into the view) is 0 at a launch: the
// boolean specialization constant view_origin_spec_id(binding), for the views
// of bindings below max_view_origin_bindings, default false. The runtime sets
// it to true for each captured view whose offset it reads as 0, so that a
// kernel indexing a whole vector adds no offset loaded from its captures; a
// section keeps its offset, read at every access.
constexpr std::uint32_t array_view_offset_at = sizeof(void *);
// Its extent and its strides follow, N ints each (_M_extent, _M_stride): with
// a binding's view_rank and element_size the runtime takes the bytes the
// captured view shows from them, and a launch moves only those.
constexpr std::uint32_t array_view_extent_at = array_view_offset_at + 4;
constexpr std::uint32_t array_view_stride_at(std::uint32_t rank) {
  return array_view_extent_at + 4 * rank;
}
constexpr std::uint32_t array_view_object_bytes(std::uint32_t rank) {
  return array_view_stride_at(rank) + 4 * rank;
}
constexpr std::uint32_t max_view_origin_bindings = 32;
constexpr std::uint32_t view_origin_spec_id(std::uint32_t binding) { return 16 + binding; }

struct kernel_image_header {
  std::uint32_t magic;
  std::uint32_t version;
  std::uint32_t local_size[3]; // workgroup size x, y, z (tile extents for tiled kernels;
                               // untiled: the largest, see untiled_local_size_spec_id)
  std::uint32_t rank;          // rank of the compute domain (1..max_compute_rank; tiled: 1..3)
  std::uint32_t tiled;         // 1 for tiled parallel_for_each
  // 1: the kernel loops over items_per_thread work items per thread (every
  // untiled kernel the plugin makes, except those with atomics on global
  // memory); 0: one item, whatever the runtime wants.
  std::uint32_t item_loop;
  std::uint32_t push_size;     // bytes of the push-constant block (multiple of 4), or 0
  std::uint32_t closure_size;  // sizeof the kernel object
  std::uint32_t num_bindings;  // storage buffers, bindings 0..num_bindings-1 of set 0
  std::uint32_t spirv_words;
  std::uint32_t tile_static_bytes; // Workgroup memory the kernel declares
  std::uint32_t aliased_spirv_words; // 0 when there is no Aliased variant
  // Bytes of the capture block when it is a storage buffer (binding
  // num_bindings); 0 when it is the push-constant block. At most one of
  // push_size and capture_buffer_size is not 0.
  std::uint32_t capture_buffer_size;
  // The kernel's source location: a lambda's introducer, else the
  // parallel_for_each call (line and column from 1; 0 when unknown), and the
  // bytes of the source text that follows the SPIR-V.
  std::uint32_t source_line;
  std::uint32_t source_column;
  std::uint32_t source_bytes;
  // Bytes of the check-site table after the SPIR-V words (a multiple of 4);
  // 0 when the kernel has no bounds checks.
  std::uint32_t check_site_bytes;
  // Entries of the image binding table (after the buffer bindings).
  std::uint32_t num_image_bindings;
  // Bytes of the print-site table after the check sites (a multiple of 4);
  // 0 when the kernel prints nothing (and has no print buffer binding).
  std::uint32_t print_site_bytes;
  // Words of the variant with the loop witness (loop_witness_spec_id), and
  // of its Aliased variant (witness_aliased_spirv_words, below); 0 when the
  // kernel has no loop witness. Both variants of a kernel with a witness
  // bind its buffer.
  std::uint32_t witness_spirv_words;
  // Shadow slots of the tile_static race checks (race_check_spec_id): one per
  // scalar of the kernel's tile_static variables (a union: per 4 bytes); 0
  // when the kernel has none (not compiled with checks, not tiled, or no
  // tile_static memory).
  std::uint32_t race_slots;
  // 0 when witness_spirv_words is, or when the kernel has no Aliased variant.
  std::uint32_t witness_aliased_spirv_words;
};

// Whether the kernel has a loop witness buffer (loop_witness_spec_id).
inline bool has_loop_witness(const kernel_image_header &h) { return h.witness_spirv_words != 0; }

// The bytes of the image's SPIR-V modules, all variants.
inline std::uint64_t spirv_modules_bytes(const kernel_image_header &h) {
  return (std::uint64_t(h.spirv_words) + h.aliased_spirv_words + h.witness_spirv_words +
          h.witness_aliased_spirv_words) *
         4;
}

// The bytes of an image with this header (what <ampvk/kernel_image_codec.h>
// encodes; launches pass it with the image).
inline std::uint64_t kernel_image_size(const kernel_image_header &h);

// The bytes of the capture block, wherever it lives.
inline std::uint32_t capture_block_size(const kernel_image_header &h) {
  return h.push_size ? h.push_size : h.capture_buffer_size;
}

enum class binding_kind : std::uint32_t {
  // An array_view<T,N> lives inside the kernel object at host_offset; its first
  // member is the ampvk::rt::buffer* that backs it.
  array_view = 1,
  // A reference (or pointer) to an array<T,N> lives in the kernel object at
  // host_offset. The array's first member is its ampvk::rt::buffer*. The runtime
  // copies object_size bytes of the array object into the capture block at
  // image_offset so the kernel can read its extent.
  array_reference = 2,
  // Image bindings (descriptor set image_binding_set):
  // A reference to a texture<T,N> lives in the kernel object at host_offset;
  // the texture starts with a texture_object. The runtime copies object_size
  // bytes of it to image_offset in the capture block, as for array_reference.
  texture_reference = 3,
  // A texture_view or writeonly_texture_view lives in the kernel object at
  // host_offset; it starts with a texture_object.
  texture_view = 4,
  // A concurrency::graphics::sampler lives in the kernel object at
  // host_offset; it starts with a sampler_object.
  sampler = 5,
  // The sampler of texture_view::sample<filter, address>: image_offset is the
  // filter_mode, object_size the address_mode (border colour 0).
  fixed_sampler = 6,
};

enum binding_access : std::uint32_t {
  binding_reads = 1,
  binding_writes = 2,
  // An image binding read through a sampled image (texture_view<const T>,
  // const texture&): get, sample and gather. Without it a texture is a
  // storage image, read (with its 32-bit single-component format declared
  // in the SPIR-V) and written.
  binding_sampled = 4,
  // A sampled binding the kernel samples (sample()): with a linear sampler
  // in the kernel, its format must support linear filtering.
  binding_filters = 8,
};

// Whether an image binding is a sampler (VK_DESCRIPTOR_TYPE_SAMPLER) rather
// than an image.
inline bool is_sampler_binding(std::uint32_t kind) {
  return kind == static_cast<std::uint32_t>(binding_kind::sampler) ||
         kind == static_cast<std::uint32_t>(binding_kind::fixed_sampler);
}

// Textures, texture views and samplers are bound to this descriptor set;
// buffers to set 0.
constexpr std::uint32_t image_binding_set = 1;

// The first bytes of a texture, texture_view and writeonly_texture_view
// object: which runtime image, and which of its mipmap levels the object
// shows (a texture: all of them; a writable view: one).
struct texture_object {
  void *image; // ampvk::rt::image*
  std::uint32_t most_detailed_mip;
  std::uint32_t mip_levels;
};

// The first bytes of a sampler object (C++ AMP's filter_mode and
// address_mode values).
struct sampler_object {
  std::uint32_t filter;  // 0 point, 0x15 linear
  std::uint32_t address; // 1 wrap, 2 mirror, 3 clamp, 4 border
  float border[4];       // address_border's colour
};

struct kernel_binding {
  std::uint32_t kind;         // binding_kind
  std::uint32_t host_offset;  // byte offset in the kernel object
  std::uint32_t binding;      // descriptor binding in set 0
  std::uint32_t image_offset; // array_reference: offset of the copied object in the capture block
  std::uint32_t object_size;  // array_reference: bytes to copy
  std::uint32_t access;       // binding_access bits the kernel performs
  // array_view: N and sizeof(T) of the captured array_view<T, N>, so that the
  // runtime can read its offset, extent and strides (array_view_extent_at);
  // 0: unknown, and a launch treats the whole buffer as the view's.
  std::uint32_t view_rank;
  std::uint32_t element_size;
};

inline std::uint64_t kernel_image_size(const kernel_image_header &h) {
  return sizeof(kernel_image_header) +
         std::uint64_t(h.num_bindings + std::uint64_t(h.num_image_bindings)) *
             sizeof(kernel_binding) +
         spirv_modules_bytes(h) + h.source_bytes +
         h.check_site_bytes + h.print_site_bytes;
}

// Bounds checks (checked mode, docs/user-guide.md). A kernel compiled with
// -fplugin-arg-ampvk-check tests every array/array_view element access (and
// projection) against the view's extent, behind the boolean specialization
// constant check_spec_constant_id (default false: the checks do nothing,
// though NVIDIA's driver compiles the kernel around them less well,
// docs/performance.md "Checked mode and the loop witness"). The runtime sets it to true when AMPVK_CHECK=1 and then binds a
// check_report_words-word storage buffer, zeroed, at check_report_binding:
//   [0]                      0; the first failed check of the launch sets 1
//                            (bounds_report_kind)
//                            (atomic compare-exchange), and only that
//                            work-item writes the rest
//   [1]                      the site's number in the table below
//   [2, 2 + index_rank)      the index (at most max_check_rank components)
//   [2 + max_check_rank, ...) the view's extent (extent_rank components)
// A failed access is skipped: a load yields 0, a store or atomic does nothing.
constexpr std::uint32_t check_spec_constant_id = 0;
constexpr std::uint32_t max_check_rank = 16;
constexpr std::uint32_t check_report_words = 2 + 2 * max_check_rank;

// tile_static race checks (checked mode, docs/user-guide.md). A tiled kernel
// compiled with -fplugin-arg-ampvk-check keeps, per scalar of its tile_static
// variables (header.race_slots of them), three shadow words in Workgroup
// memory: the last plain write (W), the last reader (R) and another reader
// seen before it (M), each (site << race_thread_bits) | (local linear id + 1),
// 0 when none. Every tile_static access checks them: a plain write against
// W, R and M of other threads, a read or an atomic against W; a read or an
// atomic then records itself in R (and the reader it replaced, if another
// thread, in M). The shadow is cleared when the kernel starts and after each
// tile_barrier wait, with one more barrier after the clearing, so only
// accesses between two barriers meet. All of it is behind the boolean
// specialization constant race_check_spec_id (default false); the shadow's
// length in words is the specialization constant race_shadow_words_spec_id,
// 1 by default and 3 * race_slots when the runtime turns the checks on
// (AMPVK_CHECK=races or all). A race found writes the report (above):
//   [0]  race_report_kind (2), by compare-exchange from 0
//   [1]  the site of the access that found it       [2] the other's site
//   [3]  its thread's local linear id               [4] the other thread's
//   [5, 5 + rank)  the tile's index
// Local linear ids are row-major over the tile's extents (the last fastest).
constexpr std::uint32_t race_check_spec_id = 13;
constexpr std::uint32_t race_shadow_words_spec_id = 14;
constexpr std::uint32_t race_shadow_words_per_slot = 3;
constexpr std::uint32_t race_thread_bits = 11; // tiles of at most 2047 threads
constexpr std::uint32_t bounds_report_kind = 1;
constexpr std::uint32_t race_report_kind = 2;

// Descriptor binding of set 0 after the views and the capture buffer.
inline std::uint32_t check_report_binding(const kernel_image_header &h) {
  return h.num_bindings + (h.capture_buffer_size ? 1u : 0u);
}

enum class check_access : std::uint32_t {
  element = 1,    // av[idx], av(i, j), a[idx]: the element at idx
  projection = 2, // av[i] of a view of rank > 1: the row i
  // tile_static accesses (race checks; the site's view is the variable)
  tile_static_read = 3,
  tile_static_write = 4,
  tile_static_atomic = 5,
};

// One entry of the check-site table: this struct, then file_bytes bytes of
// the source file's name and view_bytes of the view's name (the captured
// variable, or empty), zero-padded to a multiple of 4 bytes.
struct kernel_check_site {
  std::uint32_t line;   // of the access in the user's source
  std::uint32_t column;
  std::uint32_t access; // check_access
  std::uint32_t view_kind;   // binding_kind of the captured view or array
  std::uint32_t index_rank;  // components of the checked index
  std::uint32_t extent_rank; // components of the view's extent
  std::uint32_t file_bytes;
  std::uint32_t view_bytes;
};

// Kernel output: direct3d_printf, direct3d_errorf and direct3d_abort
// (docs/user-guide.md, "Debugging kernels"). A kernel that calls them has a
// print-site table and one more storage buffer of set 0, at
// print_buffer_binding, which the runtime gives each launch with its first
// print_counter_words words zeroed:
//   [0]       words of records reserved so far: each call adds its record's
//             size (atomic add) and writes the record only when all of it
//             fits the buffer, so the records that fit are the first ones
//   [1]       calls whose record did not fit (dropped)
//   [2]       0, or the site number + 1 of a dropped errorf or abort call:
//             the launch still fails
//   [3, ...)  records, one after another: the site's number + 1, then the
//             call's argument words (kernel_print_site::record_words)
// The runtime reads them when the launch's batch retires: each record is
// formatted on the host (<ampvk/format_string.h>) and written to stdout in
// buffer order; an errorf or abort record makes the launch fail with
// runtime_exception at the next synchronization. A kernel without such calls
// has no binding and no table: printing costs only kernels that print.
constexpr std::uint32_t print_counter_words = 3;

enum class print_action : std::uint32_t {
  print = 0, // direct3d_printf
  error = 1, // direct3d_errorf: print, then fail the launch with the text
  abort = 2, // direct3d_abort: fail the launch
  // A loop the driver ended (loop_witness_spec_id): fail the launch. Its
  // site is the loop; it has no format and no arguments.
  loop_cut = 3,
};

// How one argument is stored in a record. 32-bit values and bool (0 or 1)
// take one word, 64-bit ones two (low word first), strings none: a string
// argument is a literal, kept in the site.
enum class print_arg : std::uint32_t {
  int32 = 1,
  uint32 = 2,
  int64 = 3,
  uint64 = 4,
  float32 = 5,
  float64 = 6,
  boolean = 7,
  string = 8,
};

inline std::uint32_t print_arg_words(std::uint32_t kind) {
  switch (static_cast<print_arg>(kind)) {
  case print_arg::int64:
  case print_arg::uint64:
  case print_arg::float64:
    return 2;
  case print_arg::string:
    return 0;
  default:
    return 1;
  }
}

// One entry of the print-site table: this struct, then num_args words
// (print_arg), then format_bytes bytes of the format string, file_bytes of
// the source file's name and strings_bytes of the string arguments (each
// NUL-terminated, in argument order), zero-padded to a multiple of 4 bytes.
struct kernel_print_site {
  std::uint32_t action; // print_action
  std::uint32_t line;   // of the call in the user's source
  std::uint32_t column;
  std::uint32_t num_args;
  std::uint32_t record_words; // argument words of a record (the site number not counted)
  std::uint32_t format_bytes;
  std::uint32_t file_bytes;
  std::uint32_t strings_bytes;
};

// Descriptor binding of set 0 after the views, the capture buffer and the
// check report.
inline std::uint32_t print_buffer_binding(const kernel_image_header &h) {
  return check_report_binding(h) + (h.check_site_bytes ? 1u : 0u);
}

// After the print buffer (a kernel with a loop witness has one: its loops are
// print sites).
inline std::uint32_t loop_witness_binding(const kernel_image_header &h) {
  return print_buffer_binding(h) + (h.print_site_bytes ? 1u : 0u);
}

// The descriptors of set 0 a kernel's pipeline binds.
inline std::uint32_t buffer_descriptor_count(const kernel_image_header &h) {
  return loop_witness_binding(h) + (has_loop_witness(h) ? 1u : 0u);
}

} // namespace ampvk

#endif
