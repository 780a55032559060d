//===- LoopExits.cpp ------------------------------------------------------===//
#include "spirv/passes/LoopExits.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvEdits.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t None = ControlFlowGraph::None;

// A loop that can be turned around; blocks by number in its function's graph.
struct Loop {
  std::uint32_t Header, BackEdge, MergeBlock;
  // The block that branches to the merge block: with a conditional branch
  // (ExitTests), which becomes an OpBranch to the block labelled Stay; or with
  // an OpBranch, which goes to Stay instead.
  std::uint32_t Exit;
  bool ExitTests;
  std::uint32_t Stay;
  // Blocks with a branch to the merge block that stays (a `break`, a
  // `return` inlined into a loop of its own): only beside a back-edge test.
  std::vector<std::uint32_t> Breaks;
  // The blocks between the exit and the back edge (Stay's block and on, to
  // the back-edge block), each to get phis of what the back edge carries:
  // empty when the exit is the back-edge block.
  std::vector<std::uint32_t> Carriers;
  // The loop's blocks: those from which the back edge is reached without the
  // header, and the blocks on the way out that now go round again.
  std::vector<bool> Contains;
};

// What a loop's blocks define and the blocks after it read.
struct LiveOuts {
  std::vector<std::uint32_t> Values; // in order of first use
  std::unordered_map<std::uint32_t, std::uint32_t> TypeOf;
  std::vector<std::size_t> ValueReads; // the operand words that read them
  // Those of them in the merge block's phis along the exit's edge, which the
  // header's phi serves even when the loop has breaks; the values read
  // anywhere else (which then dominate every break).
  std::vector<bool> AlongExit;
  std::unordered_set<std::uint32_t> ReadElsewhere;
  // Access chains of operands from before the loop: the same pointer in every
  // iteration, made again at the start of the merge block for the reads after
  // the loop. By instruction (module order), and each one's copy.
  std::map<std::size_t, std::uint32_t> Chains;
  std::unordered_map<std::uint32_t, std::size_t> ChainOf; // id -> instruction
  std::vector<std::size_t> ChainReads;
  // The merge block's phi operands that name the exit block.
  std::vector<std::size_t> ExitLabels;
};

bool dominates(const ControlFlowGraph &G, std::uint32_t A, std::uint32_t B) {
  if (!G.reachable(B))
    return false;
  while (B != A && B != 0)
    B = G.Idom[B];
  return B == A;
}

bool isDebugLine(Op O) { return O == Op::OpLine || O == Op::OpNoLine; }

// Turns the first loop of the module that needs it around; one at a time, so
// that each sees the module as the previous one left it (nested loops).
class LoopTurner {
public:
  LoopTurner(const std::vector<std::uint32_t> &W, const ParsedModule &M) : W(W), M(M) {
    for (std::size_t K = 0; K < M.Instructions.size(); ++K) {
      if (M.Instructions[K].ResultId)
        Def[M.Instructions[K].ResultId] = K;
      if (M.Instructions[K].Opcode == Op::OpTypeBool)
        Bool = M.Instructions[K].ResultId;
    }
  }
  // The module with one loop turned around; false when none needs it.
  bool turnOne(std::vector<std::uint32_t> &Out);

private:
  bool turnInFunction(std::size_t Begin, std::size_t End, std::vector<std::uint32_t> &Out);
  bool findLoop(const ControlFlowGraph &G, std::uint32_t H, Loop &L) const;
  bool findExitThroughSelection(const ControlFlowGraph &G, std::uint32_t Entered,
                                const std::vector<bool> &LeftBehind, Loop &L) const;
  bool findLiveOuts(const ControlFlowGraph &G, const Loop &L, LiveOuts &Out) const;
  std::vector<std::uint32_t> turn(const ControlFlowGraph &G, const Loop &L, LiveOuts &Live);

