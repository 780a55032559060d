//===- AmpDiagnostics.h - ampvk's diagnostics, spoken through Clang's -------===//
//
// Custom diagnostic IDs registered once per compilation. Errors go through the
// DiagnosticsEngine like Clang's own, so -verify, -ferror-limit and IDEs see
// them; warnings get their level from the engine's current state so that -w
// and -Werror apply (custom IDs would otherwise ignore both).
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_AMPDIAGNOSTICS_H
#define AMPVK_PLUGIN_AMPDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

namespace ampvk {

class AmpDiagnostics {
public:
  explicit AmpDiagnostics(clang::DiagnosticsEngine &D);

  // "<what> is not supported in a kernel by ampvk yet"
  void unsupported(clang::SourceLocation Loc, const llvm::Twine &What);
  // A restrict(amp) rule is broken.
  void error(clang::SourceLocation Loc, const llvm::Twine &Message);
  void warning(clang::SourceLocation Loc, const llvm::Twine &Message);
  void note(clang::SourceLocation Loc, const llvm::Twine &Message);
  // A bug in ampvk: never silent, never a crash.
  void internal(clang::SourceLocation Loc, const llvm::Twine &Message);

  bool hasErrors() const { return Engine.hasErrorOccurred(); }
  clang::DiagnosticsEngine &engine() { return Engine; }

private:
  clang::DiagnosticsEngine &Engine;
  unsigned UnsupportedID, ErrorID, WarningID, NoteID, InternalID;
};

} // namespace ampvk

#endif
