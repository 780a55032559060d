// Where the time of a bulk copy between host memory and the device can go,
// for docs/performance.md's "Copies": the host's memcpy between ordinary
// pages, into and out of the staging memory the runtime uses (host-visible,
// cached), and into and out of device memory the host maps (resizable BAR),
// on 1 to 16 threads; beside the device's own copies between those memories
// (vkCmdCopyBuffer, timed on the GPU). Raw Vulkan, nothing of ampvk.
//
//   host_transfer_rates [MiB [rounds]]   default 256 MiB, 3 rounds
#include "vulkan_probe.h"

#include <emmintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// memcpy, or 16-byte streaming stores (both pointers 16-byte aligned).
void copy_part(unsigned char *dst, const unsigned char *src, std::size_t bytes, bool stream) {
  if (!stream) {
    std::memcpy(dst, src, bytes);
    return;
  }
  auto *d = reinterpret_cast<__m128i *>(dst);
  const auto *s = reinterpret_cast<const __m128i *>(src);
  for (std::size_t i = 0; i < bytes / 16; i += 4) {
    __m128i a = _mm_load_si128(s + i), b = _mm_load_si128(s + i + 1);
    __m128i c = _mm_load_si128(s + i + 2), e = _mm_load_si128(s + i + 3);
    _mm_stream_si128(d + i, a);
    _mm_stream_si128(d + i + 1, b);
    _mm_stream_si128(d + i + 2, c);
    _mm_stream_si128(d + i + 3, e);
  }
  _mm_sfence();
}

// GB/s of copying `bytes` on `threads` threads (parts of whole 64 KiB).
double host_rate(void *dst, const void *src, std::size_t bytes, unsigned threads, bool stream) {
  const std::size_t each = bytes / threads / 65536 * 65536;
  auto *to = static_cast<unsigned char *>(dst);
  const auto *from = static_cast<const unsigned char *>(src);
  const auto t0 = clock_type::now();
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k) {
    const std::size_t at = k * each, size = k + 1 == threads ? bytes - at : each;
    pool.emplace_back(copy_part, to + at, from + at, size, stream);
  }
  copy_part(to, from, threads == 1 ? bytes : each, stream);
  for (std::thread &t : pool)
    t.join();
  return bytes / seconds_since(t0) / 1e9;
}

struct probe {
  VkPhysicalDevice phys = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkQueryPool timestamps = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory{};
  double tick_ns = 1;

  struct allocation {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void *mapped = nullptr;
  };

  // The first memory type with all of `want` and none of `avoid`; -1 if none.
  int type(VkMemoryPropertyFlags want, VkMemoryPropertyFlags avoid) const {
    for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
      VkMemoryPropertyFlags f = memory.memoryTypes[i].propertyFlags;
      if ((f & want) == want && !(f & avoid))
        return static_cast<int>(i);
    }
    return -1;
  }

  bool allocate(std::size_t bytes, int type_index, allocation &a) const {
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = bytes;
    info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    if (vkCreateBuffer(device, &info, nullptr, &a.buffer) != VK_SUCCESS)
      return false;
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(device, a.buffer, &needs);
    if (!(needs.memoryTypeBits & (1u << type_index)))
      return false;
    VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = needs.size;
    ai.memoryTypeIndex = static_cast<std::uint32_t>(type_index);
    if (vkAllocateMemory(device, &ai, nullptr, &a.memory) != VK_SUCCESS)
      return false;
    vkBindBufferMemory(device, a.buffer, a.memory, 0);
    if (memory.memoryTypes[type_index].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
      vkMapMemory(device, a.memory, 0, VK_WHOLE_SIZE, 0, &a.mapped);
    return true;
  }

  void release(allocation &a) const {
    if (a.mapped)
      vkUnmapMemory(device, a.memory);
    vkDestroyBuffer(device, a.buffer, nullptr);
    vkFreeMemory(device, a.memory, nullptr);
    a = allocation{};
  }

  // GB/s of vkCmdCopyBuffer from `from` to `to`, timed on the GPU.
  double device_rate(const allocation &from, const allocation &to, std::size_t bytes) const {
    VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    ai.commandPool = pool;
    ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    ai.commandBufferCount = 1;
    VkCommandBuffer cb;
    vkAllocateCommandBuffers(device, &ai, &cb);
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(cb, &bi);
    vkCmdResetQueryPool(cb, timestamps, 0, 2);
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, timestamps, 0);
    VkBufferCopy region{0, 0, bytes};
    vkCmdCopyBuffer(cb, from.buffer, to.buffer, 1, &region);
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, 1);
    vkEndCommandBuffer(cb);
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cb;
    vkQueueSubmit(queue, 1, &si, VK_NULL_HANDLE);
    vkQueueWaitIdle(queue);
    std::uint64_t t[2] = {0, 0};
    vkGetQueryPoolResults(device, timestamps, 0, 2, sizeof t, t, sizeof t[0],
                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    vkFreeCommandBuffers(device, pool, 1, &cb);
    return bytes / ((t[1] - t[0]) * tick_ns * 1e-9) / 1e9;
  }
};

