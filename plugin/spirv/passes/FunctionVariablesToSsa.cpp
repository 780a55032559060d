//===- FunctionVariablesToSsa.cpp -----------------------------------------===//
#include "spirv/passes/FunctionVariablesToSsa.h"
#include "spirv/ControlFlowGraph.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include <unordered_map>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t None = ControlFlowGraph::None;
// The most predecessors an OpPhi can name (65535 words).
constexpr std::size_t MaxPhiPredecessors = (65535 - 3) / 2;

struct Variable {
  std::uint32_t Id, Type, Init; // Type: the pointee; Init: 0 when none
  std::size_t At;               // its OpVariable in ParsedModule::Instructions
  bool Escapes = false;
  bool Promoted = false;
};

struct Phi {
  std::uint32_t Var; // index into the function's variables
  std::uint32_t Id;
  std::uint32_t Block;
  std::size_t FirstIncoming; // one value per predecessor of Block, in order
};

class Promotion {
public:
  Promotion(SpirvModule &Mod, const ParsedModule &M) : Mod(Mod), W(Mod.words()), M(M) {}
  unsigned run();

private:
  void findVariables();
  void promoteFunction(std::size_t Begin, std::size_t End);
  std::uint32_t undefOf(std::uint32_t Type);
  // The local number (in Locals) of the variable that I loads or stores, or
  // None when I does not access one of them.
  std::uint32_t
  localVariable(const Instruction &I,
                const std::unordered_map<std::uint32_t, std::uint32_t> &Locals) const {
    std::uint32_t Pointer = I.Opcode == Op::OpLoad    ? W[I.Offset + 3]
                            : I.Opcode == Op::OpStore ? W[I.Offset + 1]
                                                      : 0;
    if (!Pointer || VarOf[Pointer] == None)
      return None;
    auto It = Locals.find(VarOf[Pointer]);
    return It == Locals.end() ? None : It->second;
  }
  // Calls F(Index, Instruction, Local) for each load or store of one of
  // Locals' variables in block B, in order.
  template <typename Fn>
  void forEachAccess(const ControlFlowGraph &G, std::uint32_t B,
                     const std::unordered_map<std::uint32_t, std::uint32_t> &Locals,
                     Fn F) const {
    for (std::size_t K = G.First[B]; K <= G.Last[B]; ++K) {
      std::uint32_t L = localVariable(M.Instructions[K], Locals);
      if (L != None)
        F(K, M.Instructions[K], L);
    }
  }
  std::uint32_t resolve(std::uint32_t Id) const {
    return Id < Replace.size() && Replace[Id] ? Replace[Id] : Id;
  }
  // Whether I names or decorates a promoted variable or a removed load (the
  // value that replaces a load must not inherit its decorations).
  bool namesRemovedId(const Instruction &I) const {
    if (I.Opcode != Op::OpName && I.Opcode != Op::OpDecorate && I.Opcode != Op::OpDecorateId &&
        I.Opcode != Op::OpDecorateString && I.Opcode != Op::OpMemberDecorate)
      return false;
    std::uint32_t Target = W[I.Offset + 1];
    return (VarOf[Target] != None && Vars[VarOf[Target]].Promoted) || Replace[Target];
  }
  std::vector<std::uint32_t> rewrite() const;

  SpirvModule &Mod;
  const std::vector<std::uint32_t> &W;
  const ParsedModule &M;
  std::vector<Variable> Vars;
  std::vector<std::uint32_t> VarOf;   // id -> index into Vars, None
  std::vector<std::uint32_t> Replace; // a removed load's result -> its value
  std::vector<bool> Deleted;          // per instruction
  std::vector<std::uint32_t> UndefOfType;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> Undefs; // (type, id) to declare
  std::uint32_t NextId = 0;
  // The phis of each block (by label), as words, emitted after its OpLabel.
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> PhiWords;
  unsigned Promoted = 0;
};

