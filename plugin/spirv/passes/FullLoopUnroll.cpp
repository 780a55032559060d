//===- FullLoopUnroll.cpp -------------------------------------------------===//
#include "spirv/passes/FullLoopUnroll.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t None = ~0u;
constexpr std::uint32_t UnrollBit = 0x1; // LoopControl Unroll
// Loops that run longer are left to SPIRV-Tools' pass.
constexpr std::uint32_t MaxTrips = 1u << 16;
// Vulkan's limit on a module's ids; a loop whose copies would pass it stays.
constexpr std::uint64_t MaxIdBound = 0x3FFFFF;

// An instruction: the module's own, or one this pass made. Its words are
// Pool[At, At + Count); its id operands are at the positions
// UsePositions[FirstUse, FirstUse + NumUses), which a copy shares.
struct Inst {
  std::uint32_t At, Count;
  std::uint32_t FirstUse, NumUses;
  std::uint32_t Result;   // 0 when none
  std::uint32_t ResultAt; // its word, when there is one
  Op Opcode;
};

struct Block {
  std::uint32_t Label;
  std::vector<std::uint32_t> Insts; // after its OpLabel, to its terminator
};

struct Function {
  std::vector<std::uint32_t> Prologue; // OpFunction and its parameters
  std::vector<Block> Blocks;
  std::uint32_t End = 0; // OpFunctionEnd
};

bool isIntCompare(Op O) {
  switch (O) {
  case Op::OpIEqual: case Op::OpINotEqual: case Op::OpSLessThan: case Op::OpSLessThanEqual:
  case Op::OpSGreaterThan: case Op::OpSGreaterThanEqual: case Op::OpULessThan:
  case Op::OpULessThanEqual: case Op::OpUGreaterThan: case Op::OpUGreaterThanEqual:
    return true;
  default:
    return false;
  }
}

bool compareInts(Op O, std::uint32_t A, std::uint32_t B) {
  auto SA = static_cast<std::int32_t>(A), SB = static_cast<std::int32_t>(B);
  switch (O) {
  case Op::OpIEqual: return A == B;
  case Op::OpINotEqual: return A != B;
  case Op::OpSLessThan: return SA < SB;
  case Op::OpSLessThanEqual: return SA <= SB;
  case Op::OpSGreaterThan: return SA > SB;
  case Op::OpSGreaterThanEqual: return SA >= SB;
  case Op::OpULessThan: return A < B;
  case Op::OpULessThanEqual: return A <= B;
  case Op::OpUGreaterThan: return A > B;
  default: return A >= B; // OpUGreaterThanEqual
  }
}

// An instruction that computes the same result from the same operands, with
// no effect beyond it.
bool isPure(Op O) {
  switch (O) {
  case Op::OpIAdd: case Op::OpISub: case Op::OpIMul: case Op::OpSDiv: case Op::OpUDiv:
  case Op::OpSRem: case Op::OpSMod: case Op::OpUMod: case Op::OpSNegate:
  case Op::OpFAdd: case Op::OpFSub: case Op::OpFMul: case Op::OpFDiv: case Op::OpFRem:
  case Op::OpFMod: case Op::OpFNegate: case Op::OpVectorTimesScalar: case Op::OpDot:
  case Op::OpNot: case Op::OpBitwiseAnd: case Op::OpBitwiseOr: case Op::OpBitwiseXor:
  case Op::OpShiftLeftLogical: case Op::OpShiftRightLogical:
  case Op::OpShiftRightArithmetic: case Op::OpLogicalAnd: case Op::OpLogicalOr:
  case Op::OpLogicalNot: case Op::OpLogicalEqual: case Op::OpLogicalNotEqual:
  case Op::OpSelect: case Op::OpConvertFToS: case Op::OpConvertFToU:
  case Op::OpConvertSToF: case Op::OpConvertUToF: case Op::OpUConvert: case Op::OpSConvert:
  case Op::OpFConvert: case Op::OpBitcast: case Op::OpCopyObject:
  case Op::OpCompositeExtract: case Op::OpCompositeInsert: case Op::OpCompositeConstruct:
  case Op::OpVectorShuffle: case Op::OpVectorExtractDynamic: case Op::OpVectorInsertDynamic:
  case Op::OpAccessChain: case Op::OpInBoundsAccessChain: case Op::OpFOrdEqual:
  case Op::OpFOrdNotEqual: case Op::OpFOrdLessThan: case Op::OpFOrdLessThanEqual:
  case Op::OpFOrdGreaterThan: case Op::OpFOrdGreaterThanEqual: case Op::OpFUnordEqual:
  case Op::OpFUnordNotEqual: case Op::OpFUnordLessThan: case Op::OpFUnordLessThanEqual:
  case Op::OpFUnordGreaterThan: case Op::OpFUnordGreaterThanEqual: case Op::OpIsNan:
  case Op::OpIsInf:
    return true;
  default:
    return isIntCompare(O);
  }
}

