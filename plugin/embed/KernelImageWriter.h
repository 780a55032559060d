//===- KernelImageWriter.h - Serializes a compiled kernel -----------------===//
//
// Produces the byte string described in include/ampvk/kernel_image.h, which
// the runtime parses at launch.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMBED_KERNELIMAGEWRITER_H
#define AMPVK_PLUGIN_EMBED_KERNELIMAGEWRITER_H

#include "emit/KernelEmitter.h"

#include <string>

namespace ampvk {

// AliasedSpirv is empty when the kernel needs no Aliased variant.
std::string writeKernelImage(const KernelRequest &Req, const CompiledKernel &K,
                             const std::vector<std::uint32_t> &AliasedSpirv);

} // namespace ampvk

#endif
