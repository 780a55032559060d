//===- AmpDiagnostics.cpp -------------------------------------------------===//
#include "AmpDiagnostics.h"

using namespace ampvk;
using clang::DiagnosticsEngine;

AmpDiagnostics::AmpDiagnostics(DiagnosticsEngine &D) : Engine(D) {
  UnsupportedID = D.getCustomDiagID(DiagnosticsEngine::Error,
                                    "%0 is not supported in a kernel by ampvk yet");
  ErrorID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  InternalID = D.getCustomDiagID(DiagnosticsEngine::Error,
                                 "ampvk internal error: %0 (please report this)");
  WarningID = 0;
}

void AmpDiagnostics::unsupported(clang::SourceLocation Loc, const llvm::Twine &What) {
  Engine.Report(Loc, UnsupportedID) << What.str();
}

void AmpDiagnostics::error(clang::SourceLocation Loc, const llvm::Twine &Message) {
  Engine.Report(Loc, ErrorID) << Message.str();
}

void AmpDiagnostics::warning(clang::SourceLocation Loc, const llvm::Twine &Message) {
  if (Engine.getIgnoreAllWarnings())
    return;
  DiagnosticsEngine::Level Level = Engine.getWarningsAsErrors()
                                       ? DiagnosticsEngine::Error
                                       : DiagnosticsEngine::Warning;
  Engine.Report(Loc, Engine.getCustomDiagID(Level, "%0")) << Message.str();
}

void AmpDiagnostics::note(clang::SourceLocation Loc, const llvm::Twine &Message) {
  Engine.Report(Loc, NoteID) << Message.str();
}

void AmpDiagnostics::internal(clang::SourceLocation Loc, const llvm::Twine &Message) {
  Engine.Report(Loc, InternalID) << Message.str();
}
