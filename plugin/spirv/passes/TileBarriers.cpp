//===- TileBarriers.cpp ---------------------------------------------------===//
//
// One walk collects, per block of the kernel's one function, its successors
// and its storage-buffer accesses (the variable each pointer is rooted at,
// read and/or write) in order, with the barriers among them. For a barrier,
// "before" is everything a work-item may have done since the kernel started
// (the accesses of its block before it and of every block that reaches its
// block), "after" everything it may still do; a loop around the barrier puts
// the same access on both sides, which is what a loop-carried conflict is.
//
//===----------------------------------------------------------------------===//
// HasResultAndType, in spirv.hpp11.
#define SPV_ENABLE_UTILITY_CODE
#include "spirv/passes/TileBarriers.h"
#include "spirv/SpirvWords.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <map>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

constexpr std::uint32_t GlobalMemory =
    static_cast<std::uint32_t>(spv::MemorySemanticsMask::UniformMemory) |
    static_cast<std::uint32_t>(spv::MemorySemanticsMask::ImageMemory);
constexpr std::uint32_t UnknownVariable = 0; // a pointer we cannot trace: may be any buffer

struct Access {
  std::uint32_t Variable;
  bool Write;
};

struct Event {
  bool IsBarrier;
  Access A;           // when !IsBarrier
  std::size_t At = 0; // when IsBarrier: the instruction's offset
};

struct Block {
  llvm::SmallVector<std::uint32_t, 2> Successors;
  llvm::SmallVector<std::uint32_t, 2> Predecessors;
  std::vector<Event> Events;
};

bool isGlobal(spv::StorageClass SC) {
  return SC == spv::StorageClass::StorageBuffer || SC == spv::StorageClass::Uniform ||
         SC == spv::StorageClass::PhysicalStorageBuffer ||
         SC == spv::StorageClass::CrossWorkgroup || SC == spv::StorageClass::Image;
}

bool isImageAccess(Op O) {
  return O == Op::OpImageRead || O == Op::OpImageWrite || O == Op::OpImageTexelPointer ||
         O == Op::OpImageFetch || O == Op::OpImageSparseRead || O == Op::OpImageSparseFetch;
}

// Which operand of an atomic instruction is its pointer.
int atomicPointerOperand(Op O) {
  switch (O) {
  case Op::OpAtomicStore: case Op::OpAtomicFlagClear:
    return 1;
  case Op::OpAtomicLoad: case Op::OpAtomicExchange: case Op::OpAtomicCompareExchange:
  case Op::OpAtomicCompareExchangeWeak: case Op::OpAtomicIIncrement:
  case Op::OpAtomicIDecrement: case Op::OpAtomicIAdd: case Op::OpAtomicISub:
  case Op::OpAtomicSMin: case Op::OpAtomicUMin: case Op::OpAtomicSMax:
  case Op::OpAtomicUMax: case Op::OpAtomicAnd: case Op::OpAtomicOr: case Op::OpAtomicXor:
  case Op::OpAtomicFlagTestAndSet: case Op::OpAtomicFAddEXT: case Op::OpAtomicFMinEXT:
  case Op::OpAtomicFMaxEXT:
    return 3;
  default:
    return 0;
  }
}

class Analysis {
public:
  Analysis(std::vector<std::uint32_t> &Words, std::vector<std::size_t> InstructionOffsets)
      : W(Words), Offsets(std::move(InstructionOffsets)) {}
  unsigned run();

private:
  bool collect();
  void addAccess(std::uint32_t Pointer, bool Read, bool Write);
  bool needsGlobal(std::uint32_t Label, std::size_t Index) const;
  std::uint32_t constantOf(std::uint32_t Type, std::uint32_t Value);

  // Reads and writes per variable, and whether two sides may conflict.
  using Summary = std::map<std::uint32_t, std::pair<bool, bool>>;
  static void add(Summary &S, const Access &A) {
    auto &RW = S[A.Variable];
    (A.Write ? RW.second : RW.first) = true;
  }
  bool mayAlias(std::uint32_t A, std::uint32_t B) const {
    return A == UnknownVariable || B == UnknownVariable || A == B ||
           (Aliased.count(A) && Aliased.count(B));
  }
  bool conflict(const Summary &Before, const Summary &After) const;
  void summarizeBlocks(llvm::SmallVectorImpl<std::uint32_t> &&Work,
                       bool Forward, Summary &Out) const;

