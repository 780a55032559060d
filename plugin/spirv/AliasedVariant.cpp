//===- AliasedVariant.cpp -------------------------------------------------===//
#include "spirv/AliasedVariant.h"
#include "spirv/SpirvWords.h"

#include <set>

using namespace ampvk;
using namespace ampvk::spirvwords;

namespace {
bool isDecoration(const std::vector<std::uint32_t> &W, std::size_t At, spv::Decoration D) {
  return opcode(W[At]) == spv::Op::OpDecorate &&
         wordCount(W[At]) >= 3 && W[At + 2] == static_cast<std::uint32_t>(D);
}
} // namespace

std::vector<std::uint32_t> ampvk::makeAliasedVariant(const std::vector<std::uint32_t> &Words,
                                                     std::uint32_t NumViews) {
  if (Words.size() < HeaderWords)
    return Words;
  // The variables bound to the views' descriptors: storage buffers.
  std::set<std::uint32_t> Bound;
  for (std::size_t At = HeaderWords; At < Words.size() && wordCount(Words[At]);
       At += wordCount(Words[At]))
    if (isDecoration(Words, At, spv::Decoration::Binding) && wordCount(Words[At]) >= 4 &&
        Words[At + 3] < NumViews)
      Bound.insert(Words[At + 1]);

  std::vector<std::uint32_t> Out(Words.begin(), Words.begin() + HeaderWords);
  Out.reserve(Words.size() + 3 * Bound.size());
  for (std::size_t At = HeaderWords; At < Words.size();) {
    std::uint32_t Count = wordCount(Words[At]);
    if (!Count || At + Count > Words.size()) { // malformed: leave the rest alone
      Out.insert(Out.end(), Words.begin() + At, Words.end());
      break;
    }
    bool Drop = isDecoration(Words, At, spv::Decoration::NonWritable) &&
                Bound.count(Words[At + 1]);
    if (!Drop)
      Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
    if (isDecoration(Words, At, spv::Decoration::Binding) && Bound.count(Words[At + 1])) {
      Out.push_back(firstWord(spv::Op::OpDecorate, 3));
      Out.push_back(Words[At + 1]);
      Out.push_back(static_cast<std::uint32_t>(spv::Decoration::Aliased));
    }
    At += Count;
  }
  return Out;
}
