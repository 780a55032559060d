#include "execution/image_transfers.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "device.h"
#include "execution/barriers.h"
#include "memory/image.h"
#include "memory/texel_format.h"
#include "vulkan/internal_counters.h"

namespace ampvk {
namespace rt {

namespace {

image &checked(image *i, const char *what) {
  if (!i)
    invalid("ampvk: " + std::string(what) + " called with a null texture");
  return *i;
}

// The section [offset, offset + extent) of a mipmap level, checked.
VkBufferImageCopy region_of(const image &img, unsigned mip, const unsigned offset[3],
                            const unsigned extent[3]) {
  if (mip >= img.mip_levels)
    invalid("Value for _Mipmap_level parameter (" + std::to_string(mip) +
            ") cannot be greater than or equal to number of mipmap levels (" +
            std::to_string(img.mip_levels) + ") on the texture or texture view");
  unsigned level[3];
  img.mip_extent(mip, level);
  for (int i = 0; i < 3; ++i) {
    if (extent[i] == 0)
      invalid("Invalid - values for each dimension must be > 0");
    if (std::uint64_t(offset[i]) + extent[i] > level[i])
      invalid("the specified section index and extent are out of bound");
  }
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip, 0, 1};
  region.imageOffset = {static_cast<std::int32_t>(offset[0]), static_cast<std::int32_t>(offset[1]),
                        static_cast<std::int32_t>(offset[2])};
  region.imageExtent = {extent[0], extent[1], extent[2]};
  return region;
}

std::size_t bytes_of(const image &img, const unsigned extent[3]) {
  return texel_bytes(img.format) * extent[0] * extent[1] * extent[2];
}

// Into the layout the copy wants (what drivers copy fastest from and to)
// and back: the barrier into it orders the copy after earlier work, the one
// out of it orders later work after the copy.
void transfer_barrier(VkCommandBuffer cmd, const image &img, unsigned mip, VkImageLayout transfer,
                      bool into) {
  const VkAccessFlags copy_access = transfer == VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL
                                        ? VK_ACCESS_TRANSFER_WRITE_BIT
                                        : VK_ACCESS_TRANSFER_READ_BIT;
  VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  b.srcAccessMask = into ? VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT : copy_access;
  b.dstAccessMask = into ? copy_access : gpu_accesses;
  b.oldLayout = into ? VK_IMAGE_LAYOUT_GENERAL : transfer;
  b.newLayout = into ? transfer : VK_IMAGE_LAYOUT_GENERAL;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = img.storage->handle.get();
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, mip, 1, 0, 1};
  vkCmdPipelineBarrier(cmd, into ? gpu_stages : VK_PIPELINE_STAGE_TRANSFER_BIT,
                       into ? VK_PIPELINE_STAGE_TRANSFER_BIT : gpu_stages, 0, 0, nullptr, 0,
                       nullptr, 1, &b);
}
void to_transfer(VkCommandBuffer cmd, const image &img, unsigned mip, VkImageLayout layout) {
  transfer_barrier(cmd, img, mip, layout, true);
}
void from_transfer(VkCommandBuffer cmd, const image &img, unsigned mip, VkImageLayout layout) {
  transfer_barrier(cmd, img, mip, layout, false);
}

} // namespace