  std::vector<std::uint32_t> &W;
  const std::vector<std::size_t> Offsets;
  llvm::DenseMap<std::uint32_t, spv::StorageClass> PointerTypes; // OpTypePointer -> class
  llvm::DenseMap<std::uint32_t, std::uint32_t> TypeOf;           // result -> its type
  llvm::DenseMap<std::uint32_t, std::uint32_t> Root;             // pointer -> its variable
  llvm::DenseMap<std::uint32_t, std::uint32_t> IntWidth;         // OpTypeInt -> width
  llvm::DenseMap<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> Constants; // id -> (type, value)
  llvm::DenseMap<std::uint32_t, std::size_t> ConstantAt;
  llvm::DenseSet<std::uint32_t> Aliased;
  std::map<std::uint32_t, Block> Blocks;
  std::uint32_t Current = 0; // the label of the block being read
  std::vector<std::pair<std::size_t, std::vector<std::uint32_t>>> Inserts;
};

void Analysis::addAccess(std::uint32_t Pointer, bool Read, bool Write) {
  auto Type = TypeOf.find(Pointer);
  if (Type != TypeOf.end()) { // else a pointer we cannot place: count it as global
    auto SC = PointerTypes.find(Type->second);
    if (SC == PointerTypes.end() || !isGlobal(SC->second))
      return;
  }
  auto R = Root.find(Pointer);
  std::uint32_t Var = R == Root.end() ? UnknownVariable : R->second;
  Block &Blk = Blocks[Current];
  if (Read)
    Blk.Events.push_back({false, {Var, false}});
  if (Write)
    Blk.Events.push_back({false, {Var, true}});
}

// Fills the tables; false when the module is one the pass does not follow.
bool Analysis::collect() {
  if (Offsets.empty())
    return false;
  int Functions = 0;
  for (std::size_t At : Offsets) {
    Op O = opcode(W[At]);
    std::uint32_t N = wordCount(W[At]);
    auto Word = [&](std::uint32_t I) { return I < N ? W[At + I] : 0u; };
    if (O == Op::OpFunction && ++Functions > 1)
      return false;
    if (O == Op::OpFunctionCall || isImageAccess(O))
      return false;
    if (O == Op::OpDecorate && Word(2) == static_cast<std::uint32_t>(spv::Decoration::Aliased))
      Aliased.insert(Word(1));
    if (O == Op::OpTypePointer)
      PointerTypes[Word(1)] = static_cast<spv::StorageClass>(Word(2));
    if (O == Op::OpTypeInt)
      IntWidth[Word(1)] = Word(2);
    if (O == Op::OpConstant && N == 4) {
      Constants[Word(2)] = {Word(1), Word(3)};
      ConstantAt[Word(2)] = At;
    }
    bool HasResult = false, HasType = false;
    spv::HasResultAndType(O, &HasResult, &HasType);
    if (HasResult && HasType)
      TypeOf[Word(2)] = Word(1);
    switch (O) {
    case Op::OpVariable:
      Root[Word(2)] = Word(2);
      break;
    case Op::OpAccessChain: case Op::OpInBoundsAccessChain: case Op::OpPtrAccessChain:
    case Op::OpInBoundsPtrAccessChain: case Op::OpCopyObject: {
      auto R = Root.find(Word(3));
      if (R != Root.end())
        Root[Word(2)] = R->second;
      break;
    }
    case Op::OpLabel:
      Current = Word(1);
      Blocks[Current];
      break;
    case Op::OpBranch:
      Blocks[Current].Successors.push_back(Word(1));
      break;
    case Op::OpBranchConditional:
      Blocks[Current].Successors.append({Word(2), Word(3)});
      break;
    case Op::OpSwitch: {
      auto Sel = TypeOf.find(Word(1));
      std::uint32_t Width = Sel == TypeOf.end() ? 0 : IntWidth.lookup(Sel->second);
      if (Width != 32 && Width != 64)
        return false;
      std::uint32_t Step = Width / 32 + 1;
      Blocks[Current].Successors.push_back(Word(2));
      for (std::uint32_t I = 3 + Step - 1; I < N; I += Step)
        Blocks[Current].Successors.push_back(Word(I));
      break;
    }
    case Op::OpLoad:
      addAccess(Word(3), true, false);
      break;
    case Op::OpStore:
      addAccess(Word(1), false, true);
      break;
    case Op::OpCopyMemory: case Op::OpCopyMemorySized:
      addAccess(Word(1), false, true);
      addAccess(Word(2), true, false);
      break;
    case Op::OpControlBarrier:
      Blocks[Current].Events.push_back({true, {0, false}, At});
      break;
    default:
      if (int P = atomicPointerOperand(O))
        addAccess(Word(P), O != Op::OpAtomicStore && O != Op::OpAtomicFlagClear,
                  O != Op::OpAtomicLoad);
      break;
    }
  }
  for (auto &[Label, Blk] : Blocks)
    for (std::uint32_t S : Blk.Successors)
      Blocks[S].Predecessors.push_back(Label);
  return Functions == 1;
}

