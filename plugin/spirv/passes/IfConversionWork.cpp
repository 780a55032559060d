//===- IfConversionWork.cpp -----------------------------------------------===//
#include "spirv/passes/IfConversionWork.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvInstructions.h"

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

// The dominator tree's depth-first entry and exit numbers: A dominates B when
// B's interval lies within A's.
struct DominatorIntervals {
  std::vector<std::uint32_t> In, Out;
  explicit DominatorIntervals(const ControlFlowGraph &G) : In(G.size()), Out(G.size()) {
    const std::vector<std::vector<std::uint32_t>> Children = dominatorTreeChildren(G);
    std::uint32_t Clock = 0;
    std::vector<std::pair<std::uint32_t, std::size_t>> Stack{{0, 0}};
    In[0] = Clock++;
    while (!Stack.empty()) {
      auto &[B, Next] = Stack.back();
      if (Next < Children[B].size()) {
        const std::uint32_t C = Children[B][Next++];
        In[C] = Clock++;
        Stack.push_back({C, 0});
      } else {
        Out[B] = Clock++;
        Stack.pop_back();
      }
    }
  }
  bool dominates(std::uint32_t A, std::uint32_t B) const {
    return In[A] <= In[B] && Out[B] <= Out[A];
  }
};

bool selectableType(Op O) {
  return O == Op::OpTypeInt || O == Op::OpTypeFloat || O == Op::OpTypeBool ||
         O == Op::OpTypePointer || O == Op::OpTypeVector;
}

} // namespace

bool ampvk::ifConversionMayChange(SpirvModule &Mod) {
  const ParsedModule *P = Mod.parsed();
  if (!P)
    return true;
  const ParsedModule &M = *P;
  const std::vector<std::uint32_t> &Words = Mod.words();
  constexpr std::uint32_t None = ControlFlowGraph::None;
  // Every id's defining instruction; the block of those defined in the
  // function being walked (None elsewhere).
  std::vector<std::uint32_t> Def(M.Bound, None), BlockOf(M.Bound, None);
  for (std::size_t K = 0; K < M.Instructions.size(); ++K)
    if (M.Instructions[K].ResultId < M.Bound && M.Instructions[K].ResultId)
      Def[M.Instructions[K].ResultId] = static_cast<std::uint32_t>(K);
  auto OpcodeOf = [&](std::uint32_t Id) {
    return Id < M.Bound && Def[Id] != None ? M.Instructions[Def[Id]].Opcode : Op::OpNop;
  };

  bool May = false;
  forEachFunction(M, [&](std::size_t Begin, std::size_t End) {
    if (May)
      return;
    ControlFlowGraph G;
    if (!buildControlFlowGraph(Words, M, Begin, End, G)) {
      May = true;
      return;
    }
    for (std::uint32_t B = 0; B < G.size(); ++B)
      for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K)
        if (M.Instructions[K].ResultId < M.Bound)
          BlockOf[M.Instructions[K].ResultId] = B;
    const DominatorIntervals Tree(G);
    // A value the pass may use as it is at B: defined in no block, or in one
    // that dominates B (an unreachable one counts, to err towards yes).
    auto Available = [&](std::uint32_t Value, std::uint32_t B) {
      const std::uint32_t D = Value < M.Bound ? BlockOf[Value] : None;
      return D == None || !G.reachable(D) || Tree.dominates(D, B);
    };
    for (std::uint32_t B = 0; B < G.size() && !May; ++B)
      for (std::size_t K = G.First[B] + 1;
           K <= G.Last[B] && M.Instructions[K].Opcode == Op::OpPhi; ++K) {
        const Instruction &Phi = M.Instructions[K];
        // Two incoming values (value, parent, value, parent).
        if (Phi.NumUses != 4 || !selectableType(OpcodeOf(Phi.TypeId)))
          continue;
        if (!G.reachable(B)) {
          May = true;
          break;
        }
        const std::uint32_t V0 = Words[M.Uses[Phi.FirstUse]];
        const std::uint32_t V1 = Words[M.Uses[Phi.FirstUse + 2]];
        const bool Select = Available(V0, B) && Available(V1, B);
        const Op O0 = OpcodeOf(V0), O1 = OpcodeOf(V1);
        const bool SameValue =
            V0 == V1 || O0 == Op::OpCopyObject || O1 == Op::OpCopyObject ||
            (O0 == O1 && O0 != Op::OpNop &&
             M.Instructions[Def[V0]].TypeId == M.Instructions[Def[V1]].TypeId);
        if (Select || SameValue) {
          May = true;
          break;
        }
      }
    for (std::size_t K = Begin; K < End; ++K)
      if (M.Instructions[K].ResultId < M.Bound)
        BlockOf[M.Instructions[K].ResultId] = None;
  });
  return May;
}