  bool hasNull(std::uint32_t Type, unsigned Depth = 0) const;
  const Instruction &instruction(std::size_t K) const { return M.Instructions[K]; }
  std::uint32_t word(const Instruction &I, std::uint32_t K) const { return W[I.Offset + K]; }
  const Instruction *definition(std::uint32_t Id) const {
    auto It = Def.find(Id);
    return It == Def.end() ? nullptr : &M.Instructions[It->second];
  }
  // The first instruction of block B after its phis.
  std::size_t afterPhis(const ControlFlowGraph &G, std::uint32_t B) const {
    std::size_t K = G.First[B] + 1;
    while (instruction(K).Opcode == Op::OpPhi)
      ++K;
    return K;
  }
  // Whether block B holds nothing but its branch on: no phis, no work.
  bool onlyBranches(const ControlFlowGraph &G, std::uint32_t B) const {
    return G.Last[B] == G.First[B] + 1 && instruction(G.Last[B]).Opcode == Op::OpBranch;
  }
  // An existing constant (OpConstantTrue, False or Null) of Type, or a new
  // one among the edits' globals.
  std::uint32_t constant(SpirvEdits &Edits, Op O, std::uint32_t Type);

  const std::vector<std::uint32_t> &W;
  const ParsedModule &M;
  std::unordered_map<std::uint32_t, std::size_t> Def; // id -> instruction
  std::uint32_t Bool = 0; // the module's bool type; 0 when it has none (no loop test)
  std::uint32_t Bound = 0;
};

bool LoopTurner::hasNull(std::uint32_t Type, unsigned Depth) const {
  // Deeper nests of arrays and structs are left alone rather than walked.
  constexpr unsigned MaxDepth = 8;
  const Instruction *T = definition(Type);
  if (!T || Depth > MaxDepth)
    return false;
  switch (T->Opcode) {
  case Op::OpTypeBool:
  case Op::OpTypeInt:
  case Op::OpTypeFloat:
  case Op::OpTypeVector:
  case Op::OpTypeMatrix:
    return true;
  case Op::OpTypeArray:
    return hasNull(word(*T, 2), Depth + 1); // its element type
  case Op::OpTypeStruct:
    for (std::uint32_t K = 2; K < T->Count; ++K)
      if (!hasNull(word(*T, K), Depth + 1))
        return false;
    return T->Count > 2;
  default:
    return false; // pointers, images, samplers, runtime arrays
  }
}

std::uint32_t LoopTurner::constant(SpirvEdits &Edits, Op O, std::uint32_t Type) {
  for (const Instruction &I : M.Instructions) {
    if (I.Opcode == Op::OpFunction)
      break;
    if (I.Opcode == O && I.TypeId == Type)
      return I.ResultId;
  }
  std::vector<std::uint32_t> &New = Edits.globals();
  for (std::size_t At = 0; At < New.size(); At += wordCount(New[At]))
    if (opcode(New[At]) == O && New[At + 1] == Type)
      return New[At + 2];
  const std::uint32_t Id = Bound++;
  New.insert(New.end(), {firstWord(O, 3), Type, Id});
  return Id;
}

