// Copies into, out of and between textures (rt::image_write, image_read,
// image_copy): each an operation recorded into the texture's view's batch.
// A transfer moves one mipmap level between GENERAL, where kernels use it,
// and the layout the copy wants, with barriers on both sides.
#ifndef AMPVK_RUNTIME_EXECUTION_IMAGE_TRANSFERS_H
#define AMPVK_RUNTIME_EXECUTION_IMAGE_TRANSFERS_H

#include <cstddef>

#include <vulkan/vulkan.h>

#include "execution/submission.h"

namespace ampvk {
namespace rt {

class image;

// A section of one level, from host memory through staging memory.
class image_upload final : public operation {
public:
  image_upload(image &img, const VkBufferImageCopy &region, std::size_t bytes,
               const void *texels) noexcept
      : image_(img), region_(region), bytes_(bytes), texels_(texels) {}
  void record(submission &s) override;

private:
  image &image_;
  VkBufferImageCopy region_;
  std::size_t bytes_;
  const void *texels_;
};

// A section of one level into staging memory; finish() copies it to host
// memory once the submission has ended and waited.
class image_download final : public operation {
public:
  image_download(image &img, const VkBufferImageCopy &region, std::size_t bytes) noexcept
      : image_(img), region_(region), bytes_(bytes) {}
  void record(submission &s) override;
  void finish(const submission &s, void *texels) const;

private:
  image &image_;
  VkBufferImageCopy region_;
  std::size_t bytes_;
};

// A section of one level into a level of a texture on the same device (or of
// the same texture: a copy within one level stays in GENERAL).
class image_copy_op final : public operation {
public:
  image_copy_op(image &src, unsigned src_mip, image &dst, unsigned dst_mip,
                const VkImageCopy &region) noexcept
      : src_(src), dst_(dst), src_mip_(src_mip), dst_mip_(dst_mip), region_(region) {}
  void record(submission &s) override;

private:
  image &src_, &dst_;
  unsigned src_mip_, dst_mip_;
  VkImageCopy region_;
};

} // namespace rt
} // namespace ampvk

#endif
