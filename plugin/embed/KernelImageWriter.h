//===- KernelImageWriter.h - Serializes a compiled kernel -----------------===//
//
// Produces the byte string described in include/ampvk/kernel_image.h, which
// the runtime parses at launch.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMBED_KERNELIMAGEWRITER_H
#define AMPVK_PLUGIN_EMBED_KERNELIMAGEWRITER_H

#include "kernel/Kernel.h"
#include "kernel/KernelSource.h"

#include <string>

namespace ampvk {

std::string writeKernelImage(const Kernel &K, const KernelCode &Code,
                             const KernelSource &Source);

} // namespace ampvk

#endif