// A loop header's OpPhi: its value on entry and the value its continue target
// hands back.
struct HeaderPhi {
  std::uint32_t Id, Entry, Latch;
};

// What the unroll of one loop needs to know, found by Unroller::analyze.
struct CountedLoop {
  std::uint32_t Header, Test, Continue, Merge; // block numbers
  std::uint32_t MergeLabel, BodyLabel;          // the test's two targets
  std::uint32_t Trips;
  // The counter (an index into Phis), its type, and its value on each trip
  // and after the last.
  std::uint32_t Counter, CounterType;
  std::vector<std::uint32_t> CounterValues;
  std::vector<char> InLoop;          // per block of the function
  std::vector<std::uint32_t> Order; // the loop's blocks, in function order
  std::vector<HeaderPhi> Phis;
};

class Unroller {
public:
  Unroller(SpirvModule &Mod, const ParsedModule &M) : Mod(Mod), W(Mod.words()), M(M) {}
  unsigned run();

private:
  bool load();
  bool unrollLoop(Function &F, std::uint32_t HeaderLabel);
  bool analyze(const Function &F, std::uint32_t HeaderLabel, CountedLoop &L);
  bool countTrips(const Function &F, CountedLoop &L);
  bool isOneLine(const Function &F, const CountedLoop &L) const;
  void unroll(Function &F, CountedLoop &L);
  std::vector<std::uint32_t> write() const;

  std::uint32_t word(const Inst &I, std::uint32_t K) const { return Pool[I.At + K]; }
  std::uint32_t use(const Inst &I, std::uint32_t K) const {
    return Pool[I.At + UsePositions[I.FirstUse + K]];
  }
  const Inst &terminator(const Block &B) const { return Insts[B.Insts.back()]; }
  // Whether B is the header of a loop marked Unroll.
  bool isUnrollHeader(const Block &B) const {
    const Inst *Merge = mergeOf(B);
    return Merge && Merge->Opcode == Op::OpLoopMerge && (word(*Merge, 3) & UnrollBit);
  }
  // The merge instruction of a header block, or nullptr.
  const Inst *mergeOf(const Block &B) const {
    if (B.Insts.size() < 2 || !isMergeInstruction(Insts[B.Insts[B.Insts.size() - 2]].Opcode))
      return nullptr;
    return &Insts[B.Insts[B.Insts.size() - 2]];
  }
  // Calls F(Label) for each block a terminator branches to.
  template <typename Fn> void forEachTarget(const Inst &T, Fn F) const {
    for (std::uint32_t K = firstTargetUse(T.Opcode, T.NumUses); K < T.NumUses; ++K)
      F(use(T, K));
  }
  std::uint32_t freshId() {
    growTables(Bound + 1);
    return Bound++;
  }
  void growTables(std::size_t Size) {
    if (Map.size() >= Size)
      return;
    std::size_t N = std::max(Size, Map.size() * 2);
    Map.resize(N, 0);
    MapGen.resize(N, 0);
    BlockIndex.resize(N, None);
    BlockGen.resize(N, 0);
    Dropped.resize(N, 0);
    InvariantGen.resize(N, 0);
  }
  // Id as copy being made sees it: a loop value's copy, otherwise itself.
  std::uint32_t mapped(std::uint32_t Id) const { return MapGen[Id] == Gen ? Map[Id] : Id; }
  std::uint32_t blockOf(std::uint32_t Label) const {
    return Label < BlockGen.size() && BlockGen[Label] == Gen ? BlockIndex[Label] : None;
  }
  std::uint32_t copyInst(std::uint32_t Index);
  std::uint32_t constant(std::uint32_t Type, std::uint32_t Value);
  std::uint32_t branchTo(std::uint32_t Label);

