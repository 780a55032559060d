//===- NodeKinds.h - Which kinds of AST node the emitter lowers -----------===//
//
// The kinds of Clang AST node that the emitter's dispatch code handles: it
// lowers them, or reports a diagnostic of its own for the forms it cannot
// (a range-based for, the GNU '?:'). Every other kind that reaches the
// emitter in a kernel's code is rejected where the emitter meets it
// (err_unsupported_statement, err_unsupported_expression,
// err_unsupported_declaration, naming the node), never skipped: a kind Clang
// adds in a new release is rejected until someone lowers it.
// test/lit/emitter/node_kinds.test walks every kind of Clang 19 against this
// table.
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_NODEKINDS_H
#define AMPVK_PLUGIN_EMIT_NODEKINDS_H

#include "clang/AST/DeclBase.h"
#include "clang/AST/Stmt.h"

namespace ampvk {

// A statement or expression kind the emitter's dispatch code handles.
bool emitterHandles(clang::Stmt::StmtClass Kind);

// A declaration kind that may stand in a kernel's DeclStmt: a variable, or
// a declaration with no run-time effect (a type, a using, a static_assert).
bool emitterHandles(clang::Decl::Kind Kind);

} // namespace ampvk

#endif
