// A kernel whose SPIR-V declares a capability the device lacks is refused at
// launch with unsupported_feature naming the feature: precise_math kernels
// declare Float64 (test/lit/spirv/math_instructions.cpp), so on a device
// without shaderFloat64 they end here.
#include <ampvk/exceptions.h>

#include "vulkan/physical_device.h"
#include "kernels/spirv_scan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {
using namespace ampvk::rt;

// The module header, OpCapability Shader and OpCapability Float64.
std::vector<std::uint32_t> float64Module() {
  return {0x07230203u, 0x00010300u, 0u, 16u, 0u, (2u << 16) | 17u, 1u, (2u << 16) | 17u, 10u};
}

TEST(Capabilities, DoubleWithoutShaderFloat64IsUnsupportedFeature) {
  spirv_summary summary = scan_spirv(float64Module());
  kernel_features none;
  try {
    check_capabilities(summary, none, "a test device");
    ADD_FAILURE() << "a Float64 kernel was accepted without shaderFloat64";
  } catch (const concurrency::unsupported_feature &e) {
    EXPECT_EQ(std::string(e.what()),
              "ampvk: the kernel uses double-precision arithmetic (SPIR-V capability Float64), "
              "which a test device does not support (shaderFloat64); run it on another "
              "accelerator or avoid that type");
  }
  kernel_features withDouble;
  withDouble.float64 = true;
  EXPECT_NO_THROW(check_capabilities(summary, withDouble, "a test device"));
}

} // namespace
