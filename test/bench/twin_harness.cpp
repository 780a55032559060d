// The GLSL twins' Vulkan harness (twin_harness.h). Failures set an error and
// make later calls return at once: the benchmark prints the message in the
// twin's column instead of a figure.
#include "twin_harness.h"

#include <vulkan/vulkan.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

namespace twin {

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
};

struct Harness::State {
  std::string error;
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties props{};
  VkPhysicalDeviceMemoryProperties mem{};
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  std::uint32_t family = 0;
  bool timestamps = false;
  VkCommandPool pool = VK_NULL_HANDLE;
  std::vector<Buffer> buffers;

  bool check(VkResult r, const char *what) {
    if (r != VK_SUCCESS && error.empty())
      error = std::string(what) + " failed (VkResult " + std::to_string(r) + ")";
    return r == VK_SUCCESS;
  }
  int memory_type(std::uint32_t bits, VkMemoryPropertyFlags want) const {
    for (std::uint32_t i = 0; i < mem.memoryTypeCount; ++i)
      if ((bits & (1u << i)) && (mem.memoryTypes[i].propertyFlags & want) == want)
        return static_cast<int>(i);
    return -1;
  }
  bool make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, VkMemoryPropertyFlags want,
                   Buffer &out) {
    VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bi.size = size;
    bi.usage = usage;
    if (!check(vkCreateBuffer(device, &bi, nullptr, &out.buffer), "vkCreateBuffer"))
      return false;
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, out.buffer, &req);
    int type = memory_type(req.memoryTypeBits, want);
    if (type < 0)
      type = memory_type(req.memoryTypeBits, 0);
    VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = req.size;
    ai.memoryTypeIndex = static_cast<std::uint32_t>(type);
    if (!check(vkAllocateMemory(device, &ai, nullptr, &out.memory), "vkAllocateMemory"))
      return false;
    out.size = size;
    return check(vkBindBufferMemory(device, out.buffer, out.memory, 0), "vkBindBufferMemory");
  }
  void destroy(Buffer &b) {
    vkDestroyBuffer(device, b.buffer, nullptr);
    vkFreeMemory(device, b.memory, nullptr);
    b = Buffer{};
  }
  VkCommandBuffer begin() {
    VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    ai.commandPool = pool;
    ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    ai.commandBufferCount = 1;
    VkCommandBuffer cb = VK_NULL_HANDLE;
    check(vkAllocateCommandBuffers(device, &ai, &cb), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cb, &bi);
    return cb;
  }
  void submit_and_wait(VkCommandBuffer cb) {
    vkEndCommandBuffer(cb);
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    if (check(vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE), "vkQueueSubmit"))
      check(vkQueueWaitIdle(queue), "vkQueueWaitIdle");
    vkFreeCommandBuffers(device, pool, 1, &cb);
  }  // Seconds per command that `record` writes, recorded reps + 1 times back to
  // back (the first untimed: caches and clocks warm) with a memory barrier of
  // `stage` between them, after `setup`. Each command is timed as ampvk's
  // profiler times a launch (runtime/src/execution/launch.cpp: the barrier, then
  // timestamps around the command alone), and the spans summed, so a ratio
  // compares like with like; AMPVK_BENCH_TWIN_SPANS=0 times all of them
  // between two timestamps instead (on the H100 0.6-1.0 us less per dispatch
  // of a reduction). Negative when it could not run.
  double time_repeated(int reps, VkPipelineStageFlags stage, VkAccessFlags written,
                       VkAccessFlags touched, const std::function<void(VkCommandBuffer)> &setup,
                       const std::function<void(VkCommandBuffer)> &record) {
    if (!error.empty())
      return -1;
    if (!timestamps) {
      error = "the compute queue has no timestamps";
      return -1;
    }
    const char *spans_knob = std::getenv("AMPVK_BENCH_TWIN_SPANS");
    const bool spans = !(spans_knob && std::string(spans_knob) == "0");
    const std::uint32_t query_count = spans ? 2u * static_cast<std::uint32_t>(reps) : 2u;
    VkQueryPoolCreateInfo qi{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    qi.queryType = VK_QUERY_TYPE_TIMESTAMP;
    qi.queryCount = query_count;
    VkQueryPool queries = VK_NULL_HANDLE;
    if (!check(vkCreateQueryPool(device, &qi, nullptr, &queries), "vkCreateQueryPool"))
      return -1;
    VkCommandBuffer cb = begin();
    vkCmdResetQueryPool(cb, queries, 0, query_count);
    setup(cb);
    VkMemoryBarrier between{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr, written, touched};
    for (int r = 0; r <= reps; ++r) {
      const std::uint32_t span = spans ? 2u * static_cast<std::uint32_t>(r - 1) : 0u;
      if (r >= 1 && (spans || r == 1))
        vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, queries, span);
      record(cb);
      if (r >= 1 && (spans || r == reps))
        vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, queries, span + 1);
      vkCmdPipelineBarrier(cb, stage, stage, 0, 1, &between, 0, nullptr, 0, nullptr);
    }
    submit_and_wait(cb);
    std::vector<std::uint64_t> ticks(query_count, 0);
    double seconds = -1;
    if (error.empty() && check(vkGetQueryPoolResults(device, queries, 0, query_count,
                                            ticks.size() * sizeof ticks[0], ticks.data(),
                                            sizeof ticks[0],
                                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                      "vkGetQueryPoolResults")) {
      std::uint64_t total = 0;
      for (std::uint32_t q = 0; q < query_count; q += 2)
        total += ticks[q + 1] - ticks[q];
      seconds = double(total) * props.limits.timestampPeriod * 1e-9 / reps;
    }
    vkDestroyQueryPool(device, queries, nullptr);
    return seconds;
  }

  // Copies between a host-visible staging buffer and buffer `b`.
  void transfer(int b, void *host, const void *upload, std::size_t bytes) {
    Buffer staging;
    if (!make_buffer(bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                     staging))
      return;
    void *mapped = nullptr;
    if (check(vkMapMemory(device, staging.memory, 0, bytes, 0, &mapped), "vkMapMemory")) {
      if (upload)
        std::memcpy(mapped, upload, bytes);
      VkCommandBuffer cb = begin();
      VkBufferCopy region{0, 0, bytes};
      if (upload)
        vkCmdCopyBuffer(cb, staging.buffer, buffers[b].buffer, 1, &region);
      else
        vkCmdCopyBuffer(cb, buffers[b].buffer, staging.buffer, 1, &region);
      submit_and_wait(cb);
      if (host)
        std::memcpy(host, mapped, bytes);
      vkUnmapMemory(device, staging.memory);
    }
    destroy(staging);
  }
};

