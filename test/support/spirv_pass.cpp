//===- spirv_pass.cpp - Runs one of the plugin's SPIR-V passes on a file --===//
//
// For the FileCheck tests of the plugin's own passes on hand-written modules
// (test/lit/passes/), as spirv-opt runs SPIRV-Tools' passes:
//   spirv_pass PASS IN.spv OUT.spv
// PASS: function-variables-to-ssa, shift-non-negative-divisions,
// merge-straight-line-blocks or unroll-counted-loops. Prints what the pass
// reports.
//
//===----------------------------------------------------------------------===//
#include "spirv/FullLoopUnroll.h"
#include "spirv/FunctionVariablesToSsa.h"
#include "spirv/NonNegativeDivision.h"
#include "spirv/StraightLineBlocks.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

static bool readWords(const char *Path, std::vector<std::uint32_t> &Words) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::vector<char> Bytes((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  if (Bytes.size() % 4)
    return false;
  Words.resize(Bytes.size() / 4);
  std::memcpy(Words.data(), Bytes.data(), Bytes.size());
  return true;
}

int main(int Argc, char **Argv) {
  const bool Ssa = Argc == 4 && !std::strcmp(Argv[1], "function-variables-to-ssa");
  const bool Shift = Argc == 4 && !std::strcmp(Argv[1], "shift-non-negative-divisions");
  const bool Blocks = Argc == 4 && !std::strcmp(Argv[1], "merge-straight-line-blocks");
  const bool Unroll = Argc == 4 && !std::strcmp(Argv[1], "unroll-counted-loops");
  if (!Ssa && !Shift && !Blocks && !Unroll) {
    std::fprintf(stderr, "usage: spirv_pass function-variables-to-ssa|shift-non-negative-divisions"
                         "|merge-straight-line-blocks|unroll-counted-loops IN.spv OUT.spv\n");
    return 2;
  }
  std::vector<std::uint32_t> Words;
  if (!readWords(Argv[2], Words)) {
    std::fprintf(stderr, "spirv_pass: cannot read %s\n", Argv[2]);
    return 1;
  }
  if (Ssa)
    std::printf("promoted %u variables\n", ampvk::functionVariablesToSsa(Words));
  else if (Shift)
    std::printf("rewrote %u divisions\n", ampvk::shiftNonNegativeDivisions(Words));
  else if (Blocks)
    std::printf("merged %u blocks\n", ampvk::mergeStraightLineBlocks(Words));
  else {
    ampvk::FullLoopUnrollResult R = ampvk::unrollCountedLoops(Words);
    std::printf("unrolled %u loops, %u left marked Unroll\n", R.Unrolled, R.LeftMarked);
  }
  std::ofstream Out(Argv[3], std::ios::binary);
  Out.write(reinterpret_cast<const char *>(Words.data()),
            static_cast<std::streamsize>(Words.size() * 4));
  return Out ? 0 : 1;
}
