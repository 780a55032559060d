#include "vulkan/fault_injection.h"

#include <cstdlib>
#include <cstring>
#include <string>

#include <ampvk/exceptions.h>

#include "vulkan/env.h"

namespace ampvk {
namespace rt {
namespace {

constexpr int site_count = 4;

struct fault {
  fault_site site;
  std::uint64_t nth;
  VkResult result;
};

struct fault_plan {
  fault faults[8];
  int count = 0;
};

std::atomic<std::uint64_t> calls[site_count];

[[noreturn]] void bad_spec(const char *spec) {
  throw concurrency::runtime_exception(
      std::string("ampvk: AMPVK_DEBUG_FAULT=") + spec +
          " is not a list of kind:N (kind alloc, submit, lost, timeout or pipeline; N from "
          "1), e.g. "
          "alloc:2,lost:5",
      concurrency::E_INVALIDARG_AMP);
}

fault_plan read_plan() {
  fault_plan plan;
  const char *spec = env_value("AMPVK_DEBUG_FAULT");
  if (!spec)
    return plan;
  std::string text(spec);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos)
      end = text.size();
    std::string item = text.substr(start, end - start);
    std::size_t colon = item.find(':');
    if (colon == std::string::npos || plan.count == 8)
      bad_spec(spec);
    std::string kind = item.substr(0, colon), number = item.substr(colon + 1);
    char *stop = nullptr;
    unsigned long long n = std::strtoull(number.c_str(), &stop, 10);
    if (number.empty() || *stop || n == 0 || number[0] == '-')
      bad_spec(spec);
    fault f{fault_site::alloc, n, VK_ERROR_OUT_OF_DEVICE_MEMORY};
    if (kind == "submit")
      f = {fault_site::submit, n, VK_ERROR_OUT_OF_HOST_MEMORY};
    else if (kind == "lost")
      f = {fault_site::wait, n, VK_ERROR_DEVICE_LOST};
    else if (kind == "timeout")
      f = {fault_site::wait, n, VK_TIMEOUT};
    else if (kind == "pipeline")
      f = {fault_site::pipeline, n, VK_ERROR_OUT_OF_DEVICE_MEMORY};
    else if (kind != "alloc")
      bad_spec(spec);
    plan.faults[plan.count++] = f;
    start = end + 1;
  }
  return plan;
}

} // namespace

VkResult injected_fault(fault_site site) {
  static const fault_plan plan = read_plan();
  const std::uint64_t nth = calls[int(site)].fetch_add(1, std::memory_order_relaxed) + 1;
  for (int i = 0; i < plan.count; ++i)
    if (plan.faults[i].site == site && plan.faults[i].nth == nth)
      return plan.faults[i].result;
  return VK_SUCCESS;
}

std::uint64_t fault_site_calls(fault_site site) noexcept {
  return calls[int(site)].load(std::memory_order_relaxed);
}

} // namespace rt
} // namespace ampvk
