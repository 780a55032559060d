//===- LibraryContract.h - The headers and the plugin must agree ----------===//
//
// Runs first on every translation unit: checks that the C++ AMP headers it
// includes speak this plugin's contract (include/ampvk/annotations.h: the
// contract version, the annotations, intrinsic and class names, array's and
// array_view's leading buffer pointer), and that user code does not spell the
// library's private annotations.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_ATTRS_LIBRARYCONTRACT_H
#define AMPVK_PLUGIN_ATTRS_LIBRARYCONTRACT_H

#include "diag/AmpDiagnostics.h"

#include "clang/AST/ASTContext.h"

namespace ampvk {

// False after reporting when the headers and this plugin disagree: nothing
// after that could be trusted, so the caller stops.
bool checkLibraryContract(clang::ASTContext &Ctx, AmpDiagnostics &Diags);

} // namespace ampvk

#endif
