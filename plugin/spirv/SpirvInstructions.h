//===- SpirvInstructions.h - A module's instructions and their id operands ===//
//
// SpirvWords.h reads opcodes and operands at fixed places, which is enough to
// find things. A pass that renames ids must know exactly which words are ids:
// a literal (a constant's value, a switch case) may equal any id, and only the
// grammar tells them apart. SPIRV-Tools' binary parser (its public C API)
// classifies every operand; this keeps what a rewrite needs from it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVINSTRUCTIONS_H
#define AMPVK_PLUGIN_SPIRV_SPIRVINSTRUCTIONS_H

#include <spirv/unified1/spirv.hpp11>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ampvk {
namespace spirvwords {

struct Instruction {
  std::uint32_t Offset; // of its first word in the module
  std::uint32_t Count;  // words
  spv::Op Opcode;
  std::uint32_t TypeId;   // 0 when it has none
  std::uint32_t ResultId; // 0 when it has none
  // Its operands that name ids (neither the result nor the result type):
  // ParsedModule::Uses[FirstUse, FirstUse + NumUses).
  std::uint32_t FirstUse, NumUses;
};

struct ParsedModule {
  std::vector<Instruction> Instructions;
  // Offsets in the module of the words that use an id as an operand, in
  // module order.
  std::vector<std::uint32_t> Uses;
  std::uint32_t Bound = 0;
};

// The first of a terminator's id operands (as Instruction counts them) that
// name its targets, which run to the last: OpBranch's one, OpBranchConditional's
// two after the condition, OpSwitch's default and cases after the selector.
// NumUses for a terminator that names none.
inline std::uint32_t firstTargetUse(spv::Op O, std::uint32_t NumUses) {
  switch (O) {
  case spv::Op::OpBranch:
    return 0;
  case spv::Op::OpBranchConditional:
  case spv::Op::OpSwitch:
    return 1;
  default:
    return NumUses;
  }
}

// Parses Words; false when SPIRV-Tools' parser rejects them.
bool parseModule(const std::vector<std::uint32_t> &Words, ParsedModule &Out);

// The offsets of M's instructions, in order.
inline std::vector<std::size_t> instructionOffsets(const ParsedModule &M) {
  std::vector<std::size_t> Out;
  Out.reserve(M.Instructions.size());
  for (const Instruction &I : M.Instructions)
    Out.push_back(I.Offset);
  return Out;
}

// Calls F(Begin, End) for each function of M, in module order: its
// instructions are M.Instructions[Begin, End), from its OpFunction to its
// OpFunctionEnd.
template <typename Fn> void forEachFunction(const ParsedModule &M, Fn F) {
  for (std::size_t K = 0, Begin = 0; K < M.Instructions.size(); ++K) {
    if (M.Instructions[K].Opcode == spv::Op::OpFunction)
      Begin = K;
    else if (M.Instructions[K].Opcode == spv::Op::OpFunctionEnd)
      F(Begin, K + 1);
  }
}

} // namespace spirvwords
} // namespace ampvk

#endif
