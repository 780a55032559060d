//===- SpirvModule.cpp ----------------------------------------------------===//
#include "spirv/SpirvModule.h"

using namespace ampvk;

const spirvwords::ParsedModule *SpirvModule::parsed() {
  if (Stale) {
    ParseOk = spirvwords::parseModule(Words, Parse);
    Stale = false;
  }
  return ParseOk ? &Parse : nullptr;
}
