//===- SpirvInstructions.cpp ----------------------------------------------===//
#include "spirv/SpirvInstructions.h"
#include "spirv/SpirvWords.h"

#include <spirv-tools/libspirv.h>

using namespace ampvk;
using namespace ampvk::spirvwords;

namespace {
struct ParseState {
  const std::uint32_t *Start;
  ParsedModule *Out;
};

bool namesId(spv_operand_type_t T) {
  return T == SPV_OPERAND_TYPE_ID || T == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID ||
         T == SPV_OPERAND_TYPE_SCOPE_ID;
}

spv_result_t addInstruction(void *UserData, const spv_parsed_instruction_t *Parsed) {
  auto *S = static_cast<ParseState *>(UserData);
  // The parser rejects id 0 but not ids past the bound; the passes index
  // tables by id, so such a module (an emitter bug) is refused here and left
  // to the validator to report.
  const std::uint32_t Bound = S->Out->Bound;
  if (Parsed->result_id >= Bound || Parsed->type_id >= Bound)
    return SPV_ERROR_INVALID_ID;
  Instruction I;
  I.Offset = static_cast<std::uint32_t>(Parsed->words - S->Start);
  I.Count = Parsed->num_words;
  I.Opcode = static_cast<spv::Op>(Parsed->opcode);
  I.TypeId = Parsed->type_id;
  I.ResultId = Parsed->result_id;
  I.FirstUse = static_cast<std::uint32_t>(S->Out->Uses.size());
  for (std::uint16_t K = 0; K < Parsed->num_operands; ++K) {
    const spv_parsed_operand_t &Operand = Parsed->operands[K];
    if (!namesId(Operand.type))
      continue;
    if (Parsed->words[Operand.offset] >= Bound)
      return SPV_ERROR_INVALID_ID;
    S->Out->Uses.push_back(I.Offset + Operand.offset);
  }
  I.NumUses = static_cast<std::uint32_t>(S->Out->Uses.size()) - I.FirstUse;
  S->Out->Instructions.push_back(I);
  return SPV_SUCCESS;
}
} // namespace

bool spirvwords::parseModule(const std::vector<std::uint32_t> &Words, ParsedModule &Out) {
  Out = ParsedModule();
  if (Words.size() < HeaderWords)
    return false;
  Out.Bound = Words[BoundWord];
  ParseState S{Words.data(), &Out};
  spv_context Context = spvContextCreate(SPV_ENV_VULKAN_1_1);
  spv_result_t R = spvBinaryParse(Context, &S, Words.data(), Words.size(), nullptr,
                                  addInstruction, nullptr);
  spvContextDestroy(Context);
  return R == SPV_SUCCESS;
}
