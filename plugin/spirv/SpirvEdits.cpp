//===- SpirvEdits.cpp -----------------------------------------------------===//
#include "spirv/SpirvEdits.h"
#include "spirv/SpirvWords.h"

using namespace ampvk;
using namespace ampvk::spirvwords;

std::vector<std::uint32_t> SpirvEdits::apply(const std::vector<std::uint32_t> &Words,
                                             const std::vector<std::size_t> &Offsets,
                                             std::uint32_t Bound) const {
  std::vector<std::uint32_t> Out(Words.begin(), Words.begin() + HeaderWords);
  Out.reserve(Words.size() + Globals.size() + 16 * (Before.size() + Replace.size()));
  auto Patch = Patches.begin();
  bool GlobalsPlaced = false;
  for (std::size_t At : Offsets) {
    if (!GlobalsPlaced && opcode(Words[At]) == spv::Op::OpFunction) {
      Out.insert(Out.end(), Globals.begin(), Globals.end());
      GlobalsPlaced = true;
    }
    auto Ins = Before.find(At);
    if (Ins != Before.end())
      Out.insert(Out.end(), Ins->second.begin(), Ins->second.end());
    const std::size_t End = At + wordCount(Words[At]);
    while (Patch != Patches.end() && Patch->first < At)
      ++Patch;
    auto Rep = Replace.find(At);
    if (Rep != Replace.end()) {
      Out.insert(Out.end(), Rep->second.begin(), Rep->second.end());
      continue;
    }
    const std::size_t First = Out.size();
    Out.insert(Out.end(), Words.begin() + At, Words.begin() + End);
    for (; Patch != Patches.end() && Patch->first < End; ++Patch)
      Out[First + (Patch->first - At)] = Patch->second;
  }
  if (!GlobalsPlaced)
    Out.insert(Out.end(), Globals.begin(), Globals.end());
  Out[BoundWord] = Bound;
  return Out;
}
