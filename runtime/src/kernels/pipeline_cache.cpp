#include "kernels/pipeline_cache.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <exception>
#include <mutex>
#include <vector>

#include <unistd.h>

#include "device.h"
#include "diagnostics/bounds_report.h"
#include "diagnostics/pipeline_statistics.h"
#include "diagnostics/profiler.h"
#include "execution/async_tasks.h"
#include "kernels/compute_domain.h"
#include "kernels/pipeline_disk_cache.h"
#include "kernels/spirv_scan.h"
#include "runtime_state.h"
#include "vulkan/fault_injection.h"
#include "vulkan/internal_counters.h"
#include "vulkan/vk_error.h"

namespace ampvk {
namespace rt {

pipeline_cache::pipeline_cache(device &d) : device_(d) {
  setup_phase phase("pipeline cache loaded");
  file_ = pipeline_cache_file(d.physical().properties);
  std::vector<unsigned char> data = load_pipeline_cache(file_, d.physical().properties);
  VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  info.initialDataSize = data.size();
  info.pInitialData = data.empty() ? nullptr : data.data();
  VkPipelineCache cache = VK_NULL_HANDLE;
  VkResult r = vkCreatePipelineCache(d.vk(), &info, nullptr, &cache);
  if (r < 0 && !data.empty()) {
    // The driver refused data our checks accepted: start empty.
    info.initialDataSize = 0;
    info.pInitialData = nullptr;
    data.clear();
    r = vkCreatePipelineCache(d.vk(), &info, nullptr, &cache);
  }
  vk_check(d, r, "creating a pipeline cache on " + d.describe());
  cache_ = unique_pipeline_cache(d.vk(), cache);
  debug_counters().pipeline_cache_bytes_loaded += data.size();
}

void pipeline_cache::save() noexcept {
  if (!dirty_.exchange(false) || file_.empty() || !cache_)
    return;
  try {
    std::size_t size = 0;
    if (vkGetPipelineCacheData(device_.vk(), cache_.get(), &size, nullptr) < 0 || size == 0)
      return;
    std::vector<unsigned char> data(size);
    if (vkGetPipelineCacheData(device_.vk(), cache_.get(), &size, data.data()) != VK_SUCCESS)
      return;
    data.resize(size);
    if (save_pipeline_cache(file_, device_.physical().properties, data))
      ++debug_counters().pipeline_cache_saves;
  } catch (...) {
    // Out of memory: the cache is an optimization, the program goes on.
  }
}

// What prepare() shares with the thread creating the pipeline.
struct pipeline_cache::pending {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::unique_ptr<kernel_pipeline> pipeline;
  std::exception_ptr error;
  const pid_t process = ::getpid();

