//===- AggregateCopy.cpp - Copies of large objects, place to place --------===//
//
// Copying an object between a storage buffer (explicit layout) and private or
// tile_static memory (logical layout), or out of the capture block, converts
// it member by member. Done on values (TypeLowering::convert, loadCapture), a
// struct of 16000 ints is 16000 OpCompositeExtract feeding one
// OpCompositeConstruct of 16000 operands, and SPIRV-Tools re-reads every
// operand of that instruction each time it replaces one of them: quadratic
// (68 s for that struct in issue 11). A large object is therefore copied
// place to place, an array by a counted loop over its elements, so the module
// grows with the type's declaration, not with its number of elements.
//
//===----------------------------------------------------------------------===//
#include "emit/KernelEmitter.h"

#include "attrs/AmpAttributes.h"

using namespace clang;
using namespace ampvk;

// Objects of at most this many scalars are still copied as one value: the
// optimizer handles them well, and small copies keep their simple shape.
static constexpr std::uint64_t ByValueCopyScalars = 64;

// Counts the scalars of T into N; false when T holds something a place-to-
// place copy does not walk (views, references, pointers, unions, virtual
// bases), which is then copied as a value as before.
static bool countScalars(ASTContext &Ctx, TypeLowering &Types, QualType T,
                         std::uint64_t &N) {
  if (Types.isScalar(T)) {
    N += 1;
    return true;
  }
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    std::uint64_t Elem = 0;
    if (!countScalars(Ctx, Types, AT->getElementType(), Elem))
      return false;
    N += Elem * AT->getSize().getZExtValue();
    return true;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isUnion() || !getAmpClassName(RD).empty())
    return false;
  for (const CXXBaseSpecifier &BS : RD->bases())
    if (BS.isVirtual() || !countScalars(Ctx, Types, BS.getType(), N))
      return false;
  for (const FieldDecl *FD : RD->fields()) {
    QualType FT = FD->getType();
    if (FD->isBitField() || FT->isReferenceType() || FT->isPointerType() ||
        !countScalars(Ctx, Types, FT, N))
      return false;
  }
  return true;
}

bool KernelEmitter::isRegisterSized(QualType T) {
  std::uint64_t N = 0;
  return countScalars(Ctx, Types, T, N) && N <= ByValueCopyScalars;
}

bool KernelEmitter::copiesByParts(const LValue &Dst, const LValue &Src) {
  if (Dst.K != LValue::Memory || !Dst.Ptr || Types.isScalar(Dst.Type))
    return false;
  bool Converts = Src.K == LValue::Capture ||
                  (Src.K == LValue::Memory && Src.Ptr && Src.L != Dst.L);
  std::uint64_t N = 0;
  return Converts && countScalars(Ctx, Types, Dst.Type, N) && N > ByValueCopyScalars;
}

void KernelEmitter::copyByParts(const LValue &Dst, const LValue &Src, SourceLocation Loc) {
  if (failed() || !Dst.valid() || !Src.valid())
    return;
  QualType T = Dst.Type;
  std::uint64_t N = 0;
  if (!countScalars(Ctx, Types, T, N) || N <= ByValueCopyScalars)
    return store(Dst, load(Src, Loc), Loc);
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    emitCountedLoop(0, AT->getSize().getZExtValue(), [&](SpvId I) {
      copyByParts(element(Dst, I, Loc), element(Src, I, Loc), Loc);
    });
    return;
  }
  const auto *RD = T->getAsCXXRecordDecl();
  for (const CXXBaseSpecifier &BS : RD->bases()) {
    const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
    copyByParts(baseClass(Dst, Base, Loc), baseClass(Src, Base, Loc), Loc);
  }
  for (const FieldDecl *FD : RD->fields())
    copyByParts(field(Dst, FD, Loc), field(Src, FD, Loc), Loc);
}
