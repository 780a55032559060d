//===- EmitDiagnostics.h - How the kernel emitter reports failures --------===//
//
// The emitter reports one precise diagnostic per kernel (later failures would
// be noise), a row of diag/DiagnosticEmitKinds.def followed by the note
// "while compiling this kernel for the device":
//
//   unsupported(Loc, UnsupportedConstruct::RangeBasedFor);
//   unsupported(Loc, ampdiag::err_unsupported_operator) << E->getOpcodeStr();
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_PLUGIN_EMIT_EMITDIAGNOSTICS_H
#define AMPVK_PLUGIN_EMIT_EMITDIAGNOSTICS_H

#include "diag/AmpDiagnostics.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <utility>

namespace ampvk {

// What err_unsupported_construct names: "<construct> is not supported in a
// kernel by ampvk yet". The order matches the row's %select list.
enum class UnsupportedConstruct : unsigned {
  // CallInliner.cpp
  PointerToMemberCall,
  FunctionPointerCall,
  VariadicCall,
  MemberInitializerKind,
  InitializerList,
  // ExprEmitter.cpp and the expression files beside it (KernelEmitter.h)
  StringLiteral,
  NestedLambda,
  PointerAsValue,
  GnuConditional,
  ConditionalObjectReference,
  PointerIncrement,
  PointerAssignment,
  MemberAccess,
  CallAsObject,
  PointerIndexOutsideArray,
  ThisHere,
  PointerArithmeticOutsideArray,
  FunctionReturningPointer,
  PointerExpression,
  // Intrinsics.cpp
  BarrierNotTiled,
  UncapturedArray,
  // TextureIntrinsics.cpp
  UncapturedTexture,
  // MemoryAccess.cpp
  UnalignedCapture,
  CaptureModification,
  ReferenceMember,
  Member,
  BaseConversion,
  BaseToDerivedCast,
  IndexNonArray,
  // StmtEmitter.cpp
  NestedCaseLabel,
  RangeBasedFor,
  StaticLocal,
  ReferenceWithoutInit,
  Break,
  Continue,
  SwitchBodyNotBlock,
  CaseRange,
  DefaultNotLast,
  // TypeLowering.cpp
  BoolInBuffer,
  IncompleteClass,
  VirtualBase,
  VirtualFunctions,
  BitField,
  PointerMember,
  EmptyBufferElement,
  Union,
};

// A kernel's failure being reported: arguments stream into the row; the
// note at the kernel follows when it is destroyed. A default-constructed one
// (the kernel has failed before) drops everything.
class EmitFailure {
public:
  EmitFailure() = default;
  EmitFailure(AmpDiagnostics &Diags, clang::SourceLocation Loc, ampdiag::Kind K,
              clang::SourceLocation KernelLoc)
      : Report(Diags.report(Loc, K)), Diags(&Diags), KernelLoc(KernelLoc) {}
  EmitFailure(EmitFailure &&O) noexcept : Diags(O.Diags), KernelLoc(O.KernelLoc) {
    if (O.Report)
      Report.emplace(std::move(*O.Report));
    O.Report.reset();
  }
  EmitFailure(const EmitFailure &) = delete;
  EmitFailure &operator=(const EmitFailure &) = delete;
  ~EmitFailure() {
    if (!Report)
      return;
    Report.reset(); // reports the row
    Diags->report(KernelLoc, ampdiag::note_emit_kernel);
  }

  template <class T> const EmitFailure &operator<<(const T &V) const {
    if (Report)
      *Report << V;
    return *this;
  }

private:
  mutable std::optional<DiagnosticReport> Report;
  AmpDiagnostics *Diags = nullptr;
  clang::SourceLocation KernelLoc;
};

} // namespace ampvk

#endif