std::string flag_names(VkMemoryPropertyFlags f) {
  std::string s;
  if (f & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)
    s += "DEVICE_LOCAL ";
  if (f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
    s += "HOST_VISIBLE ";
  if (f & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
    s += "HOST_COHERENT ";
  if (f & VK_MEMORY_PROPERTY_HOST_CACHED_BIT)
    s += "HOST_CACHED ";
  return s;
}

} // namespace

int main(int argc, char **argv) {
  const std::size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  const std::size_t bytes = mib << 20;
  VkInstance instance = VK_NULL_HANDLE;
  const VkPhysicalDevice physical = probe_first_device(VK_API_VERSION_1_2, instance);
  if (!physical)
    return 1;
  probe p;
  p.phys = physical;
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(p.phys, &props);
  p.tick_ns = props.limits.timestampPeriod;
  vkGetPhysicalDeviceMemoryProperties(p.phys, &p.memory);
  std::printf("%s, %zu MiB, %d rounds\n", props.deviceName, mib, rounds);
  for (std::uint32_t i = 0; i < p.memory.memoryTypeCount; ++i)
    std::printf("memory type %u: heap %u (%.1f GiB) %s\n", i, p.memory.memoryTypes[i].heapIndex,
                p.memory.memoryHeaps[p.memory.memoryTypes[i].heapIndex].size / 1073741824.0,
                flag_names(p.memory.memoryTypes[i].propertyFlags).c_str());

  const std::uint32_t family = first_compute_family(p.phys);
  if (create_one_queue_device(p.phys, family, p.device) != VK_SUCCESS) {
    std::printf("no Vulkan device could be created\n");
    return 1;
  }
  vkGetDeviceQueue(p.device, family, 0, &p.queue);
  VkCommandPoolCreateInfo pi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pi.queueFamilyIndex = family;
  vkCreateCommandPool(p.device, &pi, nullptr, &p.pool);
  VkQueryPoolCreateInfo tq{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  tq.queryType = VK_QUERY_TYPE_TIMESTAMP;
  tq.queryCount = 2;
  vkCreateQueryPool(p.device, &tq, nullptr, &p.timestamps);

  // Staging memory as the runtime chooses it: host-visible and cached, in
  // host memory where the device has such a type (lavapipe has one type).
  int staging_type = p.type(VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                VK_MEMORY_PROPERTY_HOST_COHERENT_BIT |
                                VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
                            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (staging_type < 0)
    staging_type = p.type(VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                          0);
  const int bar_type = p.type(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
                                  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                  VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                              0);
  const int device_type = p.type(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
  probe::allocation staging, bar, local;
  const bool have_staging = staging_type >= 0 && p.allocate(bytes, staging_type, staging);
  const bool have_bar = bar_type >= 0 && p.allocate(bytes, bar_type, bar);
  const bool have_local = device_type >= 0 && p.allocate(bytes, device_type, local);
  std::printf("staging type %d%s, mapped device type %d%s, device type %d%s\n", staging_type,
              have_staging ? "" : " (not allocated)", bar_type, have_bar ? "" : " (not allocated)",
              device_type, have_local ? "" : " (not allocated)");

  // Ordinary pages, touched first so that no copy pays for page faults.
  auto *src = static_cast<unsigned char *>(std::aligned_alloc(4096, bytes));
  auto *dst = static_cast<unsigned char *>(std::aligned_alloc(4096, bytes));
  for (std::size_t i = 0; i < bytes; ++i)
    src[i] = static_cast<unsigned char>(i * 7);
  std::memset(dst, 0, bytes);
  if (have_staging)
    std::memset(staging.mapped, 0, bytes);
  if (have_bar)
    std::memset(bar.mapped, 0, bytes);

  unsigned most = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
  std::vector<unsigned> thread_counts;
  for (unsigned t = 1; t < most; t *= 2)
    thread_counts.push_back(t);
  thread_counts.push_back(most);

  struct host_case {
    const char *name;
    void *to;
    const void *from;
    bool usable, stream;
    std::size_t size;
  };
  // Reading mapped device memory crosses PCIe uncached: a sixteenth of the size.
  const std::vector<host_case> cases = {
      {"host -> host, memcpy", dst, src, true, false, bytes},
      {"host -> host, streaming stores", dst, src, true, true, bytes},
      {"host -> staging, memcpy", staging.mapped, src, have_staging, false, bytes},
      {"host -> staging, streaming stores", staging.mapped, src, have_staging, true, bytes},
      {"staging -> host, memcpy", dst, staging.mapped, have_staging, false, bytes},
      {"host -> mapped device, memcpy", bar.mapped, src, have_bar, false, bytes},
      {"host -> mapped device, streaming stores", bar.mapped, src, have_bar, true, bytes},
      {"mapped device -> host, memcpy (1/16 of the size)", dst, bar.mapped, have_bar, false,
       bytes / 16},
  };
  for (int round = 0; round < rounds; ++round) {
    std::printf("-- round %d\n", round);
    for (const host_case &c : cases) {
      if (!c.usable)
        continue;
      std::printf("%-50s", c.name);
      for (unsigned t : thread_counts)
        std::printf("  %2u: %6.1f", t, host_rate(c.to, c.from, c.size, t, c.stream));
      std::printf("  GB/s (threads: rate)\n");
    }
    if (have_staging && have_local) {
      std::printf("%-50s  %6.1f GB/s\n", "vkCmdCopyBuffer staging -> device",
                  p.device_rate(staging, local, bytes));
      std::printf("%-50s  %6.1f GB/s\n", "vkCmdCopyBuffer device -> staging",
                  p.device_rate(local, staging, bytes));
    }
    if (have_bar && have_local)
      std::printf("%-50s  %6.1f GB/s\n", "vkCmdCopyBuffer mapped device -> device",
                  p.device_rate(bar, local, bytes));
  }
  std::free(src);
  std::free(dst);
  for (probe::allocation *a : {&staging, &bar, &local})
    if (a->buffer)
      p.release(*a);
  vkDestroyQueryPool(p.device, p.timestamps, nullptr);
  vkDestroyCommandPool(p.device, p.pool, nullptr);
  vkDestroyDevice(p.device, nullptr);
  vkDestroyInstance(instance, nullptr);
  return 0;
}
