#include "diagnostics/pipeline_statistics.h"

#include <cinttypes>
#include <cstdio>
#include <vector>

#include "device.h"

namespace ampvk {
namespace rt {
namespace {

std::string value_of(const VkPipelineExecutableStatisticKHR &s) {
  char text[64];
  switch (s.format) {
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
    return s.value.b32 ? "yes" : "no";
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
    std::snprintf(text, sizeof text, "%" PRId64, s.value.i64);
    return text;
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
    std::snprintf(text, sizeof text, "%" PRIu64, s.value.u64);
    return text;
  case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR:
    std::snprintf(text, sizeof text, "%g", s.value.f64);
    return text;
  default:
    return "?";
  }
}

} // namespace

std::string pipeline_statistics(const device &d, VkPipeline pipeline) {
  const auto properties_of = d.pipeline_executable_properties_fn();
  const auto statistics_of = d.pipeline_executable_statistics_fn();
  if (!properties_of || !statistics_of)
    return {};
  VkPipelineInfoKHR info{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR};
  info.pipeline = pipeline;
  std::uint32_t count = 0;
  if (properties_of(d.vk(), &info, &count, nullptr) != VK_SUCCESS)
    return {};
  std::vector<VkPipelineExecutablePropertiesKHR> executables(
      count, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR});
  if (properties_of(d.vk(), &info, &count, executables.data()) < 0)
    return {};
  std::string text;
  for (std::uint32_t e = 0; e < count; ++e) {
    VkPipelineExecutableInfoKHR which{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
    which.pipeline = pipeline;
    which.executableIndex = e;
    std::uint32_t n = 0;
    if (statistics_of(d.vk(), &which, &n, nullptr) != VK_SUCCESS)
      continue;
    std::vector<VkPipelineExecutableStatisticKHR> stats(
        n, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
    if (statistics_of(d.vk(), &which, &n, stats.data()) < 0)
      continue;
    text += (text.empty() ? "" : "; ") + std::string(executables[e].name) + ":";
    for (std::uint32_t i = 0; i < n; ++i)
      text += std::string(i ? ", " : " ") + stats[i].name + " " + value_of(stats[i]);
  }
  return text;
}

} // namespace rt
} // namespace ampvk
