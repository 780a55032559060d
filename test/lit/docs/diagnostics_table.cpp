// docs/diagnostics.md names exactly the ids of the diagnostic tables.
// RUN: python3 %S/diagnostic_ids.py %S/../../../plugin/diag %S/../../../docs/diagnostics.md
