// Behaviour that depends on the process environment. CTest runs each of these
// in its own process with the environment it needs (see CMakeLists.txt); run
// directly, they skip.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include <ampvk/runtime.h>

#include "kernel_image_builder.h"

namespace rt = ampvk::rt;
using namespace ampvk_test;

namespace {

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
  if (!std::getenv("AMPVK_TEST_NO_DRIVER"))
    GTEST_SKIP() << "run through CTest";
  std::string m = runtime_error_message([] { rt::devices(); });
  EXPECT_TRUE(contains(m, "no Vulkan driver found")) << m;
  EXPECT_TRUE(contains(m, "apt-get install mesa-vulkan-drivers")) << m;
  EXPECT_THROW(rt::default_device(), concurrency::runtime_exception); // retried, not cached
}

// AMPVK_VALIDATION=1 with VK_LAYER_PATH hiding the layer: the runtime refuses
// to run and the process must exit non-zero (CTest checks for status 3).
TEST(MissingLayer, RefusesToRunWithoutValidation) {
  if (!std::getenv("AMPVK_TEST_MISSING_LAYER"))
    GTEST_SKIP() << "run through CTest";
  std::string m = runtime_error_message([] { rt::devices(); });
  EXPECT_TRUE(contains(m, "VK_LAYER_KHRONOS_validation is not installed")) << m;
  EXPECT_TRUE(contains(m, "apt-get install vulkan-validationlayers")) << m;
}

// A kernel image whose push-constant range is smaller than the shader's push
// block: a validation error, which must make the process exit with status 3
// although every assertion here passes.
TEST(ValidationHarness, ErrorMakesTheProcessFail) {
  if (!std::getenv("AMPVK_TEST_TRIGGER_VALIDATION_ERROR"))
    GTEST_SKIP() << "run through CTest";
  std::vector<std::uint32_t> words = load_spirv("scale_offset");
  ampvk::kernel_image_header h = header(64, 1, 1, 1, false, 32, 16, 1);
  h.spirv_words = static_cast<std::uint32_t>(words.size());
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
