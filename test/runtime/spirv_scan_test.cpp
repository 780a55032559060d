// The runtime finds what a kernel needs from the device in its SPIR-V: float
// atomic exchange (atomic_exchange(float*)) needs VK_EXT_shader_atomic_float's
// feature for the memory it is on, which no SPIR-V capability names; a device
// without it gets unsupported_feature naming the feature, not a validation
// error or undefined behaviour.
#include <ampvk/exceptions.h>

#include <gtest/gtest.h>

#include "kernel_image_builder.h"
#include "vulkan/physical_device.h"
#include "kernels/spirv_scan.h"

using namespace ampvk;

namespace {

std::string failure(const rt::spirv_summary &s, const rt::kernel_features &f) {
  try {
    rt::check_capabilities(s, f, "Test GPU (Vulkan device 3)");
  } catch (const concurrency::unsupported_feature &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(SpirvScan, FindsFloatAtomicExchangeAndItsMemory) {
  rt::spirv_summary s = rt::scan_spirv(ampvk_test::load_spirv("float_exchange"));
  EXPECT_EQ(s.entry_point, "main");
  EXPECT_TRUE(s.float_atomics_buffer);
  EXPECT_TRUE(s.float_atomics_shared);
  // An integer-only kernel needs neither.
  rt::spirv_summary plain = rt::scan_spirv(ampvk_test::load_spirv("scale_offset"));
  EXPECT_FALSE(plain.float_atomics_buffer);
  EXPECT_FALSE(plain.float_atomics_shared);
}

TEST(SpirvScan, FloatAtomicsNeedTheDeviceFeature) {
  rt::spirv_summary s = rt::scan_spirv(ampvk_test::load_spirv("float_exchange"));
  rt::kernel_features f;
  EXPECT_EQ(failure(s, f),
            "ampvk: the kernel calls atomic_exchange on a float in array or array_view memory, "
            "which Test GPU (Vulkan device 3) does not support (VK_EXT_shader_atomic_float's "
            "shaderBufferFloat32Atomics); run it on another accelerator, or keep the float's "
            "bits in an unsigned int and exchange those");
  f.float32_atomics_buffer = true;
  EXPECT_EQ(failure(s, f),
            "ampvk: the kernel calls atomic_exchange on a float in tile_static memory, which "
            "Test GPU (Vulkan device 3) does not support (VK_EXT_shader_atomic_float's "
            "shaderSharedFloat32Atomics); run it on another accelerator, or keep the float's "
            "bits in an unsigned int and exchange those");
  f.float32_atomics_shared = true;
  EXPECT_EQ(failure(s, f), "");
}
