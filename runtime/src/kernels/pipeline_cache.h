// Compute pipelines are expensive to create, so each kernel image gets its
// shader module, layouts and pipeline once per device; every later launch of
// it is a hash lookup. The key is the image's address and size: images are
// string literals embedded by the plugin and never move. Pipelines are created
// through a VkPipelineCache kept on disk across runs (pipeline_disk_cache.h).
//
// A launch that allocates a buffer's device memory on a GPU, or uploads a
// large part ahead of its batch, asks for its pipeline first (prepare): the
// driver then creates it on one of the runtime's threads (async_tasks.h)
// while the launch's thread allocates and uploads, and get() waits for it. A
// first launch of a kernel pays the longer of the two rather than their sum
// (docs/performance.md, "Launch costs").
#ifndef AMPVK_RUNTIME_KERNELS_PIPELINE_CACHE_H
#define AMPVK_RUNTIME_KERNELS_PIPELINE_CACHE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "kernels/kernel_image_reader.h"
#include "vulkan/vk_handle.h"

namespace ampvk {
namespace rt {

class device;

struct kernel_pipeline {
  unique_descriptor_set_layout set_layout;
  unique_descriptor_set_layout image_set_layout; // set image_binding_set, when there are images
  std::uint32_t num_image_bindings = 0;
  unique_pipeline_layout layout;
  unique_pipeline pipeline;
  bool push_descriptors = false; // bind with vkCmdPushDescriptorSetKHR
  std::uint32_t num_bindings = 0;        // the views', 0 .. num_bindings-1
  std::uint32_t capture_buffer_size = 0; // bytes bound at num_bindings, or 0
  std::uint32_t num_descriptors = 0;     // num_bindings, plus the capture buffer,
                                         // the check report and the print buffer
  bool checked = false; // bounds checks (kernel_image.h), report at check_report_binding
  bool prints = false;  // direct3d_printf and friends (kernel_image.h), buffer at
                        // print_buffer_binding
  std::uint32_t push_size = 0;
  kernel_image_header header{}; // detects a different image at a reused address
};

// Which pipeline of a kernel a launch needs.
struct pipeline_variant {
  // The variant whose storage buffers are decorated Aliased, for launches
  // that bind one buffer twice.
  bool aliased = false;
  // The launch's specialization (compute_domain.h, kernel_image.h).
  std::uint32_t items_per_thread = 1;
  bool grid_folded = false;
  std::uint32_t views_at_origin = 0; // bit b: view_origin_spec_id(b) is true
  bool operator==(const pipeline_variant &o) const noexcept {
    return aliased == o.aliased && items_per_thread == o.items_per_thread &&
           grid_folded == o.grid_folded && views_at_origin == o.views_at_origin;
  }
};

struct spirv_summary;

class pipeline_cache {
public:
  // Loads the disk cache for d (opened).
  explicit pipeline_cache(device &d);
  // Waits for the creations prepare() started.
  ~pipeline_cache();
  // Starts creating the pipeline on one of the runtime's threads unless it
  // exists or is under way. Device mutex held. Throws unsupported_feature
  // when the kernel needs a feature the device lacks, as get() would.
  void prepare(const kernel_image &image, const pipeline_variant &variant);
  // The pipeline: prepare()'s once it is done (its errors are thrown here),
  // else created now. Device mutex held. Throws unsupported_feature when the
  // kernel needs a feature the device lacks.
  const kernel_pipeline &get(const kernel_image &image, const pipeline_variant &variant = {});
  // Writes the driver's cache to disk when pipelines were created since it
  // was loaded. Device mutex held; never throws.
  void save() noexcept;

private:
  struct key {
    const char *image;
    std::size_t size;
    pipeline_variant variant;
    bool operator==(const key &other) const noexcept {
      return image == other.image && size == other.size && variant == other.variant;
    }
  };
  struct key_hash {
    std::size_t operator()(const key &k) const noexcept {
      const pipeline_variant &v = k.variant;
      return std::hash<const void *>()(k.image) ^ (k.size * 0x9E3779B97F4A7C15ull) ^
             std::size_t(v.aliased) ^ (std::size_t(v.grid_folded) << 1) ^
             (std::size_t(v.items_per_thread) << 2) ^
             (std::size_t(v.views_at_origin) * 0xC2B2AE3D27D4EB4Full);
    }
  };

  // A pipeline being created by prepare() on another thread.
  struct pending;
  struct entry {
    kernel_image_header header{}; // detects a different image at a reused address
    std::unique_ptr<kernel_pipeline> ready;
    std::shared_ptr<pending> under_way; // while prepare()'s creation is not taken
  };
  struct job;
  static void run_job(void *job) noexcept;

  // The module the variant runs, its capabilities checked against the device.
  std::vector<std::uint32_t> checked_spirv(const kernel_image &image,
                                           const pipeline_variant &variant,
                                           spirv_summary &summary) const;
  std::unique_ptr<kernel_pipeline> create(const kernel_image &image,
                                          const pipeline_variant &variant);
  // Any thread: the driver's part, from the checked module.
  std::unique_ptr<kernel_pipeline> build(const kernel_image &image,
                                         const pipeline_variant &variant,
                                         const std::vector<std::uint32_t> &words,
                                         const spirv_summary &summary);
  // Waits for prepare()'s creation and takes it (in a process forked
  // meanwhile, creates it anew); throws its error (and forgets it, so that
  // the next launch tries again).
  const kernel_pipeline &take(std::unordered_map<key, entry, key_hash>::iterator it,
                              const kernel_image &image, const pipeline_variant &variant);

  device &device_;
  std::string file_; // on disk; "" when off
  unique_pipeline_cache cache_; // internally synchronized (no EXTERNALLY_SYNCHRONIZED flag)
  std::atomic<bool> dirty_{false}; // pipelines created since the load
  std::unordered_map<key, entry, key_hash> pipelines_;
  std::vector<std::unique_ptr<kernel_pipeline>> replaced_;
};

} // namespace rt
} // namespace ampvk

#endif
