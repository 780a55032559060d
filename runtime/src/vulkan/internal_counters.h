// Counters of expensive Vulkan object creations. Not part of the public API:
// the tests include this header to prove that repeated launches reuse the
// cached pipeline, command buffers and staging buffers, that launches are
// batched into few submissions, and that buffers are sub-allocated from few
// device memory blocks.
#ifndef AMPVK_RUNTIME_VULKAN_INTERNAL_COUNTERS_H
#define AMPVK_RUNTIME_VULKAN_INTERNAL_COUNTERS_H

#include <atomic>
#include <cstdint>

namespace ampvk {
namespace rt {

struct counters {
  std::atomic<std::uint64_t> pipelines_created{0};
  // Of those, the ones a launch had made on one of the runtime's threads
  // while it allocated and uploaded (pipeline_cache::prepare).
  std::atomic<std::uint64_t> pipelines_prepared{0};
  std::atomic<std::uint64_t> command_buffers_created{0};
  std::atomic<std::uint64_t> descriptor_pools_created{0};
  std::atomic<std::uint64_t> staging_buffers_created{0};
  std::atomic<std::uint64_t> capture_buffers_created{0};
  std::atomic<std::uint64_t> submissions{0};
  // Descriptor sets pushed or bound (descriptors.cpp): a launch whose buffers
  // are those the batch's previous launch bound records none.
  std::atomic<std::uint64_t> descriptor_bindings{0};
  std::atomic<std::uint64_t> downloads{0};
  std::atomic<std::uint64_t> uploads{0};
  // Bytes copied between buffers' host copies and device copies (by memcpy
  // into mapped memory or by copy commands), and the copy commands recorded
  // for them (execution/buffer_transfers.cpp, image_transfers.cpp).
  std::atomic<std::uint64_t> bytes_uploaded{0};
  std::atomic<std::uint64_t> bytes_downloaded{0};
  std::atomic<std::uint64_t> transfer_commands{0};
  // Bytes concurrency::copy moved between buffers (execution/buffer_copies.cpp):
  // by a copy command of one device, through host memory two devices import,
  // or by the host between host copies.
  std::atomic<std::uint64_t> bytes_copied_on_device{0};
  std::atomic<std::uint64_t> bytes_copied_between_devices{0};
  std::atomic<std::uint64_t> bytes_copied_on_host{0};
  // Bulk copies between host memory and an array that imported the
  // caller's pages (execution/buffer_transfers.cpp): the bytes they moved.
  std::atomic<std::uint64_t> bytes_through_caller_pages{0};
  // Views of host data whose pages were imported (memory/view_pages.h), and
  // the bytes their transfers moved through them.
  std::atomic<std::uint64_t> view_page_imports{0};
  std::atomic<std::uint64_t> bytes_through_view_pages{0};
  // The disk pipeline cache (pipeline_disk_cache.h): valid bytes found at
  // device open, and files written.
  std::atomic<std::uint64_t> pipeline_cache_bytes_loaded{0};
  std::atomic<std::uint64_t> pipeline_cache_saves{0};
  std::atomic<std::uint64_t> memory_allocations{0}; // vkAllocateMemory calls (memory_pool.cpp)
  std::atomic<std::uint64_t> memory_frees{0};       // blocks given back with vkFreeMemory
  std::atomic<std::uint64_t> views_created{0};      // queues made by create_view
  std::atomic<std::uint64_t> views_destroyed{0};    // ... and destroyed after their last handle
  std::atomic<std::uint64_t> query_pools_created{0}; // timestamps (profiler.cpp), only when profiling
  // Threads started for asynchronous operations (async_tasks.cpp).
  std::atomic<std::uint64_t> async_threads_started{0};
  // rt::buffer objects (arrays and views' storage): a test compares the two
  // after the exit teardown to see that faults leak none.
  std::atomic<std::uint64_t> buffers_created{0};
  std::atomic<std::uint64_t> buffers_destroyed{0};
};

counters &debug_counters() noexcept;

} // namespace rt
} // namespace ampvk

#endif
