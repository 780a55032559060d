//===- WidenedComparisons.cpp ---------------------------------------------===//
// HasResultAndType, in spirv.hpp11.
#define SPV_ENABLE_UTILITY_CODE
#include "spirv/passes/WidenedComparisons.h"
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

namespace {

bool isOrderedSignedComparison(Op O) {
  return O == Op::OpSLessThan || O == Op::OpSLessThanEqual || O == Op::OpSGreaterThan ||
         O == Op::OpSGreaterThanEqual;
}

// The comparison with its operands swapped: a < b is b > a.
Op mirrored(Op O) {
  switch (O) {
  case Op::OpSLessThan:
    return Op::OpSGreaterThan;
  case Op::OpSLessThanEqual:
    return Op::OpSGreaterThanEqual;
  case Op::OpSGreaterThan:
    return Op::OpSLessThan;
  default:
    return Op::OpSLessThanEqual;
  }
}

// A sign-extended int x compared (O) with a constant C outside the int range
// is decided, and is the 32-bit comparison of x with the nearest int that is
// decided the same way: x <= INT32_MAX (always true) or x > INT32_MAX (always
// false) above the range, x >= INT32_MIN or x < INT32_MIN below it. Left: x
// is the left operand; otherwise the constant is and the result is mirrored.
Op decidedComparison(Op O, bool Left, std::int64_t C) {
  bool Above = C > INT32_MAX;
  // x < C, or C > x.
  bool XIsLess = (O == Op::OpSLessThan || O == Op::OpSLessThanEqual) == Left;
  bool True = XIsLess == Above;
  Op New = Above ? (True ? Op::OpSLessThanEqual : Op::OpSGreaterThan)
                 : (True ? Op::OpSGreaterThanEqual : Op::OpSLessThan);
  return Left ? New : mirrored(New);
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
  llvm::DenseMap<std::uint32_t, std::uint32_t> Bits32;     // 32-bit integer constant -> bits
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t> Constants; // (type, bits)
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
    if (O == Op::OpConstant && Width == 64 && Count == 5) {
      std::uint64_t Bits = std::uint64_t(Words[At + 3]) | std::uint64_t(Words[At + 4]) << 32;
      Constant64[Id] = static_cast<std::int64_t>(Bits);
      Constants.emplace(std::make_pair(Type, Bits), Id);
    } else if (O == Op::OpConstant && Width == 32 && Count == 4) {
      Constants.emplace(std::make_pair(Type, std::uint64_t(Words[At + 3])), Id);
      Bits32[Id] = Words[At + 3];
    } else if (O == Op::OpSConvert && Width == 64 && Count == 4 &&
               IntWidth.lookup(TypeOf.lookup(Words[At + 3])) == 32) {
      Narrow[Id] = Words[At + 3];
    } else if (O == Op::OpUConvert && Width == 64 && Count == 4 && Bits32.count(Words[At + 3])) {
      // `unsigned z = 0; (long)i > (long)z`: the emitter zero-extends an
      // unsigned to long as an OpUConvert to ulong and an OpBitcast back to
      // long (Conversions.cpp), SPIRV-Tools folds neither, and lavapipe
      // misjudges the comparison with them as it does with the 64-bit
      // constant they make (seed 532): they are that constant.
      Constant64[Id] = Bits32.lookup(Words[At + 3]);
    } else if (O == Op::OpBitcast && Width == 64 && Count == 4 && Constant64.count(Words[At + 3])) {
      std::int64_t Value = Constant64.lookup(Words[At + 3]); // read before [] grows the map
      Constant64[Id] = Value;
    }
  }