bool isPromotableType(Op O) {
  return O == Op::OpTypeInt || O == Op::OpTypeFloat || O == Op::OpTypeBool ||
         O == Op::OpTypeVector;
}

std::uint32_t Promotion::undefOf(std::uint32_t Type) {
  if (!UndefOfType[Type]) {
    UndefOfType[Type] = NextId++;
    Undefs.push_back({Type, UndefOfType[Type]});
  }
  return UndefOfType[Type];
}

// The candidates: Function variables of scalar or vector type, and whether
// anything but a whole load, a whole store or an OpName uses them.
void Promotion::findVariables() {
  std::vector<bool> PromotableType(M.Bound, false);
  std::vector<std::uint32_t> FunctionPointee(M.Bound, 0);
  const auto Function = static_cast<std::uint32_t>(spv::StorageClass::Function);
  for (std::size_t K = 0; K < M.Instructions.size(); ++K) {
    const Instruction &I = M.Instructions[K];
    if (isPromotableType(I.Opcode))
      PromotableType[I.ResultId] = true;
    else if (I.Opcode == Op::OpTypePointer && W[I.Offset + 2] == Function)
      FunctionPointee[I.ResultId] = W[I.Offset + 3];
    else if (I.Opcode == Op::OpVariable && W[I.Offset + 3] == Function &&
             FunctionPointee[I.TypeId] && PromotableType[FunctionPointee[I.TypeId]]) {
      VarOf[I.ResultId] = static_cast<std::uint32_t>(Vars.size());
      Vars.push_back({I.ResultId, FunctionPointee[I.TypeId], I.Count > 4 ? W[I.Offset + 4] : 0,
                      K});
    }
  }
  for (const Instruction &I : M.Instructions) {
    for (std::uint32_t U = I.FirstUse; U < I.FirstUse + I.NumUses; ++U) {
      std::uint32_t Offset = M.Uses[U];
      std::uint32_t Id = W[Offset];
      if (VarOf[Id] == None)
        continue;
      bool Whole = (I.Opcode == Op::OpLoad && I.Count == 4 && Offset == I.Offset + 3) ||
                   (I.Opcode == Op::OpStore && I.Count == 3 && Offset == I.Offset + 1) ||
                   I.Opcode == Op::OpName;
      if (!Whole)
        Vars[VarOf[Id]].Escapes = true;
    }
  }
}