// The loop headed by H when it can be turned: a header that enters the body
// unconditionally; one back edge; one way out, to the merge block:
//  - the back-edge block's conditional branch (`do { ... } while (c)`);
//  - a conditional branch whose other way is a back-edge block that only
//    branches back (`for (;;) { ...; if (c) break; }`);
//  - an OpBranch at the end of blocks entered from one selection of the loop
//    (findExitThroughSelection: the same loop in the loop witness's variant,
//    which records the break before it leaves).
// A loop of one block (its header is its back-edge block) is not turned; the
// witness's variant has none, its records being selections of their own.
bool LoopTurner::findLoop(const ControlFlowGraph &G, std::uint32_t H, Loop &L) const {
  if (!G.reachable(H) || G.Last[H] == G.First[H])
    return false;
  const Instruction &LoopMerge = instruction(G.Last[H] - 1);
  if (LoopMerge.Opcode != Op::OpLoopMerge || instruction(G.Last[H]).Opcode != Op::OpBranch)
    return false;
  L.Header = H;
  L.MergeBlock = G.blockOf(word(LoopMerge, 1));
  L.BackEdge = L.Exit = None;
  L.Carriers.clear();
  for (std::uint32_t P : G.Preds[H]) {
    if (!dominates(G, H, P))
      continue;
    if (L.BackEdge != None)
      return false;
    L.BackEdge = P;
  }
  if (L.BackEdge == None || L.BackEdge == H || L.MergeBlock == None)
    return false;
  const std::size_t N = G.size();
  L.Contains.assign(N, false);
  L.Contains[H] = L.Contains[L.BackEdge] = true;
  std::vector<std::uint32_t> Work{L.BackEdge};
  while (!Work.empty()) {
    std::uint32_t B = Work.back();
    Work.pop_back();
    for (std::uint32_t P : G.Preds[B])
      if (!L.Contains[P] && G.reachable(P)) {
        L.Contains[P] = true;
        Work.push_back(P);
      }
  }
  // The ways out: edges to the merge block, and blocks left behind on the
  // way to it.
  std::vector<std::uint32_t> Exits, Entered;
  std::vector<bool> LeftBehind(N, false);
  auto Leave = [&](std::uint32_t From, std::uint32_t To) {
    if (To == L.MergeBlock)
      Exits.push_back(From);
    else if (!LeftBehind[To]) {
      LeftBehind[To] = true;
      Work.push_back(To);
    }
  };
  for (std::uint32_t B = 0; B < N; ++B) {
    if (!L.Contains[B])
      continue;
    for (const ControlFlowGraph::Edge &E : G.Succs[B]) {
      if (L.Contains[E.Block])
        continue;
      if (E.Block != L.MergeBlock)
        Entered.push_back(B);
      Leave(B, E.Block);
    }
  }
  while (!Work.empty()) {
    std::uint32_t B = Work.back();
    Work.pop_back();
    if (G.Succs[B].empty())
      return false; // a return, a kill
    for (const ControlFlowGraph::Edge &E : G.Succs[B])
      Leave(B, E.Block);
  }
  L.Breaks.clear();
  const std::uint32_t ML = G.Labels[L.MergeBlock];
  const Instruction &BackTest = instruction(G.Last[L.BackEdge]);
  const bool TestsAtBack = BackTest.Opcode == Op::OpBranchConditional &&
                           !isMergeInstruction(instruction(G.Last[L.BackEdge] - 1).Opcode) &&
                           ((word(BackTest, 2) == G.Labels[H] && word(BackTest, 3) == ML) ||
                            (word(BackTest, 2) == ML && word(BackTest, 3) == G.Labels[H]));
  if (TestsAtBack && Exits.size() > 1) {
    // `do { ...; if (c) break; ... } while (t)`: the test at the back turns;
    // the breaks keep their edges, and the merge block joins their values
    // with the header's.
    L.Exit = L.BackEdge;
    for (std::uint32_t B : Exits)
      if (B != L.BackEdge)
        L.Breaks.push_back(B);
    for (std::uint32_t B = 0; B < N; ++B)
      if (LeftBehind[B])
        L.Contains[B] = true;
  } else {
    if (Exits.size() != 1 || Entered.size() > 1)
      return false; // another way out
    L.Exit = Exits.front();
  }
  if (L.Exit == H)
    return false;
  if (L.Breaks.empty() && !Entered.empty())
    return findExitThroughSelection(G, Entered.front(), LeftBehind, L);

  const Instruction &Test = instruction(G.Last[L.Exit]);
  if (Test.Opcode != Op::OpBranchConditional ||
      isMergeInstruction(instruction(G.Last[L.Exit] - 1).Opcode))
    return false;
  L.ExitTests = true;
  L.Stay = L.Exit == L.BackEdge ? G.Labels[H] : G.Labels[L.BackEdge];
  const std::uint32_t T = word(Test, 2), F = word(Test, 3);
  if (!((T == L.Stay && F == ML) || (T == ML && F == L.Stay)))
    return false;
  if (L.Exit != L.BackEdge) {
    // The back-edge block: phis and the branch back, nothing to run again.
    for (std::size_t K = G.First[L.BackEdge] + 1; K < G.Last[L.BackEdge]; ++K)
      if (instruction(K).Opcode != Op::OpPhi)
        return false;
    if (instruction(G.Last[L.BackEdge]).Opcode != Op::OpBranch)
      return false;
    L.Carriers.push_back(L.BackEdge);
  }
  return true;
}

