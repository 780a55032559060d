//===- KernelSource.h - Where a kernel comes from, for people -------------===//
//
// The kernel image carries it (kernel_image.h: source_line, source text) so
// that profiles and logs can name kernels, and -fplugin-arg-ampvk-dump-spirv
// names its files after it. A lambda kernel is at its introducer and belongs
// to the function that contains it; a functor is at its parallel_for_each call
// and is named by its class. Template arguments are part of the function, so
// two instantiations of one kernel differ there.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_KERNEL_KERNELSOURCE_H
#define AMPVK_PLUGIN_KERNEL_KERNELSOURCE_H

#include "kernel/Kernel.h"

#include <string>

namespace ampvk {

struct KernelSource {
  std::string File;     // as the compiler spelled it (the main file's name as given)
  unsigned Line = 0;    // 0 when unknown
  unsigned Column = 0;
  std::string Function; // e.g. "main", "ns::scale<float>", "saxpy_functor"
};

KernelSource kernelSource(const clang::ASTContext &Ctx, const Kernel &K);

} // namespace ampvk

#endif
