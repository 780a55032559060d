//===- LoopExits.cpp ------------------------------------------------------===//
#include "spirv/passes/LoopExits.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvEdits.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include <functional>
#include <map>
#include <unordered_map>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t None = ControlFlowGraph::None;

// A loop's blocks, by number in its function's graph.
struct Loop {
  std::uint32_t Header, BackEdge, Merge;
  std::uint32_t Exit; // the block that branches to the merge block
  bool ExitTests;     // with a conditional branch (else an OpBranch)
  std::uint32_t Stay; // the block it branches to instead, a label
  // Blocks from the exit's new target to the back-edge block, each to get
  // phis of what the back edge carries; the first has the exit as a new
  // predecessor unless the exit tests.
  std::vector<std::uint32_t> Carry;
  std::vector<bool> Contains;
};

// Turns the first loop of the module that needs it around; one at a time, so
// that each sees the module as the previous one left it (nested loops).
class LoopTurner {
public:
  LoopTurner(const std::vector<std::uint32_t> &W, const ParsedModule &M) : W(W), M(M) {
    for (std::size_t K = 0; K < M.Instructions.size(); ++K)
      if (M.Instructions[K].ResultId)
        Def[M.Instructions[K].ResultId] = K;
  }
  // The module with one loop turned around; false when none needs it.
  bool turnOne(std::vector<std::uint32_t> &Out);

private:
  bool turnInFunction(std::size_t Begin, std::size_t End, std::vector<std::uint32_t> &Out);
  bool findLoop(const ControlFlowGraph &G, std::uint32_t H, Loop &L) const;
  bool hasNull(std::uint32_t Type, unsigned Depth = 0) const;
  const Instruction *definition(std::uint32_t Id) const {
    auto It = Def.find(Id);
    return It == Def.end() ? nullptr : &M.Instructions[It->second];
  }
  // An existing constant (OpConstantTrue, False or Null) of Type, or a new
  // one among the edits' globals.
  std::uint32_t constant(SpirvEdits &Edits, Op O, std::uint32_t Type);

  const std::vector<std::uint32_t> &W;
  const ParsedModule &M;
  std::unordered_map<std::uint32_t, std::size_t> Def; // id -> instruction
  std::uint32_t Bound = 0;
};

bool dominates(const ControlFlowGraph &G, std::uint32_t A, std::uint32_t B) {
  if (!G.reachable(B))
    return false;
  while (B != A && B != 0)
    B = G.Idom[B];
  return B == A;
}