  // False in a process forked while the creation was under way: the thread
  // making it is not in this one (nor is a mutex it held), so it never ends
  // here. In the child only the forking thread exists, hence no lock.
  bool will_finish() const { return process == ::getpid() || done; }
  void wait() {
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, [this] { return done; });
  }
};

// The job owns copies of what it reads: a launch that throws before it takes
// the pipeline returns while the job runs, and the launch's decoded image is
// its thread's (read_kernel_image_cached).
struct pipeline_cache::job {
  pipeline_cache &cache;
  kernel_image image;
  pipeline_variant variant;
  std::vector<std::uint32_t> words;
  spirv_summary summary;
  std::shared_ptr<pending> result;
};

pipeline_cache::~pipeline_cache() {
  for (auto &e : pipelines_)
    if (e.second.under_way && e.second.under_way->will_finish())
      e.second.under_way->wait();
}

namespace {

pipeline_variant effective(const kernel_image &image, const pipeline_variant &wanted) {
  pipeline_variant variant = wanted;
  variant.aliased = variant.aliased && image.aliased_spirv;
  return variant;
}

bool same_image(const kernel_image_header &a, const kernel_image_header &b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

void pipeline_cache::prepare(const kernel_image &image, const pipeline_variant &wanted) {
  const pipeline_variant variant = effective(image, wanted);
  key k{image.bytes, image.size, variant};
  if (pipelines_.count(k))
    return; // made, under way, or another image's (get() replaces it)
  spirv_summary summary;
  std::vector<std::uint32_t> words = checked_spirv(image, variant, summary);
  auto result = std::make_shared<pending>();
  auto work = std::unique_ptr<job>(
      new job{*this, image, variant, std::move(words), std::move(summary), result});
  entry &e = pipelines_[k];
  e.header = image.header;
  e.under_way = result;
  try {
    run_async_task(&run_job, work.get());
  } catch (...) {
    pipelines_.erase(k); // no thread: get() creates it
    return;
  }
  work.release(); // run_job's
  ++debug_counters().pipelines_prepared;
}

void pipeline_cache::run_job(void *context) noexcept {
  std::unique_ptr<job> j(static_cast<job *>(context));
  std::unique_ptr<kernel_pipeline> made;
  std::exception_ptr error;
  try {
    made = j->cache.build(j->image, j->variant, j->words, j->summary);
  } catch (...) {
    error = std::current_exception();
  }
  std::lock_guard<std::mutex> lock(j->result->mutex);
  j->result->pipeline = std::move(made);
  j->result->error = error;
  j->result->done = true;
  j->result->finished.notify_all();
}

const kernel_pipeline &pipeline_cache::take(std::unordered_map<key, entry, key_hash>::iterator it,
                                            const kernel_image &image,
                                            const pipeline_variant &variant) {
  const std::shared_ptr<pending> result = std::move(it->second.under_way);
  std::exception_ptr error;
  if (result->will_finish()) {
    result->wait();
    error = result->error;
    it->second.ready = std::move(result->pipeline);
  } else {
    // Forked while it was under way: made again here.
    try {
      it->second.ready = create(image, variant);
    } catch (...) {
      error = std::current_exception();
    }
  }
  if (error) {
    pipelines_.erase(it); // the next launch tries again
    std::rethrow_exception(error);
  }
  return *it->second.ready;
}

const kernel_pipeline &pipeline_cache::get(const kernel_image &image,
                                           const pipeline_variant &wanted) {
  const pipeline_variant variant = effective(image, wanted);
  key k{image.bytes, image.size, variant};
  auto it = pipelines_.find(k);
  if (it != pipelines_.end() && same_image(it->second.header, image.header))
    return it->second.under_way ? take(it, image, variant) : *it->second.ready;
  auto created = create(image, variant);
  entry &e = it != pipelines_.end() ? it->second : pipelines_[k];
  // Where another image now lives at this address (an unloaded library's
  // literal reused), submitted work may still use the old pipeline: keep it.
  if (e.under_way) {
    if (e.under_way->will_finish()) {
      e.under_way->wait();
      e.ready = std::move(e.under_way->pipeline);
    }
    e.under_way.reset();
  }
  if (e.ready)
    replaced_.push_back(std::move(e.ready));
  e.header = image.header;
  e.ready = std::move(created);
  return *e.ready;
}

std::vector<std::uint32_t> pipeline_cache::checked_spirv(const kernel_image &image,
                                                         const pipeline_variant &variant,
                                                         spirv_summary &summary) const {
  // A device that cuts loops short runs the modules with the loop witness.
  std::vector<std::uint32_t> words =
      copy_spirv(image, variant.aliased, /*witnessed=*/device_.physical().cuts_loops);
  summary = scan_spirv(words);
  check_capabilities(summary, device_.physical().features, device_.describe());
  return words;
}

std::unique_ptr<kernel_pipeline> pipeline_cache::create(const kernel_image &image,
                                                        const pipeline_variant &variant) {
  spirv_summary summary;
  const std::vector<std::uint32_t> words = checked_spirv(image, variant, summary);
  return build(image, variant, words, summary);
}

std::unique_ptr<kernel_pipeline> pipeline_cache::build(const kernel_image &image,
                                                       const pipeline_variant &variant,
                                                       const std::vector<std::uint32_t> &words,
                                                       const spirv_summary &summary) {
  setup_phase phase("pipeline created", image);
  const kernel_image_header &h = image.header;
  VkDevice vk = device_.vk();

  auto p = std::make_unique<kernel_pipeline>();
  p->header = h;
  p->num_bindings = h.num_bindings;
  p->capture_buffer_size = h.capture_buffer_size;
  p->checked = h.check_site_bytes != 0;
  p->prints = h.print_site_bytes != 0;
  // Every binding of set 0 is a storage buffer, the reports included.
  p->num_descriptors = buffer_descriptor_count(h);
  p->push_size = h.push_size;
  p->push_descriptors = device_.push_descriptor_fn() != nullptr && p->num_descriptors > 0 &&
                        p->num_descriptors <= device_.physical().max_push_descriptors;

  std::vector<VkDescriptorSetLayoutBinding> bindings(p->num_descriptors);
  for (std::uint32_t i = 0; i < p->num_descriptors; ++i) {
    bindings[i].binding = i;
    bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bindings[i].descriptorCount = 1;
    bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.flags = p->push_descriptors ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0;
  set_info.bindingCount = p->num_descriptors;
  set_info.pBindings = bindings.data();
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  vk_check(device_, vkCreateDescriptorSetLayout(vk, &set_info, nullptr, &set_layout),
           "creating a descriptor set layout on " + device_.describe());
  p->set_layout = unique_descriptor_set_layout(vk, set_layout);

  // Textures, views and samplers: set image_binding_set, written per launch.
  p->num_image_bindings = h.num_image_bindings;
  VkDescriptorSetLayout set_layouts[2] = {set_layout, VK_NULL_HANDLE};
  if (h.num_image_bindings) {
    std::vector<VkDescriptorSetLayoutBinding> images(h.num_image_bindings);
    for (const kernel_binding &kb : image.image_bindings) {
      VkDescriptorSetLayoutBinding &b = images[kb.binding];
      b.binding = kb.binding;
      b.descriptorType = is_sampler_binding(kb.kind)          ? VK_DESCRIPTOR_TYPE_SAMPLER
                         : (kb.access & binding_sampled) ? VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
                                                         : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      b.descriptorCount = 1;
      b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo image_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    image_info.bindingCount = h.num_image_bindings;
    image_info.pBindings = images.data();
    VkDescriptorSetLayout image_layout = VK_NULL_HANDLE;
    vk_check(device_, vkCreateDescriptorSetLayout(vk, &image_info, nullptr, &image_layout),
             "creating a texture descriptor set layout on " + device_.describe());
    p->image_set_layout = unique_descriptor_set_layout(vk, image_layout);
    set_layouts[image_binding_set] = image_layout;
  }
  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, h.push_size};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = h.num_image_bindings ? 2 : 1;
  layout_info.pSetLayouts = set_layouts;
  layout_info.pushConstantRangeCount = h.push_size > 0 ? 1 : 0;
  layout_info.pPushConstantRanges = &range;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  vk_check(device_, vkCreatePipelineLayout(vk, &layout_info, nullptr, &layout),
           "creating a pipeline layout on " + device_.describe());
  p->layout = unique_pipeline_layout(vk, layout);

  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  module_info.codeSize = words.size() * 4;
  module_info.pCode = words.data();
  VkShaderModule module = VK_NULL_HANDLE;
  vk_check(device_, vkCreateShaderModule(vk, &module_info, nullptr, &module),
           "creating a shader module for a kernel on " + device_.describe());
  // The pipeline keeps what it needs; the module is only an input.
  unique_shader_module module_owner(vk, module);

  VkComputePipelineCreateInfo pipeline_info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipeline_info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipeline_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipeline_info.stage.module = module;
  pipeline_info.stage.pName = summary.entry_point.c_str();
  // One specialization for all constants: checked mode (AMPVK_CHECK turns
  // the kernel's bounds or race checks on), the work items per thread, a folded grid,
  // the views at their origin, an untiled workgroup smaller than the image's
  // (the same fit to this device as plan_dispatch's), the loop witness. A
  // constant the kernel does not declare is ignored.
  const bool races = check_mode().races && h.race_slots;
  struct {
    VkBool32 check;
    std::uint32_t items;
    VkBool32 folded;
    VkBool32 on;
    std::uint32_t local_size[3];
    std::uint32_t race_shadow_words;
  } values{check_mode().bounds ? VK_TRUE : VK_FALSE,
           variant.items_per_thread,
           variant.grid_folded ? VK_TRUE : VK_FALSE,
           VK_TRUE,
           {h.local_size[0], h.local_size[1], h.local_size[2]},
           h.race_slots * race_shadow_words_per_slot};
  if (!h.tiled)
    fit_untiled_local_size(values.local_size, device_.limits());
  VkSpecializationMapEntry entries[9 + max_view_origin_bindings];
  std::uint32_t count = 0;
  if (p->checked)
    entries[count++] = {check_spec_constant_id, offsetof(decltype(values), check),
                        sizeof values.check};
  if (variant.items_per_thread != 1)
    entries[count++] = {items_per_thread_spec_id, offsetof(decltype(values), items),
                        sizeof values.items};
  if (variant.grid_folded)
    entries[count++] = {grid_folded_spec_id, offsetof(decltype(values), folded),
                        sizeof values.folded};
  for (std::uint32_t b = 0; b < max_view_origin_bindings; ++b)
    if (variant.views_at_origin & (1u << b))
      entries[count++] = {view_origin_spec_id(b), offsetof(decltype(values), on),
                          sizeof values.on};
  for (std::uint32_t axis = 0; axis < 3; ++axis)
    if (values.local_size[axis] != h.local_size[axis])
      entries[count++] = {untiled_local_size_spec_id(axis),
                          static_cast<std::uint32_t>(offsetof(decltype(values), local_size) +
                                                     axis * sizeof(std::uint32_t)),
                          sizeof(std::uint32_t)};
  // AMPVK_CHECK=races or all: the tile_static race checks and their shadow.
  if (races) {
    entries[count++] = {race_check_spec_id, offsetof(decltype(values), on), sizeof values.on};
    entries[count++] = {race_shadow_words_spec_id, offsetof(decltype(values), race_shadow_words),
                        sizeof values.race_shadow_words};
  }
  // A device that cuts loops short runs the modules with the loop witness,
  // behind its switch.
  if (device_.physical().cuts_loops)
    entries[count++] = {loop_witness_spec_id, offsetof(decltype(values), on), sizeof values.on};
  const VkSpecializationInfo specialization{count, entries, sizeof values, &values};
  if (count)
    pipeline_info.stage.pSpecializationInfo = &specialization;
  pipeline_info.layout = layout;
  if (device_.pipeline_executable_statistics_fn())
    pipeline_info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
  VkPipeline pipeline = VK_NULL_HANDLE;
  const auto started = std::chrono::steady_clock::now();
  VkResult r = injected_fault(fault_site::pipeline);
  if (r == VK_SUCCESS)
    r = vkCreateComputePipelines(vk, cache_.get(), 1, &pipeline_info, nullptr, &pipeline);
  vk_check(device_, r, "creating the compute pipeline for a kernel on " + device_.describe());
  p->pipeline = unique_pipeline(vk, pipeline);
  if (tools().log_pipelines)
    note_pipeline(device_, image,
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                            started)
                      .count(),
                  pipeline_statistics(device_, pipeline));
  ++debug_counters().pipelines_created;
  dirty_ = true;
  runtime_state::register_teardown(); // compiling may have set up new driver state
  return p;
}

} // namespace rt
} // namespace ampvk
