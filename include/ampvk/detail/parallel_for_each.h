// concurrency::parallel_for_each: the eight overloads of C++ AMP.
//
// kernel_image<K, ...>() is how a kernel reaches the GPU: the ampvk plugin finds
// each instantiation, compiles K::operator() to SPIR-V and replaces the string
// literal below with the kernel image (see plugin/embed/). Without the plugin
// the placeholder stays, and launching says how to fix the build.
#ifndef AMPVK_DETAIL_PARALLEL_FOR_EACH_H
#define AMPVK_DETAIL_PARALLEL_FOR_EACH_H

#include <ampvk/detail/namespace.h>

#include <ampvk/detail/accelerator.h>
#include <ampvk/detail/tiled_index.h>
#include <ampvk/kernel_image.h>

namespace Concurrency {
namespace detail {

// Naming the call operator instantiates it, so the plugin sees its body; the
// plugin then takes the naming out of kernel_image's body, so that the CPU
// gets no copy of the kernel (plugin/embed/KernelImageEmbedder.h). A kernel
// whose operator() is overloaded or a template (a generic lambda) takes the
// second overload instead: the plugin then says what is wrong with the
// kernel, rather than Clang complaining about this header.
template <typename K>
auto instantiate_call_operator(int) -> decltype((void)&K::operator(), void()) {
  (void)&K::operator();
}
template <typename K> void instantiate_call_operator(...) {}

template <typename K, int Rank, int Tile0, int Tile1, int Tile2>
__attribute__((annotate(AMPVK_SPELLING_KERNEL_IMAGE), noinline)) const char *
kernel_image() {
  instantiate_call_operator<K>(0);
  return "AMPVK-PLACEHOLDER";
}

inline void launch_kernel(const char *image, const void *kernel, int rank,
                          const int *extent, const accelerator_view *av) {
  if (av && av->_M_is_cpu())
    throw runtime_exception("ampvk: parallel_for_each: the CPU accelerator cannot run "
                            "kernels (as in C++ AMP); use a view of another accelerator",
                            E_INVALIDARG_AMP);
  ampvk::kernel_image_header header;
  __builtin_memcpy(&header, image, sizeof(header));
  if (header.magic != ampvk::kernel_image_magic)
    throw runtime_exception(
        "ampvk: this parallel_for_each was compiled without the ampvk plugin; "
        "compile the file with $(pkg-config --cflags ampvk), which adds "
        "-fplugin=libampvk-plugin.so",
        E_FAIL_AMP);
  ampvk::rt::launch_desc desc;
  desc.image = image;
  desc.image_size = static_cast<std::size_t>(ampvk::kernel_image_size(header));
  desc.kernel_object = kernel;
  desc.rank = rank;
  for (int i = 0; i < rank; ++i)
    desc.extent[i] = extent[i];
  desc.q = av && !av->_M_is_auto_selection() ? av->_M_native() : nullptr;
  ampvk::rt::launch(desc);
}

template <int N> const int *extent_data(const extent<N> &e) {
  return reinterpret_cast<const int *>(&e);
}

} // namespace detail

template <int N, typename Kernel>
void parallel_for_each(const extent<N> &compute_domain, const Kernel &kernel) {
  static_assert(N >= 1 && N <= ampvk::max_compute_rank,
                "ampvk launches compute domains of rank 1 to 16");
  detail::launch_kernel(detail::kernel_image<Kernel, N, 0, 0, 0>(), &kernel, N,
                        detail::extent_data(compute_domain), nullptr);
}

template <int N, typename Kernel>
void parallel_for_each(const accelerator_view &av, const extent<N> &compute_domain,
                       const Kernel &kernel) {
  static_assert(N >= 1 && N <= ampvk::max_compute_rank,
                "ampvk launches compute domains of rank 1 to 16");
  detail::launch_kernel(detail::kernel_image<Kernel, N, 0, 0, 0>(), &kernel, N,
                        detail::extent_data(compute_domain), &av);
}

template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const tiled_extent<D0, D1, D2> &compute_domain,
                       const Kernel &kernel) {
  detail::launch_kernel(detail::kernel_image<Kernel, 3, D0, D1, D2>(), &kernel, 3,
                        detail::extent_data(compute_domain), nullptr);
}

template <int D0, int D1, typename Kernel>
void parallel_for_each(const tiled_extent<D0, D1> &compute_domain,
                       const Kernel &kernel) {
  detail::launch_kernel(detail::kernel_image<Kernel, 2, D0, D1, 0>(), &kernel, 2,
                        detail::extent_data(compute_domain), nullptr);
}

template <int D0, typename Kernel>
void parallel_for_each(const tiled_extent<D0> &compute_domain, const Kernel &kernel) {
  detail::launch_kernel(detail::kernel_image<Kernel, 1, D0, 0, 0>(), &kernel, 1,
                        detail::extent_data(compute_domain), nullptr);
}

template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const accelerator_view &av,
                       const tiled_extent<D0, D1, D2> &compute_domain,
                       const Kernel &kernel) {
  detail::launch_kernel(detail::kernel_image<Kernel, 3, D0, D1, D2>(), &kernel, 3,
                        detail::extent_data(compute_domain), &av);
}

template <int D0, int D1, typename Kernel>
void parallel_for_each(const accelerator_view &av,
                       const tiled_extent<D0, D1> &compute_domain,
                       const Kernel &kernel) {
  detail::launch_kernel(detail::kernel_image<Kernel, 2, D0, D1, 0>(), &kernel, 2,
                        detail::extent_data(compute_domain), &av);
}

template <int D0, typename Kernel>
void parallel_for_each(const accelerator_view &av,
                       const tiled_extent<D0> &compute_domain, const Kernel &kernel) {
  detail::launch_kernel(detail::kernel_image<Kernel, 1, D0, 0, 0>(), &kernel, 1,
                        detail::extent_data(compute_domain), &av);
}

} // namespace Concurrency

#endif
