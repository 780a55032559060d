//===- ControlFlowGraph.cpp -----------------------------------------------===//
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvWords.h"

#include <algorithm>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

// Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm".
void computeDominators(ControlFlowGraph &G) {
  const std::uint32_t None = ControlFlowGraph::None;
  G.Idom.assign(G.size(), None);
  G.Idom[0] = 0;
  auto Intersect = [&](std::uint32_t A, std::uint32_t B) {
    while (A != B) {
      while (G.RpoIndex[A] > G.RpoIndex[B])
        A = G.Idom[A];
      while (G.RpoIndex[B] > G.RpoIndex[A])
        B = G.Idom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (std::size_t K = 1; K < G.Rpo.size(); ++K) {
      std::uint32_t B = G.Rpo[K];
      std::uint32_t New = None;
      for (std::uint32_t P : G.Preds[B]) {
        if (G.Idom[P] == None)
          continue; // unreachable, or not reached yet in this round
        New = New == None ? P : Intersect(P, New);
      }
      if (New != G.Idom[B]) {
        G.Idom[B] = New;
        Changed = true;
      }
    }
  }
}
} // namespace

bool spirvwords::buildControlFlowGraph(const std::vector<std::uint32_t> &Words,
                                       const ParsedModule &M, std::size_t Begin,
                                       std::size_t End, ControlFlowGraph &G) {
  G = ControlFlowGraph();
  for (std::size_t K = Begin; K < End; ++K) {
    const Instruction &I = M.Instructions[K];
    if (I.Opcode == Op::OpLabel) {
      G.BlockOfLabel.emplace(I.ResultId, static_cast<std::uint32_t>(G.Labels.size()));
      G.Labels.push_back(I.ResultId);
      G.First.push_back(K);
      G.Last.push_back(K);
    } else if (isTerminator(I.Opcode) && !G.Labels.empty()) {
      G.Last.back() = K;
    }
  }
  if (G.Labels.empty())
    return false;
  const std::size_t N = G.size();
  G.Succs.resize(N);
  G.Preds.resize(N);
  std::vector<std::uint32_t> Seen(N, ControlFlowGraph::None); // last block naming it
  for (std::uint32_t B = 0; B < N; ++B) {
    const Instruction &T = M.Instructions[G.Last[B]];
    if (!isTerminator(T.Opcode))
      return false;
    for (std::uint32_t U = firstTargetUse(T.Opcode, T.NumUses); U < T.NumUses; ++U) {
      std::uint32_t S = G.blockOf(Words[M.Uses[T.FirstUse + U]]);
      if (S == ControlFlowGraph::None)
        return false;
      if (Seen[S] == B)
        continue;
      Seen[S] = B;
      G.Succs[B].push_back({S, static_cast<std::uint32_t>(G.Preds[S].size())});
      G.Preds[S].push_back(B);
    }
  }
  // Post-order by an explicit stack (a kernel may have thousands of nested
  // blocks), then reversed.
  G.RpoIndex.assign(N, ControlFlowGraph::None);
  std::vector<bool> Visited(N, false);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> Stack{{0, 0}};
  Visited[0] = true;
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next < G.Succs[B].size()) {
      std::uint32_t S = G.Succs[B][Next++].Block;
      if (!Visited[S]) {
        Visited[S] = true;
        Stack.push_back({S, 0});
      }
      continue;
    }
    G.Rpo.push_back(B);
    Stack.pop_back();
  }
  std::reverse(G.Rpo.begin(), G.Rpo.end());
  for (std::uint32_t K = 0; K < G.Rpo.size(); ++K)
    G.RpoIndex[G.Rpo[K]] = K;
  computeDominators(G);
  return true;
}

std::vector<std::vector<std::uint32_t>>
spirvwords::dominatorTreeChildren(const ControlFlowGraph &G) {
  std::vector<std::vector<std::uint32_t>> Children(G.size());
  for (std::uint32_t B : G.Rpo)
    if (B != 0)
      Children[G.Idom[B]].push_back(B);
  return Children;
}

bool spirvwords::dominanceFrontiers(const ControlFlowGraph &G, std::size_t Limit,
                                    std::vector<std::vector<std::uint32_t>> &Out) {
  Out.assign(G.size(), {});
  std::size_t Total = 0;
  for (std::uint32_t B : G.Rpo) {
    if (G.Preds[B].size() < 2)
      continue;
    for (std::uint32_t P : G.Preds[B]) {
      if (!G.reachable(P))
        continue;
      // B is in the frontier of every block from P up to (not including) B's
      // immediate dominator; a block met twice was met on this walk.
      for (std::uint32_t R = P; R != G.Idom[B]; R = G.Idom[R]) {
        if (!Out[R].empty() && Out[R].back() == B)
          break;
        Out[R].push_back(B);
        if (++Total > Limit)
          return false;
      }
    }
  }
  return true;
}
