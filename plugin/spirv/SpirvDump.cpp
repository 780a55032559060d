//===- SpirvDump.cpp ------------------------------------------------------===//
#include "spirv/SpirvDump.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace ampvk;

namespace {

constexpr llvm::StringLiteral IndexHeader =
    "# ampvk dump-spirv index: file\tsource location\tfunction\tkind\n";

// File names keep letters, digits, '.', '_' and '-'; anything else is '_'.
std::string sanitize(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text)
    Out += (llvm::isAlnum(C) || C == '.' || C == '_' || C == '-') ? C : '_';
  return Out.empty() ? "kernel" : Out;
}

std::string locationOf(const KernelSource &S) {
  return S.File + ":" + std::to_string(S.Line) + ":" + std::to_string(S.Column);
}

} // namespace

void SpirvDump::loadIndex() {
  if (Loaded)
    return;
  Loaded = true;
  auto Buffer = llvm::MemoryBuffer::getFile(Dir + "/index.txt");
  if (!Buffer)
    return;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    if (Line.starts_with("#"))
      continue;
    llvm::SmallVector<llvm::StringRef, 4> Fields;
    Line.split(Fields, '\t');
    if (Fields.size() == 4)
      Existing.push_back({Fields[0].str(), Fields[1].str(), Fields[2].str(), Fields[3].str()});
  }
}

std::string SpirvDump::nameFor(const KernelSource &Source, bool Tiled) {
  loadIndex();
  const std::string Stem =
      Source.File.empty()
          ? "kernel"
          : sanitize(llvm::sys::path::filename(Source.File)) + "-" + std::to_string(Source.Line) +
                "-" + std::to_string(Source.Column);
  const std::string Identity = locationOf(Source) + "\t" + Source.Function;
  auto TakenBy = [&](const std::string &Base) {
    return std::any_of(Taken.begin(), Taken.end(),
                       [&](const Entry &T) { return T.Name == Base; });
  };
  auto IndexedAs = [&](const std::string &Base) -> std::string {
    for (const Entry &E : Existing)
      if (E.Name == Base + ".spv")
        return E.Location + "\t" + E.Function;
    return {};
  };
  for (unsigned N = 1;; ++N) {
    std::string Base = N == 1 ? Stem : Stem + "-" + std::to_string(N);
    if (TakenBy(Base))
      continue;
    std::string Previous = IndexedAs(Base);
    if (!Previous.empty() && Previous != Identity)
      continue;
    Taken.push_back({Base, locationOf(Source), Source.Function, Tiled ? "tiled" : "untiled"});
    return Base;
  }
}

std::string SpirvDump::write(const std::string &Base, bool Aliased, bool Witnessed,
                             const std::vector<std::uint32_t> &Words, std::string &Path) {
  llvm::sys::fs::create_directories(Dir);
  const std::string Variant =
      std::string(Witnessed ? ".witness" : "") + (Aliased ? ".aliased" : "");
  const std::string Name = Base + Variant + ".spv";
  Path = Dir + "/" + Name;
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return EC.message();
  OS.write(reinterpret_cast<const char *>(Words.data()), Words.size() * 4);
  for (const Entry &T : Taken)
    if (T.Name == Base) {
      Written.push_back({Name, T.Location, T.Function, T.Kind + (Witnessed ? " witness" : "") +
                                                      (Aliased ? " aliased" : "")});
      break;
    }
  return {};
}

std::string SpirvDump::writeIndex() {
  if (Written.empty())
    return {};
  llvm::sys::fs::create_directories(Dir);
  const std::string Path = Dir + "/index.txt";
  int LockFD = -1;
  if (std::error_code EC = llvm::sys::fs::openFileForWrite(Path + ".lock", LockFD,
                                                           llvm::sys::fs::CD_OpenAlways))
    return EC.message();
  llvm::sys::fs::lockFile(LockFD);
  // Another compile may have written since this one read.
  Loaded = false;
  Existing.clear();
  loadIndex();
  std::vector<Entry> All;
  for (const Entry &E : Existing)
    if (std::none_of(Written.begin(), Written.end(),
                     [&](const Entry &W) { return W.Name == E.Name; }))
      All.push_back(E);
  All.insert(All.end(), Written.begin(), Written.end());
  std::sort(All.begin(), All.end(),
            [](const Entry &A, const Entry &B) { return A.Name < B.Name; });
  std::string Error;
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (EC)
      Error = EC.message();
    else {
      OS << IndexHeader;
      for (const Entry &E : All)
        OS << E.Name << '\t' << E.Location << '\t' << E.Function << '\t' << E.Kind << '\n';
    }
  }
  llvm::sys::fs::unlockFile(LockFD);
  llvm::sys::fs::closeFile(LockFD);
  return Error;
}
