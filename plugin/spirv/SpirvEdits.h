//===- SpirvEdits.h - A pass's changes to a module, applied in one rebuild -===//
//
// The passes that add or replace instructions (passes/CompositePhis.cpp,
// LoopExits.cpp, WidenedComparisons.cpp) decide every change against the
// module as it is, by the offsets of its instructions and words, and then
// rebuild the words once: instructions put before others, replaced or
// dropped, single words changed in place, and types or constants added
// before the first function.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVEDITS_H
#define AMPVK_PLUGIN_SPIRV_SPIRVEDITS_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace ampvk {
namespace spirvwords {

class SpirvEdits {
public:
  // Instructions to put before the one at offset At, in the order appended.
  std::vector<std::uint32_t> &before(std::size_t At) { return Before[At]; }
  // The instructions that take the place of the one at At (none: it goes).
  void replace(std::size_t At, std::vector<std::uint32_t> With) { Replace[At] = std::move(With); }
  // The word at offset At reads Value instead.
  void patch(std::size_t At, std::uint32_t Value) { Patches[At] = Value; }
  // Types and constants to add after the existing ones.
  std::vector<std::uint32_t> &globals() { return Globals; }

  bool empty() const {
    return Before.empty() && Replace.empty() && Patches.empty() && Globals.empty();
  }
  // Words with the edits; Offsets: the offsets of Words' instructions, in
  // order; Bound: the id bound of the result.
  std::vector<std::uint32_t> apply(const std::vector<std::uint32_t> &Words,
                                   const std::vector<std::size_t> &Offsets,
                                   std::uint32_t Bound) const;

private:
  std::map<std::size_t, std::vector<std::uint32_t>> Before, Replace;
  std::map<std::size_t, std::uint32_t> Patches;
  std::vector<std::uint32_t> Globals;
};

} // namespace spirvwords
} // namespace ampvk

#endif
