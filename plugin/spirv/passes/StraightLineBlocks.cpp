//===- StraightLineBlocks.cpp ---------------------------------------------===//
#include "spirv/passes/StraightLineBlocks.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t None = ControlFlowGraph::None;

class StraightLines {
public:
  StraightLines(SpirvModule &Mod, const ParsedModule &M) : Mod(Mod), W(Mod.words()), M(M) {}
  unsigned run();

private:
  // A run of a function's instructions, [First, Last], as written.
  struct Range {
    std::size_t First, Last;
  };
  // A function's blocks, as written: from the OpLabel of its first block
  // (From) to its last terminator (To).
  struct Body {
    std::size_t From, To;
    std::vector<Range> Ranges;
  };
  void mergeFunction(std::size_t Begin, std::size_t End);
  std::uint32_t resolve(std::uint32_t Id) const {
    // A phi's value may be another removed phi's result.
    while (Id < Replace.size() && Replace[Id])
      Id = Replace[Id];
    return Id;
  }
  std::vector<std::uint32_t> rewrite() const;

  SpirvModule &Mod;
  const std::vector<std::uint32_t> &W;
  const ParsedModule &M;
  // A removed phi's result -> its value; a merged block's label -> the label
  // of the block that took it (for the phis of the blocks after it).
  std::vector<std::uint32_t> Replace;
  std::vector<Body> Bodies; // of the functions that merged blocks
  unsigned Merged = 0;
};

void StraightLines::mergeFunction(std::size_t Begin, std::size_t End) {
  ControlFlowGraph G;
  if (!buildControlFlowGraph(W, M, Begin, End, G))
    return;
  const std::size_t N = G.size();
  // Headers, and the blocks a merge instruction names (merge blocks and
  // continue targets).
  std::vector<bool> Header(N, false), Named(N, false);
  for (std::uint32_t B = 0; B < N; ++B) {
    if (G.Last[B] == G.First[B])
      continue;
    const Instruction &I = M.Instructions[G.Last[B] - 1];
    if (!isMergeInstruction(I.Opcode))
      continue;
    Header[B] = true;
    for (std::size_t Word = 1; Word <= (I.Opcode == Op::OpLoopMerge ? 2u : 1u); ++Word)
      if (std::uint32_t Target = G.blockOf(W[I.Offset + Word]); Target != None)
        Named[Target] = true;
  }
  // The block B's OpBranch hands the rest of B to, or None.
  auto Follower = [&](std::uint32_t B) -> std::uint32_t {
    const Instruction &Term = M.Instructions[G.Last[B]];
    if (Term.Opcode != Op::OpBranch || Header[B] || !G.reachable(B))
      return None;
    std::uint32_t S = G.blockOf(W[Term.Offset + 1]);
    if (S == None || S == B || S == 0 || Header[S] || Named[S] || G.Preds[S].size() != 1)
      return None;
    return S;
  };
  std::vector<std::uint32_t> Follows(N, None);
  std::vector<bool> Taken(N, false);
  unsigned Before = Merged;
  for (std::uint32_t B = 0; B < N; ++B) {
    if (Taken[B])
      continue;
    for (std::uint32_t Tail = B, S = Follower(B); S != None; Tail = S, S = Follower(S)) {
      Follows[Tail] = S;
      Taken[S] = true;
      ++Merged;
      Replace[G.Labels[S]] = G.Labels[B];
    }
  }
  if (Merged == Before)
    return;
  Body F{G.First[0], G.Last[N - 1], {}};
  for (std::uint32_t B = 0; B < N; ++B) {
    if (Taken[B])
      continue;
    for (std::uint32_t C = B; C != None; C = Follows[C]) {
      std::size_t First = G.First[C];
      if (C != B) { // leave out its OpLabel and its phis, which Replace stands for
        for (++First; First < G.Last[C]; ++First) {
          const Instruction &I = M.Instructions[First];
          if (I.Opcode == Op::OpPhi)
            Replace[I.ResultId] = W[I.Offset + 3]; // its one incoming value
          else if (I.Opcode != Op::OpLine && I.Opcode != Op::OpNoLine)
            break;
        }
      }
      // Without its branch when another block follows.
      std::size_t Last = Follows[C] != None ? G.Last[C] - 1 : G.Last[C];
      if (First <= Last)
        F.Ranges.push_back({First, Last});
    }
  }
  Bodies.push_back(std::move(F));
}

std::vector<std::uint32_t> StraightLines::rewrite() const {
  std::vector<std::uint32_t> Out(W.begin(), W.begin() + HeaderWords);
  Out.reserve(W.size());
  auto Write = [&](std::size_t K) {
    const Instruction &I = M.Instructions[K];
    std::size_t At = Out.size();
    Out.insert(Out.end(), W.begin() + I.Offset, W.begin() + I.Offset + I.Count);
    for (std::uint32_t U = I.FirstUse; U < I.FirstUse + I.NumUses; ++U) {
      std::size_t Word = At + (M.Uses[U] - I.Offset);
      Out[Word] = resolve(Out[Word]);
    }
  };
  auto NextBody = Bodies.begin();
  for (std::size_t K = 0; K < M.Instructions.size(); ++K) {
    if (NextBody != Bodies.end() && K == NextBody->From) {
      for (const Range &R : NextBody->Ranges)
        for (std::size_t I = R.First; I <= R.Last; ++I)
          Write(I);
      K = NextBody->To;
      ++NextBody;
      continue;
    }
    const Instruction &I = M.Instructions[K];
    if (namesOrDecorates(I.Opcode) && Replace[W[I.Offset + 1]])
      continue; // names a removed phi or a merged block
    Write(K);
  }
  return Out;
}

unsigned StraightLines::run() {
  Replace.assign(M.Bound, 0);
  forEachFunction(M, [this](std::size_t Begin, std::size_t End) { mergeFunction(Begin, End); });
  if (Merged)
    Mod.replace(rewrite());
  return Merged;
}

} // namespace

unsigned ampvk::mergeStraightLineBlocks(SpirvModule &Mod) {
  const ParsedModule *M = Mod.parsed();
  return M ? StraightLines(Mod, *M).run() : 0;
}
