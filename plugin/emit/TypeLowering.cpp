//===- TypeLowering.cpp ---------------------------------------------------===//
#include "TypeLowering.h"

#include "attrs/AmpAttributes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace ampvk;

static QualType canonicalScalar(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl()->getIntegerType().getCanonicalType();
  return T;
}

bool TypeLowering::isBool(QualType T) const {
  return canonicalScalar(T)->isBooleanType();
}
bool TypeLowering::isFloat(QualType T) const {
  return canonicalScalar(T)->isRealFloatingType();
}
bool TypeLowering::isSigned(QualType T) const {
  return canonicalScalar(T)->isSignedIntegerType();
}
unsigned TypeLowering::bitWidth(QualType T) const {
  return static_cast<unsigned>(Ctx.getTypeSize(canonicalScalar(T)));
}
bool TypeLowering::isScalar(QualType T) const {
  QualType C = canonicalScalar(T);
  return C->isArithmeticType();
}

SpvId TypeLowering::lowerScalar(QualType T, SourceLocation Loc) {
  QualType C = canonicalScalar(T);
  if (C->isBooleanType())
    return B.typeBool();
  if (C->isRealFloatingType()) {
    unsigned W = bitWidth(C);
    if (W == 32 || W == 64)
      return B.typeFloat(W);
    OnError(Loc, ampdiag::err_unsupported_float_type) << T;
    return 0;
  }
  if (C->isIntegerType()) {
    unsigned W = bitWidth(C);
    if (W == 32 || W == 64)
      return B.typeInt(W);
    OnError(Loc, ampdiag::err_unsupported_int_type) << W << T;
    return 0;
  }
  OnError(Loc, ampdiag::err_unsupported_type) << T << /*AsValue=*/false;
  return 0;
}

unsigned TypeLowering::bufferAlignment(QualType T) const {
  T = T.getCanonicalType();
  if (const auto *AT = Ctx.getAsArrayType(T))
    return bufferAlignment(AT->getElementType());
  if (const auto *RD = T->getAsRecordDecl()) {
    unsigned A = 1;
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
      for (const CXXBaseSpecifier &BS : CRD->bases())
        A = std::max(A, bufferAlignment(BS.getType()));
    for (const FieldDecl *FD : RD->fields())
      A = std::max(A, bufferAlignment(FD->getType()));
    return A;
  }
  return static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
}

bool TypeLowering::checkBufferStride(QualType T, SourceLocation Loc) {
  unsigned Align = bufferAlignment(T);
  std::uint64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  if (Align && Size % Align != 0) {
    const RecordDecl *RD = T->getAsRecordDecl();
    OnError(RD ? RD->getLocation() : Loc, ampdiag::err_unsupported_buffer_alignment)
        << 1 << T.getAsString(Ctx.getPrintingPolicy()) << Size << Align;
    return false;
  }
  return true;
}

SpvId TypeLowering::lower(QualType T, Layout L, SourceLocation Loc) {
  T = T.getCanonicalType().getUnqualifiedType();
  auto Key = std::make_pair(T.getTypePtr(), static_cast<int>(L));
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second;

  SpvId Result = 0;
  if (isScalar(T)) {
    if (isExplicit(L) && isBool(T)) {
      unsupported(Loc, UnsupportedConstruct::BoolInBuffer);
      return 0;
    }
    Result = lowerScalar(T, Loc);
  } else if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    SpvId Elem = lower(AT->getElementType(), L, Loc);
    if (!Elem)
      return 0;
    if (AT->getSize().isZero() || AT->getSize().getActiveBits() > 32) {
      OnError(Loc, ampdiag::err_unsupported_array_length)
          << llvm::toString(AT->getSize(), 10, false);
      return 0;
    }
    auto Len = static_cast<std::uint32_t>(AT->getSize().getZExtValue());
    if (isExplicit(L) && !checkBufferStride(AT->getElementType(), Loc))
      return 0;
    if (isExplicit(L)) {
      Result = B.typeArray(Elem, Len, /*Unique=*/true);
      B.decorate(Result, spv::Decoration::ArrayStride,
                 {static_cast<std::uint32_t>(
                     Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity())});
    } else {
      Result = B.typeArray(Elem, Len);
    }
  } else if (const auto *RT = T->getAs<RecordType>()) {
    const RecordLowering *R = record(RT->getDecl(), L, Loc);
    Result = R ? R->Type : 0;
  } else {
    OnError(Loc, ampdiag::err_unsupported_type) << T << /*AsValue=*/true;
    return 0;
  }
  if (Result)
    Cache[Key] = Result;
  return Result;
}

