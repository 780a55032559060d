#include "raw_vulkan_launch.h"

#include "vulkan_probe.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <vector>

#include <vulkan/vulkan.h>

namespace {

using Clock = std::chrono::steady_clock;

void check(VkResult r, const char *what) {
  if (r != VK_SUCCESS)
    throw std::runtime_error(std::string(what) + " failed: " + std::to_string(r));
}

std::vector<char> read_all(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read " + path);
  return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Everything is created once and destroyed by the destructor, in reverse.
struct harness {
  VkInstance instance = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void *mapped = nullptr;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkCommandPool commands = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  Clock::time_point device_made; // vkCreateDevice returned
  double create_instance_seconds = 0; // vkCreateInstance and the device chosen
  double create_device_seconds = 0;

  ~harness() {
    if (device) {
      vkDeviceWaitIdle(device);
      vkDestroyFence(device, fence, nullptr);
      vkDestroyCommandPool(device, commands, nullptr);
      vkDestroyDescriptorPool(device, pool, nullptr);
      vkDestroyPipeline(device, pipeline, nullptr);
      vkDestroyPipelineLayout(device, layout, nullptr);
      vkDestroyDescriptorSetLayout(device, set_layout, nullptr);
      vkDestroyBuffer(device, buffer, nullptr);
      vkFreeMemory(device, memory, nullptr);
      vkDestroyDevice(device, nullptr);
    }
    if (instance)
      vkDestroyInstance(instance, nullptr);
  }

  void open(const std::string &device_name, const std::string &spirv_file) {
    const Clock::time_point before_instance = Clock::now();
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo ii{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ii.pApplicationInfo = &app;
    check(vkCreateInstance(&ii, nullptr, &instance), "vkCreateInstance");
    std::uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> all(count);
    vkEnumeratePhysicalDevices(instance, &count, all.data());
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    for (VkPhysicalDevice p : all) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(p, &props);
      if (device_name == props.deviceName)
        physical = p;
    }
    if (!physical)
      throw std::runtime_error("no Vulkan device named " + device_name);
    const std::uint32_t family = first_compute_family(physical);
    const Clock::time_point before_device = Clock::now();
    create_instance_seconds =
        std::chrono::duration<double>(before_device - before_instance).count();
    check(create_one_queue_device(physical, family, device), "vkCreateDevice");
    device_made = Clock::now();
    create_device_seconds = std::chrono::duration<double>(device_made - before_device).count();
    vkGetDeviceQueue(device, family, 0, &queue);

    // 64 uints in host-visible, coherent memory.
    VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bi.size = 64 * 4;
    bi.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    check(vkCreateBuffer(device, &bi, nullptr, &buffer), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, buffer, &req);
    VkPhysicalDeviceMemoryProperties mem;
    vkGetPhysicalDeviceMemoryProperties(physical, &mem);
    const VkMemoryPropertyFlags want =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    std::uint32_t type = 0;
    while (type < mem.memoryTypeCount &&
           !((req.memoryTypeBits >> type & 1) &&
             (mem.memoryTypes[type].propertyFlags & want) == want))
      ++type;
    VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = req.size;
    ai.memoryTypeIndex = type;
    check(vkAllocateMemory(device, &ai, nullptr, &memory), "vkAllocateMemory");
    check(vkBindBufferMemory(device, buffer, memory, 0), "vkBindBufferMemory");
    check(vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");

    VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                         VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo si{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    si.bindingCount = 1;
    si.pBindings = &binding;
    check(vkCreateDescriptorSetLayout(device, &si, nullptr, &set_layout), "set layout");
    VkPipelineLayoutCreateInfo li{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    li.setLayoutCount = 1;
    li.pSetLayouts = &set_layout;
    check(vkCreatePipelineLayout(device, &li, nullptr, &layout), "pipeline layout");
    std::vector<char> code = read_all(spirv_file);
    VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    mi.codeSize = code.size();
    mi.pCode = reinterpret_cast<const std::uint32_t *>(code.data());
    VkShaderModule module = VK_NULL_HANDLE;
    check(vkCreateShaderModule(device, &mi, nullptr, &module), "shader module");
    VkComputePipelineCreateInfo pi{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pi.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pi.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pi.stage.module = module;
    pi.stage.pName = "main";
    pi.layout = layout;
    VkResult r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pi, nullptr, &pipeline);
    vkDestroyShaderModule(device, module, nullptr);
    check(r, "compute pipeline");

    VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo poi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poi.maxSets = 1;
    poi.poolSizeCount = 1;
    poi.pPoolSizes = &size;
    check(vkCreateDescriptorPool(device, &poi, nullptr, &pool), "descriptor pool");
    VkDescriptorSetAllocateInfo sai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    sai.descriptorPool = pool;
    sai.descriptorSetCount = 1;
    sai.pSetLayouts = &set_layout;
    check(vkAllocateDescriptorSets(device, &sai, &set), "descriptor set");
    VkDescriptorBufferInfo info{buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = set;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &info;
    vkUpdateDescriptorSets(device, 1, &write, 0, nullptr);

    VkCommandPoolCreateInfo ci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    ci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    ci.queueFamilyIndex = family;
    check(vkCreateCommandPool(device, &ci, nullptr, &commands), "command pool");
    VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = commands;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 1;
    check(vkAllocateCommandBuffers(device, &cai, &cmd), "command buffer");
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    check(vkCreateFence(device, &fi, nullptr, &fence), "fence");
  }

  // Records and submits `dispatches` dependent dispatches (each reads the
  // previous one's writes: a barrier between them, as ampvk records), waits.
  void run(int dispatches) {
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cmd, &begin), "begin");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    for (int i = 0; i < dispatches; ++i) {
      if (i)
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, nullptr, 0,
                             nullptr);
      vkCmdDispatch(cmd, 1, 1, 1);
    }
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &barrier, 0, nullptr, 0, nullptr);
    check(vkEndCommandBuffer(cmd), "end");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    check(vkQueueSubmit(queue, 1, &submit, fence), "submit");
    check(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX), "wait");
    check(vkResetFences(device, 1, &fence), "reset fence");
  }
};

} // namespace

