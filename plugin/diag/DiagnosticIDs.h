//===- DiagnosticIDs.h - One id per row of ampvk's diagnostic tables ------===//
//
// The tables are Diagnostic{Common,Check,Contract,Emit}Kinds.def (one row per message)
// and Warnings.def (the warning flags). Adding a diagnostic = one row there,
// one `-verify` test, one line in docs/diagnostics.md.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_DIAG_DIAGNOSTICIDS_H
#define AMPVK_PLUGIN_DIAG_DIAGNOSTICIDS_H

namespace ampvk {

enum class AmpWarning : unsigned {
#define AMP_WARNING(Enumerator, Name) Enumerator,
#include "diag/Warnings.def"
  Count
};

namespace ampdiag {
enum Kind : unsigned {
#define AMP_DIAG(Id, Level, Warning, Format) Id,
#include "diag/DiagnosticCommonKinds.def"
#define AMP_DIAG(Id, Level, Warning, Format) Id,
#include "diag/DiagnosticCheckKinds.def"
#define AMP_DIAG(Id, Level, Warning, Format) Id,
#include "diag/DiagnosticContractKinds.def"
#define AMP_DIAG(Id, Level, Warning, Format) Id,
#include "diag/DiagnosticEmitKinds.def"
  NumKinds
};
} // namespace ampdiag

} // namespace ampvk

#endif