Harness::Harness(const std::string &device_name) : s(new State) {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo ii{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ii.pApplicationInfo = &app;
  if (!s->check(vkCreateInstance(&ii, nullptr, &s->instance), "vkCreateInstance"))
    return;
  std::uint32_t count = 0;
  vkEnumeratePhysicalDevices(s->instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(s->instance, &count, devices.data());
  if (devices.empty()) {
    s->error = "no Vulkan device";
    return;
  }
  s->physical = devices[0];
  for (VkPhysicalDevice d : devices) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(d, &p);
    if (device_name == p.deviceName)
      s->physical = d;
  }
  vkGetPhysicalDeviceProperties(s->physical, &s->props);
  vkGetPhysicalDeviceMemoryProperties(s->physical, &s->mem);
  vkGetPhysicalDeviceQueueFamilyProperties(s->physical, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(s->physical, &count, families.data());
  bool found = false;
  for (std::uint32_t i = 0; i < count && !found; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      s->family = i;
      s->timestamps = families[i].timestampValidBits != 0;
      found = true;
    }
  if (!found) {
    s->error = "no compute queue";
    return;
  }
  float priority = 1.0f;
  VkDeviceQueueCreateInfo qi{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qi.queueFamilyIndex = s->family;
  qi.queueCount = 1;
  qi.pQueuePriorities = &priority;
  VkDeviceCreateInfo di{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  di.queueCreateInfoCount = 1;
  di.pQueueCreateInfos = &qi;
  // ampvk enables robustBufferAccess wherever it is offered (user-guide.md,
  // "Checked mode"); AMPVK_BENCH_TWIN_ROBUST=1 gives the twins the same, to
  // measure what that range check costs a kernel.
  VkPhysicalDeviceFeatures supported{}, enabled{};
  vkGetPhysicalDeviceFeatures(s->physical, &supported);
  const char *robust = std::getenv("AMPVK_BENCH_TWIN_ROBUST");
  if (robust && std::string(robust) == "1")
    enabled.robustBufferAccess = supported.robustBufferAccess;
  di.pEnabledFeatures = &enabled;
  if (!s->check(vkCreateDevice(s->physical, &di, nullptr, &s->device), "vkCreateDevice"))
    return;
  vkGetDeviceQueue(s->device, s->family, 0, &s->queue);
  VkCommandPoolCreateInfo pi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pi.queueFamilyIndex = s->family;
  s->check(vkCreateCommandPool(s->device, &pi, nullptr, &s->pool), "vkCreateCommandPool");
}

Harness::~Harness() {
  if (s->device) {
    vkDeviceWaitIdle(s->device);
    for (Buffer &b : s->buffers)
      s->destroy(b);
    vkDestroyCommandPool(s->device, s->pool, nullptr);
    vkDestroyDevice(s->device, nullptr);
  }
  if (s->instance)
    vkDestroyInstance(s->instance, nullptr);
}

bool Harness::ok() const { return s->error.empty(); }
std::string Harness::error() const { return s->error; }

int Harness::buffer(const void *data, std::size_t bytes) {
  if (!ok())
    return -1;
  Buffer b;
  s->make_buffer(bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                            VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                 VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, b);
  s->buffers.push_back(b);
  int id = static_cast<int>(s->buffers.size()) - 1;
  if (data)
    s->transfer(id, nullptr, data, bytes);
  else
    fill_zero(id);
  return id;
}

void Harness::fill_zero(int b) {
  if (!ok())
    return;
  VkCommandBuffer cb = s->begin();
  vkCmdFillBuffer(cb, s->buffers[b].buffer, 0, VK_WHOLE_SIZE, 0);
  s->submit_and_wait(cb);
}

void Harness::read(int b, void *out, std::size_t bytes) {
  if (ok())
    s->transfer(b, out, nullptr, bytes);
}

namespace {

// A compute pipeline over storage buffers 0..n-1 with one descriptor set.
struct Pipeline {
  VkShaderModule module = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  void bind(VkCommandBuffer cb) const {
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
  }
};

} // namespace

static Pipeline make_pipeline(Harness::State &s, const std::string &spv_path,
                              const std::vector<int> &bindings, std::uint32_t push_size) {
  Pipeline p;
  std::ifstream in(spv_path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty() || bytes.size() % 4) {
    s.error = "cannot read " + spv_path;
    return p;
  }
  VkDevice d = s.device;
  VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  mi.codeSize = bytes.size();
  mi.pCode = reinterpret_cast<const std::uint32_t *>(bytes.data());
  s.check(vkCreateShaderModule(d, &mi, nullptr, &p.module), "vkCreateShaderModule");

  std::vector<VkDescriptorSetLayoutBinding> lb(bindings.size());
  for (std::size_t i = 0; i < bindings.size(); ++i)
    lb[i] = {static_cast<std::uint32_t>(i), VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
             VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  li.bindingCount = static_cast<std::uint32_t>(lb.size());
  li.pBindings = lb.data();
  s.check(vkCreateDescriptorSetLayout(d, &li, nullptr, &p.set_layout),
          "vkCreateDescriptorSetLayout");
  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size};
  VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pli.setLayoutCount = 1;
  pli.pSetLayouts = &p.set_layout;
  pli.pushConstantRangeCount = push_size ? 1 : 0;
  pli.pPushConstantRanges = &range;
  s.check(vkCreatePipelineLayout(d, &pli, nullptr, &p.layout), "vkCreatePipelineLayout");
  VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0,
              VK_SHADER_STAGE_COMPUTE_BIT, p.module, "main", nullptr};
  ci.layout = p.layout;
  s.check(vkCreateComputePipelines(d, VK_NULL_HANDLE, 1, &ci, nullptr, &p.pipeline),
          "vkCreateComputePipelines");

  VkDescriptorPoolSize ps{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                          static_cast<std::uint32_t>(bindings.size())};
  VkDescriptorPoolCreateInfo dpi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpi.maxSets = 1;
  dpi.poolSizeCount = 1;
  dpi.pPoolSizes = &ps;
  s.check(vkCreateDescriptorPool(d, &dpi, nullptr, &p.pool), "vkCreateDescriptorPool");
  VkDescriptorSetAllocateInfo dai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dai.descriptorPool = p.pool;
  dai.descriptorSetCount = 1;
  dai.pSetLayouts = &p.set_layout;
  s.check(vkAllocateDescriptorSets(d, &dai, &p.set), "vkAllocateDescriptorSets");
  std::vector<VkDescriptorBufferInfo> infos(bindings.size());
  std::vector<VkWriteDescriptorSet> writes(bindings.size());
  for (std::size_t i = 0; i < bindings.size() && s.error.empty(); ++i) {
    infos[i] = {s.buffers[bindings[i]].buffer, 0, VK_WHOLE_SIZE};
    writes[i] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[i].dstSet = p.set;
    writes[i].dstBinding = static_cast<std::uint32_t>(i);
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  if (s.error.empty())
    vkUpdateDescriptorSets(d, static_cast<std::uint32_t>(writes.size()), writes.data(), 0,
                           nullptr);
  return p;
}

static void destroy_pipeline(Harness::State &s, Pipeline &p) {
  VkDevice d = s.device;
  vkDestroyDescriptorPool(d, p.pool, nullptr);
  vkDestroyPipeline(d, p.pipeline, nullptr);
  vkDestroyPipelineLayout(d, p.layout, nullptr);
  vkDestroyDescriptorSetLayout(d, p.set_layout, nullptr);
  vkDestroyShaderModule(d, p.module, nullptr);
  p = Pipeline{};
}

double Harness::run(const std::string &spv_path, const std::vector<int> &bindings,
                    const void *push, std::uint32_t push_size, const std::uint32_t groups[3],
                    int reps) {
  if (!ok())
    return -1;
  Pipeline p = make_pipeline(*s, spv_path, bindings, push_size);
  const double seconds = s->time_repeated(
      reps, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
      VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
      [&](VkCommandBuffer cb) {
        p.bind(cb);
        if (push_size)
          vkCmdPushConstants(cb, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
      },
      [&](VkCommandBuffer cb) { vkCmdDispatch(cb, groups[0], groups[1], groups[2]); });
  destroy_pipeline(*s, p);
  return seconds;
}

double Harness::halo_iterations(const std::string &step_spv, int a, int b, int rows, int cols,
                                int top, int grid_rows, int iterations, double exchange_us) {
  if (!ok())
    return -1;
  const VkDeviceSize row = VkDeviceSize(cols) * sizeof(float);
  // Rows 0, 1: the edge rows down; rows 2, 3: the halo rows up.
  Buffer staging;
  if (!s->make_buffer(4 * row, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                      staging))
    return -1;
  void *mapped = nullptr;
  if (!s->check(vkMapMemory(s->device, staging.memory, 0, 4 * row, 0, &mapped), "vkMapMemory")) {
    s->destroy(staging);
    return -1;
  }
  auto *rows_mapped = static_cast<unsigned char *>(mapped);
  // One pipeline per direction of the step: a -> b and b -> a.
  Pipeline steps[2] = {make_pipeline(*s, step_spv, {a, b}, 24),
                       make_pipeline(*s, step_spv, {b, a}, 24)};
  const VkBuffer band[2] = {s->buffers[a].buffer, s->buffers[b].buffer};
  VkFence fences[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
  for (VkFence &f : fences) {
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    fi.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    s->check(vkCreateFence(s->device, &fi, nullptr, &f), "vkCreateFence");
  }
  VkCommandBuffer interior_cb = VK_NULL_HANDLE; // the previous iteration's
  const VkMemoryBarrier before{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr,
                               VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                               VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                   VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
  const VkMemoryBarrier to_host{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr,
                                VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT};
  const VkPipelineStageFlags gpu = VK_PIPELINE_STAGE_TRANSFER_BIT |
                                   VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
  auto submit = [&](VkCommandBuffer cb, VkFence fence) {
    vkEndCommandBuffer(cb);
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    s->check(vkResetFences(s->device, 1, &fence), "vkResetFences");
    s->check(vkQueueSubmit(s->queue, 1, &si, fence), "vkQueueSubmit");
  };
  auto wait = [&](VkFence fence) {
    s->check(vkWaitForFences(s->device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
  };
  auto dispatch_rows = [&](VkCommandBuffer cb, const Pipeline &p, int first, int count) {
    if (count <= 0)
      return;
    const std::int32_t shape[6] = {rows, cols, top, grid_rows, first, count};
    vkCmdPushConstants(cb, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof shape, shape);
    vkCmdDispatch(cb, static_cast<std::uint32_t>((cols + 15) / 16),
                  static_cast<std::uint32_t>((count + 15) / 16), 1);
  };
  int c = 0; // band[c] holds the current band
  // samples/mpi/mpi_heat.cpp's iteration: the halo rows the exchange brought
  // up, the edge rows computed and sent down (waited for by a fence of their
  // own), the interior computed meanwhile in a second submission.
  auto iteration = [&] {
    const int n = 1 - c;
    VkCommandBuffer cb = s->begin();
    // After the previous iteration's interior (one queue: submission order
    // and this barrier order them).
    vkCmdPipelineBarrier(cb, gpu, gpu, 0, 1, &before, 0, nullptr, 0, nullptr);
    const VkBufferCopy up[2] = {{2 * row, 0, row}, {3 * row, VkDeviceSize(rows - 1) * row, row}};
    vkCmdCopyBuffer(cb, staging.buffer, band[c], 2, up);
    vkCmdPipelineBarrier(cb, gpu, gpu, 0, 1, &before, 0, nullptr, 0, nullptr);
    steps[c].bind(cb);
    dispatch_rows(cb, steps[c], 1, 1);
    dispatch_rows(cb, steps[c], rows - 2, 1);
    vkCmdPipelineBarrier(cb, gpu, gpu, 0, 1, &before, 0, nullptr, 0, nullptr);
    const VkBufferCopy down[2] = {{row, 0, row}, {VkDeviceSize(rows - 2) * row, row, row}};
    vkCmdCopyBuffer(cb, band[n], staging.buffer, 2, down);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &to_host, 0, nullptr, 0, nullptr);
    submit(cb, fences[0]);
    wait(fences[1]); // the previous interior: its command buffer goes
    if (interior_cb)
      vkFreeCommandBuffers(s->device, s->pool, 1, &interior_cb);
    interior_cb = s->begin();
    steps[c].bind(interior_cb);
    dispatch_rows(interior_cb, steps[c], 2, rows - 4);
    submit(interior_cb, fences[1]);
    wait(fences[0]);
    vkFreeCommandBuffers(s->device, s->pool, 1, &cb);
    // The neighbours' edge rows arrive in the halo rows: here, this band's
    // own, after as long as the MPI exchange takes.
    spin_for(exchange_us);
    std::memcpy(rows_mapped + 3 * row, rows_mapped, row);
    std::memcpy(rows_mapped + 2 * row, rows_mapped + row, row);
    c = n;
  };
  // Before the first iteration the halo rows are the band's own.
  {
    VkCommandBuffer cb = s->begin();
    const VkBufferCopy halos[2] = {{0, 2 * row, row}, {VkDeviceSize(rows - 1) * row, 3 * row, row}};
    vkCmdCopyBuffer(cb, band[0], staging.buffer, 2, halos);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &to_host, 0, nullptr, 0, nullptr);
    s->submit_and_wait(cb);
  }
  iteration(); // warm
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations && ok(); ++i)
    iteration();
  wait(fences[1]); // the last interior done, as ampvk's timing waits for it
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (interior_cb)
    vkFreeCommandBuffers(s->device, s->pool, 1, &interior_cb);
  for (VkFence f : fences)
    vkDestroyFence(s->device, f, nullptr);
  destroy_pipeline(*s, steps[0]);
  destroy_pipeline(*s, steps[1]);
  vkUnmapMemory(s->device, staging.memory);
  s->destroy(staging);
  // The result in `a`, where the caller reads it.
  if (c == 1 && ok()) {
    VkCommandBuffer cb = s->begin();
    const VkBufferCopy all{0, 0, VkDeviceSize(rows) * row};
    vkCmdCopyBuffer(cb, band[1], band[0], 1, &all);
    s->submit_and_wait(cb);
  }
  return ok() ? seconds / iterations : -1;
}

double Harness::copy_buffer(int from, int to, std::size_t bytes, int reps) {
  const VkBufferCopy region{0, 0, bytes};
  return s->time_repeated(
      reps, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
      VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT, [](VkCommandBuffer) {},
      [&](VkCommandBuffer cb) {
        vkCmdCopyBuffer(cb, s->buffers[from].buffer, s->buffers[to].buffer, 1, &region);
      });
}

namespace {

// Seconds per `record` (given a host-visible buffer of `bytes`), timed as
// copy_buffer times its copies.
double time_with_host_buffer(Harness::State &s, std::size_t bytes, int reps,
                             const std::function<void(VkCommandBuffer, VkBuffer)> &record) {
  Buffer host;
  if (!s.make_buffer(bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                     host))
    return -1;
  const double seconds = s.time_repeated(
      reps, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
      VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT, [](VkCommandBuffer) {},
      [&](VkCommandBuffer cb) { record(cb, host.buffer); });
  s.destroy(host);
  return seconds;
}

} // namespace

double Harness::host_copy(int device_buffer, bool to_device, std::size_t bytes, int reps) {
  if (!ok())
    return -1;
  const VkBufferCopy region{0, 0, bytes};
  const VkBuffer dev = s->buffers[device_buffer].buffer;
  return time_with_host_buffer(*s, bytes, reps, [&](VkCommandBuffer cb, VkBuffer host) {
    vkCmdCopyBuffer(cb, to_device ? host : dev, to_device ? dev : host, 1, &region);
  });
}

double Harness::through_host(int from, int to, std::size_t bytes, int reps) {
  if (!ok())
    return -1;
  const VkBufferCopy region{0, 0, bytes};
  const VkMemoryBarrier between{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr,
                                VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT};
  return time_with_host_buffer(*s, bytes, reps, [&](VkCommandBuffer cb, VkBuffer host) {
    vkCmdCopyBuffer(cb, s->buffers[from].buffer, host, 1, &region);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                         &between, 0, nullptr, 0, nullptr);
    vkCmdCopyBuffer(cb, host, s->buffers[to].buffer, 1, &region);
  });
}

} // namespace twin
