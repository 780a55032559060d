//===- AmpDiagnostics.h - ampvk's diagnostics, spoken through Clang's -------===//
//
// Every message is a row of the tables in this folder (DiagnosticIDs.h lists
// them); a rule reports one by id and streams its arguments:
//
//   Diags.report(Loc, ampdiag::err_capture_type) << Name << TypeName << Range;
//
// Rows are registered with Clang once per compilation, so -verify,
// -ferror-limit and IDEs see them like Clang's own. Warnings take their level
// from the engine's state, so -w and -Werror apply (custom IDs would ignore
// both), and from the plugin arguments
//   -fplugin-arg-ampvk-Wno-<name>     silence it
//   -fplugin-arg-ampvk-Werror=<name>  make it an error
// Their messages end with "[ampvk -W<name>]", added here once per row.
//
// The same row with the same arguments at the same place is reported once
// (templates instantiated several times would otherwise repeat it); the notes
// that follow a diagnostic that was not reported are dropped with it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_DIAG_AMPDIAGNOSTICS_H
#define AMPVK_PLUGIN_DIAG_AMPDIAGNOSTICS_H

#include "diag/DiagnosticIDs.h"

#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <set>
#include <string>
#include <tuple>

namespace ampvk {

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

class AmpDiagnostics;

// Collects the arguments of one diagnostic; reports it when destroyed.
class DiagnosticReport {
public:
  DiagnosticReport(AmpDiagnostics &Owner, clang::SourceLocation Loc, ampdiag::Kind K)
      : Owner(&Owner), Loc(Loc), K(K) {}
  DiagnosticReport(DiagnosticReport &&O) noexcept
      : Owner(O.Owner), Loc(O.Loc), K(O.K), Args(std::move(O.Args)), Ranges(O.Ranges) {
    O.Owner = nullptr;
  }
  DiagnosticReport(const DiagnosticReport &) = delete;
  DiagnosticReport &operator=(const DiagnosticReport &) = delete;
  ~DiagnosticReport();

  const DiagnosticReport &operator<<(const llvm::Twine &S) const;
  const DiagnosticReport &operator<<(const char *S) const { return *this << llvm::Twine(S); }
  const DiagnosticReport &operator<<(const std::string &S) const {
    return *this << llvm::Twine(S);
  }
  const DiagnosticReport &operator<<(llvm::StringRef S) const { return *this << llvm::Twine(S); }
  const DiagnosticReport &operator<<(std::int64_t I) const;
  const DiagnosticReport &operator<<(int I) const { return *this << std::int64_t(I); }
  const DiagnosticReport &operator<<(unsigned I) const { return *this << std::int64_t(I); }
  const DiagnosticReport &operator<<(std::uint64_t I) const {
    return *this << std::int64_t(I);
  }
  const DiagnosticReport &operator<<(bool B) const { return *this << std::int64_t(B); }
  // A scoped enum that picks a %select alternative.
  template <class E, class = std::enable_if_t<std::is_enum<E>::value>>
  const DiagnosticReport &operator<<(E V) const {
    return *this << std::int64_t(static_cast<std::underlying_type_t<E>>(V));
  }
  // Highlighted in the source snippet; invalid ranges are ignored.
  const DiagnosticReport &operator<<(clang::SourceRange R) const;
  // Printed as Clang prints types: quoted, with "(aka '...')" where sugar
  // hides the canonical type. The row's text has no quotes of its own.
  const DiagnosticReport &operator<<(clang::QualType T) const;

private:
  friend class AmpDiagnostics;
  struct Arg {
    bool IsInt = false;
    std::int64_t Int = 0;
    std::string Str; // also a type's spelling, for recognizing repeats
    clang::QualType Type;
  };
  AmpDiagnostics *Owner;
  clang::SourceLocation Loc;
  ampdiag::Kind K;
  mutable llvm::SmallVector<Arg, 4> Args;
  mutable llvm::SmallVector<clang::SourceRange, 1> Ranges;
};

class AmpDiagnostics {
public:
  explicit AmpDiagnostics(clang::DiagnosticsEngine &D,
                          const WarningOptions &Opts = WarningOptions());

  // Reports row K at Loc with the arguments streamed into the result. A note
  // attaches to the last error or warning and is dropped with it.
  DiagnosticReport report(clang::SourceLocation Loc, ampdiag::Kind K) {
    return DiagnosticReport(*this, Loc, K);
  }

  // A bug in ampvk: never silent, never a crash.
  void internal(clang::SourceLocation Loc, const llvm::Twine &Message) {
    report(Loc, ampdiag::err_internal) << Message;
  }

  // While set, warnings are dropped with their notes; errors and the notes
  // of errors still go out.
  void setWarningsSuppressed(bool Suppressed) { WarningsSuppressed = Suppressed; }

  // Whether the last error or warning was reported (a warning may be
  // disabled or a repeat); its notes follow only then.
  bool lastReported() const { return !LastDropped; }

  // Errors reported by anyone (Clang included) so far.
  bool hasErrors() const { return Engine.hasErrorOccurred(); }
  // Errors of Error rows reported through this object (warnings made errors
  // by -Werror are not: the code they point at still compiles).
  unsigned hardErrorCount() const { return HardErrors; }
  clang::DiagnosticsEngine &engine() { return Engine; }

private:
  friend class DiagnosticReport;
  void emit(const DiagnosticReport &R);

  clang::DiagnosticsEngine &Engine;
  WarningOptions Opts;
  // Per row: the Clang id as written, and for warnings the id as an error.
  unsigned ClangIDs[ampdiag::NumKinds];
  unsigned ClangErrorIDs[ampdiag::NumKinds];
  bool LastDropped = false;
  bool WarningsSuppressed = false;
  unsigned HardErrors = 0;
  std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
};

} // namespace ampvk

#endif