void Promotion::promoteFunction(std::size_t Begin, std::size_t End) {
  // This function's variables, numbered locally.
  std::vector<std::uint32_t> Local; // local -> index into Vars
  std::unordered_map<std::uint32_t, std::uint32_t> LocalOf;
  for (std::size_t K = Begin; K < End; ++K) {
    const Instruction &I = M.Instructions[K];
    if (I.Opcode == Op::OpVariable && VarOf[I.ResultId] != None &&
        !Vars[VarOf[I.ResultId]].Escapes) {
      LocalOf.emplace(VarOf[I.ResultId], static_cast<std::uint32_t>(Local.size()));
      Local.push_back(VarOf[I.ResultId]);
    }
  }
  if (Local.empty())
    return;
  ControlFlowGraph G;
  if (!buildControlFlowGraph(W, M, Begin, End, G))
    return;
  const std::size_t NumBlocks = G.size(), NumVars = Local.size();
  const std::size_t Size = End - Begin;

  // Which blocks store each variable, and which variables some block reads
  // before storing them (only those need phis).
  std::vector<std::vector<std::uint32_t>> DefBlocks(NumVars);
  std::vector<bool> LiveIn(NumVars, false);
  std::vector<std::uint32_t> StoredIn(NumVars, None);
  for (std::uint32_t B : G.Rpo)
    forEachAccess(G, B, LocalOf, [&](std::size_t, const Instruction &I, std::uint32_t L) {
      if (I.Opcode == Op::OpLoad) {
        if (StoredIn[L] != B)
          LiveIn[L] = true;
      } else if (StoredIn[L] != B) {
        StoredIn[L] = B;
        DefBlocks[L].push_back(B);
      }
    });

  // Phis on the iterated dominance frontiers.
  std::vector<std::vector<std::uint32_t>> Frontiers;
  if (!dominanceFrontiers(G, 16 * NumBlocks + 65536, Frontiers))
    return;
  std::vector<Phi> Phis;
  std::vector<std::vector<std::uint32_t>> PhisAt(NumBlocks);
  std::size_t NumIncoming = 0;
  std::vector<std::uint32_t> HasPhi(NumBlocks, None), Defines(NumBlocks, None);
  std::vector<std::uint32_t> Work;
  for (std::uint32_t L = 0; L < NumVars; ++L) {
    if (!LiveIn[L])
      continue;
    Work = DefBlocks[L];
    for (std::uint32_t B : Work)
      Defines[B] = L;
    while (!Work.empty()) {
      std::uint32_t B = Work.back();
      Work.pop_back();
      for (std::uint32_t F : Frontiers[B]) {
        if (HasPhi[F] == L)
          continue;
        HasPhi[F] = L;
        if (G.Preds[F].size() > MaxPhiPredecessors)
          return;
        PhisAt[F].push_back(static_cast<std::uint32_t>(Phis.size()));
        Phis.push_back({L, 0, F, NumIncoming});
        NumIncoming += G.Preds[F].size();
        if (NumIncoming > 8 * Size + 65536)
          return; // more phis than a linear pass may place: SPIRV-Tools' job
        if (Defines[F] != L) {
          Defines[F] = L;
          Work.push_back(F);
        }
      }
    }
  }

  // Renaming, in dominator-tree preorder: Current holds each variable's value
  // at the point reached, Undo what each block changed.
  std::vector<std::uint32_t> Current(NumVars);
  for (std::uint32_t L = 0; L < NumVars; ++L) {
    const Variable &V = Vars[Local[L]];
    Current[L] = V.Init ? V.Init : undefOf(V.Type);
  }
  std::vector<std::uint32_t> Incoming(NumIncoming);
  for (Phi &P : Phis) {
    P.Id = NextId++;
    std::uint32_t Undef = undefOf(Vars[Local[P.Var]].Type);
    std::fill(Incoming.begin() + P.FirstIncoming,
              Incoming.begin() + P.FirstIncoming + G.Preds[P.Block].size(), Undef);
  }
  std::vector<std::vector<std::uint32_t>> Children = dominatorTreeChildren(G);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> Undo; // (variable, previous value)
  std::vector<std::size_t> UndoMark(NumBlocks);
  std::vector<std::pair<std::uint32_t, bool>> Stack{{0, false}}; // (block, leaving)
  while (!Stack.empty()) {
    auto [B, Leaving] = Stack.back();
    Stack.pop_back();
    if (Leaving) {
      for (std::size_t K = Undo.size(); K > UndoMark[B]; --K)
        Current[Undo[K - 1].first] = Undo[K - 1].second;
      Undo.resize(UndoMark[B]);
      continue;
    }
    UndoMark[B] = Undo.size();
    Stack.push_back({B, true});
    for (std::uint32_t P : PhisAt[B]) {
      Undo.push_back({Phis[P].Var, Current[Phis[P].Var]});
      Current[Phis[P].Var] = Phis[P].Id;
    }
    forEachAccess(G, B, LocalOf, [&](std::size_t K, const Instruction &I, std::uint32_t L) {
      if (I.Opcode == Op::OpLoad) {
        Replace[I.ResultId] = Current[L];
      } else {
        Undo.push_back({L, Current[L]});
        Current[L] = resolve(W[I.Offset + 2]);
      }
      Deleted[K] = true;
    });
    for (const ControlFlowGraph::Edge &E : G.Succs[B])
      for (std::uint32_t P : PhisAt[E.Block])
        Incoming[Phis[P].FirstIncoming + E.Slot] = Current[Phis[P].Var];
    for (std::uint32_t C : Children[B])
      Stack.push_back({C, false});
  }
  // Unreachable blocks keep their instructions (SPIRV-Tools removes them);
  // what they loaded is undefined.
  for (std::uint32_t B = 0; B < NumBlocks; ++B) {
    if (G.reachable(B))
      continue;
    forEachAccess(G, B, LocalOf, [&](std::size_t K, const Instruction &I, std::uint32_t L) {
      if (I.Opcode == Op::OpLoad)
        Replace[I.ResultId] = undefOf(Vars[Local[L]].Type);
      Deleted[K] = true;
    });
  }

  for (std::uint32_t B = 0; B < NumBlocks; ++B) {
    if (PhisAt[B].empty())
      continue;
    std::vector<std::uint32_t> &Out = PhiWords[G.Labels[B]];
    for (std::uint32_t P : PhisAt[B]) {
      const Phi &Ph = Phis[P];
      const std::vector<std::uint32_t> &Preds = G.Preds[B];
      Out.push_back(firstWord(Op::OpPhi, static_cast<std::uint32_t>(3 + 2 * Preds.size())));
      Out.push_back(Vars[Local[Ph.Var]].Type);
      Out.push_back(Ph.Id);
      for (std::size_t K = 0; K < Preds.size(); ++K) {
        Out.push_back(Incoming[Ph.FirstIncoming + K]);
        Out.push_back(G.Labels[Preds[K]]);
      }
    }
  }
  for (std::uint32_t V : Local) {
    Vars[V].Promoted = true;
    Deleted[Vars[V].At] = true;
    ++Promoted;
  }
}