raw_launch_times raw_vulkan_launch(const std::string &device_name, const std::string &spirv_file,
                                   int launches) {
  raw_launch_times t;
  try {
    harness h;
    h.open(device_name, spirv_file);
    std::memset(h.mapped, 0, 64 * 4);
    h.run(1); // warm up
    auto t0 = Clock::now();
    h.run(launches);
    t.batched_per_dispatch =
        std::chrono::duration<double>(Clock::now() - t0).count() / launches;
    const int waited = launches / 10 > 0 ? launches / 10 : 1;
    t0 = Clock::now();
    for (int i = 0; i < waited; ++i)
      h.run(1);
    t.submit_wait = std::chrono::duration<double>(Clock::now() - t0).count() / waited;
    const std::uint32_t expect = 1u + static_cast<std::uint32_t>(launches + waited);
    t.correct = static_cast<const std::uint32_t *>(h.mapped)[63] == expect;
    t.ok = true;
  } catch (const std::exception &e) {
    t.error = e.what();
  }
  return t;
}

raw_first_dispatch_times raw_vulkan_first_dispatch(const std::string &device_name,
                                                   const std::string &spirv_file) {
  raw_first_dispatch_times t;
  try {
    harness h;
    h.open(device_name, spirv_file);
    std::memset(h.mapped, 0, 64 * 4);
    h.run(1);
    t.finished = Clock::now();
    t.first_dispatch = std::chrono::duration<double>(t.finished - h.device_made).count();
    t.create_device = h.create_device_seconds;
    t.create_instance = h.create_instance_seconds;
    t.correct = static_cast<const std::uint32_t *>(h.mapped)[63] == 1u;
    t.ok = true;
  } catch (const std::exception &e) {
    t.error = e.what();
  }
  return t;
}
