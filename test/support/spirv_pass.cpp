//===- spirv_pass.cpp - Runs one of the plugin's SPIR-V passes on a file --===//
//
// For the FileCheck tests of the plugin's own passes on hand-written modules
// (test/lit/passes/), as spirv-opt runs SPIRV-Tools' passes:
//   spirv_pass PASS IN.spv OUT.spv
// PASS: any of the plugin's own passes, by the name the pass recipe gives it
// (plugin/spirv/PassRecipe.cpp). Prints the number of changes the pass made.
//   spirv_pass if-conversion-work IN.spv
// prints what the recipe's estimate (passes/IfConversionWork.h) says of
// SPIRV-Tools' if-conversion on the module: "may change" or "no change".
//
//===----------------------------------------------------------------------===//
#include "spirv/PassRecipe.h"
#include "spirv/passes/IfConversionWork.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
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
  if (Argc == 3 && std::strcmp(Argv[1], "if-conversion-work") == 0) {
    std::vector<std::uint32_t> Words;
    if (!readWords(Argv[2], Words)) {
      std::fprintf(stderr, "spirv_pass: cannot read %s\n", Argv[2]);
      return 1;
    }
    ampvk::SpirvModule M(std::move(Words));
    std::printf("if-conversion-work: %s\n",
                ampvk::ifConversionMayChange(M) ? "may change" : "no change");
    return 0;
  }
  const ampvk::OwnPass *Pass = Argc == 4 ? ampvk::findOwnPass(Argv[1]) : nullptr;
  if (!Pass) {
    std::string Names;
    for (const ampvk::OwnPass &P : ampvk::ownPasses())
      Names += std::string(Names.empty() ? "" : "|") + P.Name;
    std::fprintf(stderr,
                 "usage: spirv_pass %s IN.spv OUT.spv\n       spirv_pass if-conversion-work IN.spv\n",
                 Names.c_str());
    return 2;
  }
  std::vector<std::uint32_t> Words;
  if (!readWords(Argv[2], Words)) {
    std::fprintf(stderr, "spirv_pass: cannot read %s\n", Argv[2]);
    return 1;
  }
  ampvk::SpirvModule M(std::move(Words));
  std::printf("%s: %u changes\n", Pass->Name, Pass->Run(M));
  std::ofstream Out(Argv[3], std::ios::binary);
  Out.write(reinterpret_cast<const char *>(M.words().data()),
            static_cast<std::streamsize>(M.words().size() * 4));
  return Out ? 0 : 1;
}
