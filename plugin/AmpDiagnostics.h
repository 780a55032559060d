//===- AmpDiagnostics.h - ampvk's diagnostics, spoken through Clang's -------===//
//
// Custom diagnostic IDs registered once per compilation. Errors go through the
// DiagnosticsEngine like Clang's own, so -verify, -ferror-limit and IDEs see
// them; warnings get their level from the engine's current state so that -w
// and -Werror apply (custom IDs would otherwise ignore both).
//
// Every warning has a name (AmpWarning below). The plugin arguments
//   -fplugin-arg-ampvk-Wno-<name>     silence it
//   -fplugin-arg-ampvk-Werror=<name>  make it an error
// select them one by one; the message ends with "[-W<name>]"-style tag so the
// user sees which name to use.
//
// Identical diagnostics at the same place are reported once (templates
// instantiated several times would otherwise repeat them); the notes of a
// diagnostic that was not reported are dropped with it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_AMPDIAGNOSTICS_H
#define AMPVK_PLUGIN_AMPDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <set>
#include <string>
#include <utility>

namespace ampvk {

// The warnings the plugin can give. Keep names in sync with docs/diagnostics.md.
enum class AmpWarning : unsigned {
  TileStaticNonTiled,      // tile_static in the call graph of a non-tiled kernel
  TileStaticConstructor,   // tile_static of a type whose constructor/destructor is not run
  TileStaticRace,          // every thread of a tile updates one tile_static location
  TileStaticUninitialized, // tile_static read before any write reaches it
  BarrierDivergence,       // barrier under control flow not provably tile-uniform
  Count
};

// "tile-static-race" etc.
llvm::StringRef warningName(AmpWarning W);
// The warning called Name; false if there is none.
bool warningByName(llvm::StringRef Name, AmpWarning &Out);
// "tile-static-non-tiled, tile-static-constructor, ..."
std::string allWarningNames();

// Which warnings the plugin arguments disabled or made errors.
struct WarningOptions {
  bool Disabled[static_cast<unsigned>(AmpWarning::Count)] = {};
  bool AsError[static_cast<unsigned>(AmpWarning::Count)] = {};
};

class AmpDiagnostics {
public:
  explicit AmpDiagnostics(clang::DiagnosticsEngine &D,
                          const WarningOptions &Opts = WarningOptions());

  // "<what> is not supported in a kernel by ampvk yet"
  void unsupported(clang::SourceLocation Loc, const llvm::Twine &What);
  // A restrict(amp) rule is broken.
  void error(clang::SourceLocation Loc, const llvm::Twine &Message,
             clang::SourceRange Range = clang::SourceRange());
  // A named warning; returns whether it was reported (notes follow only then).
  bool warning(AmpWarning W, clang::SourceLocation Loc, const llvm::Twine &Message,
               clang::SourceRange Range = clang::SourceRange());
  // Attaches to the last error or warning; dropped if that one was not reported.
  void note(clang::SourceLocation Loc, const llvm::Twine &Message,
            clang::SourceRange Range = clang::SourceRange());
  // A bug in ampvk: never silent, never a crash.
  void internal(clang::SourceLocation Loc, const llvm::Twine &Message);

  // Errors reported by anyone (Clang included) so far.
  bool hasErrors() const { return Engine.hasErrorOccurred(); }
  // Errors reported through this object.
  unsigned errorCount() const { return OwnErrors; }
  clang::DiagnosticsEngine &engine() { return Engine; }

private:
  // False when the same message was already reported at Loc.
  bool firstTime(clang::SourceLocation Loc, const std::string &Message);
  void emit(unsigned ID, clang::SourceLocation Loc, const std::string &Message,
            clang::SourceRange Range);

  clang::DiagnosticsEngine &Engine;
  WarningOptions Opts;
  unsigned UnsupportedID, ErrorID, WarningID, WarningAsErrorID, NoteID, InternalID;
  bool LastDropped = false;
  unsigned OwnErrors = 0;
  std::set<std::pair<unsigned, std::string>> Seen;
};

} // namespace ampvk

#endif