// The way out is blocks (LeftBehind) entered from the selection header
// Entered and ending in an OpBranch to the merge block. The exit can branch
// to the selection's merge block S instead when that goes straight on to the
// back-edge block, which only branches back; when the new edge changes no
// dominance (S's immediate dominator is Entered already: nothing the other
// way defines reaches S); and from outside every construct the blocks left
// behind open (past each selection's merge; no loop, no switch).
bool LoopTurner::findExitThroughSelection(const ControlFlowGraph &G, std::uint32_t Entered,
                                          const std::vector<bool> &LeftBehind, Loop &L) const {
  const Instruction &Selection = instruction(G.Last[Entered] - 1);
  if (instruction(G.Last[L.Exit]).Opcode != Op::OpBranch ||
      Selection.Opcode != Op::OpSelectionMerge)
    return false;
  const std::uint32_t S = G.blockOf(word(Selection, 1));
  if (S == None || !L.Contains[S] || G.Idom[S] != Entered || !onlyBranches(G, S) ||
      !onlyBranches(G, L.BackEdge))
    return false;
  if (S != L.BackEdge && G.Succs[S][0].Block != L.BackEdge)
    return false;
  for (std::uint32_t B = 0; B < G.size(); ++B) {
    if (!LeftBehind[B] || G.Last[B] == G.First[B])
      continue;
    const Instruction &Header = instruction(G.Last[B] - 1);
    if (Header.Opcode == Op::OpLoopMerge || instruction(G.Last[B]).Opcode == Op::OpSwitch)
      return false;
    if (Header.Opcode == Op::OpSelectionMerge) {
      const std::uint32_t Merge = G.blockOf(word(Header, 1));
      if (Merge == None || !LeftBehind[Merge] || !dominates(G, Merge, L.Exit))
        return false;
    }
  }
  L.ExitTests = false;
  L.Stay = G.Labels[S];
  L.Carriers.push_back(S);
  if (S != L.BackEdge)
    L.Carriers.push_back(L.BackEdge);
  for (std::uint32_t B = 0; B < G.size(); ++B)
    if (LeftBehind[B])
      L.Contains[B] = true;
  return true;
}

