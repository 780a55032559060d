//===- NonNegativeDivision.cpp --------------------------------------------===//
#include "spirv/passes/NonNegativeDivision.h"
#include "spirv/SpirvWords.h"

#include <map>
#include <utility>

using namespace ampvk;
using namespace ampvk::spirvwords;
using spv::Op;

namespace {

class NonNegativeValues {
public:
  NonNegativeValues(std::vector<std::uint32_t> &Words, const std::vector<std::size_t> &Offsets)
      : W(Words), Bound(Words[BoundWord]), IntWidth(Bound, 0), Known(Bound, false),
        IsConstant(Bound, false), Constant(Bound, 0), LocalIdLoad(Bound, false) {
    collect(Offsets);
    solve();
  }

  // The value of a scalar integer constant, when Id is one.
  bool constant(std::uint32_t Id, std::uint64_t &Value) const {
    if (Id >= Bound || !IsConstant[Id])
      return false;
    Value = Constant[Id];
    return true;
  }
  bool known(std::uint32_t Id) const { return Id < Bound && Known[Id]; }
  unsigned intWidth(std::uint32_t TypeId) const { return TypeId < Bound ? IntWidth[TypeId] : 0; }
  const std::vector<std::size_t> &candidates() const { return Candidates; }

private:
  void collect(const std::vector<std::size_t> &Offsets) {
    std::vector<bool> LocalIdVariable(Bound, false);
    for (std::size_t At : Offsets) {
      Op O = opcode(W[At]);
      std::uint32_t Count = wordCount(W[At]);
      if (O == Op::OpTypeInt && Count == 4 && W[At + 1] < Bound)
        IntWidth[W[At + 1]] = W[At + 2];
      else if (O == Op::OpDecorate && Count == 4 &&
               W[At + 2] == static_cast<std::uint32_t>(spv::Decoration::BuiltIn) &&
               (W[At + 3] == static_cast<std::uint32_t>(spv::BuiltIn::LocalInvocationId) ||
                W[At + 3] == static_cast<std::uint32_t>(spv::BuiltIn::LocalInvocationIndex)) &&
               W[At + 1] < Bound)
        LocalIdVariable[W[At + 1]] = true;
      else if (O == Op::OpConstant && Count >= 4 && intWidth(W[At + 1]))
        addConstant(At, Count);
      else if (O == Op::OpLoad && Count >= 4 && W[At + 3] < Bound && LocalIdVariable[W[At + 3]])
        (intWidth(W[At + 1]) ? Known : LocalIdLoad)[W[At + 2]] = true;
      else if (Count >= 4 && intWidth(W[At + 1]) && isCandidate(O)) {
        Candidates.push_back(At);
        Known[W[At + 2]] = true; // until a rule fails
      }
    }
  }

  void addConstant(std::size_t At, std::uint32_t Count) {
    unsigned Width = intWidth(W[At + 1]);
    std::uint64_t Value = W[At + 3];
    if (Width == 64 && Count >= 5)
      Value |= std::uint64_t(W[At + 4]) << 32;
    else if (Width != 32)
      return;
    std::uint32_t Id = W[At + 2];
    IsConstant[Id] = true;
    Constant[Id] = Value;
    Known[Id] = !((Value >> (Width - 1)) & 1);
  }

  static bool isCandidate(Op O) {
    switch (O) {
    case Op::OpPhi: case Op::OpSelect: case Op::OpSDiv: case Op::OpUDiv: case Op::OpSRem:
    case Op::OpUMod: case Op::OpShiftRightLogical: case Op::OpShiftRightArithmetic:
    case Op::OpBitwiseAnd: case Op::OpBitcast: case Op::OpCompositeExtract:
      return true;
    default:
      return false;
    }
  }