std::vector<std::uint32_t> Promotion::rewrite() const {
  std::vector<std::uint32_t> Out(W.begin(), W.begin() + HeaderWords);
  Out.reserve(W.size() + 3 * Undefs.size());
  bool UndefsWritten = false;
  for (std::size_t K = 0; K < M.Instructions.size(); ++K) {
    const Instruction &I = M.Instructions[K];
    if (I.Opcode == Op::OpFunction && !UndefsWritten) {
      for (auto [Type, Id] : Undefs)
        Out.insert(Out.end(), {firstWord(Op::OpUndef, 3), Type, Id});
      UndefsWritten = true;
    }
    if (Deleted[K])
      continue;
    if (namesRemovedId(I))
      continue;
    std::size_t At = Out.size();
    Out.insert(Out.end(), W.begin() + I.Offset, W.begin() + I.Offset + I.Count);
    for (std::uint32_t U = I.FirstUse; U < I.FirstUse + I.NumUses; ++U) {
      std::size_t Word = At + (M.Uses[U] - I.Offset);
      Out[Word] = resolve(Out[Word]);
    }
    if (I.Opcode == Op::OpLabel) {
      auto Phis = PhiWords.find(I.ResultId);
      if (Phis != PhiWords.end())
        Out.insert(Out.end(), Phis->second.begin(), Phis->second.end());
    }
  }
  Out[BoundWord] = NextId;
  return Out;
}

unsigned Promotion::run() {
  NextId = M.Bound;
  VarOf.assign(M.Bound, None);
  findVariables();
  if (Vars.empty())
    return 0;
  Replace.assign(M.Bound, 0);
  Deleted.assign(M.Instructions.size(), false);
  UndefOfType.assign(M.Bound, 0);
  forEachFunction(M, [this](std::size_t Begin, std::size_t End) { promoteFunction(Begin, End); });
  if (Promoted)
    Mod.replace(rewrite());
  return Promoted;
}

} // namespace

unsigned ampvk::functionVariablesToSsa(SpirvModule &Mod) {
  const ParsedModule *M = Mod.parsed();
  return M ? Promotion(Mod, *M).run() : 0;
}