bool Analysis::conflict(const Summary &Before, const Summary &After) const {
  for (const auto &[VA, RWA] : Before)
    for (const auto &[VB, RWB] : After)
      if ((RWA.second || RWB.second) && mayAlias(VA, VB))
        return true;
  return false;
}

// The accesses of every block reached from Work (through successors when
// Forward, predecessors otherwise), Work's blocks included.
void Analysis::summarizeBlocks(llvm::SmallVectorImpl<std::uint32_t> &&Work, bool Forward,
                               Summary &Out) const {
  llvm::DenseSet<std::uint32_t> Seen;
  while (!Work.empty()) {
    std::uint32_t L = Work.pop_back_val();
    if (!Seen.insert(L).second)
      continue;
    auto It = Blocks.find(L);
    if (It == Blocks.end())
      continue;
    for (const Event &E : It->second.Events)
      if (!E.IsBarrier)
        add(Out, E.A);
    const auto &Next = Forward ? It->second.Successors : It->second.Predecessors;
    Work.append(Next.begin(), Next.end());
  }
}

bool Analysis::needsGlobal(std::uint32_t Label, std::size_t Index) const {
  const Block &Blk = Blocks.at(Label);
  Summary Before, After;
  for (std::size_t I = 0; I < Blk.Events.size(); ++I)
    if (!Blk.Events[I].IsBarrier)
      add(I < Index ? Before : After, Blk.Events[I].A);
  summarizeBlocks(llvm::SmallVector<std::uint32_t, 8>(Blk.Predecessors.begin(),
                                                      Blk.Predecessors.end()),
                  false, Before);
  summarizeBlocks(llvm::SmallVector<std::uint32_t, 8>(Blk.Successors.begin(),
                                                      Blk.Successors.end()),
                  true, After);
  return conflict(Before, After);
}

// An OpConstant of Type with Value: an existing one, or a new one placed
// right after an existing constant of that type (inserted by run()).
std::uint32_t Analysis::constantOf(std::uint32_t Type, std::uint32_t Value) {
  std::size_t After = 0;
  for (const auto &[Id, TV] : Constants) {
    if (TV.first != Type)
      continue;
    if (TV.second == Value)
      return Id;
    After = ConstantAt.lookup(Id);
  }
  std::uint32_t Id = W[BoundWord]++;
  Constants[Id] = {Type, Value};
  ConstantAt[Id] = After;
  Inserts.push_back({After + wordCount(W[After]), {firstWord(Op::OpConstant, 4), Type, Id, Value}});
  return Id;
}

unsigned Analysis::run() {
  if (!collect())
    return 0;
  unsigned Rewritten = 0;
  const std::uint32_t Device = static_cast<std::uint32_t>(spv::Scope::Device);
  const std::uint32_t Workgroup = static_cast<std::uint32_t>(spv::Scope::Workgroup);
  for (const auto &[Label, Blk] : Blocks)
    for (std::size_t I = 0; I < Blk.Events.size(); ++I) {
      if (!Blk.Events[I].IsBarrier)
        continue;
      std::size_t At = Blk.Events[I].At;
      auto Exec = Constants.find(W[At + 1]), Mem = Constants.find(W[At + 2]),
           Sem = Constants.find(W[At + 3]);
      if (Exec == Constants.end() || Mem == Constants.end() || Sem == Constants.end() ||
          Exec->second.second != Workgroup || Mem->second.second != Device)
        continue;
      W[At + 2] = W[At + 1];
      ++Rewritten;
      if (!needsGlobal(Label, I))
        W[At + 3] = constantOf(Sem->second.first, Sem->second.second & ~GlobalMemory);
    }
  // Later offsets first, so that earlier ones stay valid.
  std::sort(Inserts.begin(), Inserts.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  for (const auto &[Where, Instruction] : Inserts)
    W.insert(W.begin() + Where, Instruction.begin(), Instruction.end());
  return Rewritten;
}

} // namespace

unsigned ampvk::finishTileBarriers(SpirvModule &M) {
  const ParsedModule *P = M.parsed();
  if (!P)
    return 0;
  std::vector<std::size_t> Offsets = instructionOffsets(*P);
  return Analysis(M.edit(), std::move(Offsets)).run();
}
