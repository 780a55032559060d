// The raw-Vulkan baseline of the launch rows: the same tiny kernel
// (increment.spvasm) dispatched by hand, on the device whose name matches.
#ifndef AMPVK_BENCH_RAW_VULKAN_LAUNCH_H
#define AMPVK_BENCH_RAW_VULKAN_LAUNCH_H

#include <chrono>
#include <string>

struct raw_launch_times {
  bool ok = false;
  std::string error;
  double batched_per_dispatch = 0; // s: N dispatches (with barriers) in one submission, one wait
  double submit_wait = 0;          // s: one dispatch per submission, waited for each time
  bool correct = false;
};

// launches: N for the batched figure; the submit+wait figure uses N / 10.
raw_launch_times raw_vulkan_launch(const std::string &device_name, const std::string &spirv_file,
                                   int launches);

// The raw side of "first launch of a process", in a process of its own: from
// vkCreateDevice's return to the first dispatch's completion (buffer,
// pipeline without a VkPipelineCache, one dispatch, fence), as ampvk's child
// opens its device before its timed launch; and vkCreateDevice alone. The
// driver's own shader cache still applies.
struct raw_first_dispatch_times {
  bool ok = false;
  std::string error;
  double first_dispatch = 0; // s
  double create_device = 0;  // s
  double create_instance = 0; // s: vkCreateInstance, the device chosen
  std::chrono::steady_clock::time_point finished; // the dispatch's result seen
  bool correct = false;
};
raw_first_dispatch_times raw_vulkan_first_dispatch(const std::string &device_name,
                                                   const std::string &spirv_file);

#endif
