//===- TileStaticRaces.cpp - Races and uninitialized reads on tile_static --===//
//
// Beyond what Microsoft's compiler checked, two warnings that aim to be
// precise rather than exhaustive (no warning where the analysis is unsure):
//
//  -Wtile-static-race: every thread of a tile writes the same tile_static
//   place (a uniform address, under control flow every thread takes) with no
//   atomic: a read-modify-write (`total += x`, `++count`), or a store of a
//   value that differs between the threads. The seed's "Do not do this".
//
//  -Wtile-static-uninitialized: a tile_static place every thread reads (a
//   uniform address) before any write reaches it through a barrier: never
//   written at all (tile_static variables have no initializer), or written
//   only by other threads (at thread-dependent places, or under a
//   thread-dependent condition) with no barrier between write and read.
//
//  -Wtile-static-race also: every thread reads a one-dimensional tile_static
//   array at its own position plus a constant and then, with no barrier
//   between on any path, writes it at another such position, so that one
//   thread writes the slot another read (TileInterpreterIndexes.cpp).
//
// A tile_static variable whose address escapes (a pointer, a reference the
// analysis does not follow) is not judged any more; one passed by reference
// to a function the analysis follows stays judged.
//
//===----------------------------------------------------------------------===//
#include "TileAnalysis.h"

#include <map>

using namespace clang;
using namespace ampvk;

namespace {
class RaceListener : public TileListener {
public:
  RaceListener() = default;

  void onTileLoad(const VarDecl *VD, const Expr *E, Uni Addr, const TileFlags &Flags,
                  llvm::ArrayRef<CallSite> Stack) override {
    if (Flags.Escaped || !Addr.uniform())
      return;
    Kind K = None;
    if (!Flags.Written)
      K = NeverWritten;
    else if (!Flags.Synced && Flags.Unsynced && !Flags.UniformUnsynced)
      K = NotSynced;
    unsigned Key = E->getExprLoc().getRawEncoding();
    auto It = Reads.find(Key);
    if (It == Reads.end()) {
      Read R;
      R.K = K;
      R.VD = VD;
      R.E = E;
      R.LastWrite = Flags.LastWrite;
      R.Stack.assign(Stack.begin(), Stack.end());
      Reads[Key] = R;
      return;
    }
    // Every visit must agree that no write reaches the read.
    Read &R = It->second;
    if (K == None || R.K == None)
      R.K = None;
    else if (K != R.K)
      R.K = NotSynced;
  }

  void onTileStore(const VarDecl *VD, const Expr *E, Uni Addr, Uni Value, Uni Reach, bool RMW,
                   const TileFlags &Flags, llvm::ArrayRef<CallSite> Stack) override {
    if (Flags.Escaped || !Addr.uniform() || !Reach.uniform())
      return;
    if (!RMW && Value.L != Level::Divergent)
      return;
    unsigned Key = E->getExprLoc().getRawEncoding();
    if (Races.count(Key))
      return;
    Race R;
    R.VD = VD;
    R.E = E;
    R.RMW = RMW;
    R.Stack.assign(Stack.begin(), Stack.end());
    Races[Key] = R;
  }

  void onThreadSlotRace(const VarDecl *VD, const Expr *Earlier, const Expr *Later,
                        bool ReadFirst, llvm::ArrayRef<CallSite> Stack) override {
    auto Key = std::make_pair(Later->getExprLoc().getRawEncoding(),
                              Earlier->getExprLoc().getRawEncoding());
    if (SlotRaces.count(Key))
      return;
    SlotRace R;
    R.VD = VD;
    R.Earlier = Earlier;
    R.Later = Later;
    R.ReadFirst = ReadFirst;
    R.Stack.assign(Stack.begin(), Stack.end());
    SlotRaces[Key] = R;
  }

  void discard() override {
    Reads.clear();
    Races.clear();
    SlotRaces.clear();
  }

  void finish(CheckContext &C, const Kernel &) override {
    for (auto &KV : Races) {
      const Race &R = KV.second;
      std::string Name = R.VD->getNameAsString();
      C.Diags.report(R.E->getExprLoc(), ampdiag::warn_tile_static_race)
          << R.RMW << Name << R.E->getSourceRange();
      if (C.Diags.lastReported()) {
        C.Diags.report(R.VD->getLocation(), ampdiag::note_declared_here) << "'" + Name + "'";
        noteCallStack(C, R.Stack);
      }
    }
    for (auto &KV : SlotRaces) {
      const SlotRace &R = KV.second;
      C.Diags.report(R.Later->getExprLoc(), ampdiag::warn_tile_static_slot_race)
          << R.VD->getNameAsString() << !R.ReadFirst << R.Later->getSourceRange();
      if (!C.Diags.lastReported())
        continue;
      C.Diags.report(R.Earlier->getExprLoc(), ampdiag::note_tile_static_slot_access_here)
          << !R.ReadFirst << R.Earlier->getSourceRange();
      noteCallStack(C, R.Stack);
    }
    for (auto &KV : Reads) {
      const Read &R = KV.second;
      if (R.K == None)
        continue;
      std::string Name = R.VD->getNameAsString();
      C.Diags.report(R.E->getExprLoc(), ampdiag::warn_tile_static_uninitialized)
          << Name << (R.K == NotSynced) << R.E->getSourceRange();
      if (!C.Diags.lastReported())
        continue;
      if (R.K == NeverWritten)
        C.Diags.report(R.VD->getLocation(), ampdiag::note_declared_here) << "'" + Name + "'";
      else if (R.LastWrite.isValid())
        C.Diags.report(R.LastWrite, ampdiag::note_tile_static_written_here);
      noteCallStack(C, R.Stack);
    }
    discard();
  }

private:
  enum Kind { None, NeverWritten, NotSynced };
  struct Read {
    Kind K = None;
    const VarDecl *VD = nullptr;
    const Expr *E = nullptr;
    SourceLocation LastWrite;
    std::vector<CallSite> Stack;
  };
  struct Race {
    const VarDecl *VD = nullptr;
    const Expr *E = nullptr;
    bool RMW = false;
    std::vector<CallSite> Stack;
  };
  struct SlotRace {
    const VarDecl *VD = nullptr;
    const Expr *Earlier = nullptr;
    const Expr *Later = nullptr;
    bool ReadFirst = true;
    std::vector<CallSite> Stack;
  };
  std::map<unsigned, Read> Reads;
  std::map<unsigned, Race> Races;
  std::map<std::pair<unsigned, unsigned>, SlotRace> SlotRaces;
};
} // namespace

std::unique_ptr<TileListener> ampvk::makeTileStaticRaceListener(CheckContext &) {
  return std::make_unique<RaceListener>();
}