// A class of two to four members of one 32-bit arithmetic type, and nothing
// else (float_4, int_2, a user's struct of four floats), is an OpTypeVector in
// Function and Workgroup memory: drivers read and write a vector of a
// tile_static array as one wide access (a CUDA SGEMM's 128-bit shared loads),
// which they do not make of a struct's separate members. Member access is the
// same OpAccessChain or OpCompositeExtract index either way. In storage
// buffers a vector takes the vector's alignment, which the C++ layout the host
// wrote need not give: there the two- and four-member shapes are vectors only
// where every one of a view's elements has them at multiples of their size
// (bufferLayout; a struct there was four loads on NVIDIA, see
// docs/performance.md, "SGEMM").
bool TypeLowering::isShortVectorShape(const RecordDecl *RD,
                                      llvm::ArrayRef<QualType> MemberTypes) const {
  if (MemberTypes.size() < 2 || MemberTypes.size() > 4)
    return false;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    if (CRD->getNumBases() || !getAmpClassName(CRD).empty())
      return false;
  QualType First = canonicalScalar(MemberTypes.front());
  if (!isScalar(First) || isBool(First) || bitWidth(First) != 32)
    return false;
  for (QualType T : MemberTypes)
    if (canonicalScalar(T) != First)
      return false;
  return true;
}

bool TypeLowering::isBufferVectorShape(const RecordDecl *RD,
                                       llvm::ArrayRef<QualType> MemberTypes) const {
  // The members must also follow each other with no gap (no alignas), as a
  // vector's components do: a vector reads the second at byte 4.
  return (MemberTypes.size() == 2 || MemberTypes.size() == 4) &&
         isShortVectorShape(RD, MemberTypes) &&
         Ctx.getASTRecordLayout(RD).getSize().getQuantity() ==
             static_cast<std::int64_t>(4 * MemberTypes.size());
}

bool TypeLowering::vectorsAligned(QualType T, unsigned &Align) {
  Align = 0;
  T = T.getCanonicalType().getUnqualifiedType();
  if (isScalar(T))
    return true;
  if (const auto *AT = Ctx.getAsConstantArrayType(T))
    return vectorsAligned(AT->getElementType(), Align); // a class's size is checked below
  const RecordDecl *RD = T->getAsRecordDecl();
  const RecordLowering *R = RD ? record(RD, Layout::Explicit, SourceLocation()) : nullptr;
  if (!R)
    return false;
  RD = RD->getDefinition();
  if (RD->isUnion() || R->Empty)
    return true; // words
  if (isBufferVectorShape(RD, R->MemberTypes)) {
    Align = static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
    return true;
  }
  // Each member's offset, by its index in the lowering.
  const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
  llvm::SmallVector<std::uint64_t, 8> Offsets(R->MemberTypes.size());
  for (const auto &[Base, I] : R->BaseIndex)
    Offsets[I] = RL.getBaseClassOffset(Base).getQuantity();
  for (const auto &[FD, I] : R->FieldIndex)
    Offsets[I] = Ctx.toCharUnitsFromBits(RL.getFieldOffset(FD->getFieldIndex())).getQuantity();
  for (unsigned I = 0; I < R->MemberTypes.size(); ++I) {
    unsigned MemberAlign = 0;
    if (!vectorsAligned(R->MemberTypes[I], MemberAlign) ||
        (MemberAlign && Offsets[I] % MemberAlign != 0))
      return false;
    Align = std::max(Align, MemberAlign);
  }
  // A class holding a vector takes the vector's alignment, and its size is
  // rounded up to it: the next member may not sit in the C++ tail padding.
  return !Align || Ctx.getTypeSizeInChars(T).getQuantity() % Align == 0;
}

