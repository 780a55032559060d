//===- TypeLowering.h - C++ types to SPIR-V types --------------------------===//
//
// Each C++ type has two SPIR-V forms. Logical: for Function and Workgroup
// memory, no layout decorations; a class shaped like a short vector is an
// OpTypeVector. Explicit: for storage buffers, with Offset and
// ArrayStride taken from Clang's own record layout, so that the device reads
// exactly the bytes the host wrote. ExplicitVectors is Explicit with the
// classes shaped like two- or four-element vectors as vectors, for the
// element types of views whose every such class lies at a multiple of its
// size (bufferLayout): drivers then read and write each as one wide access.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_TYPELOWERING_H
#define AMPVK_PLUGIN_EMIT_TYPELOWERING_H

#include "emit/EmitDiagnostics.h"
#include "spirv/SpirvModuleBuilder.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <map>

namespace ampvk {

enum class Layout { Logical, Explicit, ExplicitVectors };

inline bool isExplicit(Layout L) { return L != Layout::Logical; }

struct RecordLowering {
  SpvId Type = 0;
  llvm::DenseMap<const clang::FieldDecl *, unsigned> FieldIndex;
  llvm::DenseMap<const clang::CXXRecordDecl *, unsigned> BaseIndex;
  llvm::SmallVector<clang::QualType, 8> MemberTypes;
  bool Empty = false; // no data at all: lowered to a placeholder member
  // A union: MemberTypes holds its words (unsigned[N]), FieldIndex nothing.
};

// T is a reference to a concurrency::array: the one reference a lambda in
// amp code captures, which lowering leaves out of its closure type.
bool isArrayReference(clang::QualType T);

class TypeLowering {
public:
  // Starts the report of an unsupported type (row K, arguments streamed into
  // the result); lowering then returns 0.
  using ErrorFn = std::function<EmitFailure(clang::SourceLocation, ampdiag::Kind)>;

  TypeLowering(clang::ASTContext &Ctx, SpirvModuleBuilder &B, ErrorFn OnError)
      : Ctx(Ctx), B(B), OnError(std::move(OnError)) {}

  SpvId lower(clang::QualType T, Layout L, clang::SourceLocation Loc);
  const RecordLowering *record(const clang::RecordDecl *RD, Layout L,
                               clang::SourceLocation Loc);

  // Scalar classification of an arithmetic (or enum) type.
  bool isBool(clang::QualType T) const;
  bool isFloat(clang::QualType T) const;
  bool isSigned(clang::QualType T) const;
  unsigned bitWidth(clang::QualType T) const;
  // T is made of 32- and 64-bit scalars only (what a union's words hold).
  bool madeOfWords(clang::QualType T);
  bool isScalar(clang::QualType T) const;

  // The alignment Vulkan's storage-buffer layout requires of T: a scalar's
  // size, an array's element's, a class's largest member's.
  unsigned bufferAlignment(clang::QualType T) const;
  // Reports and returns false when elements of type T cannot follow each other
  // at sizeof(T) bytes in a storage buffer (a size that is not a multiple of
  // bufferAlignment(T), as a packed struct may have).
  bool checkBufferStride(clang::QualType T, clang::SourceLocation Loc);
  // The layout of a storage buffer of T elements: ExplicitVectors where T
  // holds classes shaped like two- or four-element vectors (float_4, int_2,
  // a struct of four floats; members with no gap) and each of them, in every
  // element, lies at a multiple of its size, which the vector's layout
  // requires, in classes whose sizes are multiples of it too; else Explicit.
  // T must have lowered in the Explicit layout.
  Layout bufferLayout(clang::QualType T);

  // Copies a composite value between the logical and explicit forms.
  SpvId convert(SpvId Value, clang::QualType T, Layout From, Layout To);

  clang::ASTContext &context() { return Ctx; }

private:
  SpvId lowerScalar(clang::QualType T, clang::SourceLocation Loc);
  bool isShortVectorShape(const clang::RecordDecl *RD,
                          llvm::ArrayRef<clang::QualType> MemberTypes) const;
  // A short-vector shape of two or four members (a three-element vector's
  // buffer layout has no 12-byte stride).
  bool isBufferVectorShape(const clang::RecordDecl *RD,
                           llvm::ArrayRef<clang::QualType> MemberTypes) const;
  // False when a buffer vector shape inside T lies at an offset that is not a
  // multiple of its size, or a class holding one has a size that is not;
  // Align: the largest such size in T, 0 if none.
  bool vectorsAligned(clang::QualType T, unsigned &Align);
  void unsupported(clang::SourceLocation Loc, UnsupportedConstruct What) {
    OnError(Loc, ampdiag::err_unsupported_construct) << What;
  }

  clang::ASTContext &Ctx;
  SpirvModuleBuilder &B;
  ErrorFn OnError;
  std::map<std::pair<const clang::Type *, int>, SpvId> Cache;
  std::map<std::pair<const clang::RecordDecl *, int>, RecordLowering> Records;
  std::map<const clang::Type *, Layout> BufferLayouts; // bufferLayout's answers
};

} // namespace ampvk

#endif
