//===- RedundancyEliminationCost.cpp --------------------------------------===//
#include "spirv/passes/RedundancyEliminationCost.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvInstructions.h"

using namespace ampvk;
using namespace ampvk::spirvwords;

bool ampvk::redundancyEliminationIsAffordable(SpirvModule &Mod) {
  const ParsedModule *P = Mod.parsed();
  if (!P)
    return true;
  const ParsedModule &M = *P;
  const std::vector<std::uint32_t> &Words = Mod.words();
  const std::uint64_t Budget =
      std::uint64_t(RedundancyEliminationBudgetPerInstruction) * M.Instructions.size() +
      (1u << 20);
  std::uint64_t Cost = 0;
  forEachFunction(M, [&](std::size_t Begin, std::size_t End) {
    ControlFlowGraph G;
    if (!buildControlFlowGraph(Words, M, Begin, End, G))
      return;
    // The values each block makes, and how many its dominators make (the map
    // the pass copies into it); a dominator comes before in reverse post-order.
    std::vector<std::uint64_t> Values(G.size(), 0), Above(G.size(), 0);
    for (std::uint32_t B : G.Rpo) {
      for (std::size_t I = G.First[B]; I <= G.Last[B]; ++I)
        Values[B] += M.Instructions[I].ResultId != 0;
      if (B != 0)
        Above[B] = Above[G.Idom[B]] + Values[G.Idom[B]];
      Cost += Above[B];
    }
  });
  return Cost <= Budget;
}
