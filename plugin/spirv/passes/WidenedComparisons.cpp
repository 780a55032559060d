//===- WidenedComparisons.cpp ---------------------------------------------===//
// HasResultAndType, in spirv.hpp11.
#define SPV_ENABLE_UTILITY_CODE
#include "spirv/passes/WidenedComparisons.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <utility>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

bool isOrderedSignedComparison(Op O) {
  return O == Op::OpSLessThan || O == Op::OpSLessThanEqual || O == Op::OpSGreaterThan ||
         O == Op::OpSGreaterThanEqual;
}

} // namespace

unsigned ampvk::narrowWidenedComparisons(SpirvModule &M) {
  const ParsedModule *P = M.parsed();
  if (!P)
    return 0;
  const std::vector<std::size_t> Offsets = instructionOffsets(*P);
  std::vector<std::uint32_t> &Words = M.edit();

  llvm::DenseMap<std::uint32_t, unsigned> IntWidth;        // type id -> width
  llvm::DenseMap<std::uint32_t, std::uint32_t> TypeOf;     // result id -> type id
  llvm::DenseMap<std::uint32_t, std::uint32_t> Narrow;     // OpSConvert result -> 32-bit source
  llvm::DenseMap<std::uint32_t, std::int64_t> Constant64;  // 64-bit integer constants
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> Constants32; // (type, bits)
  for (std::size_t At : Offsets) {
    Op O = opcode(Words[At]);
    std::uint32_t Count = wordCount(Words[At]);
    bool HasResult = false, HasType = false;
    spv::HasResultAndType(O, &HasResult, &HasType);
    if (O == Op::OpTypeInt && Count == 4)
      IntWidth[Words[At + 1]] = Words[At + 2];
    if (!HasResult || !HasType || Count < 3)
      continue;
    std::uint32_t Type = Words[At + 1], Id = Words[At + 2];
    TypeOf[Id] = Type;
    unsigned Width = IntWidth.lookup(Type);
    if (O == Op::OpConstant && Width == 64 && Count == 5)
      Constant64[Id] = static_cast<std::int64_t>(std::uint64_t(Words[At + 3]) |
                                                 std::uint64_t(Words[At + 4]) << 32);
    else if (O == Op::OpConstant && Width == 32 && Count == 4)
      Constants32.emplace(std::make_pair(Type, Words[At + 3]), Id);
    else if (O == Op::OpSConvert && Width == 64 && Count == 4 &&
             IntWidth.lookup(TypeOf.lookup(Words[At + 3])) == 32)
      Narrow[Id] = Words[At + 3];
  }

  std::vector<std::uint32_t> NewConstants;
  auto Constant32 = [&](std::uint32_t Type, std::uint32_t Bits) {
    auto It = Constants32.find({Type, Bits});
    if (It != Constants32.end())
      return It->second;
    std::uint32_t Id = Words[BoundWord]++;
    NewConstants.insert(NewConstants.end(), {firstWord(Op::OpConstant, 4), Type, Id, Bits});
    Constants32.emplace(std::make_pair(Type, Bits), Id);
    return Id;
  };

  unsigned Rewritten = 0;
  for (std::size_t At : Offsets) {
    if (!isOrderedSignedComparison(opcode(Words[At])) || wordCount(Words[At]) != 5)
      continue;
    std::uint32_t &A = Words[At + 3], &B = Words[At + 4];
    auto NarrowA = Narrow.find(A), NarrowB = Narrow.find(B);
    if (NarrowA != Narrow.end() && NarrowB != Narrow.end()) {
      if (TypeOf.lookup(NarrowA->second) != TypeOf.lookup(NarrowB->second))
        continue;
      A = NarrowA->second;
      B = NarrowB->second;
      ++Rewritten;
      continue;
    }
    // One side sign-extended, the other a constant in the 32-bit range.
    bool Left = NarrowA != Narrow.end();
    auto Wide = Left ? NarrowA : NarrowB;
    std::uint32_t &Other = Left ? B : A;
    auto C = Constant64.find(Other);
    if (Wide == Narrow.end() || C == Constant64.end() || C->second < INT32_MIN ||
        C->second > INT32_MAX)
      continue;
    std::uint32_t Type = TypeOf.lookup(Wide->second);
    (Left ? A : B) = Wide->second;
    Other = Constant32(Type, static_cast<std::uint32_t>(static_cast<std::int32_t>(C->second)));
    ++Rewritten;
  }
  if (NewConstants.empty())
    return Rewritten;
  insertBeforeFirstFunction(Words, Offsets, NewConstants);
  return Rewritten;
}
