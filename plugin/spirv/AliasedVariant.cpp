//===- AliasedVariant.cpp -------------------------------------------------===//
#include "spirv/AliasedVariant.h"
#include "spirv/SpirvWords.h"

#include <map>

using namespace ampvk;
using namespace ampvk::spirvwords;

namespace {
bool isDecoration(const std::vector<std::uint32_t> &W, std::size_t At, spv::Decoration D) {
  return opcode(W[At]) == spv::Op::OpDecorate &&
         wordCount(W[At]) >= 3 && W[At + 2] == static_cast<std::uint32_t>(D);
}

// The variables bound to the views' descriptors (storage buffers), with their
// bindings.
std::map<std::uint32_t, std::uint32_t> viewVariables(const std::vector<std::uint32_t> &Words,
                                                     std::uint32_t NumViews) {
  std::map<std::uint32_t, std::uint32_t> Bound;
  for (std::size_t At = HeaderWords; At < Words.size() && wordCount(Words[At]);
       At += wordCount(Words[At]))
    if (isDecoration(Words, At, spv::Decoration::Binding) && wordCount(Words[At]) >= 4 &&
        Words[At + 3] < NumViews)
      Bound.emplace(Words[At + 1], Words[At + 3]);
  return Bound;
}

// Copies Words without the decoration Drop of the views' variables, adding
// the decoration Add after the Binding of each view variable Wanted accepts.
template <typename WantedFn>
std::vector<std::uint32_t> redecorateViews(const std::vector<std::uint32_t> &Words,
                                           std::uint32_t NumViews, spv::Decoration Drop,
                                           spv::Decoration Add, WantedFn Wanted) {
  if (Words.size() < HeaderWords)
    return Words;
  const std::map<std::uint32_t, std::uint32_t> Bound = viewVariables(Words, NumViews);
  std::vector<std::uint32_t> Out(Words.begin(), Words.begin() + HeaderWords);
  Out.reserve(Words.size() + 3 * Bound.size());
  for (std::size_t At = HeaderWords; At < Words.size();) {
    std::uint32_t Count = wordCount(Words[At]);
    if (!Count || At + Count > Words.size()) { // malformed: leave the rest alone
      Out.insert(Out.end(), Words.begin() + At, Words.end());
      break;
    }
    if (!(isDecoration(Words, At, Drop) && Bound.count(Words[At + 1])))
      Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
    if (isDecoration(Words, At, spv::Decoration::Binding)) {
      auto Var = Bound.find(Words[At + 1]);
      if (Var != Bound.end() && Wanted(Var->second)) {
        Out.push_back(firstWord(spv::Op::OpDecorate, 3));
        Out.push_back(Var->first);
        Out.push_back(static_cast<std::uint32_t>(Add));
      }
    }
    At += Count;
  }
  return Out;
}
} // namespace

std::set<std::uint32_t> ampvk::nonWritableBindings(const std::vector<std::uint32_t> &Words,
                                                   std::uint32_t NumViews) {
  const std::map<std::uint32_t, std::uint32_t> Bound = viewVariables(Words, NumViews);
  std::set<std::uint32_t> Out;
  for (std::size_t At = HeaderWords; At < Words.size() && wordCount(Words[At]);
       At += wordCount(Words[At]))
    if (isDecoration(Words, At, spv::Decoration::NonWritable)) {
      auto Var = Bound.find(Words[At + 1]);
      if (Var != Bound.end())
        Out.insert(Var->second);
    }
  return Out;
}

std::vector<std::uint32_t> ampvk::makeAliasedVariant(const std::vector<std::uint32_t> &Words,
                                                     std::uint32_t NumViews) {
  return redecorateViews(Words, NumViews, spv::Decoration::NonWritable,
                         spv::Decoration::Aliased, [](std::uint32_t) { return true; });
}

std::vector<std::uint32_t>
ampvk::makeDistinctVariant(const std::vector<std::uint32_t> &AliasedWords, std::uint32_t NumViews,
                           const std::set<std::uint32_t> &NonWritable) {
  return redecorateViews(AliasedWords, NumViews, spv::Decoration::Aliased,
                         spv::Decoration::NonWritable,
                         [&](std::uint32_t Binding) { return NonWritable.count(Binding) != 0; });
}
