// Device enumeration, device_info and the default-device rules.
#include <algorithm>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "device_selection.h"
#include "fresh_process.h"

namespace rt = ampvk::rt;
using rt::device_candidate;

namespace {

std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

template <typename F> std::string runtime_error_message(F &&f) {
  try {
    f();
  } catch (const concurrency::runtime_exception &e) {
    return e.what();
  }
  return "(no exception)";
}

} // namespace

TEST(Devices, EnumeratesAtLeastOneDeviceWithSaneInfo) {
  const auto &all = rt::devices();
  ASSERT_FALSE(all.empty());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const rt::device_info &info = rt::info(all[i]);
    EXPECT_FALSE(info.description.empty());
    EXPECT_EQ(narrow(info.device_path).rfind("vulkan:" + std::to_string(i) + ":", 0), 0u)
        << narrow(info.device_path);
    // accelerator::version's form: (major << 16) | minor of the Vulkan API.
    EXPECT_GE(info.version, 0x10001u);
    EXPECT_EQ(info.version >> 16, 1u);
    EXPECT_LE(info.version & 0xffff, 4u);
    // Vulkan's guaranteed minimums.
    EXPECT_GE(info.max_tile_invocations, 128u);
    EXPECT_GE(info.max_tile_static_bytes, 16384u);
    EXPECT_GE(info.max_push_constant_bytes, 128u);
    EXPECT_GT(info.dedicated_memory_kb, 0u);
    if (lower(narrow(info.description)).find("llvmpipe") != std::string::npos) {
      EXPECT_TRUE(info.is_emulated);
      // Every array is shared memory there, unless the tests force the
      // discrete-GPU paths.
      const char *staging = std::getenv("AMPVK_DEBUG_FORCE_STAGING");
      EXPECT_EQ(info.supports_cpu_shared_memory, !(staging && *staging && *staging != '0'));
      EXPECT_TRUE(info.supports_double_precision); // lavapipe has shaderFloat64
    }
  }
}

TEST(Devices, DefaultDeviceAndQueue) {
  rt::device *d = rt::default_device();
  ASSERT_NE(d, nullptr);
  const auto &all = rt::devices();
  EXPECT_NE(std::find(all.begin(), all.end(), d), all.end());
  EXPECT_EQ(rt::default_device(), d); // chosen once
  rt::queue *q = rt::default_queue(d);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(rt::default_queue(d), q);
  EXPECT_EQ(rt::queue_device(q), d);
  rt::wait(q); // nothing submitted: returns at once
}

TEST(Devices, DefaultPrefersDiscreteThenIntegratedThenVirtualThenCpu) {
  std::vector<device_candidate> all = {{"llvmpipe", VK_PHYSICAL_DEVICE_TYPE_CPU},
                                       {"Virtio GPU", VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU},
                                       {"Intel UHD", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU},
                                       {"NVIDIA H100", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU},
                                       {"NVIDIA H200", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU}};
  EXPECT_EQ(rt::choose_device(all, nullptr), 3u); // first discrete
  all.erase(all.begin() + 3, all.end());
  EXPECT_EQ(rt::choose_device(all, nullptr), 2u);
  all.pop_back();
  EXPECT_EQ(rt::choose_device(all, nullptr), 1u);
  all.pop_back();
  EXPECT_EQ(rt::choose_device(all, nullptr), 0u);
  EXPECT_EQ(rt::choose_device(all, ""), 0u); // empty means unset
}

TEST(Devices, SpecSelectsByIndexOrCaseInsensitiveName) {
  std::vector<device_candidate> all = {{"NVIDIA H100 80GB HBM3", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU},
                                       {"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU}};
  EXPECT_EQ(rt::choose_device(all, "1"), 1u);
  EXPECT_EQ(rt::choose_device(all, "0"), 0u);
  EXPECT_EQ(rt::choose_device(all, "LLVMpipe"), 1u);
  EXPECT_EQ(rt::choose_device(all, "h100"), 0u);
  EXPECT_EQ(rt::choose_device(all, "256 BITS"), 1u);
}

TEST(Devices, BadSpecThrowsRuntimeExceptionListingDevices) {
  std::vector<device_candidate> all = {{"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU}};
  EXPECT_THROW(rt::choose_device(all, "2"), concurrency::runtime_exception);
  std::string by_index = runtime_error_message([&] { rt::choose_device(all, "2"); });
  EXPECT_NE(by_index.find("AMPVK_DEVICE=2"), std::string::npos) << by_index;
  EXPECT_NE(by_index.find("0: llvmpipe"), std::string::npos) << by_index;

  std::string by_name = runtime_error_message([&] { rt::choose_device(all, "radeon"); });
  EXPECT_NE(by_name.find("AMPVK_DEVICE=\"radeon\" matches no Vulkan device"), std::string::npos)
      << by_name;
  EXPECT_NE(by_name.find("0: llvmpipe (LLVM 15.0.6, 256 bits) (CPU)"), std::string::npos)
      << by_name;
}

TEST(Devices, NoDeviceThrowsWithInstallHint) {
  std::string message = runtime_error_message([] { rt::choose_device({}, nullptr); });
  EXPECT_NE(message.find("no Vulkan device found"), std::string::npos) << message;
  EXPECT_NE(message.find("apt-get install mesa-vulkan-drivers"), std::string::npos) << message;
}

TEST(Devices, NullArgumentsThrow) {
  EXPECT_THROW(rt::info(nullptr), concurrency::runtime_exception);
  EXPECT_THROW(rt::default_queue(nullptr), concurrency::runtime_exception);
  EXPECT_THROW(rt::wait(nullptr), concurrency::runtime_exception);
}

// accelerator::set_default. The default device is chosen once per process,
// so the checks run in a fresh one where nothing has used it yet. Before the
// first use a later call replaces an earlier one; from the first use on every
// call fails, for the default device itself too (C++ AMP).
TEST(Devices, SetDefaultBeforeFirstUseThenFixed) {
  auto checks = [] {
    const auto &all = rt::devices();
    rt::device *wanted = all.back();
    EXPECT_TRUE(rt::set_default_device(all.front()));
    EXPECT_TRUE(rt::set_default_device(wanted));
    EXPECT_TRUE(rt::set_default_device(wanted)); // the same one again, still unused
    EXPECT_EQ(rt::default_device(), wanted);    // the first use
    for (rt::device *d : all)
      EXPECT_FALSE(rt::set_default_device(d));
    EXPECT_EQ(rt::default_device(), wanted);
    EXPECT_EQ(runtime_error_message([] { rt::set_default_device(nullptr); }),
              "ampvk: set_default_device() called with a null device");
  };
  EXPECT_IN_FRESH_PROCESS(checks);
}

TEST(Devices, DefaultCpuAccessIsSetOnceOrFixedByUse) {
  auto checks = [] {
    rt::device *d = rt::devices().front();
    EXPECT_TRUE(rt::set_default_cpu_access(d, 1));
    EXPECT_FALSE(rt::set_default_cpu_access(d, 3));
    EXPECT_EQ(rt::default_cpu_access(d), 1);
    if (rt::devices().size() > 1) {
      rt::device *other = rt::devices().back();
      EXPECT_EQ(rt::default_cpu_access(other), 4); // auto, and now fixed
      EXPECT_FALSE(rt::set_default_cpu_access(other, 2));
    }
  };
  EXPECT_IN_FRESH_PROCESS(checks);
}