  SpirvModule &Mod;
  const std::vector<std::uint32_t> &W;
  const ParsedModule &M;
  std::vector<std::uint32_t> Pool;
  std::vector<std::uint16_t> UsePositions;
  std::vector<Inst> Insts;
  std::uint32_t Bound = 0;
  std::vector<std::uint32_t> Prefix; // the instructions before the functions
  std::vector<Function> Functions;
  std::unordered_map<std::uint32_t, std::uint32_t> IntConstants; // 32-bit: id -> value
  // The same by type and value, and the constants this pass made.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> ConstantIds;
  std::vector<std::uint32_t> NewConstants;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> DecorationsOf;
  std::vector<std::uint32_t> NewDecorations;
  std::vector<char> Dropped; // by id: a header phi that is gone
  // Per loop (Gen counts them): the copy's ids, and the function's blocks.
  std::uint32_t Gen = 0;
  std::vector<std::uint32_t> Map, MapGen, BlockIndex, BlockGen;
  // By id: a result every copy would compute alike (InvariantGen == Gen).
  std::vector<std::uint32_t> InvariantGen;
  unsigned Unrolled = 0;
};

bool Unroller::load() {
  Bound = M.Bound;
  Pool = W;
  growTables(Bound);
  Insts.reserve(M.Instructions.size());
  std::unordered_map<std::uint32_t, bool> Int32Types;
  Function *F = nullptr;
  for (std::uint32_t K = 0; K < M.Instructions.size(); ++K) {
    const Instruction &I = M.Instructions[K];
    Inst N{I.Offset, I.Count, static_cast<std::uint32_t>(UsePositions.size()), I.NumUses,
           I.ResultId, I.TypeId ? 2u : 1u, I.Opcode};
    for (std::uint32_t U = I.FirstUse; U < I.FirstUse + I.NumUses; ++U)
      UsePositions.push_back(static_cast<std::uint16_t>(M.Uses[U] - I.Offset));
    Insts.push_back(N);
    switch (I.Opcode) {
    case Op::OpTypeInt:
      if (W[I.Offset + 2] == 32)
        Int32Types[I.ResultId] = true;
      break;
    case Op::OpConstant:
      if (Int32Types.count(I.TypeId)) {
        IntConstants[I.ResultId] = W[I.Offset + 3];
        ConstantIds.emplace(std::make_pair(I.TypeId, W[I.Offset + 3]), I.ResultId);
      }
      break;
    case Op::OpDecorate:
      DecorationsOf[W[I.Offset + 1]].push_back(K);
      break;
    case Op::OpFunction:
      Functions.emplace_back();
      F = &Functions.back();
      F->Prologue.push_back(K);
      continue;
    default:
      break;
    }
    if (!F) {
      Prefix.push_back(K);
    } else if (I.Opcode == Op::OpLabel) {
      F->Blocks.push_back({I.ResultId, {}});
    } else if (I.Opcode == Op::OpFunctionEnd) {
      F->End = K;
      F = nullptr;
    } else if (F->Blocks.empty()) {
      F->Prologue.push_back(K);
    } else {
      F->Blocks.back().Insts.push_back(K);
    }
  }
  for (const Function &Fn : Functions)
    for (const Block &B : Fn.Blocks)
      if (B.Insts.empty())
        return false;
  return true;
}

