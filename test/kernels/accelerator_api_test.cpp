// accelerator and accelerator_view beyond the basics: set_default, the CPU
// accelerator (staging arrays, no kernels), create_view, the CPU access type
// of arrays, and every array constructor of C++ AMP v1.2 §3.2.
#include <amp.h>

#include <gtest/gtest.h>

#include "fresh_process.h"
#include "host_test_helpers.h"

#include <string>
#include <vector>

using namespace concurrency;

using hosttest::expectRuntimeException;
using hosttest::pattern;

// Microsoft: set_default "only succeeds if the runtime selected default
// accelerator has not already been used", so once it is, every call fails,
// naming the default itself too.
TEST(AcceleratorApi, SetDefaultOnceTheDefaultIsInUse) {
  accelerator def; // uses the default
  EXPECT_FALSE(accelerator::set_default(def.device_path));
  for (const accelerator &a : accelerator::get_all())
    if (a.device_path != accelerator::cpu_accelerator)
      EXPECT_FALSE(accelerator::set_default(a.device_path));
  EXPECT_EQ(accelerator(), def);
  EXPECT_EQ(accelerator(accelerator::default_accelerator), def);
  expectRuntimeException([] { accelerator::set_default(accelerator::cpu_accelerator); },
                         "ampvk: accelerator::set_default: the CPU accelerator cannot be the "
                         "default (it cannot run kernels)");
  expectRuntimeException([] { accelerator::set_default(L"no such device"); },
                         "ampvk: no accelerator has this device_path; list them with "
                         "accelerator::get_all()");
}

TEST(AcceleratorApi, SetDefaultBeforeTheFirstUse) {
  auto checks = [] {
    std::vector<accelerator> all = accelerator::get_all();
    const accelerator &last = all[all.size() - 2]; // the last Vulkan device (cpu is last)
    EXPECT_TRUE(accelerator::set_default(all.front().device_path));
    EXPECT_TRUE(accelerator::set_default(last.device_path)); // replaces the first
    accelerator def; // the first use
    EXPECT_EQ(def, last);
    EXPECT_FALSE(accelerator::set_default(last.device_path));
    EXPECT_FALSE(accelerator::set_default(all.front().device_path));
    EXPECT_EQ(accelerator(), last);
  };
  EXPECT_IN_FRESH_PROCESS(checks);
}

TEST(AcceleratorApi, CpuAcceleratorPropertiesAndNoKernels) {
  accelerator cpu(accelerator::cpu_accelerator);
  EXPECT_EQ(cpu.device_path, std::wstring(L"cpu"));
  EXPECT_EQ(cpu.description, std::wstring(L"CPU accelerator"));
  EXPECT_TRUE(cpu.is_emulated);
  EXPECT_FALSE(cpu.has_display);
  EXPECT_TRUE(cpu.supports_cpu_shared_memory);
  EXPECT_EQ(cpu.dedicated_memory, 0u);
  EXPECT_NE(cpu, accelerator());
  EXPECT_EQ(accelerator::get_all().back(), cpu);
  accelerator_view cv = cpu.default_view;
  EXPECT_EQ(cv.accelerator, cpu);
  EXPECT_EQ(cv, cpu.create_view());
  // Its one view reports the queuing mode it was asked for.
  EXPECT_EQ(cv.queuing_mode, queuing_mode_automatic);
  EXPECT_EQ(cpu.create_view(queuing_mode_immediate).queuing_mode, queuing_mode_immediate);
  EXPECT_EQ(cpu.create_view(queuing_mode_automatic).get_queuing_mode(), queuing_mode_automatic);
  cv.wait();
  cv.flush();
  std::vector<int> data(16, 1);
  array_view<int, 1> v(16, data);
  expectRuntimeException(
      [&] { parallel_for_each(cv, v.extent, [=](index<1> i) restrict(amp) { v[i] = 2; }); },
      "ampvk: parallel_for_each: the CPU accelerator cannot run kernels (as in C++ AMP); use a "
      "view of another accelerator");
  EXPECT_EQ(data[0], 1);
}

