// accelerator(accelerator::direct3d_ref) and direct3d_warp, which ported
// programs use for debugging or where there is no GPU, are the CPU Vulkan
// driver (lavapipe) when one is installed, and a runtime_exception saying how
// to install one when not; kernels run on the accelerator's view.
#include <amp.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace concurrency;

namespace {
bool hasEmulatedDevice() {
  for (const accelerator &a : accelerator::get_all())
    if (a.get_is_emulated() && a.device_path != accelerator::cpu_accelerator)
      return true;
  return false;
}
} // namespace

TEST(SoftwareAccelerator, ReferenceAndWarpAreTheCpuDriver) {
  for (const wchar_t *path : {accelerator::direct3d_ref, accelerator::direct3d_warp}) {
    if (!hasEmulatedDevice()) {
      try {
        accelerator a(path);
        FAIL() << "no exception without a CPU driver";
      } catch (const runtime_exception &e) {
        EXPECT_EQ(e.get_error_code(), E_INVALIDARG_AMP);
        EXPECT_NE(std::string(e.what()).find("mesa-vulkan-drivers"), std::string::npos);
      }
      continue;
    }
    accelerator a(path);
    EXPECT_TRUE(a.get_is_emulated());
    const int n = 777;
    std::vector<int> data(n);
    for (int i = 0; i < n; ++i)
      data[i] = (i * 131) % 97 - 40;
    std::vector<int> expect(data);
    for (int &x : expect)
      x = x * x - 3;
    // An array on that accelerator (views live on the default one).
    array<int, 1> arr(extent<1>(n), data.begin(), data.end(), a.get_default_view());
    parallel_for_each(a.get_default_view(), arr.extent,
                      [&arr](index<1> i) restrict(amp) { arr[i] = arr[i] * arr[i] - 3; });
    std::vector<int> out = arr;
    EXPECT_EQ(out, expect);
  }
}

TEST(SoftwareAccelerator, UnknownPathStillThrows) {
  try {
    accelerator a(std::wstring(L"direct3d\\no-such-device"));
    FAIL() << "no exception";
  } catch (const runtime_exception &e) {
    EXPECT_EQ(e.get_error_code(), E_INVALIDARG_AMP);
    EXPECT_NE(std::string(e.what()).find("get_all"), std::string::npos);
  }
}
