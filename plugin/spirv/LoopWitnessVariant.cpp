//===- LoopWitnessVariant.cpp ---------------------------------------------===//
#include "spirv/LoopWitnessVariant.h"
#include "spirv/SpirvWords.h"

#include "ampvk/kernel_image.h"

using namespace ampvk;
using namespace ampvk::spirvwords;

std::vector<std::uint32_t> ampvk::fixLoopWitness(const std::vector<std::uint32_t> &Words,
                                                 bool On) {
  const std::vector<std::size_t> Offsets = instructionOffsets(Words);
  std::uint32_t Switch = 0;
  for (std::size_t At : Offsets)
    if (opcode(Words[At]) == spv::Op::OpDecorate && wordCount(Words[At]) == 4 &&
        Words[At + 2] == static_cast<std::uint32_t>(spv::Decoration::SpecId) &&
        Words[At + 3] == loop_witness_spec_id)
      Switch = Words[At + 1];
  if (!Switch)
    return Words;
  std::vector<std::uint32_t> Out(Words.begin(), Words.begin() + HeaderWords);
  Out.reserve(Words.size());
  for (std::size_t At : Offsets) {
    const spv::Op O = opcode(Words[At]);
    const std::uint32_t Count = wordCount(Words[At]);
    if (O == spv::Op::OpDecorate && Words[At + 1] == Switch &&
        Words[At + 2] == static_cast<std::uint32_t>(spv::Decoration::SpecId))
      continue;
    if ((O == spv::Op::OpSpecConstantTrue || O == spv::Op::OpSpecConstantFalse) &&
        Words[At + 2] == Switch) {
      Out.push_back(firstWord(On ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse, 3));
      Out.push_back(Words[At + 1]); // its type
      Out.push_back(Switch);
      continue;
    }
    Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
  }
  return Out;
}
