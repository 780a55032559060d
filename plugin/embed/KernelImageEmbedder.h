//===- KernelImageEmbedder.h - Puts a kernel image into the host object ---===//
//
// concurrency::detail::kernel_image<K, ...>() returns a placeholder string
// literal. Before CodeGen runs, its return expression's array-to-pointer cast
// is re-pointed at a new StringLiteral holding the image bytes, so the image
// becomes ordinary read-only data of the host object. The shared placeholder
// literal itself is never modified.
//
// The body keeps only that return: the header names K::operator() there so
// that Sema instantiates it for the plugin, and CodeGen would otherwise compile
// it for the CPU, with every restrict(amp) function it alone calls (kept alive
// by their annotate attributes in llvm.global.annotations). Nothing on the
// host can call them; for the sgemm sample that was half of the host object's
// code and most of LLVM's time (docs/performance.md, "Compile time").
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMBED_KERNELIMAGEEMBEDDER_H
#define AMPVK_PLUGIN_EMBED_KERNELIMAGEEMBEDDER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"

namespace ampvk {

// False when the function does not have the expected shape.
bool embedKernelImage(clang::ASTContext &Ctx, clang::FunctionDecl *KernelImageFn,
                      llvm::StringRef Bytes);

} // namespace ampvk

#endif
