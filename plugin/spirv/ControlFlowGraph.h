//===- ControlFlowGraph.h - One function's blocks, dominators, frontiers --===//
//
// What the passes that work on a function's control flow share: its blocks
// and edges, which blocks are reachable, the dominator tree (Cooper, Harvey
// and Kennedy's iteration over reverse post-order, which converges in two or
// three rounds on structured code) and dominance frontiers.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_CONTROLFLOWGRAPH_H
#define AMPVK_PLUGIN_SPIRV_CONTROLFLOWGRAPH_H

#include "spirv/SpirvInstructions.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace ampvk {
namespace spirvwords {

struct ControlFlowGraph {
  static constexpr std::uint32_t None = ~0u;
  struct Edge {
    std::uint32_t Block; // the successor
    std::uint32_t Slot;  // this edge's place in the successor's Preds
  };
  // Per block, in module order (block 0 is the entry): its label, the
  // ParsedModule instructions it spans (its OpLabel to its terminator), its
  // distinct successors and its distinct predecessors.
  std::vector<std::uint32_t> Labels;
  std::vector<std::size_t> First, Last;
  std::vector<std::vector<Edge>> Succs;
  std::vector<std::vector<std::uint32_t>> Preds;
  // Each block's number by its label.
  std::unordered_map<std::uint32_t, std::uint32_t> BlockOfLabel;
  // The blocks reachable from the entry in reverse post-order, each block's
  // place in it (None when unreachable), and each reachable block's immediate
  // dominator (the entry's is itself; None when unreachable).
  std::vector<std::uint32_t> Rpo;
  std::vector<std::uint32_t> RpoIndex;
  std::vector<std::uint32_t> Idom;

  bool reachable(std::uint32_t B) const { return RpoIndex[B] != None; }
  // The block Label starts, or None when no block of the function has it.
  std::uint32_t blockOf(std::uint32_t Label) const {
    auto It = BlockOfLabel.find(Label);
    return It == BlockOfLabel.end() ? None : It->second;
  }
  std::size_t size() const { return Labels.size(); }
};

// The graph of the function whose instructions are M.Instructions[Begin, End)
// (from its OpFunction to its OpFunctionEnd); false when it has no blocks or a
// branch names no block of the function.
bool buildControlFlowGraph(const std::vector<std::uint32_t> &Words, const ParsedModule &M,
                           std::size_t Begin, std::size_t End, ControlFlowGraph &G);

// The children of each reachable block in the dominator tree.
std::vector<std::vector<std::uint32_t>> dominatorTreeChildren(const ControlFlowGraph &G);

// The dominance frontier of each block; false when the frontiers together
// would hold more than Limit entries (pathological nests), to keep the caller
// linear.
bool dominanceFrontiers(const ControlFlowGraph &G, std::size_t Limit,
                        std::vector<std::vector<std::uint32_t>> &Out);

} // namespace spirvwords
} // namespace ampvk

#endif
