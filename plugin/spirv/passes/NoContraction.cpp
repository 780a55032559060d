//===- NoContraction.cpp --------------------------------------------------===//
#include "spirv/passes/NoContraction.h"
#include "spirv/SpirvWords.h"

#include <set>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {
bool isFloatArithmetic(Op O) {
  switch (O) {
  case Op::OpFAdd: case Op::OpFSub: case Op::OpFMul: case Op::OpFDiv:
  case Op::OpFRem: case Op::OpFMod: case Op::OpVectorTimesScalar:
  case Op::OpMatrixTimesScalar: case Op::OpVectorTimesMatrix:
  case Op::OpMatrixTimesVector: case Op::OpMatrixTimesMatrix:
  case Op::OpOuterProduct: case Op::OpDot:
    return true;
  default:
    return false;
  }
}

bool isFloatConversion(Op O) {
  switch (O) {
  case Op::OpConvertFToU: case Op::OpConvertFToS: case Op::OpConvertSToF:
  case Op::OpConvertUToF: case Op::OpFConvert:
    return true;
  default:
    return false;
  }
}

bool isNoContraction(const std::vector<std::uint32_t> &W, std::size_t At) {
  return opcode(W[At]) == Op::OpDecorate && wordCount(W[At]) == 3 &&
         W[At + 2] == static_cast<std::uint32_t>(spv::Decoration::NoContraction);
}
} // namespace

unsigned ampvk::decorateFloatOperations(SpirvModule &M) {
  const ParsedModule *P = M.parsed();
  if (!P)
    return 0;
  const std::vector<std::size_t> Offsets = instructionOffsets(*P);
  const std::vector<std::uint32_t> &Words = M.words();
  std::set<std::uint32_t> Decorated;
  std::vector<std::uint32_t> Missing;
  for (std::size_t At : Offsets)
    if (isNoContraction(Words, At))
      Decorated.insert(Words[At + 1]);
  for (std::size_t At : Offsets)
    if ((isFloatArithmetic(opcode(Words[At])) || isFloatConversion(opcode(Words[At]))) &&
        wordCount(Words[At]) >= 3 && !Decorated.count(Words[At + 2]))
      Missing.push_back(Words[At + 2]);
  if (Missing.empty())
    return 0;
  std::vector<std::uint32_t> Decorations;
  Decorations.reserve(3 * Missing.size());
  for (std::uint32_t Id : Missing) {
    Decorations.push_back(firstWord(Op::OpDecorate, 3));
    Decorations.push_back(Id);
    Decorations.push_back(static_cast<std::uint32_t>(spv::Decoration::NoContraction));
  }
  std::size_t Where = annotationsEnd(Words, Offsets);
  M.edit().insert(M.edit().begin() + Where, Decorations.begin(), Decorations.end());
  return static_cast<unsigned>(Missing.size());
}

unsigned ampvk::dropArithmeticNoContraction(SpirvModule &M) {
  const ParsedModule *P = M.parsed();
  if (!P)
    return 0;
  const std::vector<std::size_t> Offsets = instructionOffsets(*P);
  const std::vector<std::uint32_t> &Words = M.words();
  unsigned Dropped = 0;
  std::set<std::uint32_t> Conversions;
  for (std::size_t At : Offsets)
    if (isFloatConversion(opcode(Words[At])) && wordCount(Words[At]) >= 3)
      Conversions.insert(Words[At + 2]);
  std::vector<std::uint32_t> Out(Words.begin(), Words.begin() + HeaderWords);
  Out.reserve(Words.size());
  for (std::size_t At : Offsets) {
    if (!isNoContraction(Words, At) || Conversions.count(Words[At + 1]))
      Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + wordCount(Words[At]));
    else
      ++Dropped;
  }
  M.replace(std::move(Out));
  return Dropped;
}
