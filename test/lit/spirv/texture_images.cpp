// RUN: rm -rf %t && %ampxx-obj -fplugin-arg-ampvk-dump-spirv=%t %s -o %t.o
// RUN: %spirv-dis %t/texture_images.cpp-31-33.spv | FileCheck %s --check-prefix=SAMPLED
// RUN: %spirv-val --target-env vulkan1.1 %t/texture_images.cpp-31-33.spv
// RUN: %spirv-dis %t/texture_images.cpp-44-31.spv | FileCheck %s --check-prefix=STORAGE
// RUN: %spirv-val --target-env vulkan1.1 %t/texture_images.cpp-44-31.spv
// RUN: %spirv-dis %t/texture_images.cpp-61-31.spv | FileCheck %s --check-prefix=VIEWS
// RUN: %spirv-val --target-env vulkan1.1 %t/texture_images.cpp-61-31.spv
// RUN: %spirv-dis %t/texture_images.cpp-61-31.aliased.spv | FileCheck %s --check-prefix=ALIASED
// RUN: %spirv-val --target-env vulkan1.1 %t/texture_images.cpp-61-31.aliased.spv
// Textures are images of descriptor set 1 (kernel_image.h). A read-only view
// is a sampled image, sampled with a separate sampler; a texture read and
// written in one kernel is a storage image of its declared 32-bit format; a
// writable view's writes are of Unknown format (any bits per scalar
// element), its reads of the declared one. The variant for aliased views
// leaves images alone.
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

// SAMPLED-DAG: OpDecorate %tv DescriptorSet 1
// SAMPLED-DAG: OpDecorate %tv Binding 0
// SAMPLED-DAG: OpDecorate %s DescriptorSet 1
// SAMPLED-DAG: OpDecorate %s Binding 1
// SAMPLED-DAG: OpTypeImage %float 2D 0 0 0 1 Unknown
// SAMPLED-DAG: %tv = OpVariable %{{.*}} UniformConstant
// SAMPLED-DAG: %s = OpVariable %{{.*}} UniformConstant
// SAMPLED: OpSampledImage
// SAMPLED: OpImageSampleExplicitLod %v4float {{.*}} Lod
// SAMPLED: OpImageFetch %v4float {{.*}} Lod
void sampled(texture_view<const float_4, 2> tv, sampler s, array_view<float_4, 2> out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    out[i] = tv.sample(s, float_2(0.5f, 0.25f)) + tv[i];
  });
}

// STORAGE-DAG: OpCapability Image1D
// STORAGE-DAG: OpTypeImage %float 1D 0 0 0 2 R32f
// STORAGE-DAG: OpTypeImage %int 2D 0 0 0 2 R32i
// STORAGE-DAG: OpTypeImage %uint 3D 0 0 0 2 R32ui
// STORAGE-NOT: StorageImageWriteWithoutFormat
// STORAGE: OpImageRead %v4float
// STORAGE: OpImageWrite
void storage(texture<float, 1> &f, texture<int, 2> &i2, texture<unsigned int, 3> &u3) {
  parallel_for_each(f.extent, [&f, &i2, &u3](index<1> i) restrict(amp) {
    f.set(i, f[i] * 2.0f);
    i2.set(index<2>(i[0], 0), i2(i[0], 1) + 1);
    u3.set(index<3>(0, 0, i[0]), 7u);
  });
}

// VIEWS-DAG: OpCapability StorageImageWriteWithoutFormat
// VIEWS-DAG: OpTypeImage %float 2D 0 0 0 2 Unknown
// VIEWS-DAG: OpTypeImage %float 2D 0 0 0 2 R32f
// VIEWS-DAG: OpTypeImage %uint 2D 0 0 0 1 Unknown
// VIEWS: OpImageFetch %v4uint
// ALIASED-NOT: OpDecorate %w Aliased
// ALIASED-NOT: OpDecorate %r Aliased
// ALIASED: OpDecorate %a Aliased
void views(texture_view<float, 2> w, texture_view<const unsigned int, 2> r, array_view<int, 1> a,
           array_view<const int, 1> b) {
  parallel_for_each(w.extent, [=](index<2> i) restrict(amp) {
    w.set(i, w[i] + static_cast<float>(r[i]));
    a[i[0]] = b[i[0]];
  });
}
