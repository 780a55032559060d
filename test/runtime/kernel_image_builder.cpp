#include "kernel_image_builder.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ampvk_test {

using namespace ampvk;

std::vector<std::uint32_t> load_spirv(const std::string &name) {
  // The environment may point elsewhere when the tests run on another machine.
  const char *dir = std::getenv("AMPVK_TEST_KERNEL_DIR");
  std::string path = std::string(dir && *dir ? dir : AMPVK_TEST_KERNEL_DIR) + "/" + name + ".spv";
  std::ifstream file(path, std::ios::binary);
  if (!file)
    throw std::runtime_error("cannot open " + path);
  std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (bytes.size() % 4 != 0 || bytes.empty())
    throw std::runtime_error(path + " is not a SPIR-V module");
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

image_ref keep_image(const std::string &bytes) {
  auto *storage = new std::string(1, '\0'); // deliberately never freed
  *storage += bytes;
  return {storage->data() + 1, bytes.size()};
}

image_ref make_image(const kernel_image_header &h, const std::vector<kernel_binding> &bindings,
                     const std::vector<std::uint32_t> &words) {
  return keep_image(encode_kernel_image({h, bindings, words, {}}));
}

void edit_header(std::string &bytes, void (*edit)(kernel_image_header &)) {
  kernel_image_header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  edit(h);
  std::memcpy(&bytes[0], &h, sizeof h);
}

kernel_image_header header(std::uint32_t lx, std::uint32_t ly, std::uint32_t lz,
                           std::uint32_t rank, bool tiled, std::uint32_t push_size,
                           std::uint32_t closure_size, std::uint32_t tile_static_bytes) {
  kernel_image_header h{};
  h.local_size[0] = lx;
  h.local_size[1] = ly;
  h.local_size[2] = lz;
  h.rank = rank;
  h.tiled = tiled ? 1 : 0;
  h.push_size = push_size;
  h.closure_size = closure_size;
  h.tile_static_bytes = tile_static_bytes;
  return h;
}

kernel_binding view_binding(std::uint32_t host_offset, std::uint32_t binding,
                            std::uint32_t access) {
  return {static_cast<std::uint32_t>(binding_kind::array_view), host_offset, binding, 0, 0, access,
          0, 0};
}

kernel_binding reference_binding(std::uint32_t host_offset, std::uint32_t binding,
                                 std::uint32_t image_offset, std::uint32_t object_size,
                                 std::uint32_t access) {
  return {static_cast<std::uint32_t>(binding_kind::array_reference), host_offset, binding,
          image_offset, object_size, access, 0, 0};
}

namespace {

image_ref build(const std::string &name, const kernel_image_header &h,
                const std::vector<kernel_binding> &bindings) {
  return make_image(h, bindings, load_spirv(name));
}

} // namespace

image_ref scale_offset_image() {
  static_assert(sizeof(scale_offset_closure) == 24, "layout the kernel was written for");
  static const image_ref image =
      build("scale_offset",
            header(64, 1, 1, 1, false, launch_header_bytes + sizeof(scale_offset_closure),
                   sizeof(scale_offset_closure)),
            {view_binding(0, 0, binding_reads | binding_writes)});
  return image;
}

image_ref spin_image() {
  static const image_ref image =
      build("spin",
            header(64, 1, 1, 1, false, launch_header_bytes + sizeof(scale_offset_closure),
                   sizeof(scale_offset_closure)),
            {view_binding(0, 0, binding_reads | binding_writes)});
  return image;
}

image_ref tile_sum_image() {
  static_assert(sizeof(tile_sum_closure) == 32, "layout the kernel was written for");
  static const image_ref image =
      build("tile_sum",
            header(2, 3, 1, 2, true, launch_header_bytes + sizeof(tile_sum_closure),
                   sizeof(tile_sum_closure), 6 * sizeof(int)),
            {view_binding(0, 0, binding_reads), view_binding(16, 1, binding_writes)});
  return image;
}

image_ref array_reference_image() {
  static_assert(sizeof(array_reference_closure) == 16 && sizeof(array_object) == 16,
                "layout the kernel was written for");
  static const image_ref image =
      build("array_reference",
            header(32, 1, 1, 1, false, 48, sizeof(array_reference_closure)),
            {reference_binding(0, 0, 32, sizeof(array_object), binding_writes)});
  return image;
}

image_ref capture_buffer_image() {
  static_assert(sizeof(capture_buffer_closure) == 264, "layout the kernel was written for");
  kernel_image_header h = header(32, 1, 1, 1, false, 0, sizeof(capture_buffer_closure));
  h.capture_buffer_size = launch_header_bytes + sizeof(capture_buffer_closure);
  static const image_ref image = build("capture_buffer", h, {view_binding(0, 0, binding_writes)});
  return image;
}

namespace {

void launch_1d(image_ref image, rt::buffer *b, int n, int offset, rt::queue *q) {
  scale_offset_closure k{{b, n}, offset};
  rt::launch_desc desc;
  desc.image = image.data;
  desc.image_size = image.size;
  desc.kernel_object = &k;
  desc.rank = 1;
  desc.extent[0] = n;
  desc.q = q;
  rt::launch(desc);
}

} // namespace

void launch_scale_offset(rt::buffer *b, int n, int offset, rt::queue *q) {
  launch_1d(scale_offset_image(), b, n, offset, q);
}

void launch_spin(rt::buffer *b, int n, int count, rt::queue *q) {
  launch_1d(spin_image(), b, n, count, q);
}

void launch_tile_sum(rt::buffer *in, rt::buffer *out, int rows, int cols, rt::queue *q) {
  tile_sum_closure k{{in, {rows, cols}}, {out, {rows, cols}}};
  image_ref image = tile_sum_image();
  rt::launch_desc desc;
  desc.image = image.data;
  desc.image_size = image.size;
  desc.kernel_object = &k;
  desc.rank = 2;
  desc.extent[0] = rows;
  desc.extent[1] = cols;
  desc.q = q;
  rt::launch(desc);
}

void scale_offset_host(std::vector<int> &v, int n, int offset) {
  for (int i = 0; i < n; ++i)
    v[i] = static_cast<int>(2u * static_cast<std::uint32_t>(v[i]) +
                            static_cast<std::uint32_t>(offset));
}

std::vector<int> lcg_ints(std::size_t n, std::uint32_t seed) {
  std::vector<int> v(n);
  for (auto &e : v) {
    seed = seed * 1664525u + 1013904223u;
    e = static_cast<int>(seed >> 9) % 2001 - 1000;
  }
  return v;
}

std::vector<int> tile_sum_reference(const std::vector<int> &in, int rows, int cols) {
  // tile<3,2>: 3 rows by 2 columns; local index = row_in_tile * 2 + col_in_tile.
  std::vector<int> out(in.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int r0 = r / 3 * 3, c0 = c / 2 * 2;
      int sum = 0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 2; ++j)
          sum += in[(r0 + i) * cols + (c0 + j)];
      int local = (r - r0) * 2 + (c - c0);
      out[r * cols + c] = sum * 16 + local;
    }
  return out;
}

int spin_reference(int x, int count) {
  std::uint32_t v = static_cast<std::uint32_t>(x);
  for (int i = 0; i < count; ++i)
    v = v * 1103515245u + 12345u;
  return static_cast<int>(v);
}

} // namespace ampvk_test
