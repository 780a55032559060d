//===- SpirvDump.h - -fplugin-arg-ampvk-dump-spirv=DIR ---------------------===//
//
// Writes each kernel's SPIR-V to DIR, named after the kernel's source location
// (`main.cpp-42-7.spv`; `main.cpp-42-7.aliased.spv` for the Aliased variant,
// `.witness.spv` and `.witness.aliased.spv` for those with the loop witness),
// and keeps DIR/index.txt, one line per file:
//   NAME <TAB> FILE:LINE:COLUMN <TAB> FUNCTION <TAB> tiled|untiled[ witness][ aliased]
// Names are stable across compiles: a name already in the index for the same
// location is reused; another kernel at the same place (a second template
// instantiation, a same-named file of another translation unit) gets the next
// free `-2`, `-3`... suffix. Translation units compiled in parallel into one
// DIR take turns on the index through DIR/index.txt.lock.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_SPIRV_SPIRVDUMP_H
#define AMPVK_PLUGIN_SPIRV_SPIRVDUMP_H

#include "kernel/KernelSource.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ampvk {

class SpirvDump {
public:
  explicit SpirvDump(llvm::StringRef Dir) : Dir(Dir.str()) {}
  bool enabled() const { return !Dir.empty(); }

  // The base name (without ".spv") for the kernel at Source; distinct for
  // every kernel of this translation unit.
  std::string nameFor(const KernelSource &Source, bool Tiled);
  // Writes Base[.witness][.aliased].spv; returns the path written and an
  // error message (empty on success).
  std::string write(const std::string &Base, bool Aliased, bool Witnessed,
                    const std::vector<std::uint32_t> &Words, std::string &Path);
  // Merges this translation unit's files into DIR/index.txt; returns an error
  // message, empty on success.
  std::string writeIndex();

private:
  struct Entry {
    std::string Name, Location, Function, Kind;
  };
  void loadIndex();
  std::string Dir;
  bool Loaded = false;
  std::vector<Entry> Existing; // DIR/index.txt as found
  std::vector<Entry> Written;  // this translation unit's files
  std::vector<Entry> Taken;    // base names given out, with their kernels
};

} // namespace ampvk

#endif
