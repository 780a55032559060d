//===- RestrictionChecker.h - The restrict(amp) rules as diagnostics ------===//
#ifndef AMPVK_PLUGIN_CHECK_RESTRICTIONCHECKER_H
#define AMPVK_PLUGIN_CHECK_RESTRICTIONCHECKER_H

#include "clang/AST/ASTContext.h"

namespace ampvk {

class AmpDiagnostics;

// Checks every declaration in the translation unit; reports through Diags.
void checkRestrictions(clang::ASTContext &Ctx, AmpDiagnostics &Diags);

} // namespace ampvk

#endif
