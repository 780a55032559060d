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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

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

// An index every thread computes from its own position: local[Dim] + Offset,
// taken modulo Mod when Mod is not 0. Dim -1: a constant (Offset).
struct ThreadIndex {
  int Dim = -1;
  std::int64_t Offset = 0;
  std::int64_t Mod = 0;
  bool operator==(const ThreadIndex &O) const {
    return Dim == O.Dim && Offset == O.Offset && Mod == O.Mod;
  }
};

// A read of a one-dimensional tile_static array at a ThreadIndex.
struct ThreadRead {
  ThreadIndex Index;
  const clang::Expr *E = nullptr;
  bool operator==(const ThreadRead &O) const { return E == O.E && Index == O.Index; }
};

// What is known about one tile_static variable at a program point: "may"
// facts, joined by or-ing over the paths that reach the point, and one
// "must" fact, ThreadReads.
struct TileFlags {
  bool Written = false;         // some thread may have written it
  bool Synced = false;          // some write may have been followed by a barrier
  bool Unsynced = false;        // written since the last barrier
  bool UniformUnsynced = false; // ... by every thread, at the same place (own write)
  bool Escaped = false;         // its address went somewhere the analysis cannot follow
  clang::SourceLocation LastWrite;
  // Reads every thread of the tile made since the last barrier on every path
  // here, at a ThreadIndex (TileStaticRaces.cpp: a later write of another
  // thread's slot is a race). Intersected where paths meet.
  llvm::SmallVector<ThreadRead, 2> ThreadReads;
  // The same for plain writes (a later read of another thread's slot).
  llvm::SmallVector<ThreadRead, 2> ThreadWrites;

  void join(const TileFlags &O) {
    Written |= O.Written;
    Synced |= O.Synced;
    Unsynced |= O.Unsynced;
    UniformUnsynced |= O.UniformUnsynced;
    Escaped |= O.Escaped;
    if (LastWrite.isInvalid())
      LastWrite = O.LastWrite;
    intersect(ThreadReads, O.ThreadReads);
    intersect(ThreadWrites, O.ThreadWrites);
  }
  static void intersect(llvm::SmallVectorImpl<ThreadRead> &Mine,
                        llvm::ArrayRef<ThreadRead> Theirs) {
    llvm::SmallVector<ThreadRead, 2> Both;
    for (const ThreadRead &R : Mine)
      if (llvm::is_contained(Theirs, R))
        Both.push_back(R);
    Mine.assign(Both.begin(), Both.end());
  }
  void forgetThreadAccesses() {
    ThreadReads.clear();
    ThreadWrites.clear();
  }
  bool operator==(const TileFlags &O) const {
    return Written == O.Written && Synced == O.Synced && Unsynced == O.Unsynced &&
           UniformUnsynced == O.UniformUnsynced && Escaped == O.Escaped &&
           ThreadReads == O.ThreadReads && ThreadWrites == O.ThreadWrites;
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
  // Every thread accessed VD at Later, a place another thread accessed at
  // Earlier since the last barrier, one of them a read and the other a plain
  // write (ReadFirst: Earlier is the read).
  virtual void onThreadSlotRace(const clang::VarDecl *VD, const clang::Expr *Earlier,
                                const clang::Expr *Later, bool ReadFirst,
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