bool Unroller::analyze(const Function &F, std::uint32_t HeaderLabel, CountedLoop &L) {
  ++Gen;
  for (std::uint32_t B = 0; B < F.Blocks.size(); ++B) {
    BlockIndex[F.Blocks[B].Label] = B;
    BlockGen[F.Blocks[B].Label] = Gen;
  }
  L.Header = blockOf(HeaderLabel);
  if (L.Header == None)
    return false;
  const Block &H = F.Blocks[L.Header];
  if (!isUnrollHeader(H))
    return false;
  const Inst *LoopMerge = mergeOf(H);
  L.MergeLabel = word(*LoopMerge, 1);
  L.Merge = blockOf(L.MergeLabel);
  L.Continue = blockOf(word(*LoopMerge, 2));
  if (L.Merge == None || L.Continue == None || L.Continue == L.Header)
    return false;

  // The loop: what the header reaches without passing its merge block or
  // coming back to itself.
  const std::size_t N = F.Blocks.size();
  L.InLoop.assign(N, 0);
  L.InLoop[L.Header] = 1;
  std::vector<std::uint32_t> Stack{L.Header};
  bool Known = true;
  while (!Stack.empty() && Known) {
    std::uint32_t B = Stack.back();
    Stack.pop_back();
    forEachTarget(terminator(F.Blocks[B]), [&](std::uint32_t Label) {
      std::uint32_t S = blockOf(Label);
      if (S == None)
        Known = false;
      else if (S != L.Merge && !L.InLoop[S]) {
        L.InLoop[S] = 1;
        Stack.push_back(S);
      }
    });
  }
  if (!Known || !L.InLoop[L.Continue])
    return false;

  // The test: the header, or the one block the header branches to.
  const Inst &HeaderBranch = terminator(H);
  if (HeaderBranch.Opcode == Op::OpBranchConditional)
    L.Test = L.Header;
  else if (HeaderBranch.Opcode == Op::OpBranch)
    L.Test = blockOf(use(HeaderBranch, 0));
  else
    return false;
  if (L.Test == None || !L.InLoop[L.Test] || L.Test == L.Continue ||
      (L.Test != L.Header && mergeOf(F.Blocks[L.Test])))
    return false;
  const Inst &TestBranch = terminator(F.Blocks[L.Test]);
  if (TestBranch.Opcode != Op::OpBranchConditional)
    return false;
  bool ContinueWhenTrue = use(TestBranch, 2) == L.MergeLabel;
  if (ContinueWhenTrue == (use(TestBranch, 1) == L.MergeLabel))
    return false; // both or neither target leaves
  L.BodyLabel = use(TestBranch, ContinueWhenTrue ? 1 : 2);
  std::uint32_t Body = blockOf(L.BodyLabel);
  if (Body == L.Header || !L.InLoop[Body])
    return false;
  const Inst &BackEdge = terminator(F.Blocks[L.Continue]);
  if (BackEdge.Opcode != Op::OpBranch)
    return false;

  // Edges: into the loop only to the header (from one block before it) and
  // from the continue target back; out of it only from the test to the
  // merge block; the test entered from the header alone, the continue
  // target from one block.
  std::uint32_t Before = None;
  std::uint32_t ContinuePreds = 0;
  bool Shaped = true;
  for (std::uint32_t B = 0; B < N && Shaped; ++B) {
    forEachTarget(terminator(F.Blocks[B]), [&](std::uint32_t Label) {
      std::uint32_t S = blockOf(Label);
      if (S == None) {
        Shaped = false;
      } else if (S == L.Header) {
        if (L.InLoop[B])
          Shaped &= B == L.Continue;
        else {
          Shaped &= Before == None || Before == B;
          Before = B;
        }
      } else if (S == L.Merge) {
        Shaped &= !L.InLoop[B] || B == L.Test;
      } else if (L.InLoop[S]) {
        Shaped &= L.InLoop[B] && (S != L.Test || L.Test == L.Header || B == L.Header);
        ContinuePreds += S == L.Continue;
      }
    });
    // A construct inside the loop keeps its merge block and continue target
    // inside (a merge block no path reaches would not be copied); one outside
    // names none of the loop's blocks.
    if (const Inst *Merge = mergeOf(F.Blocks[B]); Merge && B != L.Header) {
      for (std::uint32_t K = 1; K <= (Merge->Opcode == Op::OpLoopMerge ? 2u : 1u); ++K) {
        std::uint32_t Target = blockOf(word(*Merge, K));
        Shaped &= Target != None && (L.InLoop[B] ? L.InLoop[Target] != 0
                                                : !L.InLoop[Target] || Target == L.Header);
      }
    }
  }
  if (!Shaped || Before == None || ContinuePreds != 1)
    return false;

  // The header's phis, each from the block before the loop and from the
  // continue target.
  for (std::uint32_t K : H.Insts) {
    const Inst &I = Insts[K];
    if (I.Opcode != Op::OpPhi)
      continue;
    if (I.NumUses != 4)
      return false;
    HeaderPhi P{I.Result, 0, 0};
    for (std::uint32_t U = 0; U < 4; U += 2) {
      std::uint32_t From = blockOf(use(I, U + 1));
      if (From == L.Continue)
        P.Latch = use(I, U);
      else if (From == Before)
        P.Entry = use(I, U);
    }
    if (!P.Entry || !P.Latch)
      return false;
    L.Phis.push_back(P);
  }
  for (std::uint32_t B = 0; B < N; ++B)
    if (L.InLoop[B])
      L.Order.push_back(B);
  if (L.Order[0] != L.Header || !countTrips(F, L))
    return false;
  std::uint64_t LoopIds = 0; // its labels and results, each copy's anew
  for (std::uint32_t B : L.Order) {
    LoopIds += 1;
    for (std::uint32_t K : F.Blocks[B].Insts)
      LoopIds += Insts[K].Result != 0;
  }
  return Bound + LoopIds * (L.Trips + 1) + L.Trips + 2 <= MaxIdBound;
}