  // Whether the rule of the instruction at At holds with what is known now.
  bool holds(std::size_t At) const {
    std::uint32_t Count = wordCount(W[At]);
    auto Arg = [&](unsigned I) { return W[At + 3 + I]; };
    std::uint64_t C = 0;
    switch (opcode(W[At])) {
    case Op::OpPhi:
      for (std::uint32_t I = 3; I + 1 < Count; I += 2)
        if (!known(W[At + I]))
          return false;
      return true;
    case Op::OpSelect:
      return Count == 6 && known(Arg(1)) && known(Arg(2));
    case Op::OpSDiv: // both operands >= 0 (a zero divisor is undefined anyway)
      return Count == 5 && known(Arg(0)) && known(Arg(1));
    case Op::OpUDiv: // no larger than the dividend, or halved at least
      return Count == 5 && (known(Arg(0)) || (constant(Arg(1), C) && C >= 2));
    case Op::OpSRem: // the sign of the dividend
      return Count == 5 && known(Arg(0));
    case Op::OpUMod: // below either operand
      return Count == 5 && (known(Arg(0)) || known(Arg(1)));
    case Op::OpShiftRightLogical:
      return Count == 5 &&
             (known(Arg(0)) || (constant(Arg(1), C) && C >= 1 && C < intWidth(W[At + 1])));
    case Op::OpShiftRightArithmetic:
      return Count == 5 && known(Arg(0));
    case Op::OpBitwiseAnd:
      return Count == 5 && (known(Arg(0)) || known(Arg(1)));
    case Op::OpBitcast: // the same bits, if the operand is a scalar integer too
      return Count == 4 && known(Arg(0));
    case Op::OpCompositeExtract: // a component of the LocalInvocationId (< 1024)
      return Count == 5 && Arg(0) < Bound && LocalIdLoad[Arg(0)];
    default:
      return false;
    }
  }

  void solve() {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (std::size_t At : Candidates) {
        std::uint32_t Id = W[At + 2];
        if (Known[Id] && !holds(At)) {
          Known[Id] = false;
          Changed = true;
        }
      }
    }
  }

  const std::vector<std::uint32_t> &W;
  std::uint32_t Bound;
  std::vector<unsigned> IntWidth;
  std::vector<bool> Known, IsConstant;
  std::vector<std::uint64_t> Constant;
  std::vector<bool> LocalIdLoad; // loads of LocalInvocationId or LocalInvocationIndex
  std::vector<std::size_t> Candidates;
};

// log2 of Value when it is a power of two that is positive at Width bits.
int positivePowerOfTwo(std::uint64_t Value, unsigned Width) {
  if (!Value || (Value & (Value - 1)))
    return -1;
  int K = 0;
  while (!((Value >> K) & 1))
    ++K;
  return K < static_cast<int>(Width) - 1 ? K : -1;
}

} // namespace

unsigned ampvk::shiftNonNegativeDivisions(SpirvModule &M) {
  const ParsedModule *P = M.parsed();
  if (!P)
    return 0;
  const std::vector<std::size_t> Offsets = instructionOffsets(*P);
  std::vector<std::uint32_t> &Words = M.edit();
  NonNegativeValues Values(Words, Offsets);

  // The constants the rewrites need, by (type, value): existing ones first.
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t> Constants;
  for (std::size_t At : Offsets) {
    std::uint64_t V;
    if (opcode(Words[At]) == Op::OpConstant && Values.constant(Words[At + 2], V))
      Constants.emplace(std::make_pair(Words[At + 1], V), Words[At + 2]);
  }
  std::vector<std::uint32_t> NewConstants;
  auto ConstantId = [&](std::uint32_t Type, std::uint64_t Value) {
    auto It = Constants.find({Type, Value});
    if (It != Constants.end())
      return It->second;
    std::uint32_t Id = Words[BoundWord]++;
    bool Wide = Values.intWidth(Type) == 64;
    NewConstants.push_back(firstWord(Op::OpConstant, Wide ? 5 : 4));
    NewConstants.push_back(Type);
    NewConstants.push_back(Id);
    NewConstants.push_back(static_cast<std::uint32_t>(Value));
    if (Wide)
      NewConstants.push_back(static_cast<std::uint32_t>(Value >> 32));
    Constants.emplace(std::make_pair(Type, Value), Id);
    return Id;
  };

  unsigned Rewritten = 0;
  for (std::size_t At : Values.candidates()) {
    Op O = opcode(Words[At]);
    if ((O != Op::OpSDiv && O != Op::OpSRem) || wordCount(Words[At]) != 5)
      continue;
    std::uint32_t Type = Words[At + 1];
    std::uint64_t Divisor;
    if (!Values.known(Words[At + 3]) || !Values.constant(Words[At + 4], Divisor))
      continue;
    int K = positivePowerOfTwo(Divisor, Values.intWidth(Type));
    if (K < 1)
      continue;
    if (O == Op::OpSDiv) {
      Words[At] = firstWord(Op::OpShiftRightLogical, 5);
      Words[At + 4] = ConstantId(Type, static_cast<std::uint64_t>(K));
    } else {
      Words[At] = firstWord(Op::OpBitwiseAnd, 5);
      Words[At + 4] = ConstantId(Type, Divisor - 1);
    }
    ++Rewritten;
  }
  if (NewConstants.empty())
    return Rewritten;
  insertBeforeFirstFunction(Words, Offsets, NewConstants);
  return Rewritten;
}