TEST(AcceleratorApi, ViewsAndTheirProperties) {
  accelerator acc;
  accelerator_view dv = acc.get_default_view();
  accelerator_view iv = acc.create_view(queuing_mode_immediate);
  accelerator_view av = acc.create_view();
  EXPECT_EQ(iv.queuing_mode, queuing_mode_immediate);
  EXPECT_EQ(av.get_queuing_mode(), queuing_mode_automatic);
  EXPECT_EQ(dv.queuing_mode, queuing_mode_automatic);
  EXPECT_FALSE(iv.is_debug);
  EXPECT_EQ(iv.version, acc.version);
  EXPECT_EQ(iv.accelerator, acc);
  EXPECT_NE(iv, dv); // each created view has its own queue
  EXPECT_NE(iv, av);
  accelerator_view copy = iv;
  EXPECT_EQ(copy, iv);
  // A kernel on a created view.
  const int n = 300;
  std::vector<int> data = pattern(n, 1), expect = data;
  array_view<int, 1> v(n, data);
  parallel_for_each(iv, v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 5 + 2; });
  iv.flush();
  iv.wait();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], expect[i] * 5 + 2);
}

TEST(AcceleratorApi, DefaultCpuAccessTypeIsSetOnceBeforeUse) {
  // Fixed by an accelerator's first array: checked in a fresh process.
  auto checks = [] {
    // Each accelerator's default may be set once, before an array used it.
    for (accelerator a : accelerator::get_all()) {
      if (a.device_path == accelerator::cpu_accelerator) {
        EXPECT_EQ(a.default_cpu_access_type, access_type_read_write);
        EXPECT_FALSE(a.set_default_cpu_access_type(access_type_none));
        continue;
      }
      EXPECT_TRUE(a.set_default_cpu_access_type(access_type_read));
      EXPECT_FALSE(a.set_default_cpu_access_type(access_type_write));
      EXPECT_EQ(a.get_default_cpu_access_type(), access_type_read);
      array<int, 1> arr(8, a.default_view);
      EXPECT_EQ(arr.cpu_access_type, access_type_read);
      array<int, 1> none(8, a.default_view, access_type_none);
      EXPECT_EQ(none.get_cpu_access_type(), access_type_none);
      EXPECT_EQ(none.data(), nullptr);
      array<int, 1> rw(8, a.default_view, access_type_read_write);
      ASSERT_NE(rw.data(), nullptr);
    }
  };
  EXPECT_IN_FRESH_PROCESS(checks);
}

