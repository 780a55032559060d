//===- CaptureLayout.h - Where a kernel's captures live on the device -----===//
//
// The kernel object (lambda closure or functor) is copied byte for byte into
// the capture block after the 16-byte launch header. Every array_view inside
// it, and every array it refers to, also becomes a storage-buffer binding; the
// objects of referenced arrays are appended to the capture block so the kernel
// can read their extents. Textures (by reference), texture views and
// samplers become image bindings of descriptor set image_binding_set; a
// texture's object is appended like an array's. A block that fits Vulkan's guaranteed push-constant
// space is the push-constant block; a larger one is a read-only storage buffer
// bound after the views (kernel_image.h). This computes that plan from Clang's
// record layout, before any SPIR-V is emitted.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_KERNEL_CAPTURELAYOUT_H
#define AMPVK_PLUGIN_KERNEL_CAPTURELAYOUT_H

#include "ampvk/kernel_image.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace ampvk {

struct CaptureBinding {
  std::uint32_t Kind = 0;        // ampvk::binding_kind
  std::uint32_t HostOffset = 0;  // in the kernel object
  std::uint32_t ImageOffset = 0; // where the bound object's bytes are in the capture block
  std::uint32_t ObjectSize = 0;
  std::uint32_t Access = 0;      // ampvk::binding_access, filled in by the emitter
  clang::QualType ElementType;   // T of array_view<T,N> / array<T,N> / texture<T,N>
  clang::QualType ObjectType;    // image bindings: the texture, view or sampler class
  int Rank = 0;                  // N of an array_view, a texture or a texture view
  std::uint32_t ElementSize = 0; // array_view bindings: sizeof(T)
  const clang::FieldDecl *Field = nullptr;
  std::string Name; // the member, or the variable a lambda captured
};

constexpr std::uint64_t MaxCaptureBlockBytes = max_capture_block_bytes;

struct CaptureLayout {
  std::uint64_t ClosureSize = 0;
  // Bytes of the whole capture block; may exceed MaxCaptureBlockBytes, which
  // the emitter reports.
  std::uint64_t BlockSize = 0;
  // Where extent[1] .. extent[rank-3] of a rank > 3 domain start (the end of
  // the capture block; kernel_image.h).
  std::uint64_t FoldedExtentOffset = 0;
  llvm::SmallVector<CaptureBinding, 8> Bindings;
  // Textures, texture views and samplers (kernel_image.h's image bindings),
  // binding I of set image_binding_set; the emitter appends the fixed
  // samplers of sample<filter, address>.
  llvm::SmallVector<CaptureBinding, 4> ImageBindings;

  // Whether the block is a storage buffer rather than push constants.
  bool inBuffer() const { return BlockSize > max_push_block_bytes; }
  // Its descriptor binding, after the views' (when inBuffer()).
  std::uint32_t bufferBinding() const { return static_cast<std::uint32_t>(Bindings.size()); }

  // The binding whose object starts at this push-block offset, or -1.
  int bindingAtImageOffset(std::uint32_t Offset) const;
  // The array_reference binding for the reference member at this host offset.
  int referenceAtHostOffset(std::uint32_t Offset) const;
  // The image binding whose object starts at this capture-block offset, or
  // whose texture reference is at this host offset; -1 when none.
  int imageBindingAtImageOffset(std::uint32_t Offset) const;
  int textureReferenceAtHostOffset(std::uint32_t Offset) const;
};

CaptureLayout computeCaptureLayout(clang::ASTContext &Ctx,
                                   const clang::CXXRecordDecl *KernelClass, int Rank);

} // namespace ampvk

#endif