// The values of the loop read after it, and where; false when one cannot go
// through a phi (a pointer, an image) or a block it does not expect reads
// the loop. Reads in unreachable blocks stay as they are (dominance is not
// asked of them).
bool LoopTurner::findLiveOuts(const ControlFlowGraph &G, const Loop &L, LiveOuts &Out) const {
  // Phis after an OpLine in the blocks that get phis: not worth telling apart.
  for (std::uint32_t B : {L.Header, L.MergeBlock})
    for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K)
      if (isDebugLine(instruction(K).Opcode))
        return false;
  // The loop's values, in module order, which is an order of dominance.
  for (std::uint32_t B = 0; B < G.size(); ++B) {
    if (!L.Contains[B])
      continue;
    for (std::size_t K = G.First[B] + 1; K <= G.Last[B]; ++K) {
      const Instruction &I = instruction(K);
      if (!I.ResultId)
        continue;
      bool SamePointer = I.Opcode == Op::OpAccessChain || I.Opcode == Op::OpInBoundsAccessChain;
      for (std::uint32_t U = 0; U < I.NumUses && SamePointer; ++U)
        SamePointer = !Out.TypeOf.count(W[M.Uses[I.FirstUse + U]]);
      if (SamePointer)
        Out.ChainOf[I.ResultId] = K;
      else
        Out.TypeOf[I.ResultId] = I.TypeId;
    }
  }
  // A chain read after the loop is made again there, with the chains it
  // takes its base from.
  auto NeedChain = [&](std::uint32_t Id) {
    std::vector<std::uint32_t> Work{Id};
    while (!Work.empty()) {
      const std::size_t K = Out.ChainOf.find(Work.back())->second;
      Work.pop_back();
      if (!Out.Chains.emplace(K, 0).second)
        continue;
      const Instruction &I = instruction(K);
      for (std::uint32_t U = 0; U < I.NumUses; ++U)
        if (Out.ChainOf.count(W[M.Uses[I.FirstUse + U]]))
          Work.push_back(W[M.Uses[I.FirstUse + U]]);
    }
  };
  std::unordered_set<std::uint32_t> Seen;
  auto Read = [&](std::size_t At, bool ByPhi, bool AlongExit) {
    if (Out.ChainOf.count(W[At])) {
      if (ByPhi)
        return false; // a pointer phi (VariablePointers): the copy would not dominate it
      NeedChain(W[At]);
      Out.ChainReads.push_back(At);
      return true;
    }
    auto It = Out.TypeOf.find(W[At]);
    if (It == Out.TypeOf.end())
      return true;
    if (!It->second || !hasNull(It->second))
      return false;
    if (Seen.insert(W[At]).second)
      Out.Values.push_back(W[At]);
    Out.ValueReads.push_back(At);
    Out.AlongExit.push_back(AlongExit);
    if (!AlongExit)
      Out.ReadElsewhere.insert(W[At]);
    return true;
  };
  for (std::uint32_t B = 0; B < G.size(); ++B) {
    if (L.Contains[B] || !G.reachable(B))
      continue;
    for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K) {
      const Instruction &I = instruction(K);
      if (I.Opcode != Op::OpPhi) {
        for (std::uint32_t U = 0; U < I.NumUses; ++U)
          if (!Read(M.Uses[I.FirstUse + U], false, false))
            return false;
        continue;
      }
      for (std::uint32_t At = I.Offset + 3; At + 1 < I.Offset + I.Count; At += 2) {
        const std::uint32_t From = G.blockOf(W[At + 1]);
        if (From == None || !G.reachable(From))
          continue;
        const bool FromBreak = std::find(L.Breaks.begin(), L.Breaks.end(), From) != L.Breaks.end();
        if (B == L.MergeBlock && FromBreak)
          continue; // the value at the break, joined as before
        const bool AlongExit = From == L.Exit && B == L.MergeBlock;
        if (AlongExit)
          Out.ExitLabels.push_back(At + 1);
        else if (L.Contains[From])
          return false; // findLoop found one way out
        if (!Read(At, true, AlongExit))
          return false;
      }
    }
  }
  return true;
}