bool Unroller::countTrips(const Function &F, CountedLoop &L) {
  // The instructions of the loop by their results.
  std::unordered_map<std::uint32_t, const Inst *> Defs;
  for (std::uint32_t B = 0; B < F.Blocks.size(); ++B)
    if (L.InLoop[B])
      for (std::uint32_t K : F.Blocks[B].Insts)
        if (Insts[K].Result)
          Defs[Insts[K].Result] = &Insts[K];
  auto Def = [&](std::uint32_t Id) -> const Inst * {
    auto It = Defs.find(Id);
    return It == Defs.end() ? nullptr : It->second;
  };
  auto Constant = [&](std::uint32_t Id, std::uint32_t &Value) {
    auto It = IntConstants.find(Id);
    if (It == IntConstants.end())
      return false;
    Value = It->second;
    return true;
  };
  const Inst &TestBranch = terminator(F.Blocks[L.Test]);
  bool ContinueWhenTrue = use(TestBranch, 2) == L.MergeLabel;
  const Inst *Compare = Def(use(TestBranch, 0));
  if (!Compare || !isIntCompare(Compare->Opcode))
    return false;
  // The counter: a header phi compared with a constant.
  std::uint32_t Lhs = use(*Compare, 0), Rhs = use(*Compare, 1);
  const HeaderPhi *Counter = nullptr;
  std::uint32_t Limit = 0;
  bool CounterLeft = false;
  for (const HeaderPhi &P : L.Phis) {
    if (P.Id == Lhs && Constant(Rhs, Limit))
      Counter = &P, CounterLeft = true;
    else if (P.Id == Rhs && Constant(Lhs, Limit))
      Counter = &P;
  }
  std::uint32_t First = 0, Step = 0;
  if (!Counter || !Constant(Counter->Entry, First))
    return false;
  const Inst *Next = Def(Counter->Latch);
  if (!Next || (Next->Opcode != Op::OpIAdd && Next->Opcode != Op::OpISub))
    return false;
  std::uint32_t A = use(*Next, 0), B = use(*Next, 1);
  bool Subtract = Next->Opcode == Op::OpISub;
  if (!(A == Counter->Id && Constant(B, Step)) &&
      (Subtract || !(B == Counter->Id && Constant(A, Step))))
    return false;
  for (std::uint32_t K : F.Blocks[L.Header].Insts)
    if (Insts[K].Result == Counter->Id)
      L.CounterType = word(Insts[K], 1);
  L.Counter = static_cast<std::uint32_t>(Counter - L.Phis.data());
  std::uint32_t Value = First;
  for (L.Trips = 0;; ++L.Trips) {
    L.CounterValues.push_back(Value);
    bool Holds = CounterLeft ? compareInts(Compare->Opcode, Value, Limit)
                             : compareInts(Compare->Opcode, Limit, Value);
    if (Holds != ContinueWhenTrue)
      break;
    if (L.Trips == MaxTrips)
      return false;
    Value = Subtract ? Value - Step : Value + Step;
  }
  return L.Trips > 0;
}

