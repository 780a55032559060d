//===- AmpDiagnostics.cpp -------------------------------------------------===//
#include "AmpDiagnostics.h"

using namespace ampvk;
using clang::DiagnosticsEngine;

static const char *const WarningNames[] = {
    "tile-static-non-tiled",   "tile-static-constructor", "tile-static-race",
    "tile-static-uninitialized", "barrier-divergence",
};
static_assert(sizeof(WarningNames) / sizeof(WarningNames[0]) ==
                  static_cast<unsigned>(AmpWarning::Count),
              "a name for every warning");

llvm::StringRef ampvk::warningName(AmpWarning W) {
  return WarningNames[static_cast<unsigned>(W)];
}

bool ampvk::warningByName(llvm::StringRef Name, AmpWarning &Out) {
  for (unsigned I = 0; I < static_cast<unsigned>(AmpWarning::Count); ++I)
    if (Name == WarningNames[I]) {
      Out = static_cast<AmpWarning>(I);
      return true;
    }
  return false;
}

std::string ampvk::allWarningNames() {
  std::string S;
  for (const char *N : WarningNames) {
    if (!S.empty())
      S += ", ";
    S += N;
  }
  return S;
}

AmpDiagnostics::AmpDiagnostics(DiagnosticsEngine &D, const WarningOptions &O)
    : Engine(D), Opts(O) {
  UnsupportedID = D.getCustomDiagID(DiagnosticsEngine::Error,
                                    "%0 is not supported in a kernel by ampvk yet");
  ErrorID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  WarningID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  WarningAsErrorID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  InternalID = D.getCustomDiagID(DiagnosticsEngine::Error,
                                 "ampvk internal error: %0 (please report this)");
}

bool AmpDiagnostics::firstTime(clang::SourceLocation Loc, const std::string &Message) {
  return Seen.insert({Loc.getRawEncoding(), Message}).second;
}

void AmpDiagnostics::emit(unsigned ID, clang::SourceLocation Loc,
                          const std::string &Message, clang::SourceRange Range) {
  auto DB = Engine.Report(Loc, ID);
  DB << Message;
  if (Range.isValid())
    DB << Range;
}

void AmpDiagnostics::unsupported(clang::SourceLocation Loc, const llvm::Twine &What) {
  LastDropped = false;
  ++OwnErrors;
  Engine.Report(Loc, UnsupportedID) << What.str();
}

void AmpDiagnostics::error(clang::SourceLocation Loc, const llvm::Twine &Message,
                           clang::SourceRange Range) {
  std::string M = Message.str();
  LastDropped = !firstTime(Loc, M);
  if (LastDropped)
    return;
  ++OwnErrors;
  emit(ErrorID, Loc, M, Range);
}

bool AmpDiagnostics::warning(AmpWarning W, clang::SourceLocation Loc,
                             const llvm::Twine &Message, clang::SourceRange Range) {
  unsigned I = static_cast<unsigned>(W);
  LastDropped = true;
  if (Opts.Disabled[I] || Engine.getIgnoreAllWarnings())
    return false;
  std::string M = Message.str() + " [ampvk -W" + WarningNames[I] + "]";
  if (!firstTime(Loc, M))
    return false;
  LastDropped = false;
  bool AsError = Opts.AsError[I] || Engine.getWarningsAsErrors();
  if (AsError)
    ++OwnErrors;
  emit(AsError ? WarningAsErrorID : WarningID, Loc, M, Range);
  return true;
}

void AmpDiagnostics::note(clang::SourceLocation Loc, const llvm::Twine &Message,
                          clang::SourceRange Range) {
  if (LastDropped)
    return;
  emit(NoteID, Loc, Message.str(), Range);
}

void AmpDiagnostics::internal(clang::SourceLocation Loc, const llvm::Twine &Message) {
  LastDropped = false;
  ++OwnErrors;
  Engine.Report(Loc, InternalID) << Message.str();
}
