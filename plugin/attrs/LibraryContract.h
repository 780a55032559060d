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
#include "clang/Basic/SourceManager.h"

#include <string>

namespace ampvk {

// Which files are ampvk's headers: those of the include folder that holds the
// header declaring the contract version (<root>/amp*.h, <root>/ampvk/...).
class LibraryFiles {
public:
  LibraryFiles() = default; // no headers: contains nothing
  LibraryFiles(const clang::SourceManager &SM, clang::SourceLocation ContractLoc);
  bool contains(clang::SourceLocation Loc) const;

private:
  const clang::SourceManager *SM = nullptr;
  std::string Root;
};

// False after reporting when the headers and this plugin disagree: nothing
// after that could be trusted, so the caller stops. Files tells where the
// headers are (empty when the translation unit includes none).
bool checkLibraryContract(clang::ASTContext &Ctx, AmpDiagnostics &Diags, LibraryFiles &Files);

} // namespace ampvk

#endif