std::uint32_t Unroller::copyInst(std::uint32_t Index) {
  Inst I = Insts[Index];
  std::uint32_t At = static_cast<std::uint32_t>(Pool.size());
  Pool.resize(At + I.Count);
  std::copy_n(Pool.begin() + I.At, I.Count, Pool.begin() + At);
  I.At = At;
  if (I.Result) {
    I.Result = mapped(I.Result);
    Pool[At + I.ResultAt] = I.Result;
  }
  for (std::uint32_t K = 0; K < I.NumUses; ++K) {
    std::uint32_t &Word = Pool[At + UsePositions[I.FirstUse + K]];
    Word = mapped(Word);
  }
  Insts.push_back(I);
  return static_cast<std::uint32_t>(Insts.size() - 1);
}

std::uint32_t Unroller::constant(std::uint32_t Type, std::uint32_t Value) {
  auto [It, New] = ConstantIds.emplace(std::make_pair(Type, Value), 0);
  if (!New)
    return It->second;
  It->second = freshId();
  Inst I{static_cast<std::uint32_t>(Pool.size()), 4,
         static_cast<std::uint32_t>(UsePositions.size()), 0, It->second, 2,
         Op::OpConstant};
  Pool.insert(Pool.end(), {firstWord(Op::OpConstant, 4), Type, It->second, Value});
  Insts.push_back(I);
  NewConstants.push_back(static_cast<std::uint32_t>(Insts.size() - 1));
  IntConstants[It->second] = Value;
  return It->second;
}

std::uint32_t Unroller::branchTo(std::uint32_t Label) {
  Inst I{static_cast<std::uint32_t>(Pool.size()), 2,
         static_cast<std::uint32_t>(UsePositions.size()), 1, 0, 0, Op::OpBranch};
  Pool.push_back(firstWord(Op::OpBranch, 2));
  Pool.push_back(Label);
  UsePositions.push_back(1);
  Insts.push_back(I);
  return static_cast<std::uint32_t>(Insts.size() - 1);
}

