#include "kernel_image_reader.h"

#include <string>

#include <ampvk/exceptions.h>

namespace ampvk {
namespace rt {

kernel_image read_kernel_image(const char *bytes, std::size_t size) {
  kernel_image image;
  std::string error = decode_kernel_image(bytes, size, image);
  if (!error.empty())
    throw concurrency::runtime_exception(error, concurrency::E_FAIL_AMP);
  return image;
}

} // namespace rt
} // namespace ampvk
