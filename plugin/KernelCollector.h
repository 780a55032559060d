//===- KernelCollector.h - Finds the kernels a translation unit launches --===//
//
// Every parallel_for_each instantiates concurrency::detail::kernel_image<K,
// Rank, T0, T1, T2>; those instantiations are the list of kernels to compile,
// and their template arguments say how.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_KERNELCOLLECTOR_H
#define AMPVK_PLUGIN_KERNELCOLLECTOR_H

#include "emit/KernelEmitter.h"

#include <vector>

namespace ampvk {

struct KernelSite {
  clang::FunctionDecl *ImageFunction = nullptr;
  KernelRequest Request;
};

std::vector<KernelSite> collectKernels(clang::ASTContext &Ctx, AmpDiagnostics &Diags);

} // namespace ampvk

#endif
