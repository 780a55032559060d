//===- TileAnalysis.h - Which values are the same for every thread of a tile -===//
//
// An abstract interpreter over one tiled kernel's AST (calls are followed
// into their bodies, so it sees the kernel as the emitter will inline it).
// Every value gets a class:
//
//   Uniform    the same for every thread of the tile: literals, template
//              parameters, captured values, tiled_index::tile/tile_origin/
//              tile_extent, tile_static memory read at a uniform place after a
//              barrier, and expressions of those (C++ AMP §8.1.1);
//   Unknown    not provably uniform, not provably thread-dependent: memory
//              read from an array/array_view, tile_static memory written since
//              the last barrier, calls the analysis cannot follow;
//   Divergent  depends on the thread's position in the tile: tiled_index::
//              local/global and anything computed from them.
//
// Control flow has a class too ("which threads get here"): it rises inside a
// branch on a non-uniform condition and after an early return/break/continue
// that only some threads take. restrict(amp) code has no goto, so the AST's
// structure is its control flow. Loops are iterated to a fixed point before
// anything is reported.
//
// Listeners (BarrierUniformity.cpp, TileStaticRaces.cpp) are told about
// barriers and tile_static accesses with the classes in effect there.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_TILEANALYSIS_H
#define AMPVK_PLUGIN_CHECK_TILEANALYSIS_H

#include "CheckContext.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>

namespace ampvk {

enum class Level : unsigned char { Uniform = 0, Unknown = 1, Divergent = 2 };

// A class with the expression (a condition, usually) that made it non-uniform.
struct Uni {
  Level L = Level::Uniform;
  const clang::Expr *Cause = nullptr;

  Uni() = default;
  Uni(Level L, const clang::Expr *Cause = nullptr) : L(L), Cause(Cause) {}
  bool uniform() const { return L == Level::Uniform; }
  static Uni join(Uni A, Uni B) {
    if (B.L > A.L || (B.L == A.L && !A.Cause))
      return B;
    return A;
  }
  Uni &operator|=(Uni B) { return *this = join(*this, B); }
};

// What is known about one tile_static variable at a program point: "may"
// facts, joined by or-ing over the paths that reach the point.
struct TileFlags {
  bool Written = false;         // some thread may have written it
  bool Synced = false;          // some write may have been followed by a barrier
  bool Unsynced = false;        // written since the last barrier
  bool UniformUnsynced = false; // ... by every thread, at the same place (own write)
  bool Escaped = false;         // its address went somewhere the analysis cannot follow
  clang::SourceLocation LastWrite;

  void join(const TileFlags &O) {
    Written |= O.Written;
    Synced |= O.Synced;
    Unsynced |= O.Unsynced;
    UniformUnsynced |= O.UniformUnsynced;
    Escaped |= O.Escaped;
    if (LastWrite.isInvalid())
      LastWrite = O.LastWrite;
  }
  bool operator==(const TileFlags &O) const {
    return Written == O.Written && Synced == O.Synced && Unsynced == O.Unsynced &&
           UniformUnsynced == O.UniformUnsynced && Escaped == O.Escaped;
  }
};

// A call being analyzed: the chain of calls from the kernel to here.
struct CallSite {
  const clang::FunctionDecl *Callee = nullptr;
  clang::SourceLocation Loc;
};

class TileListener {
public:
  virtual ~TileListener() = default;
  virtual void onBarrier(const clang::CallExpr *E, const clang::FunctionDecl *Barrier,
                         Uni Reach, llvm::ArrayRef<CallSite> Stack) {}
  virtual void onTileLoad(const clang::VarDecl *VD, const clang::Expr *E, Uni Addr,
                          const TileFlags &Flags, llvm::ArrayRef<CallSite> Stack) {}
  virtual void onTileStore(const clang::VarDecl *VD, const clang::Expr *E, Uni Addr,
                           Uni Value, Uni Reach, bool ReadModifyWrite, const TileFlags &Flags,
                           llvm::ArrayRef<CallSite> Stack) {}
  // Called once the kernel is analyzed: report what was found.
  virtual void finish(CheckContext &C, const Kernel &K) {}
  // The analysis gave up (too large): report nothing.
  virtual void discard() {}
};

// Analyzes one tiled kernel, telling the listeners; false if it gave up.
bool analyzeTiledKernel(CheckContext &C, const Kernel &K,
                        llvm::ArrayRef<TileListener *> Listeners);

std::unique_ptr<TileListener> makeBarrierUniformityListener(CheckContext &C);
std::unique_ptr<TileListener> makeTileStaticRaceListener(CheckContext &C);

// "called here" notes for a stack of calls, innermost first.
void noteCallStack(CheckContext &C, llvm::ArrayRef<CallSite> Stack);

} // namespace ampvk

#endif
