//===- AliasedVariant.cpp -------------------------------------------------===//
#include "spirv/AliasedVariant.h"
#include "spirv/SpirvWords.h"

#include <map>
#include <set>
#include <vector>

using namespace ampvk;
using namespace ampvk::spirvwords;

namespace {
bool isDecoration(const std::vector<std::uint32_t> &W, std::size_t At, spv::Decoration D) {
  return opcode(W[At]) == spv::Op::OpDecorate &&
         wordCount(W[At]) >= 3 && W[At + 2] == static_cast<std::uint32_t>(D);
}

// The variables bound to the views' descriptors (storage buffers of set 0),
// with their bindings. Textures' variables are in another set.
std::map<std::uint32_t, std::uint32_t> viewVariables(const std::vector<std::uint32_t> &Words,
                                                     std::uint32_t NumViews) {
  std::set<std::uint32_t> OtherSets;
  for (std::size_t At = HeaderWords; At < Words.size() && wordCount(Words[At]);
       At += wordCount(Words[At]))
    if (isDecoration(Words, At, spv::Decoration::DescriptorSet) && wordCount(Words[At]) >= 4 &&
        Words[At + 3] != 0)
      OtherSets.insert(Words[At + 1]);
  std::map<std::uint32_t, std::uint32_t> Bound;
  for (std::size_t At = HeaderWords; At < Words.size() && wordCount(Words[At]);
       At += wordCount(Words[At]))
    if (isDecoration(Words, At, spv::Decoration::Binding) && wordCount(Words[At]) >= 4 &&
        Words[At + 3] < NumViews && !OtherSets.count(Words[At + 1]))
      Bound.emplace(Words[At + 1], Words[At + 3]);
  return Bound;
}

// The bindings with more than one variable: views of one buffer with
// different element types (reinterpret_as in a kernel), which alias each
// other in every variant.
std::set<std::uint32_t> selfAliasedBindings(const std::map<std::uint32_t, std::uint32_t> &Bound) {
  std::map<std::uint32_t, unsigned> Count;
  for (const auto &[Var, Binding] : Bound)
    ++Count[Binding];
  std::set<std::uint32_t> Out;
  for (const auto &[Binding, N] : Count)
    if (N > 1)
      Out.insert(Binding);
  return Out;
}

// Copies Words without the decorations Drop of the views' variables, adding
// after the Binding of each view variable the decorations AddFor gives for
// its binding.
template <typename AddFn>
std::vector<std::uint32_t> redecorateViews(const std::vector<std::uint32_t> &Words,
                                           std::uint32_t NumViews,
                                           std::initializer_list<spv::Decoration> Drop,
                                           AddFn AddFor) {
  if (Words.size() < HeaderWords)
    return Words;
  const std::map<std::uint32_t, std::uint32_t> Bound = viewVariables(Words, NumViews);
  const std::set<std::uint32_t> SelfAliased = selfAliasedBindings(Bound);
  std::vector<std::uint32_t> Out(Words.begin(), Words.begin() + HeaderWords);
  Out.reserve(Words.size() + 6 * Bound.size());
  for (std::size_t At = HeaderWords; At < Words.size();) {
    std::uint32_t Count = wordCount(Words[At]);
    if (!Count || At + Count > Words.size()) { // malformed: leave the rest alone
      Out.insert(Out.end(), Words.begin() + At, Words.end());
      break;
    }
    bool Dropped = false;
    for (spv::Decoration D : Drop)
      Dropped |= isDecoration(Words, At, D) && Bound.count(Words[At + 1]);
    if (!Dropped)
      Out.insert(Out.end(), Words.begin() + At, Words.begin() + At + Count);
    if (isDecoration(Words, At, spv::Decoration::Binding)) {
      auto Var = Bound.find(Words[At + 1]);
      if (Var != Bound.end())
        for (spv::Decoration D : AddFor(Var->second, SelfAliased.count(Var->second) != 0)) {
          Out.push_back(firstWord(spv::Op::OpDecorate, 3));
          Out.push_back(Var->first);
          Out.push_back(static_cast<std::uint32_t>(D));
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
  return redecorateViews(Words, NumViews,
                         {spv::Decoration::NonWritable, spv::Decoration::Aliased},
                         [](std::uint32_t, bool) {
                           return std::vector<spv::Decoration>{spv::Decoration::Aliased};
                         });
}

std::vector<std::uint32_t>
ampvk::makeDistinctVariant(const std::vector<std::uint32_t> &AliasedWords, std::uint32_t NumViews,
                           const std::set<std::uint32_t> &NonWritable) {
  return redecorateViews(AliasedWords, NumViews, {spv::Decoration::Aliased},
                         [&](std::uint32_t Binding, bool SelfAliased) {
                           std::vector<spv::Decoration> Add;
                           if (NonWritable.count(Binding))
                             Add.push_back(spv::Decoration::NonWritable);
                           if (SelfAliased)
                             Add.push_back(spv::Decoration::Aliased);
                           return Add;
                         });
}
