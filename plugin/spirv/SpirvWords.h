//===- SpirvWords.h - Reading and patching a SPIR-V module's words --------===//
//
// The rewrites that run on whole modules (the aliased variant, the fixes after
// SPIRV-Tools' passes) walk the binary directly: a few opcodes and operands
// are all they need, and SPIRV-Tools' own IR is not part of its installed API.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVWORDS_H
#define AMPVK_PLUGIN_SPIRV_SPIRVWORDS_H

#include <spirv/unified1/spirv.hpp11>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ampvk {
namespace spirvwords {

constexpr std::size_t HeaderWords = 5;
constexpr std::size_t BoundWord = 3;

inline spv::Op opcode(std::uint32_t FirstWord) { return static_cast<spv::Op>(FirstWord & 0xFFFFu); }
inline std::uint32_t wordCount(std::uint32_t FirstWord) { return FirstWord >> 16; }
inline std::uint32_t firstWord(spv::Op Op, std::uint32_t Count) {
  return (Count << 16) | static_cast<std::uint32_t>(Op);
}

// An instruction that ends a block.
inline bool isTerminator(spv::Op O) {
  switch (O) {
  case spv::Op::OpBranch: case spv::Op::OpBranchConditional: case spv::Op::OpSwitch:
  case spv::Op::OpReturn: case spv::Op::OpReturnValue: case spv::Op::OpKill:
  case spv::Op::OpUnreachable: case spv::Op::OpTerminateInvocation:
    return true;
  default:
    return false;
  }
}

// A structured header's merge instruction.
inline bool isMergeInstruction(spv::Op O) {
  return O == spv::Op::OpLoopMerge || O == spv::Op::OpSelectionMerge;
}

// An annotation whose first operand is the id it names or decorates.
inline bool namesOrDecorates(spv::Op O) {
  return O == spv::Op::OpName || O == spv::Op::OpDecorate || O == spv::Op::OpDecorateId ||
         O == spv::Op::OpDecorateString || O == spv::Op::OpMemberDecorate;
}

// The offsets of the module's instructions, in order; empty when the module is
// malformed (an instruction of zero words or one past the end).
inline std::vector<std::size_t> instructionOffsets(const std::vector<std::uint32_t> &Words) {
  std::vector<std::size_t> Out;
  for (std::size_t At = HeaderWords; At < Words.size(); At += wordCount(Words[At])) {
    std::uint32_t Count = wordCount(Words[At]);
    if (!Count || At + Count > Words.size())
      return {};
    Out.push_back(At);
  }
  return Out;
}

// Inserts new types or constants after every existing one: before the first
// function (Offsets: instructionOffsets of Words).
inline void insertBeforeFirstFunction(std::vector<std::uint32_t> &Words,
                                      const std::vector<std::size_t> &Offsets,
                                      const std::vector<std::uint32_t> &New) {
  std::size_t Where = Words.size();
  for (std::size_t At : Offsets)
    if (opcode(Words[At]) == spv::Op::OpFunction) {
      Where = At;
      break;
    }
  Words.insert(Words.begin() + Where, New.begin(), New.end());
}

// Where OpDecorate instructions may be appended: before the first instruction
// past the annotation section (types, constants, globals, functions).
inline std::size_t annotationsEnd(const std::vector<std::uint32_t> &Words,
                                  const std::vector<std::size_t> &Offsets) {
  for (std::size_t At : Offsets) {
    switch (opcode(Words[At])) {
    case spv::Op::OpCapability: case spv::Op::OpExtension: case spv::Op::OpExtInstImport:
    case spv::Op::OpMemoryModel: case spv::Op::OpEntryPoint: case spv::Op::OpExecutionMode:
    case spv::Op::OpExecutionModeId: case spv::Op::OpString: case spv::Op::OpSourceExtension:
    case spv::Op::OpSource: case spv::Op::OpSourceContinued: case spv::Op::OpName:
    case spv::Op::OpMemberName: case spv::Op::OpModuleProcessed: case spv::Op::OpDecorate:
    case spv::Op::OpMemberDecorate: case spv::Op::OpDecorationGroup:
    case spv::Op::OpGroupDecorate: case spv::Op::OpGroupMemberDecorate:
    case spv::Op::OpDecorateId: case spv::Op::OpDecorateString:
    case spv::Op::OpMemberDecorateString:
      continue;
    default:
      return At;
    }
  }
  return Words.size();
}

} // namespace spirvwords
} // namespace ampvk

#endif
