//===- PrintCallRules.cpp - direct3d_printf's format against its arguments -===//
//
// direct3d_printf and direct3d_errorf take C's printf format (the subset
// include/ampvk/format_string.h parses, which the runtime formats with on
// the host). The kernel stores only the arguments, so the format must be a
// string literal, and each conversion must get an argument of its class: an
// integer or bool for %d %i %u %x %X %o %c and for a '*' width or precision,
// a float or double for %f %F %e %E %g %G, a string literal for %s. A
// mismatch would print garbage on the host, so it is an error here, where
// -Wformat would warn.
//
//===----------------------------------------------------------------------===//
#include "check/CheckContext.h"

#include "attrs/AmpAttributes.h"

#include "ampvk/format_string.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/TargetInfo.h"

using namespace clang;
using namespace ampvk;

namespace {

// The %select of err_print_argument_type.
enum class PrintClass { Integer, Floating, String, Other };

PrintClass classOf(const Expr *Arg) {
  if (isa<StringLiteral>(Arg->IgnoreParenImpCasts()))
    return PrintClass::String;
  QualType T = Arg->getType().getNonReferenceType();
  if (T->isBooleanType() || T->isIntegralOrEnumerationType())
    return PrintClass::Integer;
  if (T->isRealFloatingType())
    return PrintClass::Floating;
  return PrintClass::Other;
}

PrintClass expected(format::arg_class Class) {
  switch (Class) {
  case format::arg_class::integer:
    return PrintClass::Integer;
  case format::arg_class::floating:
    return PrintClass::Floating;
  case format::arg_class::string:
    return PrintClass::String;
  }
  return PrintClass::Other;
}

} // namespace

const StringLiteral *ampvk::printFormatLiteral(const CallExpr *CE) {
  if (CE->getNumArgs() < 1)
    return nullptr;
  return dyn_cast<StringLiteral>(CE->getArg(0)->IgnoreParenImpCasts());
}

bool ampvk::isPrintCall(const FunctionDecl *Target) {
  llvm::StringRef Name = getIntrinsicName(Target);
  return Name == "debug.printf" || Name == "debug.errorf";
}

void ampvk::checkPrintCall(CheckContext &C, const CallExpr *CE,
                           llvm::SmallPtrSetImpl<const StringLiteral *> &Allowed) {
  const FunctionDecl *Target = CE->getDirectCallee();
  const std::string Name = Target ? Target->getNameAsString() : "direct3d_printf";
  const StringLiteral *Format = printFormatLiteral(CE);
  if (!Format || !Format->isOrdinary()) {
    C.Diags.report(CE->getNumArgs() ? CE->getArg(0)->getExprLoc() : CE->getExprLoc(),
                   ampdiag::err_print_format_not_literal)
        << Name;
    return;
  }
  Allowed.insert(Format);
  std::vector<format::piece> Pieces;
  format::parse_error Error;
  if (!format::parse(std::string_view(Format->getString().data(), Format->getLength()), Pieces,
                     Error)) {
    SourceLocation At = Format->getLocationOfByte(
        static_cast<unsigned>(Error.offset), C.Ctx.getSourceManager(), C.Ctx.getLangOpts(),
        C.Ctx.getTargetInfo());
    C.Diags.report(At, ampdiag::err_print_format_invalid) << Name << Error.message;
    return;
  }
  const std::vector<format::arg_class> Classes = format::argument_classes(Pieces);
  const unsigned Passed = CE->getNumArgs() - 1;
  if (Classes.size() != Passed) {
    C.Diags.report(CE->getExprLoc(), ampdiag::err_print_argument_count)
        << Name << static_cast<unsigned>(Classes.size()) << Passed;
    return;
  }
  // The conversion each argument belongs to, for the message.
  std::vector<std::string> Conversions;
  for (const format::piece &P : Pieces) {
    if (!P.has_spec)
      continue;
    const std::string Text = format::spec_text(P.spec);
    if (P.spec.width_from_arg)
      Conversions.push_back(Text);
    if (P.spec.precision_from_arg)
      Conversions.push_back(Text);
    Conversions.push_back(Text);
  }
  for (unsigned I = 0; I < Passed; ++I) {
    const Expr *Arg = CE->getArg(I + 1);
    if (Arg->isTypeDependent())
      continue;
    const PrintClass Want = expected(Classes[I]), Got = classOf(Arg);
    if (Got == PrintClass::String)
      Allowed.insert(cast<StringLiteral>(Arg->IgnoreParenImpCasts()));
    if (Got == Want)
      continue;
    C.Diags.report(Arg->getExprLoc(), ampdiag::err_print_argument_type)
        << Name << Conversions[I] << static_cast<unsigned>(Want) << I + 2
        << Arg->IgnoreParenImpCasts()->getType().getAsString(C.Ctx.getPrintingPolicy());
  }
}