Layout TypeLowering::bufferLayout(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  auto [It, New] = BufferLayouts.try_emplace(T.getTypePtr(), Layout::Explicit);
  unsigned Align = 0;
  if (New && vectorsAligned(T, Align) && Align)
    It->second = Layout::ExplicitVectors;
  return It->second;
}

bool ampvk::isArrayReference(QualType T) {
  return T->isReferenceType() && getAmpClassName(T->getPointeeType()) == "array";
}

bool TypeLowering::madeOfWords(QualType T) {
  if (isScalar(T))
    return !isBool(T) && (bitWidth(T) == 32 || bitWidth(T) == 64);
  if (const auto *AT = Ctx.getAsConstantArrayType(T))
    return madeOfWords(AT->getElementType());
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isPolymorphic())
    return false;
  for (const CXXBaseSpecifier &BS : RD->bases())
    if (!madeOfWords(BS.getType()))
      return false;
  for (const FieldDecl *FD : RD->fields())
    if (FD->isBitField() || !madeOfWords(FD->getType()))
      return false;
  return true;
}

const RecordLowering *TypeLowering::record(const RecordDecl *RD, Layout L,
                                           SourceLocation Loc) {
  RD = RD->getDefinition();
  if (!RD) {
    unsupported(Loc, UnsupportedConstruct::IncompleteClass);
    return nullptr;
  }
  auto Key = std::make_pair(RD, static_cast<int>(L));
  auto It = Records.find(Key);
  if (It != Records.end())
    return It->second.Type ? &It->second : nullptr;
  RecordLowering &R = Records[Key];

  const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
  llvm::SmallVector<SpvId, 8> Members;
  llvm::SmallVector<std::uint32_t, 8> Offsets;
  llvm::SmallVector<SourceLocation, 8> MemberLocs; // for layout errors

  // A union is the words of its bytes (struct { uint words[N]; }): its
  // members share them, each read and written through bitcasts
  // (MemoryAccess.cpp, LValue::Words), so that punning between float and
  // unsigned gives the host's bits. Members must be made of 32- and 64-bit
  // scalars, which tile the words exactly.
  if (RD->isUnion()) {
    std::uint64_t Size = RL.getSize().getQuantity();
    bool Words = Size % 4 == 0 && Size > 0;
    for (const FieldDecl *FD : RD->fields())
      Words = Words && !FD->isBitField() && madeOfWords(FD->getType());
    if (!Words) {
      unsupported(Loc, UnsupportedConstruct::Union);
      return nullptr;
    }
    QualType WordArray = Ctx.getConstantArrayType(Ctx.UnsignedIntTy, llvm::APInt(32, Size / 4),
                                                  nullptr, ArraySizeModifier::Normal, 0);
    SpvId WT = lower(WordArray, L, Loc);
    if (!WT)
      return nullptr;
    R.MemberTypes.push_back(WordArray);
    R.Type = B.typeStruct({WT});
    if (isExplicit(L))
      B.decorateMember(R.Type, 0, spv::Decoration::Offset, {0});
    if (const IdentifierInfo *II = RD->getIdentifier())
      B.name(R.Type, II->getName());
    return &R;
  }
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
    if (CRD->getNumVBases()) {
      unsupported(Loc, UnsupportedConstruct::VirtualBase);
      return nullptr;
    }
    if (CRD->isPolymorphic()) {
      unsupported(Loc, UnsupportedConstruct::VirtualFunctions);
      return nullptr;
    }
    for (const CXXBaseSpecifier &BS : CRD->bases()) {
      const CXXRecordDecl *Base = BS.getType()->getAsCXXRecordDecl();
      if (Base->isEmpty())
        continue;
      SpvId BT = lower(BS.getType(), L, Loc);
      if (!BT)
        return nullptr;
      R.BaseIndex[Base] = Members.size();
      R.MemberTypes.push_back(BS.getType());
      Members.push_back(BT);
      Offsets.push_back(
          static_cast<std::uint32_t>(RL.getBaseClassOffset(Base).getQuantity()));
      MemberLocs.push_back(BS.getBeginLoc());
    }
  }
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isBitField()) {
      unsupported(FD->getLocation(), UnsupportedConstruct::BitField);
      return nullptr;
    }
    // A view's runtime buffer pointer has no device meaning: the emitter
    // knows which binding each view object refers to (ViewIntrinsics.cpp).
    if (FD->getType()->isPointerType() &&
        !getAmpClassName(dyn_cast<CXXRecordDecl>(RD)).empty())
      continue;
    // A lambda's array captured by reference is no member: the emitter knows
    // the array (KernelEmitter::ClosureRefs).
    if (RD->isLambda() && isArrayReference(FD->getType()))
      continue;
    if (FD->getType()->isReferenceType() || FD->getType()->isPointerType()) {
      unsupported(FD->getLocation(), UnsupportedConstruct::PointerMember);
      return nullptr;
    }
    if (const auto *FR = FD->getType()->getAsCXXRecordDecl())
      if (FR->isEmpty())
        continue;
    SpvId FT = lower(FD->getType(), L, FD->getLocation());
    if (!FT)
      return nullptr;
    R.FieldIndex[FD] = Members.size();
    R.MemberTypes.push_back(FD->getType());
    Members.push_back(FT);
    Offsets.push_back(static_cast<std::uint32_t>(
        Ctx.toCharUnitsFromBits(RL.getFieldOffset(FD->getFieldIndex())).getQuantity()));
    MemberLocs.push_back(FD->getLocation());
  }
  if (Members.empty()) {
    if (isExplicit(L)) {
      unsupported(Loc, UnsupportedConstruct::EmptyBufferElement);
      return nullptr;
    }
    R.Empty = true;
    Members.push_back(B.typeInt(32));
    Offsets.push_back(0);
  }
  if (isExplicit(L))
    for (unsigned I = 0; I < Offsets.size(); ++I) {
      unsigned Align = bufferAlignment(R.MemberTypes[I]);
      if (Align && Offsets[I] % Align != 0) {
        OnError(MemberLocs[I], ampdiag::err_unsupported_buffer_alignment)
            << 0 << R.MemberTypes[I].getAsString(Ctx.getPrintingPolicy()) << Offsets[I]
            << Align;
        return nullptr;
      }
    }
  if ((L == Layout::Logical && isShortVectorShape(RD, R.MemberTypes)) ||
      (L == Layout::ExplicitVectors && isBufferVectorShape(RD, R.MemberTypes))) {
    R.Type = B.typeVector(Members.front(), static_cast<unsigned>(Members.size()));
    return &R;
  }
  R.Type = B.typeStruct(Members);
  if (isExplicit(L))
    for (unsigned I = 0; I < Offsets.size(); ++I)
      B.decorateMember(R.Type, I, spv::Decoration::Offset, {Offsets[I]});
  if (const IdentifierInfo *II = RD->getIdentifier())
    B.name(R.Type, II->getName());
  return &R;
}