void Unroller::unroll(Function &F, CountedLoop &L) {
  const std::uint32_t HeaderLabel = F.Blocks[L.Header].Label;
  // The header and the test are copied once more than the other blocks.
  std::vector<std::uint32_t> Head{L.Header};
  if (L.Test != L.Header)
    Head.push_back(L.Test);
  // The ids the loop defines (labels and results, but the header's phis):
  // the header's label first, then the rest of the header's and the test's.
  std::vector<std::uint32_t> Ids;
  auto AddIds = [&](std::uint32_t B) {
    Ids.push_back(F.Blocks[B].Label);
    for (std::uint32_t I : F.Blocks[B].Insts)
      if (Insts[I].Result && !(B == L.Header && Insts[I].Opcode == Op::OpPhi))
        Ids.push_back(Insts[I].Result);
  };
  for (std::uint32_t B : Head)
    AddIds(B);
  const std::size_t HeadIds = Ids.size();
  for (std::uint32_t B : L.Order)
    if (B != L.Header && B != L.Test)
      AddIds(B);
  for (std::uint32_t Id : Ids) {
    Map[Id] = Id;
    MapGen[Id] = Gen;
  }
  std::vector<std::uint32_t> Values(L.Phis.size());
  for (std::size_t P = 0; P < L.Phis.size(); ++P) {
    Values[P] = P == L.Counter ? constant(L.CounterType, L.CounterValues[0]) : L.Phis[P].Entry;
    MapGen[L.Phis[P].Id] = Gen;
    Dropped[L.Phis[P].Id] = 1;
  }
  // In a loop that is one line of blocks, a pure instruction whose operands
  // come from before the loop or from such instructions computes in every
  // copy what it computed in the first: the later copies use the first copy's
  // result instead of their own. That is what block-local redundancy
  // elimination makes of such copies once their line is one block (so the
  // kernel comes out the same), without making them first. (In a loop with
  // inner control flow, it would reach across blocks where that pass does
  // not, and change the kernel.)
  auto Invariant = [&](std::uint32_t Id) { return InvariantGen[Id] == Gen; };
  if (isOneLine(F, L)) {
    for (std::uint32_t B : L.Order) {
      for (std::uint32_t K : F.Blocks[B].Insts) {
        const Inst &I = Insts[K];
        if (!I.Result || !isPure(I.Opcode))
          continue;
        bool Same = true;
        for (std::uint32_t U = 0; U < I.NumUses && Same; ++U)
          Same = MapGen[use(I, U)] != Gen || Invariant(use(I, U));
        if (Same)
          InvariantGen[I.Result] = Gen;
      }
    }
  }

  std::vector<Block> Copies;
  std::uint32_t NextHeader = HeaderLabel;
  for (std::uint32_t Copy = 0; Copy <= L.Trips; ++Copy) {
    const bool Last = Copy == L.Trips;
    const std::size_t Defined = Last ? HeadIds : Ids.size();
    if (Copy > 0) {
      Map[HeaderLabel] = NextHeader;
      for (std::size_t K = 1; K < Defined; ++K) {
        std::uint32_t Id = Invariant(Ids[K]) ? Ids[K] : freshId(); // may grow Map
        Map[Ids[K]] = Id;
      }
    }
    for (std::size_t P = 0; P < L.Phis.size(); ++P)
      Map[L.Phis[P].Id] = Values[P];
    if (!Last)
      NextHeader = freshId();
    for (std::uint32_t B : Last ? Head : L.Order) {
      const Block &From = F.Blocks[B];
      Block To{mapped(From.Label), {}};
      To.Insts.reserve(From.Insts.size());
      for (std::size_t I = 0; I + 1 < From.Insts.size(); ++I) {
        Op O = Insts[From.Insts[I]].Opcode;
        if (B == L.Header && (O == Op::OpPhi || O == Op::OpLoopMerge))
          continue;
        if (Copy > 0 && Insts[From.Insts[I]].Result && Invariant(Insts[From.Insts[I]].Result))
          continue;
        To.Insts.push_back(copyInst(From.Insts[I]));
      }
      if (B == L.Test)
        To.Insts.push_back(branchTo(Last ? L.MergeLabel : mapped(L.BodyLabel)));
      else if (B == L.Continue)
        To.Insts.push_back(branchTo(NextHeader));
      else
        To.Insts.push_back(copyInst(From.Insts.back()));
      Copies.push_back(std::move(To));
    }
    if (Copy > 0) {
      for (std::size_t K = 0; K < Defined; ++K) {
        auto It = DecorationsOf.find(Ids[K]);
        if (It == DecorationsOf.end() || Invariant(Ids[K]))
          continue;
        // Copied with the instruction (an outer loop's unroll copies them again).
        std::vector<std::uint32_t> &Copied = DecorationsOf[Map[Ids[K]]];
        for (std::uint32_t D : It->second) {
          NewDecorations.push_back(copyInst(D)); // its target is the copy's id
          Copied.push_back(NewDecorations.back());
        }
      }
    }
    if (!Last) {
      std::vector<std::uint32_t> Next(L.Phis.size());
      for (std::size_t P = 0; P < L.Phis.size(); ++P)
        Next[P] = P == L.Counter ? constant(L.CounterType, L.CounterValues[Copy + 1])
                                 : mapped(L.Phis[P].Latch);
      Values = std::move(Next);
    }
  }

  // After the loop its phis are their last values, the header's and the
  // test's results their last copies', and the merge block's phis come from
  // the last test.
  const std::uint32_t TestLabel = F.Blocks[L.Test].Label;
  const std::uint32_t LastTest = Map[TestLabel];
  for (std::size_t K = 0; K < F.Blocks.size(); ++K) {
    if (L.InLoop[K])
      continue;
    for (std::uint32_t Index : F.Blocks[K].Insts) {
      const Inst &I = Insts[Index];
      for (std::uint32_t U = 0; U < I.NumUses; ++U) {
        std::uint32_t &Word = Pool[I.At + UsePositions[I.FirstUse + U]];
        if (MapGen[Word] != Gen)
          continue;
        if (Word == TestLabel || Word == HeaderLabel) {
          if (I.Opcode == Op::OpPhi && Word == TestLabel)
            Word = LastTest;
        } else {
          Word = Map[Word];
        }
      }
    }
  }
  std::vector<Block> Blocks;
  Blocks.reserve(F.Blocks.size() - L.Order.size() + Copies.size());
  for (std::uint32_t B = 0; B < F.Blocks.size(); ++B) {
    if (B == L.Header)
      for (Block &C : Copies)
        Blocks.push_back(std::move(C));
    else if (!L.InLoop[B])
      Blocks.push_back(std::move(F.Blocks[B]));
  }
  F.Blocks = std::move(Blocks);
  ++Unrolled;
}