TEST(ArrayConstructors, EveryFormHoldsItsData) {
  accelerator acc;
  accelerator_view av = acc.default_view;
  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  const int n = 24;
  std::vector<int> d = pattern(n, 2);
  std::vector<int> d6(d.begin(), d.begin() + 6);
  auto expectData = [](const std::vector<int> &got, const std::vector<int> &want) {
    EXPECT_EQ(got, want);
  };
  expectData(array<int, 1>(6, d.begin()), d6);
  expectData(array<int, 1>(6, d.begin(), d.begin() + 6), d6);
  expectData(array<int, 2>(4, 6, d.begin()), d);
  expectData(array<int, 3>(2, 3, 4, d.begin()), d);
  expectData(array<int, 3>(2, 3, 4, d.begin(), d.end()), d);
  expectData(array<int, 1>(6, d.begin(), av), d6);
  expectData(array<int, 2>(4, 6, d.begin(), d.end(), av), d);
  expectData(array<int, 3>(2, 3, 4, d.begin(), av, access_type_read), d);
  expectData(array<int, 2>(extent<2>(4, 6), d.begin(), av), d);
  expectData(array<int, 2>(extent<2>(4, 6), d.begin(), d.end(), av, access_type_write), d);
  array_view<const int, 2> view(4, 6, d);
  expectData(array<int, 2>(view), d);
  expectData(array<int, 2>(view, av), d);
  expectData(array<int, 2>(view.section(1, 0, 3, 6), av, access_type_read_write),
             std::vector<int>(d.begin() + 6, d.end()));
  array<int, 2> shaped(4, 6, av);
  EXPECT_EQ(shaped.extent, extent<2>(4, 6));
  EXPECT_EQ(shaped.accelerator_view, av);
  EXPECT_EQ(shaped.get_accelerator_view(), av);
  EXPECT_EQ(shaped.associated_accelerator_view, av);
  array<int, 3> cube(2, 3, 4, av, access_type_read);
  EXPECT_EQ(cube.get_cpu_access_type(), access_type_read);

  // Copy and move keep the data (and the accelerator).
  array<int, 2> orig(4, 6, d.begin());
  array<int, 2> copied(orig);
  array<int, 2> moved(std::move(copied));
  expectData(moved, d);
  EXPECT_EQ(moved.accelerator_view, orig.accelerator_view);

  // Staging arrays: on the CPU, associated with av; copies in and out.
  array<int, 2> staging(4, 6, cpu, av);
  EXPECT_EQ(staging.accelerator_view, cpu);
  EXPECT_EQ(staging.associated_accelerator_view, av);
  int *p = staging.data();
  ASSERT_NE(p, nullptr);
  for (int i = 0; i < n; ++i)
    p[i] = d[i] * 3;
  array<int, 2> onDevice(4, 6, av);
  copy(staging, onDevice);
  parallel_for_each(onDevice.extent, [&onDevice](index<2> i) restrict(amp) {
    onDevice[i] += 1;
  });
  copy(onDevice, staging);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(staging.data()[i], d[i] * 3 + 1);
  expectData(array<int, 1>(6, d.begin(), d.begin() + 6, cpu, av), d6);
  expectData(array<int, 2>(view, cpu, av), d);
  expectData(array<int, 1>(extent<1>(6), d.begin(), cpu, av), d6);

  // An array on the CPU accelerator: host data, refused by kernels.
  array<int, 1> onCpu(6, d.begin(), cpu);
  EXPECT_EQ(onCpu.accelerator_view, cpu);
  expectData(onCpu, d6);
  expectRuntimeException(
      [&] {
        parallel_for_each(av, onCpu.extent, [&onCpu](index<1> i) restrict(amp) { onCpu[i] = 0; });
      },
      "ampvk: binding 0 of the kernel is an array on the CPU accelerator (or a staging array), "
      "which kernels cannot use; copy it to an array on an accelerator first");
  expectRuntimeException([&] { array<int, 1> bad(6, av, cpu); },
                         "ampvk: array: a staging array needs the CPU accelerator's view first "
                         "and another accelerator's view second");
}

// accelerator::get_auto_selection_view: kernels on it run where the runtime
// picks (the default accelerator here); for everything else it is the
// default accelerator's default view, flagged is_auto_selection.
TEST(AcceleratorApi, AutoSelectionView) {
  accelerator_view autoView = accelerator::get_auto_selection_view();
  accelerator_view defaultView = accelerator().get_default_view();
  EXPECT_TRUE(autoView.get_is_auto_selection());
  EXPECT_TRUE(autoView.is_auto_selection);
  EXPECT_FALSE(defaultView.is_auto_selection);
  EXPECT_EQ(autoView.accelerator, accelerator());
  accelerator_view copy = autoView;
  EXPECT_TRUE(copy.is_auto_selection);
  const int n = 513;
  std::vector<int> data = pattern(n, 7), expect = data;
  array_view<int, 1> v(n, data);
  parallel_for_each(autoView, v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * 3 - i[0]; });
  autoView.wait();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], expect[i] * 3 - i);
}

// direct3d::create_accelerator_view(accelerator&, bool, queuing_mode) and
// is_timeout_disabled: a view like create_view's that keeps the flag.
TEST(AcceleratorApi, Direct3dViewWithTimeoutFlag) {
  accelerator acc;
  accelerator_view noTimeout = direct3d::create_accelerator_view(acc, true, queuing_mode_immediate);
  accelerator_view withTimeout = direct3d::create_accelerator_view(acc, false);
  EXPECT_TRUE(direct3d::is_timeout_disabled(noTimeout));
  EXPECT_FALSE(direct3d::is_timeout_disabled(withTimeout));
  EXPECT_FALSE(direct3d::is_timeout_disabled(acc.default_view));
  EXPECT_EQ(noTimeout.queuing_mode, queuing_mode_immediate);
  EXPECT_EQ(withTimeout.queuing_mode, queuing_mode_automatic);
  const int n = 200;
  std::vector<int> data = pattern(n, 3), expect = data;
  array_view<int, 1> v(n, data);
  parallel_for_each(noTimeout, v.extent, [=](index<1> i) restrict(amp) { v[i] += 11; });
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], expect[i] + 11);
}
