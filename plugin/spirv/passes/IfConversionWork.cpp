//===- IfConversionWork.cpp -----------------------------------------------===//
#include "spirv/passes/IfConversionWork.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvInstructions.h"

#include <algorithm>
#include <unordered_map>

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

// The kinds of value number a value may have in SPIRV-Tools' value-number
// table, each as (opcode, result type): an instruction's number is a hash of
// its opcode, type and operands' numbers, so two values of different kinds
// never share one. But an OpCopyObject may take its operand's number, and an
// OpPhi its inputs' when they all share one (else a number of its own); the
// kinds of those are followed, over-approximated (a phi may always be of its
// own kind; one met again while its kinds are being found, as around a loop,
// only of its own). Inputs are followed at most MaxDepth deep (the stack);
// past that any two values may share a number.
class ValueKinds {
public:
  ValueKinds(const ParsedModule &M, const std::vector<std::uint32_t> &Words,
             const std::vector<std::uint32_t> &Def)
      : M(M), Words(Words), Def(Def) {}

  bool maySame(std::uint32_t A, std::uint32_t B) {
    const std::vector<std::uint64_t> KA = kinds(A), KB = kinds(B);
    if (TooDeep)
      return true;
    for (std::uint64_t K : KA)
      if (std::find(KB.begin(), KB.end(), K) != KB.end())
        return true;
    return false;
  }

private:
  static constexpr std::uint32_t None = ControlFlowGraph::None;
  const ParsedModule &M;
  const std::vector<std::uint32_t> &Words;
  const std::vector<std::uint32_t> &Def;
  std::unordered_map<std::uint32_t, std::vector<std::uint64_t>> Memo;
  std::vector<std::uint32_t> InProgress;
  static constexpr std::size_t MaxDepth = 512;
  bool TooDeep = false; // sticky: every later answer is yes

  static std::uint64_t kind(Op O, std::uint32_t Type) {
    return (std::uint64_t(O) << 32) | Type;
  }

  const std::vector<std::uint64_t> &kinds(std::uint32_t Id) {
    auto Found = Memo.find(Id);
    if (Found != Memo.end())
      return Found->second;
    std::vector<std::uint64_t> Out;
    if (Id >= Def.size() || Def[Id] == None) {
      Out.push_back(kind(Op::OpNop, Id)); // not defined by an instruction: itself
      return Memo.emplace(Id, std::move(Out)).first->second;
    }
    const Instruction &I = M.Instructions[Def[Id]];
    Out.push_back(kind(I.Opcode, I.TypeId));
    if (InProgress.size() >= MaxDepth)
      TooDeep = true;
    if (TooDeep || std::find(InProgress.begin(), InProgress.end(), Id) != InProgress.end())
      return Memo.emplace(Id, std::move(Out)).first->second; // not memoized for good below
    InProgress.push_back(Id);
    if (I.Opcode == Op::OpCopyObject && I.NumUses >= 1) {
      const std::vector<std::uint64_t> From = kinds(Words[M.Uses[I.FirstUse]]);
      Out.insert(Out.end(), From.begin(), From.end());
    } else if (I.Opcode == Op::OpPhi && I.NumUses >= 2) {
      // The kinds every input may have: the inputs are every other use.
      std::vector<std::uint64_t> Common = kinds(Words[M.Uses[I.FirstUse]]);
      for (std::uint32_t U = 2; U < I.NumUses && !Common.empty(); U += 2) {
        const std::vector<std::uint64_t> Next = kinds(Words[M.Uses[I.FirstUse + U]]);
        std::vector<std::uint64_t> Kept;
        for (std::uint64_t K : Common)
          if (std::find(Next.begin(), Next.end(), K) != Next.end())
            Kept.push_back(K);
        Common.swap(Kept);
      }
      Out.insert(Out.end(), Common.begin(), Common.end());
    }
    InProgress.pop_back();
    // A phi found while an enclosing one was in progress saw only that one's
    // own kind; an over-approximation all the same, so it is kept.
    Memo[Id] = std::move(Out);
    return Memo[Id];
  }
};

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

  ValueKinds Kinds(M, Words, Def);
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
      for (std::size_t K = G.First[B] + 1; K <= G.Last[B]; ++K) {
        const Instruction &Phi = M.Instructions[K];
        // Debug lines may come between a block's phis.
        if (Phi.Opcode == Op::OpLine || Phi.Opcode == Op::OpNoLine)
          continue;
        if (Phi.Opcode != Op::OpPhi)
          break;
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
        if (Select || V0 == V1 || Kinds.maySame(V0, V1)) {
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