// Whether the loop is one line of blocks: each ends with OpBranch but the
// test, none is a header but the loop's own. Its unrolled copies are then one
// line too, which StraightLineBlocks.h joins into one block.
bool Unroller::isOneLine(const Function &F, const CountedLoop &L) const {
  for (std::uint32_t B : L.Order) {
    if (B == L.Test || B == L.Header)
      continue;
    if (terminator(F.Blocks[B]).Opcode != Op::OpBranch || mergeOf(F.Blocks[B]))
      return false;
  }
  return L.Test == L.Header || terminator(F.Blocks[L.Header]).Opcode == Op::OpBranch;
}

bool Unroller::unrollLoop(Function &F, std::uint32_t HeaderLabel) {
  CountedLoop L;
  if (!analyze(F, HeaderLabel, L))
    return false;
  unroll(F, L);
  return true;
}

std::vector<std::uint32_t> Unroller::write() const {
  std::vector<std::uint32_t> Out(W.begin(), W.begin() + HeaderWords);
  Out[BoundWord] = Bound;
  Out.reserve(Pool.size());
  auto Put = [&](std::uint32_t Index) {
    const Inst &I = Insts[Index];
    if (namesOrDecorates(I.Opcode) && Dropped[Pool[I.At + 1]])
      return; // names or decorates a header phi that is gone
    Out.insert(Out.end(), Pool.begin() + I.At, Pool.begin() + I.At + I.Count);
  };
  std::vector<std::size_t> Offsets;
  for (std::uint32_t K : Prefix)
    Offsets.push_back(Insts[K].At);
  const std::size_t AnnotationsEnd = annotationsEnd(W, Offsets);
  bool Decorated = false;
  for (std::uint32_t K : Prefix) {
    const Inst &I = Insts[K];
    if (!Decorated && I.At >= AnnotationsEnd) {
      for (std::uint32_t D : NewDecorations)
        Put(D);
      Decorated = true;
    }
    Put(K);
  }
  if (!Decorated)
    for (std::uint32_t D : NewDecorations)
      Put(D);
  for (std::uint32_t K : NewConstants) // after the globals: they use only a type
    Put(K);
  for (const Function &F : Functions) {
    for (std::uint32_t K : F.Prologue)
      Put(K);
    for (const Block &B : F.Blocks) {
      Out.push_back(firstWord(Op::OpLabel, 2));
      Out.push_back(B.Label);
      for (std::uint32_t K : B.Insts)
        Put(K);
    }
    Put(F.End);
  }
  return Out;
}

unsigned Unroller::run() {
  if (!load())
    return 0;
  for (Function &F : Functions) {
    // Innermost first: a loop nested in another has its header after the
    // outer one's in a structured function's order. An inner loop whose
    // counter starts at the outer one's is counted in the outer one's copies,
    // where that is a constant: another round takes them. The loops the last
    // round leaves are the ones left marked.
    for (bool Progress = true; Progress;) {
      Progress = false;
      std::vector<std::uint32_t> Headers;
      for (const Block &B : F.Blocks)
        if (isUnrollHeader(B))
          Headers.push_back(B.Label);
      for (auto It = Headers.rbegin(); It != Headers.rend(); ++It)
        Progress |= unrollLoop(F, *It);
    }
  }
  if (Unrolled)
    Mod.replace(write());
  return Unrolled;
}

} // namespace

unsigned ampvk::unrollCountedLoops(SpirvModule &Mod) {
  const ParsedModule *M = Mod.parsed();
  return M ? Unroller(Mod, *M).run() : 0;
}

bool ampvk::hasLoopsMarkedUnroll(SpirvModule &Mod) {
  const ParsedModule *M = Mod.parsed();
  if (!M)
    return true; // unknown: SPIRV-Tools' pass looks
  for (const Instruction &I : M->Instructions)
    if (I.Opcode == Op::OpLoopMerge && I.Count > 3 &&
        (Mod.words()[I.Offset + 3] & UnrollBit))
      return true;
  return false;
}