  // An integer constant of Type with the given bits (a 32-bit one's zero
  // extended): an existing one, or a new one.
  SpirvEdits Edits;
  auto Constant = [&](std::uint32_t Type, std::uint64_t Bits) {
    auto It = Constants.find({Type, Bits});
    if (It != Constants.end())
      return It->second;
    std::uint32_t Id = Words[BoundWord]++;
    std::vector<std::uint32_t> &New = Edits.globals();
    if (IntWidth.lookup(Type) == 64)
      New.insert(New.end(),
                 {firstWord(Op::OpConstant, 5), Type, Id, static_cast<std::uint32_t>(Bits),
                  static_cast<std::uint32_t>(Bits >> 32)});
    else
      New.insert(New.end(), {firstWord(Op::OpConstant, 4), Type, Id,
                             static_cast<std::uint32_t>(Bits)});
    Constants.emplace(std::make_pair(Type, Bits), Id);
    return Id;
  };
  // Comparisons of a sign-extended int with a 64-bit value that is no
  // constant here are replaced by instructions (Edits).

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
    // One side sign-extended, the other a constant.
    bool Left = NarrowA != Narrow.end();
    auto Wide = Left ? NarrowA : NarrowB;
    std::uint32_t &Other = Left ? B : A;
    if (Wide == Narrow.end())
      continue;
    auto C = Constant64.find(Other);
    if (C == Constant64.end()) {
      // The other side is a 64-bit value that only the driver may find
      // constant (seed 915: `(long)i < d` with d a division lavapipe folds
      // to 0), which lavapipe then misjudges as above. In 32 bits, x being
      // the sign-extended int and y the other side:
      //   x < y, x <= y:  y > INT32_MAX || (y >= INT32_MIN && x op (int)y)
      //   x > y, x >= y:  y < INT32_MIN || (y <= INT32_MAX && x op (int)y)
      std::uint32_t OtherType = TypeOf.lookup(Other);
      if (IntWidth.lookup(OtherType) != 64)
        continue;
      Op Cmp = Left ? opcode(Words[At]) : mirrored(opcode(Words[At]));
      bool Less = Cmp == Op::OpSLessThan || Cmp == Op::OpSLessThanEqual;
      std::uint32_t Bool = Words[At + 1], Result = Words[At + 2], Y = Other,
                    X = Wide->second, IntType = TypeOf.lookup(X);
      std::uint32_t Max = Constant(OtherType, static_cast<std::uint64_t>(std::int64_t(INT32_MAX))),
                    Min = Constant(OtherType, static_cast<std::uint64_t>(std::int64_t(INT32_MIN)));
      std::uint32_t Outside = Words[BoundWord]++, Inside = Words[BoundWord]++,
                    Y32 = Words[BoundWord]++, Narrowed = Words[BoundWord]++,
                    Both = Words[BoundWord]++;
      Edits.replace(At, {
          firstWord(Less ? Op::OpSGreaterThan : Op::OpSLessThan, 5), Bool, Outside, Y,
          Less ? Max : Min,
          firstWord(Less ? Op::OpSGreaterThanEqual : Op::OpSLessThanEqual, 5), Bool, Inside, Y,
          Less ? Min : Max,
          firstWord(Op::OpSConvert, 4), IntType, Y32, Y,
          firstWord(Cmp, 5), Bool, Narrowed, X, Y32,
          firstWord(Op::OpLogicalAnd, 5), Bool, Both, Inside, Narrowed,
          firstWord(Op::OpLogicalOr, 5), Bool, Result, Outside, Both});
      ++Rewritten;
      continue;
    }
    std::int64_t Value = C->second;
    std::uint32_t Type = TypeOf.lookup(Wide->second);
    (Left ? A : B) = Wide->second;
    if (Value >= INT32_MIN && Value <= INT32_MAX) {
      Other = Constant(Type, static_cast<std::uint32_t>(static_cast<std::int32_t>(Value)));
    } else {
      // Lavapipe misjudges some of these too (`(long)i < 2147483648L` is
      // false there), so the decided comparison is written in 32 bits: a
      // comparison still (not a bool constant), so that the rewrite stays in
      // place: the opcode changes, the word count does not.
      Words[At] = firstWord(decidedComparison(opcode(Words[At]), Left, Value), 5);
      Other = Constant(Type, static_cast<std::uint32_t>(Value > INT32_MAX ? INT32_MAX : INT32_MIN));
    }
    ++Rewritten;
  }
  // The new constants before the first function, each expanded comparison
  // in its place (offsets are those of the words before this rebuild).
  if (!Edits.empty())
    Words = Edits.apply(Words, Offsets, Words[BoundWord]);
  return Rewritten;
}
