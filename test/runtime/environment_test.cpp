// Behaviour that depends on the process environment: a binary of its own that
// only CTest runs, each test in a fresh process with the environment it needs
// (see CMakeLists.txt). Without that environment a test fails, saying so.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

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

bool contains(const std::string &text, const char *part) {
  return text.find(part) != std::string::npos;
}

} // namespace

// VK_DRIVER_FILES / VK_ICD_FILENAMES point at no driver.
TEST(NoDriver, DevicesThrowsWithInstallHint) {
  ASSERT_NE(std::getenv("AMPVK_TEST_NO_DRIVER"), nullptr) << "run through CTest, which sets AMPVK_TEST_NO_DRIVER";
  std::string m = runtime_error_message([] { rt::devices(); });
  EXPECT_TRUE(contains(m, "no Vulkan driver found")) << m;
  EXPECT_TRUE(contains(m, "apt-get install mesa-vulkan-drivers")) << m;
  EXPECT_THROW(rt::default_device(), concurrency::runtime_exception); // retried, not cached
}

// AMPVK_VALIDATION=1 with VK_LAYER_PATH hiding the layer: the runtime refuses
// to run and the process must exit non-zero (CTest checks for status 3).
TEST(MissingLayer, RefusesToRunWithoutValidation) {
  ASSERT_NE(std::getenv("AMPVK_TEST_MISSING_LAYER"), nullptr) << "run through CTest, which sets AMPVK_TEST_MISSING_LAYER";
  std::string m = runtime_error_message([] { rt::devices(); });
  EXPECT_TRUE(contains(m, "VK_LAYER_KHRONOS_validation is not installed")) << m;
  EXPECT_TRUE(contains(m, "apt-get install vulkan-validationlayers")) << m;
}

// A kernel image whose push-constant range is smaller than the shader's push
// block: a validation error, which must make the process exit with status 3
// although every assertion here passes.
TEST(ValidationHarness, ErrorMakesTheProcessFail) {
  ASSERT_NE(std::getenv("AMPVK_TEST_TRIGGER_VALIDATION_ERROR"), nullptr) << "run through CTest, which sets AMPVK_TEST_TRIGGER_VALIDATION_ERROR";
  std::vector<std::uint32_t> words = load_spirv("scale_offset");
  ampvk::kernel_image_header h = header(64, 1, 1, 1, false, 32, 16);
  image_ref image = make_image(h, {view_binding(0, 0, ampvk::binding_reads | ampvk::binding_writes)}, words);
  std::vector<int> data(100, 1);
  rt::buffer *b = rt::buffer_wrap_host(rt::default_device(), data.data(), data.size() * 4);
  view1 k{b, 100};
  rt::launch_desc desc;
  desc.image = image.data;
  desc.image_size = image.size;
  desc.kernel_object = &k;
  desc.extent[0] = 100;
  rt::launch(desc);
  rt::buffer_release(b);
}

// AMPVK_DEVICE names a device that exists (see CMakeLists.txt).
TEST(DeviceEnv, SelectsConfiguredDevice) {
  const char *expect = std::getenv("AMPVK_TEST_EXPECT_DEVICE");
  ASSERT_NE(expect, nullptr) << "CTest sets AMPVK_DEVICE and AMPVK_TEST_EXPECT_DEVICE";
  const auto &all = rt::devices();
  std::string expected(expect);
  rt::device *d = rt::default_device();
  if (!expected.empty() && std::isdigit(static_cast<unsigned char>(expected[0]))) {
    ASSERT_LT(std::stoul(expected), all.size());
    EXPECT_EQ(d, all[std::stoul(expected)]);
    return;
  }
  bool present = std::any_of(all.begin(), all.end(), [&](rt::device *x) {
    return lower(narrow(rt::info(x).description)).find(expected) != std::string::npos;
  });
  ASSERT_TRUE(present) << "no device named like " << expected
                       << " (the suite expects Mesa's lavapipe: apt-get install mesa-vulkan-drivers)";
  EXPECT_NE(lower(narrow(rt::info(d).description)).find(expected), std::string::npos);
}

TEST(DeviceEnv, RejectsUnknownDevice) {
  const char *spec = std::getenv("AMPVK_DEVICE");
  ASSERT_NE(spec, nullptr) << "CTest sets AMPVK_DEVICE";
  EXPECT_THROW(rt::default_device(), concurrency::runtime_exception);
  std::string message = runtime_error_message([] { rt::default_device(); });
  EXPECT_NE(message.find(std::string("AMPVK_DEVICE=")), std::string::npos) << message;
  EXPECT_NE(message.find(spec), std::string::npos) << message;
  // The error is not remembered as a choice: it is reported again.
  EXPECT_THROW(rt::default_device(), concurrency::runtime_exception);
}

// AMPVK_DEVICE_REPLICAS=3: every Vulkan device three times, the replicas
// after the real devices, each opened as its own VkDevice; a buffer on one
// replica holds its data independently of the others.
TEST(DeviceReplicas, EachDeviceOfferedAsSeparateLogicalDevices) {
  const char *text = std::getenv("AMPVK_DEVICE_REPLICAS");
  ASSERT_NE(text, nullptr) << "run through CTest, which sets AMPVK_DEVICE_REPLICAS=3";
  ASSERT_EQ(std::string(text), "3");
  const auto &all = rt::devices();
  ASSERT_EQ(all.size() % 3, 0u);
  const std::size_t real = all.size() / 3;
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(rt::info(all[i]).description, rt::info(all[i % real]).description);
    EXPECT_EQ(narrow(rt::info(all[i]).device_path).rfind("vulkan:" + std::to_string(i) + ":", 0),
              0u);
  }
  std::vector<rt::buffer *> buffers;
  for (std::size_t i = 0; i < all.size(); ++i) {
    std::vector<int> data(1000, static_cast<int>(i) * 7 - 3);
    rt::buffer *b = rt::buffer_create(all[i], data.size() * sizeof(int));
    rt::buffer_write(b, 0, data.data(), data.size() * sizeof(int));
    launch_scale_offset(b, 1000, static_cast<int>(i), rt::default_queue(all[i]));
    buffers.push_back(b);
  }
  for (std::size_t i = 0; i < all.size(); ++i) {
    std::vector<int> got(1000);
    rt::buffer_read(buffers[i], 0, got.data(), got.size() * sizeof(int));
    EXPECT_EQ(got, std::vector<int>(1000, 2 * (static_cast<int>(i) * 7 - 3) + static_cast<int>(i)))
        << "device " << i;
    EXPECT_EQ(rt::buffer_device(buffers[i]), all[i]);
    rt::buffer_release(buffers[i]);
  }
}

TEST(DeviceReplicas, BadCountThrows) {
  const char *text = std::getenv("AMPVK_DEVICE_REPLICAS");
  ASSERT_NE(text, nullptr) << "run through CTest, which sets AMPVK_DEVICE_REPLICAS=0";
  EXPECT_EQ(runtime_error_message([] { rt::devices(); }),
            std::string("ampvk: AMPVK_DEVICE_REPLICAS=") + text +
                " is not a number from 1 to 16 (how many accelerators each Vulkan device "
                "appears as)");
}