bool LoopTurner::hasNull(std::uint32_t Type, unsigned Depth) const {
  const Instruction *T = definition(Type);
  if (!T || Depth > 8)
    return false;
  switch (T->Opcode) {
  case Op::OpTypeBool:
  case Op::OpTypeInt:
  case Op::OpTypeFloat:
  case Op::OpTypeVector:
  case Op::OpTypeMatrix:
    return true;
  case Op::OpTypeArray:
    return hasNull(W[T->Offset + 2], Depth + 1);
  case Op::OpTypeStruct:
    for (std::uint32_t K = 2; K < T->Count; ++K)
      if (!hasNull(W[T->Offset + K], Depth + 1))
        return false;
    return T->Count > 2;
  default:
    return false;
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

// Whether block B only branches on: no phis, nothing to run.
static bool onlyBranches(const ParsedModule &M, const ControlFlowGraph &G, std::uint32_t B) {
  return G.Last[B] == G.First[B] + 1 && M.Instructions[G.Last[B]].Opcode == Op::OpBranch;
}

// The loop headed by H when it can be turned: a header that enters the body
// unconditionally; one back edge; one way out, to the merge block:
//  - the back-edge block's conditional branch (`do { ... } while (c)`);
//  - a conditional branch whose other way is a back-edge block that only
//    branches back (`for (;;) { ...; if (c) break; }`);
//  - an OpBranch at the end of blocks entered from one selection of the loop
//    whose merge block only branches on to the back-edge block, which only
//    branches back (the same loop in the loop witness's variant, which
//    records the break before it leaves).
bool LoopTurner::findLoop(const ControlFlowGraph &G, std::uint32_t H, Loop &L) const {
  if (!G.reachable(H) || G.Last[H] == G.First[H])
    return false;
  const Instruction &Merge = M.Instructions[G.Last[H] - 1];
  const Instruction &Branch = M.Instructions[G.Last[H]];
  if (Merge.Opcode != Op::OpLoopMerge || Branch.Opcode != Op::OpBranch)
    return false;
  L.Header = H;
  L.Merge = G.blockOf(W[Merge.Offset + 1]);
  L.BackEdge = L.Exit = None;
  L.Carry.clear();
  for (std::uint32_t P : G.Preds[H]) {
    if (!dominates(G, H, P))
      continue;
    if (L.BackEdge != None)
      return false;
    L.BackEdge = P;
  }
  if (L.BackEdge == None || L.BackEdge == H || L.Merge == None)
    return false;
  // The blocks from which the back edge is reached without the header.
  const std::size_t N = G.size();
  L.Contains.assign(N, false);
  L.Contains[H] = true;
  std::vector<std::uint32_t> Work{L.BackEdge};
  L.Contains[L.BackEdge] = true;
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
  std::uint32_t Entered = None; // the block of the loop they are entered from
  std::vector<bool> Outside(N, false);
  for (std::uint32_t B = 0; B < N; ++B)
    if (L.Contains[B])
      for (const ControlFlowGraph::Edge &E : G.Succs[B]) {
        if (L.Contains[E.Block])
          continue;
        if (E.Block == L.Merge) {
          if (L.Exit != None)
            return false;
          L.Exit = B;
        } else {
          if (Entered != None)
            return false;
          Entered = B;
          Outside[E.Block] = true;
          Work.push_back(E.Block);
        }
      }
  while (!Work.empty()) {
    std::uint32_t B = Work.back();
    Work.pop_back();
    if (G.Succs[B].empty())
      return false; // a return, a kill
    for (const ControlFlowGraph::Edge &E : G.Succs[B]) {
      if (E.Block == L.Merge) {
        if (L.Exit != None)
          return false;
        L.Exit = B;
      } else if (!Outside[E.Block]) {
        Outside[E.Block] = true;
        Work.push_back(E.Block);
      }
    }
  }
  if (L.Exit == None || L.Exit == H)
    return false;
  const std::uint32_t ML = G.Labels[L.Merge];
  const Instruction &Test = M.Instructions[G.Last[L.Exit]];
  if (Entered == None) {
    L.ExitTests = true;
    L.Stay = L.Exit == L.BackEdge ? G.Labels[H] : G.Labels[L.BackEdge];
    if (Test.Opcode != Op::OpBranchConditional ||
        isMergeInstruction(M.Instructions[G.Last[L.Exit] - 1].Opcode))
      return false;
    const std::uint32_t T = W[Test.Offset + 2], F = W[Test.Offset + 3];
    if (!((T == L.Stay && F == ML) || (T == ML && F == L.Stay)))
      return false;
    if (L.Exit != L.BackEdge) {
      // The back-edge block: phis and the branch back, nothing to run again.
      for (std::size_t K = G.First[L.BackEdge] + 1; K < G.Last[L.BackEdge]; ++K)
        if (M.Instructions[K].Opcode != Op::OpPhi)
          return false;
      if (M.Instructions[G.Last[L.BackEdge]].Opcode != Op::OpBranch)
        return false;
      L.Carry.push_back(L.BackEdge);
    }
  } else {
    // Blocks entered from a selection of the loop; the exit goes to its merge
    // block instead, which goes on to the back edge.
    const Instruction &Selection = M.Instructions[G.Last[Entered] - 1];
    if (Test.Opcode != Op::OpBranch || Selection.Opcode != Op::OpSelectionMerge)
      return false;
    const std::uint32_t S = G.blockOf(W[Selection.Offset + 1]);
    if (S == None || !L.Contains[S] || !onlyBranches(M, G, S) || !onlyBranches(M, G, L.BackEdge))
      return false;
    // The exit may branch to that merge block only from outside every
    // construct the blocks left behind open: past each selection's merge, no
    // loop, no switch.
    for (std::uint32_t B = 0; B < N; ++B) {
      if (!Outside[B] || G.Last[B] == G.First[B])
        continue;
      const Instruction &Header = M.Instructions[G.Last[B] - 1];
      if (Header.Opcode == Op::OpLoopMerge || M.Instructions[G.Last[B]].Opcode == Op::OpSwitch)
        return false;
      if (Header.Opcode == Op::OpSelectionMerge) {
        const std::uint32_t Q = G.blockOf(W[Header.Offset + 1]);
        if (Q == None || !Outside[Q] || !dominates(G, Q, L.Exit))
          return false;
      }
    }
    L.Carry.push_back(S);
    if (S != L.BackEdge) {
      if (G.Succs[S].size() != 1 || G.Succs[S][0].Block != L.BackEdge)
        return false;
      L.Carry.push_back(L.BackEdge);
    }
    L.ExitTests = false;
    L.Stay = G.Labels[S];
    for (std::uint32_t B = 0; B < N; ++B)
      if (Outside[B])
        L.Contains[B] = true;
  }
  return true;
}

bool LoopTurner::turnInFunction(std::size_t Begin, std::size_t End,
                                std::vector<std::uint32_t> &Out) {
  ControlFlowGraph G;
  if (!buildControlFlowGraph(W, M, Begin, End, G))
    return false;
  for (std::uint32_t H = 0; H < G.size(); ++H) {
    Loop L;
    if (!findLoop(G, H, L))
      continue;
    // The values the loop defines, and the uses of them after it: operand
    // words to read the header's phi instead.
    // An access chain of operands from before the loop is the same pointer in
    // every iteration (a pointer cannot be a phi's value in logical
    // addressing): a copy at the start of the merge block serves its uses
    // after the loop.
    std::unordered_map<std::uint32_t, std::uint32_t> InLoop; // id -> type
    std::map<std::size_t, std::uint32_t> Chains;             // instruction -> copy
    std::unordered_map<std::uint32_t, std::size_t> ChainOf;  // id -> instruction
    for (std::uint32_t B = 0; B < G.size(); ++B)
      if (L.Contains[B])
        for (std::size_t K = G.First[B] + 1; K <= G.Last[B]; ++K) {
          const Instruction &I = M.Instructions[K];
          if (!I.ResultId)
            continue;
          bool Invariant = I.Opcode == Op::OpAccessChain || I.Opcode == Op::OpInBoundsAccessChain;
          for (std::uint32_t U = 0; U < I.NumUses && Invariant; ++U)
            Invariant = !InLoop.count(W[M.Uses[I.FirstUse + U]]);
          if (!Invariant)
            InLoop[I.ResultId] = I.TypeId;
          else
            ChainOf[I.ResultId] = K;
        }
    std::vector<std::size_t> UseWords, ExitLabelWords;
    std::vector<std::uint32_t> LiveOut; // in order of first use
    std::unordered_map<std::uint32_t, std::uint32_t> PhiOf;
    bool Ok = true;
    std::vector<std::size_t> ChainUseWords;
    std::function<void(std::uint32_t)> NeedChain = [&](std::uint32_t Id) {
      const std::size_t K = ChainOf[Id];
      if (!Chains.emplace(K, 0).second)
        return;
      const Instruction &I = M.Instructions[K];
      for (std::uint32_t U = 0; U < I.NumUses; ++U)
        if (ChainOf.count(W[M.Uses[I.FirstUse + U]]))
          NeedChain(W[M.Uses[I.FirstUse + U]]);
    };
    auto Use = [&](std::size_t At) {
      if (ChainOf.count(W[At])) {
        NeedChain(W[At]);
        ChainUseWords.push_back(At);
        return;
      }
      auto It = InLoop.find(W[At]);
      if (It == InLoop.end())
        return;
      if (!It->second || !hasNull(It->second))
        Ok = false;
      if (PhiOf.emplace(W[At], 0).second)
        LiveOut.push_back(W[At]);
      UseWords.push_back(At);
    };
    for (std::uint32_t B = 0; B < G.size() && Ok; ++B) {
      if (L.Contains[B])
        continue;
      for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K) {
        const Instruction &I = M.Instructions[K];
        if (I.Opcode != Op::OpPhi) {
          for (std::uint32_t U = 0; U < I.NumUses; ++U)
            Use(M.Uses[I.FirstUse + U]);
          continue;
        }
        for (std::uint32_t At = I.Offset + 3; At + 1 < I.Offset + I.Count; At += 2) {
          const std::uint32_t From = G.blockOf(W[At + 1]);
          if (From == L.Exit && B == L.Merge)
            ExitLabelWords.push_back(At + 1);
          else if (From != None && L.Contains[From])
            Ok = false; // not reached along the one exit: findLoop rules it out
          Use(At);
        }
      }
    }
    if (!Ok || LiveOut.empty())
      continue;

    // Ids: the go phi, one phi per live-out value, the negated exit test, a
    // block for what the header computes besides its phis.
    Bound = W[BoundWord];
    SpirvEdits Edits;
    const Instruction &Test = M.Instructions[G.Last[L.Exit]];
    const std::uint32_t HL = G.Labels[H], ML = G.Labels[L.Merge];
    std::uint32_t Bool = 0;
    for (const Instruction &I : M.Instructions)
      if (I.Opcode == Op::OpTypeBool)
        Bool = I.ResultId;
    if (!Bool)
      continue;
    const std::uint32_t True = constant(Edits, Op::OpConstantTrue, Bool);
    const std::uint32_t Go = Bound++;
    for (std::uint32_t V : LiveOut)
      PhiOf[V] = Bound++;
    for (auto &Chain : Chains)
      Chain.second = Bound++;
    // Whether the iteration that takes the exit's new way goes on: the
    // test's outcome (negated when its true way left), or false.
    const bool KeepsCondition = L.ExitTests && W[Test.Offset + 2] == L.Stay;
    const std::uint32_t Again = KeepsCondition ? W[Test.Offset + 1]
                                : L.ExitTests  ? Bound++
                                               : constant(Edits, Op::OpConstantFalse, Bool);

    std::size_t FirstOther = G.First[H] + 1;
    while (M.Instructions[FirstOther].Opcode == Op::OpPhi)
      ++FirstOther;
    const Instruction &LoopMerge = M.Instructions[G.Last[H] - 1];
    const Instruction &Enter = M.Instructions[G.Last[H]];
    const bool Split = FirstOther != G.Last[H] - 1;
    const std::uint32_t Body = W[Enter.Offset + 1];
    const std::uint32_t Rest = Split ? Bound++ : Body;

    // A phi over the blocks Preds: Special from the block From, Other from the
    // rest.
    auto Phi = [&](std::vector<std::uint32_t> &Out, const std::vector<std::uint32_t> &Preds,
                   std::uint32_t Type, std::uint32_t Id, std::uint32_t From, std::uint32_t Special,
                   std::uint32_t Other) {
      Out.insert(Out.end(), {firstWord(Op::OpPhi, 3 + 2 * static_cast<std::uint32_t>(Preds.size())),
                             Type, Id});
      for (std::uint32_t P : Preds)
        Out.insert(Out.end(), {P == From ? Special : Other, G.Labels[P]});
    };
    // What the back edge carries: the exit's outcome and the values, through
    // phis of the blocks on the way to it (true and nulls from the blocks
    // that continue).
    std::uint32_t GoBack = Again;
    std::unordered_map<std::uint32_t, std::uint32_t> CarriedOf;
    for (std::uint32_t V : LiveOut)
      CarriedOf[V] = V;
    std::uint32_t From = L.Exit;
    for (std::uint32_t B : L.Carry) {
      std::vector<std::uint32_t> Preds = G.Preds[B];
      if (B == L.Carry.front() && !L.ExitTests)
        Preds.push_back(L.Exit);
      std::vector<std::uint32_t> &Carry = Edits.before(M.Instructions[G.Last[B]].Offset);
      const std::uint32_t Next = Bound++;
      Phi(Carry, Preds, Bool, Next, From, GoBack, True);
      GoBack = Next;
      for (std::uint32_t V : LiveOut) {
        const std::uint32_t Carried = Bound++;
        Phi(Carry, Preds, InLoop[V], Carried, From, CarriedOf[V],
            constant(Edits, Op::OpConstantNull, InLoop[V]));
        CarriedOf[V] = Carried;
      }
      From = B;
    }
    std::vector<std::uint32_t> &Head = Edits.before(M.Instructions[FirstOther].Offset);
    Phi(Head, G.Preds[H], Bool, Go, L.BackEdge, GoBack, True);
    for (std::uint32_t V : LiveOut)
      Phi(Head, G.Preds[H], InLoop[V], PhiOf[V], L.BackEdge, CarriedOf[V],
          constant(Edits, Op::OpConstantNull, InLoop[V]));
    const std::vector<std::uint32_t> Leave = {firstWord(Op::OpBranchConditional, 4), Go, Rest, ML};
    if (Split) {
      // header: phis, merge, the test; then a block with the rest.
      Head.insert(Head.end(), W.begin() + LoopMerge.Offset,
                  W.begin() + LoopMerge.Offset + LoopMerge.Count);
      Head.insert(Head.end(), Leave.begin(), Leave.end());
      Head.insert(Head.end(), {firstWord(Op::OpLabel, 2), Rest});
      Edits.replace(LoopMerge.Offset, {});
    } else {
      Edits.replace(Enter.Offset, Leave);
    }
    if (!Chains.empty()) {
      std::size_t AfterPhis = G.First[L.Merge] + 1;
      while (M.Instructions[AfterPhis].Opcode == Op::OpPhi)
        ++AfterPhis;
      std::vector<std::uint32_t> &Copies = Edits.before(M.Instructions[AfterPhis].Offset);
      for (const auto &Chain : Chains) {
        const Instruction &I = M.Instructions[Chain.first];
        const std::size_t First = Copies.size();
        Copies.insert(Copies.end(), W.begin() + I.Offset, W.begin() + I.Offset + I.Count);
        Copies[First + 2] = Chain.second;
        for (std::size_t At = First + 3; At < Copies.size(); ++At) {
          auto Inner = ChainOf.find(Copies[At]);
          if (Inner != ChainOf.end() && Chains.count(Inner->second))
            Copies[At] = Chains[Inner->second];
        }
      }
    }
    std::vector<std::uint32_t> Back;
    if (L.ExitTests && !KeepsCondition)
      Back.insert(Back.end(), {firstWord(Op::OpLogicalNot, 4), Bool, Again, W[Test.Offset + 1]});
    Back.insert(Back.end(), {firstWord(Op::OpBranch, 2), L.Stay});
    Edits.replace(Test.Offset, std::move(Back));

    for (std::size_t At : UseWords)
      Edits.patch(At, PhiOf[W[At]]);
    for (std::size_t At : ChainUseWords)
      Edits.patch(At, Chains[ChainOf[W[At]]]);
    for (std::size_t At : ExitLabelWords)
      Edits.patch(At, HL);
    if (Split) {
      // The body's first block is entered from the new block now.
      const std::uint32_t B = G.blockOf(Body);
      for (std::size_t K = G.First[B] + 1; K <= G.Last[B]; ++K) {
        const Instruction &I = M.Instructions[K];
        if (I.Opcode == Op::OpPhi)
          for (std::uint32_t At = I.Offset + 4; At < I.Offset + I.Count; At += 2)
            if (W[At] == HL)
              Edits.patch(At, Rest);
      }
    }
    Out = Edits.apply(W, instructionOffsets(M), Bound);
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