SpvId TypeLowering::convert(SpvId Value, QualType T, Layout From, Layout To) {
  if (From == To || isScalar(T))
    return Value;
  SpvId ToType = lower(T, To, SourceLocation());
  if (ToType == lower(T, From, SourceLocation()))
    return Value; // a vector in both
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    llvm::SmallVector<std::uint32_t, 16> Parts;
    SpvId FromElem = lower(AT->getElementType(), From, SourceLocation());
    for (std::uint32_t I = 0, E = AT->getSize().getZExtValue(); I < E; ++I) {
      SpvId Elem = B.emit(spv::Op::OpCompositeExtract, FromElem, {Value, I});
      Parts.push_back(convert(Elem, AT->getElementType(), From, To));
    }
    return B.emit(spv::Op::OpCompositeConstruct, ToType, Parts);
  }
  const RecordLowering *FromR = record(T->getAsRecordDecl(), From, SourceLocation());
  llvm::SmallVector<std::uint32_t, 16> Parts;
  for (unsigned I = 0; I < FromR->MemberTypes.size(); ++I) {
    QualType MT = FromR->MemberTypes[I];
    SpvId Member = B.emit(spv::Op::OpCompositeExtract, lower(MT, From, SourceLocation()),
                          {Value, I});
    Parts.push_back(convert(Member, MT, From, To));
  }
  return B.emit(spv::Op::OpCompositeConstruct, ToType, Parts);
}