// The words with loop L turned around.
std::vector<std::uint32_t> LoopTurner::turn(const ControlFlowGraph &G, const Loop &L,
                                            LiveOuts &Live) {
  Bound = W[BoundWord];
  SpirvEdits Edits;
  const std::uint32_t H = L.Header;
  const std::uint32_t HL = G.Labels[H], ML = G.Labels[L.MergeBlock];
  const Instruction &Test = instruction(G.Last[L.Exit]);
  const std::uint32_t True = constant(Edits, Op::OpConstantTrue, Bool);
  auto Null = [&](std::uint32_t V) { return constant(Edits, Op::OpConstantNull, Live.TypeOf[V]); };

  // Whether the iteration that takes the exit's new way goes on: the test's
  // outcome (negated when its true way left), or false.
  const bool KeepsCondition = L.ExitTests && word(Test, 2) == L.Stay;
  const std::uint32_t Again = KeepsCondition ? word(Test, 1)
                              : L.ExitTests  ? Bound++
                                             : constant(Edits, Op::OpConstantFalse, Bool);
  std::vector<std::uint32_t> Back;
  if (L.ExitTests && !KeepsCondition)
    Back.insert(Back.end(), {firstWord(Op::OpLogicalNot, 4), Bool, Again, word(Test, 1)});
  Back.insert(Back.end(), {firstWord(Op::OpBranch, 2), L.Stay});
  Edits.replace(Test.Offset, std::move(Back));

  // A phi over the blocks Preds: Special from the block From, Other from the
  // rest.
  auto AddPhi = [&](std::vector<std::uint32_t> &To, const std::vector<std::uint32_t> &Preds,
                    std::uint32_t Type, std::uint32_t Id, std::uint32_t From, std::uint32_t Special,
                    std::uint32_t Other) {
    To.insert(To.end(),
              {firstWord(Op::OpPhi, 3 + 2 * static_cast<std::uint32_t>(Preds.size())), Type, Id});
    for (std::uint32_t P : Preds)
      To.insert(To.end(), {P == From ? Special : Other, G.Labels[P]});
  };
  // What the back edge carries: the exit's outcome and the values, through
  // phis of the blocks on the way to it (true and nulls from the blocks that
  // go on).
  std::uint32_t GoBack = Again;
  std::unordered_map<std::uint32_t, std::uint32_t> Carried;
  for (std::uint32_t V : Live.Values)
    Carried[V] = V;
  std::uint32_t From = L.Exit;
  for (std::uint32_t B : L.Carriers) {
    std::vector<std::uint32_t> Preds = G.Preds[B];
    if (B == L.Carriers.front() && !L.ExitTests)
      Preds.push_back(L.Exit);
    std::vector<std::uint32_t> &Phis = Edits.before(instruction(G.Last[B]).Offset);
    const std::uint32_t Next = Bound++;
    AddPhi(Phis, Preds, Bool, Next, From, GoBack, True);
    GoBack = Next;
    for (std::uint32_t V : Live.Values) {
      const std::uint32_t Id = Bound++;
      AddPhi(Phis, Preds, Live.TypeOf[V], Id, From, Carried[V], Null(V));
      Carried[V] = Id;
    }
    From = B;
  }

  // The header: the go phi and a phi per value, then the test. What it
  // computes besides its phis moves to a block of its own after it.
  const std::size_t FirstOther = afterPhis(G, H);
  const Instruction &LoopMerge = instruction(G.Last[H] - 1);
  const Instruction &Enter = instruction(G.Last[H]);
  const bool Split = FirstOther != G.Last[H] - 1;
  const std::uint32_t Body = word(Enter, 1);
  const std::uint32_t Rest = Split ? Bound++ : Body;
  const std::uint32_t Go = Bound++;
  std::vector<std::uint32_t> &Head = Edits.before(instruction(FirstOther).Offset);
  AddPhi(Head, G.Preds[H], Bool, Go, L.BackEdge, GoBack, True);
  std::unordered_map<std::uint32_t, std::uint32_t> PhiOf;
  for (std::uint32_t V : Live.Values) {
    PhiOf[V] = Bound++;
    AddPhi(Head, G.Preds[H], Live.TypeOf[V], PhiOf[V], L.BackEdge, Carried[V], Null(V));
  }
  const std::vector<std::uint32_t> Leave = {firstWord(Op::OpBranchConditional, 4), Go, Rest, ML};
  if (Split) {
    Head.insert(Head.end(), W.begin() + LoopMerge.Offset,
                W.begin() + LoopMerge.Offset + LoopMerge.Count);
    Head.insert(Head.end(), Leave.begin(), Leave.end());
    Head.insert(Head.end(), {firstWord(Op::OpLabel, 2), Rest});
    Edits.replace(LoopMerge.Offset, {});
    // The body's first block is entered from the new block now.
    const std::uint32_t B = G.blockOf(Body);
    for (std::size_t K = G.First[B] + 1; K < afterPhis(G, B); ++K) {
      const Instruction &I = instruction(K);
      for (std::uint32_t At = I.Offset + 4; At < I.Offset + I.Count; At += 2)
        if (W[At] == HL)
          Edits.patch(At, Rest);
    }
  } else {
    Edits.replace(Enter.Offset, Leave);
  }

  // After the loop: the header's phis for the values, joined in the merge
  // block with their values at the breaks, if any; the chains made again.
  std::vector<std::uint32_t> &Copies = Edits.before(instruction(afterPhis(G, L.MergeBlock)).Offset);
  std::unordered_map<std::uint32_t, std::uint32_t> ReadOf = PhiOf;
  if (!L.Breaks.empty()) {
    std::vector<std::uint32_t> Preds = G.Preds[L.MergeBlock];
    std::replace(Preds.begin(), Preds.end(), L.Exit, H);
    for (std::uint32_t V : Live.Values) {
      if (!Live.ReadElsewhere.count(V))
        continue;
      ReadOf[V] = Bound++;
      Copies.insert(Copies.end(),
                    {firstWord(Op::OpPhi, 3 + 2 * static_cast<std::uint32_t>(Preds.size())),
                     Live.TypeOf[V], ReadOf[V]});
      for (std::uint32_t P : Preds) {
        const bool Break = std::find(L.Breaks.begin(), L.Breaks.end(), P) != L.Breaks.end();
        Copies.insert(Copies.end(), {P == H ? PhiOf[V] : Break ? V : Null(V), G.Labels[P]});
      }
    }
  }
  for (auto &Chain : Live.Chains)
    Chain.second = Bound++;
  for (const auto &[K, Copy] : Live.Chains) {
    const Instruction &I = instruction(K);
    const std::size_t First = Copies.size();
    Copies.insert(Copies.end(), W.begin() + I.Offset, W.begin() + I.Offset + I.Count);
    Copies[First + 2] = Copy;
    for (std::size_t At = First + 3; At < Copies.size(); ++At) {
      auto Inner = Live.ChainOf.find(Copies[At]);
      if (Inner != Live.ChainOf.end())
        Copies[At] = Live.Chains.at(Inner->second);
    }
  }
  for (std::size_t K = 0; K < Live.ValueReads.size(); ++K) {
    const std::size_t At = Live.ValueReads[K];
    Edits.patch(At, Live.AlongExit[K] ? PhiOf[W[At]] : ReadOf[W[At]]);
  }
  for (std::size_t At : Live.ChainReads)
    Edits.patch(At, Live.Chains.at(Live.ChainOf.at(W[At])));
  for (std::size_t At : Live.ExitLabels)
    Edits.patch(At, HL);
  return Edits.apply(W, instructionOffsets(M), Bound);
}

