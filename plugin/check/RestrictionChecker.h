//===- RestrictionChecker.h - The restrict(amp) rules as diagnostics ------===//
//
// Entry points for the plugin: a preprocessor watcher that sees every use of
// the restrict(...) macro (some placements Clang cannot parse or silently
// drops, see RestrictionSyntax.cpp), and checkRestrictions(), which runs every
// rule group (see CheckContext.h) over the finished translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_CHECK_RESTRICTIONCHECKER_H
#define AMPVK_PLUGIN_CHECK_RESTRICTIONCHECKER_H

#include "diag/AmpDiagnostics.h"
#include "attrs/LibraryContract.h"
#include "kernel/Kernel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <vector>

namespace ampvk {

// Each restrict(...) the preprocessor expanded in a source file.
struct RestrictMacroLog {
  struct Use {
    clang::SourceLocation Loc;    // the `restrict` token
    clang::SourceLocation End;    // its closing parenthesis
    bool Reported = false;        // already diagnosed while parsing
    bool AfterTrailingReturn = false;
    bool InLambda = false;
    clang::SourceLocation AppliedAt; // the exception specification it was moved past
  };
  std::vector<Use> Uses;
};

std::unique_ptr<clang::PPCallbacks>
watchRestrictMacro(clang::Preprocessor &PP, std::shared_ptr<RestrictMacroLog> Log,
                   const WarningOptions &Opts);

// Checks every declaration in the translation unit; reports through Diags.
// HadErrorsBefore: Clang reported errors while parsing (some checks that would
// only repeat them are skipped).
void checkRestrictions(clang::ASTContext &Ctx, AmpDiagnostics &Diags,
                       const std::vector<Kernel> &Kernels, const LibraryFiles &Library,
                       const RestrictMacroLog *Log = nullptr,
                       bool HadErrorsBefore = false);

} // namespace ampvk

#endif
