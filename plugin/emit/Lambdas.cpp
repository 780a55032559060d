//===- Lambdas.cpp - Closure objects of lambdas written in kernel code ----===//
//
// A lambda written inside a kernel (or a function the kernel calls) is an
// object of its closure class, whose members are the captured values (C++
// AMP captures by value in amp code, and a concurrency::array by reference;
// the checker rejects the rest). An array captured by reference is no
// member in SPIR-V: the emitter keeps the array's place for the closure
// object's place (ClosureRefs), and copies of the object take it along. Making
// one is initializing those members from the capture initializers, in
// capture order, which is the order of the closure's fields. Calling it is
// an ordinary member call of its operator(), inlined like any other, whose
// body reaches a captured variable through the closure object
// (Places.cpp, emitDeclRef). Copies, function parameters of a template's
// functor type and returned closures are copies of that object, so a lambda
// passed to a restrict(amp) function template runs there.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ampvk;

void KernelEmitter::emitLambdaInto(const LValue &Dst, const LambdaExpr *E) {
  SourceLocation Loc = E->getBeginLoc();
  const CXXRecordDecl *Closure = E->getLambdaClass();
  auto Field = Closure->field_begin();
  auto Init = E->capture_init_begin();
  for (const LambdaCapture &Capture : E->captures()) {
    if (failed())
      return;
    if (Capture.capturesThis() || Capture.capturesVLAType() || Field == Closure->field_end()) {
      unsupported(Capture.getLocation(), UnsupportedConstruct::NestedLambda);
      return;
    }
    if ((*Field)->getType()->isReferenceType()) {
      // A concurrency::array captured by reference (the one reference C++
      // AMP allows): the member is the array's place, known here.
      if (!isArrayReference((*Field)->getType()) || Dst.K != LValue::Memory || !Dst.Ptr) {
        unsupported(Capture.getLocation(), UnsupportedConstruct::NestedLambda);
        return;
      }
      ClosureRefs[{PlaceIds.place(Dst.Ptr), *Field}] = emitLValue(*Init);
    } else {
      emitInitInto(field(Dst, *Field, Loc), *Init);
    }
    ++Field;
    ++Init;
  }
}