bool LoopTurner::turnInFunction(std::size_t Begin, std::size_t End,
                                std::vector<std::uint32_t> &Out) {
  ControlFlowGraph G;
  if (!buildControlFlowGraph(W, M, Begin, End, G))
    return false;
  for (std::uint32_t H = 0; H < G.size() && Bool; ++H) {
    Loop L;
    LiveOuts Live;
    if (!findLoop(G, H, L) || !findLiveOuts(G, L, Live) || Live.Values.empty())
      continue;
    Out = turn(G, L, Live);
    return true;
  }
  return false;
}

bool LoopTurner::turnOne(std::vector<std::uint32_t> &Out) {
  bool Turned = false;
  forEachFunction(M, [&](std::size_t Begin, std::size_t End) {
    if (!Turned)
      Turned = turnInFunction(Begin, End, Out);
  });
  return Turned;
}

} // namespace

unsigned ampvk::exitLoopsAtHeader(SpirvModule &Mod) {
  // One loop per parse; a kernel has a few dozen loops at most, and a bound
  // keeps a pathological module linear in its size.
  constexpr unsigned MaxLoops = 256;
  unsigned Turned = 0;
  while (Turned < MaxLoops) {
    const ParsedModule *M = Mod.parsed();
    if (!M)
      break;
    std::vector<std::uint32_t> Out;
    LoopTurner T(Mod.words(), *M);
    if (!T.turnOne(Out))
      break;
    Mod.replace(std::move(Out));
    ++Turned;
  }
  return Turned;
}
