//===- DeadBlocks.cpp -----------------------------------------------------===//
#include "spirv/passes/DeadBlocks.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t None = ControlFlowGraph::None;

class DeadBlocks {
public:
  DeadBlocks(SpirvModule &Mod, const ParsedModule &M) : Mod(Mod), W(Mod.words()), M(M) {}
  unsigned run();

private:
  void removeInFunction(std::size_t Begin, std::size_t End);
  // Whether the instruction K, which stays, can do without the ids in Gone.
  bool keepsWithout(std::size_t K) const;
  std::vector<std::uint32_t> rewrite() const;

  SpirvModule &Mod;
  const std::vector<std::uint32_t> &W;
  const ParsedModule &M;
  // Per instruction: it lies in a removed block.
  std::vector<bool> Drop;
  // Per id: defined in a removed block (its label too).
  std::vector<bool> Gone;
  unsigned Removed = 0;
};

void DeadBlocks::removeInFunction(std::size_t Begin, std::size_t End) {
  ControlFlowGraph G;
  if (!buildControlFlowGraph(W, M, Begin, End, G))
    return;
  const std::size_t N = G.size();
  if (G.Rpo.size() == N)
    return; // every block reached along branches
  // Reached along branches, or named by the merge instruction of a reached
  // header.
  std::vector<bool> Live(N, false);
  std::vector<std::uint32_t> Work{0};
  Live[0] = true;
  auto Reach = [&](std::uint32_t B) {
    if (B != None && !Live[B]) {
      Live[B] = true;
      Work.push_back(B);
    }
  };
  while (!Work.empty()) {
    std::uint32_t B = Work.back();
    Work.pop_back();
    for (const ControlFlowGraph::Edge &E : G.Succs[B])
      Reach(E.Block);
    if (G.Last[B] == G.First[B])
      continue;
    const Instruction &I = M.Instructions[G.Last[B] - 1];
    if (!isMergeInstruction(I.Opcode))
      continue;
    Reach(G.blockOf(W[I.Offset + 1]));
    if (I.Opcode == Op::OpLoopMerge)
      Reach(G.blockOf(W[I.Offset + 2]));
  }
  std::vector<std::uint32_t> Dead;
  for (std::uint32_t B = 0; B < N; ++B)
    if (!Live[B])
      Dead.push_back(B);
  if (Dead.empty())
    return;
  std::vector<std::uint32_t> DeadIds;
  for (std::uint32_t B : Dead)
    for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K)
      if (std::uint32_t Id = M.Instructions[K].ResultId) {
        Gone[Id] = true;
        DeadIds.push_back(Id);
      }
  for (std::uint32_t B = 0; B < N; ++B) {
    if (!Live[B])
      continue;
    for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K) {
      if (keepsWithout(K))
        continue;
      for (std::uint32_t Id : DeadIds)
        Gone[Id] = false;
      return;
    }
  }
  for (std::uint32_t B : Dead)
    for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K)
      Drop[K] = true;
  Removed += Dead.size();
}

bool DeadBlocks::keepsWithout(std::size_t K) const {
  const Instruction &I = M.Instructions[K];
  if (I.Opcode != Op::OpPhi) {
    for (std::uint32_t U = I.FirstUse; U < I.FirstUse + I.NumUses; ++U)
      if (Gone[W[M.Uses[U]]])
        return false;
    return true;
  }
  // The entries of removed parents go; the others must keep their values.
  unsigned Kept = 0;
  for (std::uint32_t Word = 3; Word + 1 < I.Count; Word += 2) {
    if (Gone[W[I.Offset + Word + 1]])
      continue;
    if (Gone[W[I.Offset + Word]])
      return false;
    ++Kept;
  }
  return Kept != 0;
}

std::vector<std::uint32_t> DeadBlocks::rewrite() const {
  std::vector<std::uint32_t> Out(W.begin(), W.begin() + HeaderWords);
  Out.reserve(W.size());
  for (std::size_t K = 0; K < M.Instructions.size(); ++K) {
    if (Drop[K])
      continue;
    const Instruction &I = M.Instructions[K];
    if (namesOrDecorates(I.Opcode) && Gone[W[I.Offset + 1]])
      continue; // names something removed
    if (I.Opcode != Op::OpPhi) {
      Out.insert(Out.end(), W.begin() + I.Offset, W.begin() + I.Offset + I.Count);
      continue;
    }
    // Its type and result, then the entries whose parents stay.
    const std::size_t At = Out.size();
    Out.insert(Out.end(), W.begin() + I.Offset, W.begin() + I.Offset + 3);
    for (std::uint32_t Word = 3; Word + 1 < I.Count; Word += 2)
      if (!Gone[W[I.Offset + Word + 1]])
        Out.insert(Out.end(), {W[I.Offset + Word], W[I.Offset + Word + 1]});
    Out[At] = firstWord(Op::OpPhi, static_cast<std::uint32_t>(Out.size() - At));
  }
  return Out;
}

unsigned DeadBlocks::run() {
  Drop.assign(M.Instructions.size(), false);
  Gone.assign(M.Bound, false);
  forEachFunction(M, [this](std::size_t Begin, std::size_t End) { removeInFunction(Begin, End); });
  if (Removed)
    Mod.replace(rewrite());
  return Removed;
}

} // namespace

unsigned ampvk::removeDeadBlocks(SpirvModule &Mod) {
  const ParsedModule *M = Mod.parsed();
  return M ? DeadBlocks(Mod, *M).run() : 0;
}
