// Builds kernel images around the hand-assembled test kernels with the
// encoder the plugin uses (<ampvk/kernel_image_codec.h>).
#ifndef AMPVK_TEST_KERNEL_IMAGE_BUILDER_H
#define AMPVK_TEST_KERNEL_IMAGE_BUILDER_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <ampvk/kernel_image_codec.h>
#include <ampvk/runtime.h>

namespace ampvk_test {

struct image_ref {
  const char *data;
  std::size_t size;
};

// Words of kernels/<name>.spv assembled at build time.
std::vector<std::uint32_t> load_spirv(const std::string &name);

// The runtime caches pipelines by image address, as plugin images are string
// literals: test images are therefore never freed. They start one byte past
// an aligned address so any unaligned read in the runtime would show.
image_ref keep_image(const std::string &bytes);

// Encodes and keeps an image; the encoder fills in magic, version and counts.
image_ref make_image(const ampvk::kernel_image_header &header,
                     const std::vector<ampvk::kernel_binding> &bindings,
                     const std::vector<std::uint32_t> &words);

// Rewrites the header of encoded bytes: how tests make the images the encoder
// never writes (bad magic, other versions, inconsistent counts).
void edit_header(std::string &bytes, void (*edit)(ampvk::kernel_image_header &));

// The header fields the encoder does not derive.
ampvk::kernel_image_header header(std::uint32_t lx, std::uint32_t ly, std::uint32_t lz,
                                  std::uint32_t rank, bool tiled, std::uint32_t push_size,
                                  std::uint32_t closure_size,
                                  std::uint32_t tile_static_bytes = 0);

ampvk::kernel_binding view_binding(std::uint32_t host_offset, std::uint32_t binding,
                                   std::uint32_t access);
ampvk::kernel_binding reference_binding(std::uint32_t host_offset, std::uint32_t binding,
                                        std::uint32_t image_offset, std::uint32_t object_size,
                                        std::uint32_t access);

// The kernel object layouts the test kernels were written for.
struct view1 {
  ampvk::rt::buffer *b;
  int extent;
};
struct scale_offset_closure { // kernels/scale_offset.spvasm
  view1 data;
  int offset;
};
struct view2 {
  ampvk::rt::buffer *b;
  int extent[2];
};
struct tile_sum_closure { // kernels/tile_sum.spvasm
  view2 in;
  view2 out;
};
struct array_object {
  ampvk::rt::buffer *b;
  int extent;
  int magic;
};
struct array_reference_closure { // kernels/array_reference.spvasm
  array_object *ref;
  int bias;
};

struct capture_buffer_closure { // kernels/capture_buffer.spvasm
  view1 data;
  int tag;
  int values[60];
};

// The images of the test kernels, built once per process.
image_ref scale_offset_image();
image_ref spin_image(); // kernels/spin.spvasm, scale_offset's kernel object
image_ref tile_sum_image();
image_ref array_reference_image();
image_ref capture_buffer_image();

// Launch helpers.
void launch_scale_offset(ampvk::rt::buffer *b, int n, int offset, ampvk::rt::queue *q = nullptr);
// data[i] = lcg applied count (at most 65535) times (spin_reference): as
// slow as wanted with enough threads.
void launch_spin(ampvk::rt::buffer *b, int n, int count, ampvk::rt::queue *q = nullptr);
int spin_reference(int x, int count);
void launch_tile_sum(ampvk::rt::buffer *in, ampvk::rt::buffer *out, int rows, int cols,
                     ampvk::rt::queue *q = nullptr);

// Host references.
std::vector<int> tile_sum_reference(const std::vector<int> &in, int rows, int cols);
// kernels/scale_offset on the host: v[i] -> 2 v[i] + offset for i < n, with
// 32-bit wrap-around.
void scale_offset_host(std::vector<int> &v, int n, int offset);

// n pseudo-random ints in [-1000, 1000], the same for the same seed.
std::vector<int> lcg_ints(std::size_t n, std::uint32_t seed);

} // namespace ampvk_test

#endif
