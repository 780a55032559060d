//===- AmpDiagnostics.cpp - Registers the tables, reports their rows ------===//
#include "diag/AmpDiagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace ampvk;
using clang::DiagnosticsEngine;

namespace {

enum class Level { Error, Warning, Note };
constexpr AmpWarning None = AmpWarning::Count;

struct Row {
  Level L;
  AmpWarning W;
  const char *Format;
};

// The tables name warnings without their enum's scope.
#define AMP_WARNING(Enumerator, Name) constexpr AmpWarning Enumerator = AmpWarning::Enumerator;
#include "diag/Warnings.def"

const Row Rows[] = {
#define AMP_DIAG(Id, Lvl, Warning, Format) {Level::Lvl, Warning, Format},
#include "diag/DiagnosticCommonKinds.def"
#define AMP_DIAG(Id, Lvl, Warning, Format) {Level::Lvl, Warning, Format},
#include "diag/DiagnosticCheckKinds.def"
#define AMP_DIAG(Id, Lvl, Warning, Format) {Level::Lvl, Warning, Format},
#include "diag/DiagnosticContractKinds.def"
#define AMP_DIAG(Id, Lvl, Warning, Format) {Level::Lvl, Warning, Format},
#include "diag/DiagnosticEmitKinds.def"
};
static_assert(sizeof(Rows) / sizeof(Rows[0]) == ampdiag::NumKinds, "a row per id");

const char *const WarningNames[] = {
#define AMP_WARNING(Enumerator, Name) Name,
#include "diag/Warnings.def"
};
static_assert(sizeof(WarningNames) / sizeof(WarningNames[0]) ==
                  static_cast<unsigned>(AmpWarning::Count),
              "a name for every warning");

} // namespace

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
  // The DiagnosticsEngine overload of getCustomDiagID takes only literals.
  clang::DiagnosticIDs &IDs = *D.getDiagnosticIDs();
  for (unsigned K = 0; K < ampdiag::NumKinds; ++K) {
    const Row &R = Rows[K];
    std::string Format = R.Format;
    if (R.L == Level::Warning)
      Format += std::string(" [ampvk -W") + WarningNames[static_cast<unsigned>(R.W)] + "]";
    clang::DiagnosticIDs::Level L = R.L == Level::Error     ? clang::DiagnosticIDs::Error
                                    : R.L == Level::Warning ? clang::DiagnosticIDs::Warning
                                                            : clang::DiagnosticIDs::Note;
    ClangIDs[K] = IDs.getCustomDiagID(L, Format);
    ClangErrorIDs[K] = R.L == Level::Warning
                           ? IDs.getCustomDiagID(clang::DiagnosticIDs::Error, Format)
                           : ClangIDs[K];
  }
}

const DiagnosticReport &DiagnosticReport::operator<<(const llvm::Twine &S) const {
  Arg A;
  A.Str = S.str();
  Args.push_back(std::move(A));
  return *this;
}

const DiagnosticReport &DiagnosticReport::operator<<(std::int64_t I) const {
  Arg A;
  A.IsInt = true;
  A.Int = I;
  Args.push_back(std::move(A));
  return *this;
}

const DiagnosticReport &DiagnosticReport::operator<<(clang::QualType T) const {
  Arg A;
  A.Type = T;
  A.Str = T.getAsString();
  Args.push_back(std::move(A));
  return *this;
}

const DiagnosticReport &DiagnosticReport::operator<<(clang::SourceRange R) const {
  if (R.isValid())
    Ranges.push_back(R);
  return *this;
}

DiagnosticReport::~DiagnosticReport() {
  if (Owner)
    Owner->emit(*this);
}

void AmpDiagnostics::emit(const DiagnosticReport &R) {
  const Row &Rw = Rows[R.K];
  unsigned ID = ClangIDs[R.K];
  if (Rw.L == Level::Note) {
    if (LastDropped)
      return;
  } else {
    bool AsError = Rw.L == Level::Error;
    if (Rw.L == Level::Warning) {
      unsigned W = static_cast<unsigned>(Rw.W);
      if (Opts.Disabled[W] || WarningsSuppressed || Engine.getIgnoreAllWarnings()) {
        LastDropped = true;
        return;
      }
      AsError = Opts.AsError[W] || Engine.getWarningsAsErrors();
    }
    // Repeats are recognized by row, place and argument values.
    std::string Key;
    for (const DiagnosticReport::Arg &A : R.Args)
      Key += (A.IsInt ? std::to_string(A.Int) : A.Str) + '\x1f';
    LastDropped = !Seen.insert({R.K, R.Loc.getRawEncoding(), Key}).second;
    if (LastDropped)
      return;
    if (Rw.L == Level::Error)
      ++HardErrors;
    if (AsError)
      ID = ClangErrorIDs[R.K];
  }
  auto DB = Engine.Report(R.Loc, ID);
  for (const DiagnosticReport::Arg &A : R.Args) {
    if (A.IsInt)
      DB << static_cast<int>(A.Int);
    else if (!A.Type.isNull())
      DB << A.Type;
    else
      DB << A.Str;
  }
  for (clang::SourceRange SR : R.Ranges)
    DB << SR;
}