void image_upload::record(submission &s) {
  ++debug_counters().uploads;
  debug_counters().bytes_uploaded += bytes_;
  note_transfer(s.target(), transfer_direction::host_to_device, bytes_);
  const submission::staged area = s.stage_upload(bytes_);
  traced_memcpy(s.target(), transfer_direction::host_to_device, area.mapped, texels_, bytes_);
  const VkBuffer staging = area.buffer;
  image_.use_on(s.target(), s.batch(), true);
  const unsigned mip = region_.imageSubresource.mipLevel;
  to_transfer(s.cmd(), image_, mip, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  s.transfer(transfer_direction::host_to_device, bytes_, [&](VkCommandBuffer cmd) {
    vkCmdCopyBufferToImage(cmd, staging, image_.storage->handle.get(),
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region_);
  });
  from_transfer(s.cmd(), image_, mip, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
}

void image_download::record(submission &s) {
  ++debug_counters().downloads;
  debug_counters().bytes_downloaded += bytes_;
  note_transfer(s.target(), transfer_direction::device_to_host, bytes_);
  const VkBuffer staging = s.stage_download(bytes_).buffer;
  image_.use_on(s.target(), s.batch(), false);
  const unsigned mip = region_.imageSubresource.mipLevel;
  to_transfer(s.cmd(), image_, mip, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  s.transfer(transfer_direction::device_to_host, bytes_, [&](VkCommandBuffer cmd) {
    vkCmdCopyImageToBuffer(cmd, image_.storage->handle.get(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           staging, 1, &region_);
  });
  from_transfer(s.cmd(), image_, mip, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
}

void image_download::finish(const submission &s, void *texels) const {
  s.read_back(texels, 0, bytes_);
}

void image_copy_op::record(submission &s) {
  src_.use_on(s.target(), s.batch(), false);
  dst_.use_on(s.target(), s.batch(), true);
  // One level of one image cannot be in two layouts: a copy within a level
  // stays in GENERAL.
  const bool one_level = &src_ == &dst_ && src_mip_ == dst_mip_;
  const VkImageLayout from_layout =
      one_level ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  const VkImageLayout to_layout =
      one_level ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  if (one_level) {
    memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                   gpu_stages, gpu_accesses);
  } else {
    to_transfer(s.cmd(), src_, src_mip_, from_layout);
    to_transfer(s.cmd(), dst_, dst_mip_, to_layout);
  }
  vkCmdCopyImage(s.cmd(), src_.storage->handle.get(), from_layout, dst_.storage->handle.get(),
                 to_layout, 1, &region_);
  if (one_level) {
    memory_barrier(s.cmd(), gpu_stages, VK_ACCESS_TRANSFER_WRITE_BIT, gpu_stages, gpu_accesses);
  } else {
    from_transfer(s.cmd(), src_, src_mip_, from_layout);
    from_transfer(s.cmd(), dst_, dst_mip_, to_layout);
  }
}

namespace {

// Locks the device's mutex, after which it must still be usable.
std::unique_lock<std::mutex> lock_usable(device &d) {
  std::unique_lock<std::mutex> lock(d.mutex());
  d.check_usable();
  return lock;
}

} // namespace

void image_write(image *i, unsigned mip, const unsigned offset[3], const unsigned extent[3],
                 const void *texels) {
  image &img = checked(i, "image_write");
  image_upload upload(img, region_of(img, mip, offset, extent), bytes_of(img, extent), texels);
  auto lock = lock_usable(img.owner());
  submission s(img.home());
  s.add(upload);
  s.end();
}

void image_read(image *i, unsigned mip, const unsigned offset[3], const unsigned extent[3],
                void *texels) {
  image &img = checked(i, "image_read");
  image_download download(img, region_of(img, mip, offset, extent), bytes_of(img, extent));
  auto lock = lock_usable(img.owner());
  submission s(img.home());
  s.add(download);
  s.end_and_wait(); // the batch's last barrier makes the copy visible to the host
  download.finish(s, texels);
}

void image_copy(image *src, unsigned src_mip, const unsigned src_offset[3], image *dst,
                unsigned dst_mip, const unsigned dst_offset[3], const unsigned extent[3]) {
  image &s = checked(src, "image_copy");
  image &t = checked(dst, "image_copy");
  if (s.vk_format != t.vk_format)
    invalid("The source and destination textures are not compatible.");
  if (&s.owner() != &t.owner()) {
    // Through the host: the textures live on two devices.
    std::vector<unsigned char> texels(bytes_of(s, extent));
    image_read(src, src_mip, src_offset, extent, texels.data());
    image_write(dst, dst_mip, dst_offset, extent, texels.data());
    return;
  }
  const VkBufferImageCopy from = region_of(s, src_mip, src_offset, extent);
  const VkBufferImageCopy to = region_of(t, dst_mip, dst_offset, extent);
  if (&s == &t && src_mip == dst_mip) {
    bool overlap = true;
    for (int a = 0; a < 3; ++a)
      overlap &= src_offset[a] < dst_offset[a] + extent[a] && dst_offset[a] < src_offset[a] + extent[a];
    if (overlap)
      invalid("The source and destination are overlapping areas on the same texture");
  }
  VkImageCopy region{};
  region.srcSubresource = from.imageSubresource;
  region.srcOffset = from.imageOffset;
  region.dstSubresource = to.imageSubresource;
  region.dstOffset = to.imageOffset;
  region.extent = from.imageExtent;
  auto lock = lock_usable(t.owner());
  submission sub(t.home());
  image_copy_op copy(s, src_mip, t, dst_mip, region);
  sub.add(copy);
  sub.end();
}

} // namespace rt
} // namespace ampvk
