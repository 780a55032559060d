//===- SignExtensions.cpp -------------------------------------------------===//
// HasResultAndType, in spirv.hpp11.
#define SPV_ENABLE_UTILITY_CODE
#include "spirv/passes/SignExtensions.h"
#include "spirv/SpirvEdits.h"
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

unsigned ampvk::hideSignExtensions(SpirvModule &M) {
  const ParsedModule *P = M.parsed();
  if (!P)
    return 0;
  const std::vector<std::size_t> Offsets = instructionOffsets(*P);
  std::vector<std::uint32_t> &Words = M.edit();

  // Integer types by id: (width, signedness); the unsigned 64-bit one.
  llvm::DenseMap<std::uint32_t, std::pair<unsigned, unsigned>> IntTypes;
  llvm::DenseMap<std::uint32_t, std::uint32_t> TypeOf; // result id -> type id
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> Constants; // (type, value)
  std::uint32_t ULong = 0;
  std::vector<std::size_t> Extensions;
  for (std::size_t At : Offsets) {
    Op O = opcode(Words[At]);
    std::uint32_t Count = wordCount(Words[At]);
    if (O == Op::OpTypeInt && Count == 4) {
      IntTypes[Words[At + 1]] = {Words[At + 2], Words[At + 3]};
      if (Words[At + 2] == 64 && Words[At + 3] == 0)
        ULong = Words[At + 1];
      continue;
    }
    bool HasResult = false, HasType = false;
    spv::HasResultAndType(O, &HasResult, &HasType);
    if (!HasResult || !HasType || Count < 3)
      continue;
    std::uint32_t Type = Words[At + 1], Id = Words[At + 2];
    TypeOf[Id] = Type;
    auto Int = IntTypes.find(Type);
    if (Int == IntTypes.end())
      continue;
    if (O == Op::OpConstant && Int->second.first == 32 && Count == 4)
      Constants.emplace(std::make_pair(Type, Words[At + 3]), Id);
    else if (O == Op::OpSConvert && Int->second.first == 64 && Count == 4 &&
             IntTypes.lookup(TypeOf.lookup(Words[At + 3])).first == 32)
      Extensions.push_back(At);
  }
  if (Extensions.empty())
    return 0;

  SpirvEdits Edits;
  auto NewId = [&] { return Words[BoundWord]++; };
  if (!ULong) {
    ULong = NewId();
    Edits.globals().insert(Edits.globals().end(), {firstWord(Op::OpTypeInt, 4), ULong, 64, 0});
  }
  auto Constant = [&](std::uint32_t Type, std::uint32_t Value) {
    auto It = Constants.find({Type, Value});
    if (It != Constants.end())
      return It->second;
    std::uint32_t Id = NewId();
    Edits.globals().insert(Edits.globals().end(), {firstWord(Op::OpConstant, 4), Type, Id, Value});
    Constants.emplace(std::make_pair(Type, Value), Id);
    return Id;
  };
  for (std::size_t At : Extensions) {
    std::uint32_t Wide = Words[At + 1], Result = Words[At + 2], X = Words[At + 3];
    std::uint32_t Narrow = TypeOf.lookup(X);
    std::uint32_t Sign = NewId(), High = NewId(), Shifted = NewId(), Low = NewId();
    // The last instruction makes Result: the or itself when the wide type is
    // ulong, else its bitcast to the wide type.
    std::uint32_t Or = Wide == ULong ? Result : NewId();
    std::vector<std::uint32_t> With = {
        firstWord(Op::OpShiftRightArithmetic, 5), Narrow, Sign, X, Constant(Narrow, 31),
        firstWord(Op::OpUConvert, 4), ULong, High, Sign,
        firstWord(Op::OpShiftLeftLogical, 5), ULong, Shifted, High, Constant(Narrow, 32),
        firstWord(Op::OpUConvert, 4), ULong, Low, X,
        firstWord(Op::OpBitwiseOr, 5), ULong, Or, Shifted, Low};
    if (Or != Result)
      With.insert(With.end(), {firstWord(Op::OpBitcast, 4), Wide, Result, Or});
    Edits.replace(At, std::move(With));
  }
  Words = Edits.apply(Words, Offsets, Words[BoundWord]);
  return static_cast<unsigned>(Extensions.size());
}
