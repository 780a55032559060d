//===- SpirvModule.h - The module our SPIR-V passes read and edit ---------===//
//
// Every pass of ours (passes/) takes a SpirvModule: its words, and their parse
// (SpirvInstructions.h: each instruction's place, opcode, result and id
// operands, by SPIRV-Tools' parser), made when a pass first asks for it and
// kept until one edits the words. Passes that only look, or that find nothing
// to do, leave the parse to the next one; SPIRV-Tools' own passes take the
// words out and put them back (PassRecipe.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVMODULE_H
#define AMPVK_PLUGIN_SPIRV_SPIRVMODULE_H

#include "spirv/SpirvInstructions.h"

#include <cstdint>
#include <vector>

namespace ampvk {

class SpirvModule {
public:
  SpirvModule() = default;
  explicit SpirvModule(std::vector<std::uint32_t> Words) : Words(std::move(Words)) {}

  const std::vector<std::uint32_t> &words() const { return Words; }
  // The parse of the words; null when SPIRV-Tools' parser rejects them. It
  // stays readable after an edit until parsed() is called again.
  const spirvwords::ParsedModule *parsed();
  // The words, to change in place: the next parsed() parses them again.
  std::vector<std::uint32_t> &edit() {
    Stale = true;
    return Words;
  }
  // The words, leaving the module empty.
  std::vector<std::uint32_t> take() {
    Stale = true;
    return std::move(Words);
  }
  // New words for the module.
  void replace(std::vector<std::uint32_t> NewWords) {
    Words = std::move(NewWords);
    Stale = true;
  }

private:
  std::vector<std::uint32_t> Words;
  spirvwords::ParsedModule Parse;
  bool Stale = true;
  bool ParseOk = false;
};

} // namespace ampvk

#endif
