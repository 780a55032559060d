// Boolean specialization constants made plain constants before a module
// reaches the driver (runtime/src/spirv_switches.h).
#include "spirv_switches.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace ampvk::rt;

namespace {

std::uint32_t op(std::uint32_t count, std::uint32_t opcode) { return (count << 16) | opcode; }

// OpDecorate %2 SpecId 12, OpDecorate %3 SpecId 0, OpDecorate %4 SpecId 9,
// %1 = OpTypeBool, %2 = OpSpecConstantFalse, %3 = OpSpecConstantTrue,
// %5 = OpTypeInt 32 0, %4 = OpSpecConstant %5 256.
std::vector<std::uint32_t> module() {
  return {0x07230203, 0x00010300, 0, 6, 0,
          op(4, 71), 2, 1, 12,
          op(4, 71), 3, 1, 0,
          op(4, 71), 4, 1, 9,
          op(2, 20), 1,
          op(3, 49), 1, 2,
          op(3, 48), 1, 3,
          op(4, 21), 5, 32, 0,
          op(4, 50), 5, 4, 256};
}

} // namespace

TEST(SpirvSwitches, BoolsBecomeConstantsOfTheirValuesAndLoseTheirSpecIds) {
  std::vector<std::uint32_t> words = module();
  std::vector<std::pair<std::uint32_t, bool>> asked;
  unsigned folded = fold_bool_spec_constants(words, [&](std::uint32_t id, bool dflt) {
    asked.push_back({id, dflt});
    return id == 12; // the witness on, everything else off
  });
  EXPECT_EQ(folded, 2u);
  EXPECT_EQ(asked, (std::vector<std::pair<std::uint32_t, bool>>{{12, false}, {0, true}}));
  const std::vector<std::uint32_t> expected = {0x07230203, 0x00010300, 0, 6, 0,
                                               op(4, 71), 4, 1, 9, // the int's SpecId stays
                                               op(2, 20), 1,
                                               op(3, 41), 1, 2, // OpConstantTrue
                                               op(3, 42), 1, 3, // OpConstantFalse
                                               op(4, 21), 5, 32, 0,
                                               op(4, 50), 5, 4, 256};
  EXPECT_EQ(words, expected);
}

TEST(SpirvSwitches, AModuleWithoutSwitchesOrMalformedIsLeftAlone) {
  std::vector<std::uint32_t> none = {0x07230203, 0x00010300, 0, 2, 0, op(2, 20), 1};
  const std::vector<std::uint32_t> before = none;
  EXPECT_EQ(fold_bool_spec_constants(none, [](std::uint32_t, bool d) { return d; }), 0u);
  EXPECT_EQ(none, before);
  std::vector<std::uint32_t> cut = module();
  cut.resize(cut.size() - 2); // the last instruction runs past the end
  const std::vector<std::uint32_t> cut_before = cut;
  EXPECT_EQ(fold_bool_spec_constants(cut, [](std::uint32_t, bool) { return true; }), 0u);
  EXPECT_EQ(cut, cut_before);
}
