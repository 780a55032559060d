//===- Kernel.h - One kernel, as every stage of the plugin sees it --------===//
//
// parallel_for_each instantiates concurrency::detail::kernel_image<K, Rank,
// T0, T1, T2> for each kernel and launch shape. findKernels() (KernelFinder.cpp)
// turns each instantiation into a Kernel: it is the only code that reads those
// template arguments or looks up the kernel's operator(). The checker, the
// emitter and the embedder take the record const&; each stage's results live
// beside it (the checker's in CheckContext, the emitter's in KernelCode).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_KERNEL_KERNEL_H
#define AMPVK_PLUGIN_KERNEL_KERNEL_H

#include "kernel/CaptureLayout.h"

#include "ampvk/kernel_image_codec.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace ampvk {

struct Kernel {
  // The kernel_image<> instantiation whose string literal the embedder replaces.
  clang::FunctionDecl *ImageFunction = nullptr;
  const clang::CXXRecordDecl *KernelClass = nullptr; // null: K is not a class type
  // Everything named operator() in KernelClass (methods and templates), for the
  // checker's messages; CallOperator is set when that is exactly one method.
  llvm::SmallVector<const clang::NamedDecl *, 2> CallOperatorDecls;
  const clang::CXXMethodDecl *CallOperator = nullptr;
  const clang::LambdaExpr *Lambda = nullptr; // when the kernel is a lambda
  int Rank = 1;             // of the compute domain
  int Tile[3] = {0, 0, 0};  // C++ AMP dimension order; all zero when not tiled
  bool Tiled = false;
  clang::SourceLocation LaunchLoc; // the user's parallel_for_each call
};

// Every kernel the translation unit launches, in the order they were found.
std::vector<Kernel> findKernels(clang::ASTContext &Ctx);

// What the emitter made of a Kernel, and the embedder writes into its image.
struct KernelCode {
  std::vector<std::uint32_t> Spirv;
  // The same kernel with every storage buffer decorated Aliased; empty when
  // the kernel needs no such variant (kernel_image.h).
  std::vector<std::uint32_t> AliasedSpirv;
  std::uint32_t LocalSize[3] = {1, 1, 1}; // x, y, z
  std::uint32_t TileStaticBytes = 0;
  CaptureLayout Captures; // with the access bits the emitter found
  // Checked mode: the bounds-checked accesses, numbered as the module reports
  // them (emit/BoundsChecks.cpp).
  std::vector<check_site> CheckSites;
  // direct3d_printf, errorf and abort calls, numbered as the module's records
  // name them (emit/PrintIntrinsics.cpp).
  std::vector<print_site> PrintSites;
  // The kernel keeps a loop witness buffer (emit/LoopWitness.cpp): Spirv and
  // AliasedSpirv are without it, these the same with it
  // (spirv/LoopWitnessVariant.h).
  bool LoopWitness = false;
  std::vector<std::uint32_t> WitnessSpirv;
  std::vector<std::uint32_t> WitnessAliasedSpirv;
  // Shadow slots of the tile_static race checks (emit/RaceChecks.cpp):
  // kernel_image_header::race_slots.
  std::uint32_t RaceSlots = 0;
  // The kernel loops over the items_per_thread specialization constant
  // (emit/ItemLoop.cpp): kernel_image_header::item_loop.
  bool SeveralItemsPerThread = false;
};

} // namespace ampvk

#endif
